"""Each person's deadlines in their own Outlook calendar, as iCalendar invitations.

A person who asks for it (:func:`opt_in`, with the mailbox the invitations go to; audited)
receives each open deadline of the cases they receive (:func:`ethics_desk.staff.scope.case_condition`)
as an all-day event on its due day, sent through the office's mail server
(:mod:`ethics_desk.mail.email`) as ``METHOD:REQUEST``. When the deadline's date moves (a closure,
a receipt recorded, more time granted) the same event is sent again — the same UID, a higher
SEQUENCE — so the calendar moves it; when the deadline is met or cancelled, or the case leaves
the person's scope, a ``METHOD:CANCEL`` with a higher SEQUENCE still takes it out. The event
names the case number and the step ("ERB-2026-014: Respondent's sworn response"), never a
party: the mailbox is outside the record (§ 2-83(h)(1)).

How the invitations follow the record (decided here): nothing is sent inside a clerk's act, so
no act ever fails or waits because the mail server is down. :func:`send_calendar` compares each
open deadline in the person's scope with what their calendar was last sent
(:class:`~ethics_desk.models.CalendarEvent`) and sends what differs — new, moved, gone — one
message at a time, recording each as the server takes it. What is not sent (the server is down)
is found again the next time, so the difference itself is the queue and a retry sends only
what is still owed. The window runs it for the person signed in, in the background at sign-in
and every quarter hour (:meth:`ethics_desk.ui.main_window.MainWindow.sync_calendar`), and at
once from View → My deadlines in Outlook…, **Send now**; ``ethics-desk deadlines --send`` runs
it from the command line, as a scheduled task for a person who is not signed in.

A person may also save their open deadlines as one ``.ics`` file (:func:`calendar_file`,
``METHOD:PUBLISH``, the same UIDs), whether or not they asked for invitations. No Qt here.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import UTC, date, datetime, timedelta
from email.message import EmailMessage

from icalendar import Calendar, Event, vCalAddress, vText
from sqlalchemy import select
from sqlalchemy.orm import Session

from ethics_desk.core.account import Account
from ethics_desk.core.clock import Clock
from ethics_desk.core.errors import UserError
from ethics_desk.core.permissions import Act
from ethics_desk.deadlines import ClockKind
from ethics_desk.deadlines.clocks import CLOCKS
from ethics_desk.mail import credentials
from ethics_desk.mail.email import MailServer, hand_over, mail_server, new_message
from ethics_desk.models import CalendarEvent, CalendarFeed, Complaint, Deadline, DeadlineStatus
from ethics_desk.office import settings
from ethics_desk.staff.acting import service
from ethics_desk.staff.scope import case_condition
from ethics_desk.storage import audit
from ethics_desk.storage.database import Database

PRODUCT = "-//Ethics Desk//Deadlines//EN"
REQUEST, CANCEL, PUBLISH = "REQUEST", "CANCEL", "PUBLISH"


def event_uid(login: str, deadline_id: int) -> str:
    """The UID of a deadline in a person's calendar: the same in every message about it and in
    the saved file, different for each person."""
    return f"deadline-{deadline_id}.{login}@ethics-desk"


def step_of(deadline: Deadline) -> str:
    """The step a deadline is, in its clock's words — never the deadline's own title, which
    may name whose clock it is (a respondent)."""
    try:
        return CLOCKS[ClockKind(deadline.clock)].title
    except ValueError:
        return f"Deadline under {deadline.citation}"


def summary_of(case_number: str, deadline: Deadline) -> str:
    """What an event shows: the case number and the step, no party."""
    return f"{case_number}: {step_of(deadline)}"


# -- opting in and out -----------------------------------------------------------------------


@dataclass(frozen=True)
class Subscription:
    """A person's opt-in, as their Settings show it (None: not asked)."""

    mailbox: str
    since: datetime


@service(Act.OWN_CALENDAR, "Reading whether one's deadlines go to one's calendar")
def subscription(database: Database, *, account: Account) -> Subscription | None:
    """Whether the person signed in asked for their deadlines as invitations, and where."""
    with database.read_session() as session:
        feed = session.get(CalendarFeed, account.login)
        return None if feed is None else Subscription(feed.mailbox, feed.opted_in_at)


@service(Act.OWN_CALENDAR, "Sending one's deadlines to one's calendar")
def opt_in(database: Database, mailbox: str, *, account: Account, clock: Clock) -> Subscription:
    """Ask for one's deadlines as invitations to ``mailbox`` (one's own), audited; changing
    the mailbox is asking again."""
    mailbox = settings.check_address(mailbox, "The mailbox")
    now = clock()
    with database.unit_of_work() as session:
        feed = session.get(CalendarFeed, account.login)
        old = None if feed is None else feed.mailbox
        if feed is None:
            feed = CalendarFeed(login=account.login, mailbox=mailbox, opted_in_at=now)
            session.add(feed)
        else:
            feed.mailbox, feed.opted_in_at = mailbox, now
        audit.append(session, actor=account.display, action="calendar.opt_in", at=now,
                     summary=f"Asked for their deadlines as calendar invitations to {mailbox}"
                             + (f" (was {old})" if old and old != mailbox else ""),
                     detail={"mailbox": mailbox, "old": old})
        return Subscription(mailbox, now)


@service(Act.OWN_CALENDAR, "Stopping one's deadlines in one's calendar")
def opt_out(database: Database, *, account: Account, clock: Clock) -> bool:
    """Stop the invitations, audited; the events already sent are cancelled by the next
    :func:`send_calendar`. False when the person had not asked."""
    now = clock()
    with database.unit_of_work() as session:
        feed = session.get(CalendarFeed, account.login)
        if feed is None:
            return False
        session.delete(feed)
        audit.append(session, actor=account.display, action="calendar.opt_out", at=now,
                     summary=f"Stopped their deadlines as calendar invitations to {feed.mailbox}",
                     detail={"mailbox": feed.mailbox})
        return True


# -- what the calendar owes ------------------------------------------------------------------


@dataclass(frozen=True)
class Change:
    """One message the person's calendar is owed: a new or moved event, or a cancellation."""

    deadline_id: int | None
    event_id: int | None
    uid: str
    summary: str
    due_on: date
    sequence: int
    method: str
    citation: str
    mailbox: str = ""
    """Where the message goes: the person's mailbox, or where a cancelled event was sent."""

    @property
    def kind(self) -> str:
        """"new", "moved" or "cancelled", as the audit record says it."""
        if self.method == CANCEL:
            return "cancelled"
        return "new" if self.event_id is None else "moved"


def _open_deadlines(session: Session, account: Account) -> list[tuple[Deadline, str]]:
    rows = session.execute(
        select(Deadline, Complaint.case_number).join(Complaint, Complaint.id == Deadline.complaint_id)
        .where(Deadline.status == DeadlineStatus.OPEN, case_condition(account))
        .order_by(Deadline.due_on, Deadline.id)).all()
    return [(d, number or f"Draft {d.complaint_id}") for d, number in rows]


def _owed(session: Session, account: Account, *, mailbox: str | None) -> list[Change]:
    """What the person's calendar is owed now: each open deadline in their scope not yet sent,
    or sent with another day; each event sent whose deadline is no longer open or in their
    scope (or all, when they no longer want invitations: ``mailbox`` None). A cancellation
    goes where its event went."""
    events = {e.deadline_id: e for e in session.scalars(
        select(CalendarEvent).where(CalendarEvent.login == account.login))}
    changes: list[Change] = []
    live: set[int] = set()
    if mailbox is not None:
        for deadline, number in _open_deadlines(session, account):
            live.add(deadline.id)
            event = events.get(deadline.id)
            summary = summary_of(number, deadline)
            if event is None:
                changes.append(Change(deadline.id, None, event_uid(account.login, deadline.id),
                                      summary, deadline.due_on, 0, REQUEST, deadline.citation,
                                      mailbox))
            elif event.cancelled or event.due_on != deadline.due_on or event.summary != summary:
                changes.append(Change(deadline.id, event.id, event.uid, summary,
                                      deadline.due_on, event.sequence + 1, REQUEST,
                                      deadline.citation, mailbox))
    for deadline_id, event in events.items():
        if deadline_id in live or event.cancelled:
            continue
        changes.append(Change(deadline_id, event.id, event.uid, event.summary, event.due_on,
                              event.sequence + 1, CANCEL, "", event.mailbox))
    return changes


# -- the iCalendar ---------------------------------------------------------------------------


def _event(change: Change, *, now: datetime, organizer: str = "",
           attendee: str = "") -> Event:
    event = Event()
    event.add("uid", change.uid)
    event.add("sequence", change.sequence)
    event.add("dtstamp", now.astimezone(UTC))
    event.add("dtstart", change.due_on)
    event.add("dtend", change.due_on + timedelta(days=1))
    event.add("summary", change.summary)
    if change.citation:
        event.add("description", vText(
            f"Due under {change.citation}. Open {change.summary.partition(':')[0]} in Ethics "
            "Desk for the details; this calendar holds no more than the case number and the "
            "step."))
    event.add("transp", "TRANSPARENT")
    event.add("status", "CANCELLED" if change.method == CANCEL else "CONFIRMED")
    if organizer:
        event.add("organizer", vCalAddress(f"mailto:{organizer}"))
    if attendee:
        person = vCalAddress(f"mailto:{attendee}")
        person.params["ROLE"] = vText("REQ-PARTICIPANT")
        person.params["RSVP"] = vText("FALSE")
        event.add("attendee", person)
    return event


def calendar_text(changes: Sequence[Change], method: str, *, now: datetime, organizer: str = "",
                  attendee: str = "") -> bytes:
    """An iCalendar object with ``method`` and one event per change."""
    calendar = Calendar()
    calendar.add("prodid", PRODUCT)
    calendar.add("version", "2.0")
    calendar.add("method", method)
    for change in changes:
        calendar.add_component(_event(change, now=now, organizer=organizer, attendee=attendee))
    return bytes(calendar.to_ical())


def invitation(server: MailServer, change: Change, *, now: datetime,
               office: str) -> EmailMessage:
    """The message that carries one change to the person's mailbox: a short text, and the
    event as ``text/calendar`` with its method, as Outlook reads an invitation."""
    verb = {"new": "Deadline", "moved": "Deadline moved", "cancelled": "Deadline cancelled"}
    day = change.due_on.isoformat()
    text = (f"{change.summary}, due {day}." if change.method == REQUEST else
            f"{change.summary}: no longer due on {day}; it was met or cancelled, or the case "
            "is no longer yours to see.")
    message = new_message(server, to_name="", to_address=change.mailbox,
                          subject=f"{verb[change.kind]}: {change.summary} ({day})",
                          text=text + "\n\nSent by Ethics Desk at your request; ask there to "
                                      "stop.\n", now=now, from_name=office)
    body = calendar_text([change], change.method, now=now, organizer=server.sender,
                         attendee=change.mailbox)
    message.add_alternative(body.decode("utf-8"), subtype="calendar",
                            params={"method": change.method})
    return message


# -- sending ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class CalendarSent:
    """What one :func:`send_calendar` did: the messages sent, and what is still owed."""

    sent: tuple[Change, ...]
    left: int
    problem: str = ""

    @property
    def summary(self) -> str:
        """In words, for the window's status line and the command."""
        if not self.sent and not self.left:
            return "Your calendar is up to date."
        done = f"Sent {len(self.sent)} calendar message{'s' if len(self.sent) != 1 else ''}"
        if self.problem:
            return f"{done}; {self.left} not sent yet: {self.problem}"
        return done + "."


def _record(database: Database, change: Change, *, account: Account, now: datetime,
            message_id: str) -> None:
    with database.unit_of_work() as session:
        event = None if change.event_id is None else session.get(CalendarEvent, change.event_id)
        if event is None:
            event = CalendarEvent(login=account.login, deadline_id=change.deadline_id,
                                  uid=change.uid, mailbox=change.mailbox,
                                  summary=change.summary, sequence=0, due_on=change.due_on,
                                  cancelled=False, sent_at=now)
            session.add(event)
        event.summary, event.sequence, event.due_on = change.summary, change.sequence, change.due_on
        event.cancelled, event.sent_at = change.method == CANCEL, now
        audit.append(session, actor=account.display, action="calendar.send", at=now,
                     summary=f"Sent their calendar {change.kind} event {change.summary} "
                             f"({change.due_on.isoformat()}) to {change.mailbox}",
                     detail={"uid": change.uid, "sequence": change.sequence,
                             "method": change.method, "deadline_id": change.deadline_id,
                             "due_on": change.due_on.isoformat(), "message_id": message_id})


@service(Act.OWN_CALENDAR, "Sending one's deadlines to one's calendar")
def send_calendar(database: Database, *, account: Account, clock: Clock) -> CalendarSent:
    """Send the person signed in what their calendar is owed (:func:`_owed`), one message at a
    time, each recorded as the server takes it. A server that fails stops the sending; what
    is left is sent next time, and :attr:`CalendarSent.problem` says why."""
    now = clock()
    with database.read_session() as session:
        feed = session.get(CalendarFeed, account.login)
        changes = _owed(session, account, mailbox=None if feed is None else feed.mailbox)
        if not changes:
            return CalendarSent((), 0)
        server = mail_server(session)
        office = str(settings.get(session, "office.name"))
    password = credentials.password(server.host, server.user) if server.user else None
    sent: list[Change] = []
    for change in changes:
        try:
            handed = hand_over(server, invitation(server, change, now=now, office=office),
                               password)
        except UserError as exc:
            return CalendarSent(tuple(sent), len(changes) - len(sent), exc.problem)
        _record(database, change, account=account, now=now, message_id=handed.message_id)
        sent.append(change)
    return CalendarSent(tuple(sent), 0)


@service(Act.OWN_CALENDAR, "Saving one's deadlines as a calendar file")
def calendar_file(database: Database, *, account: Account, clock: Clock) -> bytes:
    """One's open deadlines as one ``.ics`` file (``METHOD:PUBLISH``), each an all-day event
    on its due day with the UID its invitations carry; audited."""
    now = clock()
    with database.unit_of_work() as session:
        changes = [Change(d.id, None, event_uid(account.login, d.id), summary_of(number, d),
                          d.due_on, 0, PUBLISH, d.citation)
                   for d, number in _open_deadlines(session, account)]
        audit.append(session, actor=account.display, action="calendar.file", at=now,
                     summary=f"Saved their {len(changes)} open deadline"
                             f"{'s' if len(changes) != 1 else ''} as a calendar file",
                     detail={"deadlines": [c.deadline_id for c in changes]})
    return calendar_text(changes, PUBLISH, now=now)
