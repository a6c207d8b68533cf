"""Each person's deadlines in their own calendar: the invitations the loopback SMTP server
received, parsed as iCalendar — a deadline moved twice and then met arrives as its invitation
and three messages more, one UID, a rising SEQUENCE; no party is ever named."""

from __future__ import annotations

from datetime import date

import pytest
from icalendar import Calendar
from sqlalchemy import select

from ethics_desk.core.errors import UserError
from ethics_desk.deadlines.closures import add_closure
from ethics_desk.mail import calendar as outlook
from ethics_desk.models import AuditRecord, Deadline, DeadlineStatus
from ethics_desk.storage.database import Database
from ethics_desk.workflow import ForwardForReview, Withdraw
from ethics_desk.workflow.controller import WorkflowController
from tests.conftest import CLOCK
from tests.factories import DESK_CLERK, MEMBER, filed_case
from tests.mail.smtp_server import LoopbackSMTP, Received, free_port
from tests.mail.test_email import configure

MAILBOX = "maria.clerk@sanantonio.example"
PARTIES = ("José Peña", "Jos=C3=A9", "Nguyễn", "Nguy=E1=BB=85n", "Pena", "Khai")


def events_of(received: list[Received]) -> list[tuple[str, str, int, date, str]]:
    """Each message's (method, UID, SEQUENCE, day, summary), from its text/calendar part."""
    found = []
    for item in received:
        [part] = [p for p in item.message.walk() if p.get_content_type() == "text/calendar"]
        assert part.get_param("method") in ("REQUEST", "CANCEL")
        calendar = Calendar.from_ical(part.get_content())
        [event] = calendar.walk("VEVENT")
        assert item.recipients == [MAILBOX]
        found.append((str(calendar["METHOD"]), str(event["UID"]), int(event["SEQUENCE"]),
                      event.decoded("DTSTART"), str(event["SUMMARY"])))
    return found


def forward_deadline(database: Database, case: int) -> Deadline:
    with database.read_session() as session:
        return session.scalars(select(Deadline).where(Deadline.complaint_id == case,
                                                      Deadline.clock == "prompt_forward")).one()


def test_a_deadline_moved_twice_and_then_met_arrives_as_three_messages_with_one_uid(
        controller: WorkflowController, database: Database, smtp: LoopbackSMTP) -> None:
    configure(database, smtp.port)
    case = filed_case(controller)
    outlook.opt_in(database, MAILBOX, account=DESK_CLERK, clock=CLOCK)
    first = outlook.send_calendar(database, account=DESK_CLERK, clock=CLOCK)
    due = forward_deadline(database, case).due_on
    assert [c.kind for c in first.sent] == ["new"] and first.left == 0

    add_closure(database, due, "Ice storm closure", account=DESK_CLERK, clock=CLOCK)
    outlook.send_calendar(database, account=DESK_CLERK, clock=CLOCK)
    moved_once = forward_deadline(database, case).due_on
    add_closure(database, moved_once, "Second ice storm closure", account=DESK_CLERK,
                clock=CLOCK)
    outlook.send_calendar(database, account=DESK_CLERK, clock=CLOCK)
    moved_twice = forward_deadline(database, case).due_on
    assert due < moved_once < moved_twice

    controller.fire(case, ForwardForReview())  # the forwarding is done: its deadline is met
    assert forward_deadline(database, case).status is not DeadlineStatus.OPEN
    last = outlook.send_calendar(database, account=DESK_CLERK, clock=CLOCK)
    with database.read_session() as session:
        opened = len(session.scalars(select(Deadline.id).where(
            Deadline.status == DeadlineStatus.OPEN)).all())
    assert opened >= 4  # the four reviews, at least
    assert sorted(c.kind for c in last.sent) == ["cancelled"] + ["new"] * opened

    events = events_of(smtp.received)
    uid = events[0][1]
    mine = [e for e in events if e[1] == uid]
    assert mine[0][:3] == ("REQUEST", uid, 0) and mine[0][3] == due
    assert [(method, sequence, day) for method, _uid, sequence, day, _s in mine[1:]] == [
        ("REQUEST", 1, moved_once), ("REQUEST", 2, moved_twice), ("CANCEL", 3, moved_twice)]
    summary = mine[0][4]
    assert summary.startswith("ERB-2026-001: Forward the complaint to the reviewers")
    # The deadlines the forwarding started are new events, each with a UID of its own.
    assert len({e[1] for e in events}) == 1 + opened
    # No party is named anywhere in what left the office.
    for item in smtp.received:
        raw = item.message.as_string()
        assert not [name for name in PARTIES if name in raw]


def test_nothing_owed_is_sent_again_and_a_failure_is_sent_next_time(
        controller: WorkflowController, database: Database, smtp: LoopbackSMTP) -> None:
    configure(database, free_port())  # the mail server is down
    case = filed_case(controller)
    outlook.opt_in(database, MAILBOX, account=DESK_CLERK, clock=CLOCK)
    # The clerk's own act never waits on the mail server: the closure is saved regardless.
    add_closure(database, forward_deadline(database, case).due_on, "Ice storm closure",
                account=DESK_CLERK, clock=CLOCK)
    down = outlook.send_calendar(database, account=DESK_CLERK, clock=CLOCK)
    assert down.sent == () and down.left == 1 and "could not be reached" in down.problem
    assert "1 not sent yet" in down.summary
    configure(database, smtp.port)  # back up: what is owed goes now, once
    up = outlook.send_calendar(database, account=DESK_CLERK, clock=CLOCK)
    assert len(up.sent) == 1 and up.left == 0
    again = outlook.send_calendar(database, account=DESK_CLERK, clock=CLOCK)
    assert again.sent == () and again.summary == "Your calendar is up to date."
    assert [e[2] for e in events_of(smtp.received)] == [0]


def test_a_person_receives_only_the_deadlines_of_cases_they_receive(
        controller: WorkflowController, database: Database, smtp: LoopbackSMTP) -> None:
    configure(database, smtp.port)
    filed_case(controller)  # with the Clerk only: no Board member receives it yet
    outlook.opt_in(database, "alma@sanantonio.example", account=MEMBER, clock=CLOCK)
    assert outlook.send_calendar(database, account=MEMBER, clock=CLOCK).sent == ()
    assert outlook.calendar_file(database, account=MEMBER, clock=CLOCK).count(b"BEGIN:VEVENT") \
        == 0
    assert smtp.received == []


def test_stopping_cancels_what_was_sent_and_is_audited(
        controller: WorkflowController, database: Database, smtp: LoopbackSMTP) -> None:
    configure(database, smtp.port)
    filed_case(controller)
    assert outlook.subscription(database, account=DESK_CLERK) is None
    outlook.opt_in(database, MAILBOX, account=DESK_CLERK, clock=CLOCK)
    outlook.send_calendar(database, account=DESK_CLERK, clock=CLOCK)
    assert outlook.opt_out(database, account=DESK_CLERK, clock=CLOCK)
    stopped = outlook.send_calendar(database, account=DESK_CLERK, clock=CLOCK)
    assert [c.kind for c in stopped.sent] == ["cancelled"]
    assert [e[0] for e in events_of(smtp.received)] == ["REQUEST", "CANCEL"]
    with database.read_session() as session:
        actions = list(session.scalars(select(AuditRecord.action).where(
            AuditRecord.action.like("calendar.%"), AuditRecord.action != "calendar.add")))
    assert actions == ["calendar.opt_in", "calendar.send", "calendar.opt_out", "calendar.send"]


def test_a_withdrawn_case_cancels_its_events(
        controller: WorkflowController, database: Database, smtp: LoopbackSMTP) -> None:
    configure(database, smtp.port)
    case = filed_case(controller)
    outlook.opt_in(database, MAILBOX, account=DESK_CLERK, clock=CLOCK)
    outlook.send_calendar(database, account=DESK_CLERK, clock=CLOCK)
    controller.fire(case, Withdraw(received_on=CLOCK().date()))
    outlook.send_calendar(database, account=DESK_CLERK, clock=CLOCK)
    assert [e[0] for e in events_of(smtp.received)] == ["REQUEST", "CANCEL"]


def test_ones_deadlines_save_as_one_ics_file_with_the_invitations_uids(
        controller: WorkflowController, database: Database) -> None:
    case = filed_case(controller)
    controller.fire(case, ForwardForReview())
    data = outlook.calendar_file(database, account=DESK_CLERK, clock=CLOCK)
    calendar = Calendar.from_ical(data)
    assert str(calendar["METHOD"]) == "PUBLISH"
    events = calendar.walk("VEVENT")
    with database.read_session() as session:
        open_ids = set(session.scalars(select(Deadline.id).where(
            Deadline.status == DeadlineStatus.OPEN)))
    assert {str(e["UID"]) for e in events} == {outlook.event_uid("maria", i) for i in open_ids}
    assert all(str(e["SUMMARY"]).startswith("ERB-2026-001: ") for e in events)
    assert not [name for name in PARTIES if name in data.decode("utf-8")]


def test_a_mailbox_that_is_not_an_address_is_refused(database: Database) -> None:
    with pytest.raises(UserError, match="is not an e-mail address"):
        outlook.opt_in(database, "maria at the office", account=DESK_CLERK, clock=CLOCK)
