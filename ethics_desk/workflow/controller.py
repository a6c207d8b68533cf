"""The workflow controller: the only way a case changes, one transaction per user action.

It answers the UI's two questions — what can I do here, and why not the rest
(:meth:`WorkflowController.available_events`) — and applies an event
(:meth:`WorkflowController.fire`): guards, effect and audit record in one transaction.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from datetime import UTC, date, datetime
from enum import Enum
from typing import Any

from sqlalchemy.orm import Session, object_session

from ethics_desk.cases.listing import refresh_listing
from ethics_desk.core.account import Account
from ethics_desk.core.clock import Clock
from ethics_desk.core.errors import ConflictError, NotAllowed, RuleError
from ethics_desk.core.events import Event
from ethics_desk.core.names import may_be_same_person
from ethics_desk.core.office_time import stamp
from ethics_desk.core.permissions import (
    KEPT_FROM_THEIR_OWN,
    OWN_REVIEW,
    Act,
    may,
    may_fire,
    who_may,
    who_may_fire,
)
from ethics_desk.intake.drafts import store_step
from ethics_desk.intake.record import Intake, apply_intake
from ethics_desk.models import CaseState, Complaint
from ethics_desk.office import settings
from ethics_desk.staff.scope import case_for
from ethics_desk.storage import audit
from ethics_desk.storage.database import Database
from ethics_desk.workflow.context import Context
from ethics_desk.workflow.events import FileComplaint, Payload, RecordReview, ReturnUnsworn
from ethics_desk.workflow.guards import Block
from ethics_desk.workflow.table import BY_EVENT, TRANSITIONS, Transition


@dataclass(frozen=True)
class EventOption:
    """One event as the UI shows it: allowed, or blocked with the reasons."""

    event: Event
    label: str
    citation: str
    allowed: bool
    reasons: tuple[Block, ...]
    in_state: bool

    @property
    def why_not(self) -> str:
        """The reasons in words, for a tooltip or a status line."""
        return "; ".join(str(b) for b in self.reasons)


@dataclass(frozen=True)
class FireResult:
    """What an event did: the case's new state, version and the audit summary."""

    complaint_id: int
    case_number: str | None
    state: CaseState
    version: int
    summary: str


def _jsonable(value: Any) -> Any:
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: _jsonable(getattr(value, f.name)) for f in dataclasses.fields(value)
                if f.name != "content"}
    if isinstance(value, Enum):
        return value.value
    if isinstance(value, (date, datetime)):
        return value.isoformat()
    if isinstance(value, dict):
        return {str(_jsonable(k)): _jsonable(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_jsonable(v) for v in value]
    return value


class WorkflowController:
    """Applies § 2-83 events to cases for one person at the desk.

    Given the signed-in :class:`~ethics_desk.core.account.Account`, the controller is where
    the permission table is enforced for every screen and command alike
    (:mod:`ethics_desk.core.permissions`): an event the account's role may not fire is
    blocked with who may, a reviewer records only their own review, and a case the account does
    not receive is answered as one that does not exist (:mod:`ethics_desk.staff.scope`). The
    application's own work — the demonstration's builder, the tests of the workflow table
    itself — says so by name (:meth:`unrestricted`): no person's act goes unchecked by mistake.
    """

    def __init__(self, database: Database, account: Account, *, clock: Clock) -> None:
        if not isinstance(account, Account):
            raise TypeError("a person acts with their signed-in account; the application's "
                            "own work is WorkflowController.unrestricted(…)")
        self.database = database
        self.account: Account | None = account
        self.actor = account.display
        self.clock = clock

    @classmethod
    def unrestricted(cls, database: Database, name: str, *, clock: Clock) -> WorkflowController:
        """The application's own work under ``name`` (the demonstration's builder, the tests
        of the workflow table), with no person's permissions or case scope: never a person's
        act."""
        controller = cls.__new__(cls)
        controller.database = database
        controller.account = None
        controller.actor = name
        controller.clock = clock
        return controller

    def now(self) -> datetime:
        """The current time, timezone-aware, from the controller's clock."""
        return self.clock()

    # -- asking -------------------------------------------------------------------------------

    def blocks(self, session: Session, complaint: Complaint,
               transition: Transition) -> list[Block]:
        """Why ``transition`` cannot happen to the case now (empty when it can): first the
        permission table (who may), then the state, then the transition's guards."""
        found: list[Block] = []
        if self.account is not None and not may_fire(self.account.role, transition.event):
            found.append(Block(f"Only the {who_may_fire(transition.event)} may "
                               f"{transition.label.lower()}; you are signed in as "
                               f"{self.account.role.label}", self.account.role.citation))
        if complaint.state not in transition.sources:
            return [*found, Block(f"Not possible while the case is “{complaint.state.label}”",
                                  transition.citation)]
        return found + [b for g in transition.guards
                        if (b := g.check(session, complaint)) is not None]

    def available_events(self, complaint_id: int) -> list[EventOption]:
        """Every event, in the table's order, with whether it is allowed and why not — first, on
        a database that takes no more data, the read-only mode's sentence
        (:meth:`~ethics_desk.storage.database.Database.read_only_reason`)."""
        refused = self.database.read_only_reason(wait=False)  # an event chosen waits for it
        first = [Block(refused.sentence, "")] if refused is not None else []
        with self.database.read_session() as session:
            complaint = self._get(session, complaint_id)
            return [EventOption(t.event, t.label, t.citation, not (b := first + self.blocks(
                        session, complaint, t)), tuple(b), complaint.state in t.sources)
                    for t in TRANSITIONS]

    # -- acting -------------------------------------------------------------------------------

    def fire(self, complaint_id: int, payload: Payload, *,
             expected_version: int | None = None) -> FireResult:
        """Apply one event: guards, effect, state, audit — one transaction, all or nothing.

        ``expected_version`` is the case version the clerk was looking at; if another
        workstation changed the case since, nothing is saved and :class:`ConflictError` says
        who and when. A transaction the database refuses for a collision with another
        workstation's is run again afresh (:meth:`Database.write`).
        """
        return self.database.write(lambda session: self.fire_in(
            session, complaint_id, payload, expected_version=expected_version))

    def fire_in(self, session: Session, complaint_id: int, payload: Payload, *,
                expected_version: int | None = None) -> FireResult:
        """Apply one event inside the caller's transaction (``session`` from ``unit_of_work``).

        For a user action that writes its own rows as well as an event — recording a delivery
        in the mail ledger moves a clock — so that both are saved together or not at all. The
        caller commits; an error leaves the caller to roll back everything.
        """
        transition = BY_EVENT[payload.event]
        complaint = self._get(session, complaint_id)
        self._check_own_review(payload)
        if not transition.independent:
            self._check_version(complaint, expected_version)
        blocks = self.blocks(session, complaint, transition)
        if blocks:
            first = blocks[0]
            raise RuleError(f"Cannot {transition.label.lower()}: {first.reason}",
                            first.citation)
        ctx = Context(session=session, complaint=complaint, actor=self.actor, now=self.now())
        outcome = transition.effect(ctx, payload)
        before = complaint.state
        complaint.state = outcome.target
        complaint.updated_at = ctx.now
        complaint.updated_by = self.actor
        session.flush()
        audit.append(session, actor=self.actor, action=f"event.{transition.event.value}",
                     complaint_id=complaint.id, summary=outcome.summary, at=ctx.now,
                     detail={"from": before.value, "to": outcome.target.value,
                             "payload": _jsonable(payload), **outcome.detail})
        session.flush()
        return FireResult(complaint.id, complaint.case_number, complaint.state,
                          complaint.version, outcome.summary)

    def save_draft(self, intake: Intake, draft_id: int | None = None, *,
                   expected_version: int | None = None, step: int | None = None) -> FireResult:
        """Store what the clerk has typed so far (a new draft, or over an existing draft), and
        the intake ``step`` the clerk is on, so that resuming opens there. Run again afresh if
        the database refuses it for a collision with another workstation
        (:meth:`Database.write`)."""
        self._may_take_complaints()
        self._not_named_in(intake)
        return self.database.write(lambda session: self._save_in(
            session, intake, draft_id, expected_version, step))

    def file_at_counter(self, intake: Intake, draft_id: int | None = None, *,
                        expected_version: int | None = None, step: int | None = None,
                        received_at: datetime | None = None) -> FireResult:
        """The counter's Finish: store what the clerk typed, file it, and — when it is not
        sworn — return it to the complainant, § 2-83(c). One transaction: the complaint is
        never left filed but not returned, nor a draft half saved; refused, nothing is."""
        self._may_take_complaints()
        self._not_named_in(intake)

        def file(session: Session) -> FireResult:
            draft = self._save_in(session, intake, draft_id, expected_version, step)
            result = self.fire_in(session, draft.complaint_id,
                                  FileComplaint(received_at=received_at),
                                  expected_version=draft.version)
            if not intake.oath.sworn:
                result = self.fire_in(session, result.complaint_id, ReturnUnsworn(),
                                      expected_version=result.version)
            return result

        return self.database.write(file)

    def _may_take_complaints(self) -> None:
        if self.account is not None and not may(self.account.role, Act.TAKE_COMPLAINT):
            raise NotAllowed(f"Only the {who_may(Act.TAKE_COMPLAINT)} take a complaint at the "
                             f"counter; you are signed in as {self.account.role.label}.",
                             "§ 2-83(c): the complaint is filed with the City Clerk.")

    def _save_in(self, session: Session, intake: Intake, draft_id: int | None,
                 expected_version: int | None, step: int | None) -> FireResult:
        """Write the draft inside the caller's transaction (see :meth:`save_draft`)."""
        now = self.now()
        if draft_id is None:
            complaint = Complaint(state=CaseState.DRAFT, created_by=self.actor,
                                  updated_by=self.actor, created_at=now, updated_at=now)
            session.add(complaint)
            session.flush()
            audit.append(session, actor=self.actor, action="draft.create",
                         complaint_id=complaint.id, summary="Intake started", at=now)
        else:
            complaint = self._get(session, draft_id)
            self._check_version(complaint, expected_version)
            if complaint.state is not CaseState.DRAFT:
                raise RuleError(f"{complaint.display_number} is already filed; a filed "
                                "complaint is not edited as a draft", "§ 2-83(c)")
        apply_intake(session, complaint, intake, self.actor, now)
        refresh_listing(complaint)  # the inbox's columns: the names just typed
        if step is not None:
            store_step(session, complaint.id, step)
        complaint.updated_at = now
        complaint.updated_by = self.actor
        session.flush()
        return FireResult(complaint.id, None, complaint.state, complaint.version, "Draft saved")

    def _not_named_in(self, intake: Intake) -> None:
        """Refuse a complaint typed by a clerk whom it names, or may name, as a party: it would
        be kept from them as soon as it is saved (:data:`KEPT_FROM_THEIR_OWN`), and another
        member of the Clerk's staff takes it. Nothing typed is lost: the form stays open."""
        if self.account is None or self.account.role not in KEPT_FROM_THEIR_OWN:
            return
        parties = ([("complainant", intake.complainant.name)]
                   + [("respondent", r.name) for r in intake.respondents]
                   + [("witness", w.name) for w in intake.witnesses])
        for role, name in parties:
            if name.strip() and may_be_same_person(self.account.name, name):
                raise RuleError(f"This complaint names {name.strip()} as its {role}, who is, or "
                                f"may be, you ({self.account.name}): a complaint naming a member "
                                "of the Clerk's staff is kept from them", "§ 2-83(h)(1)",
                                "Ask another member of the Clerk's staff to take it at the "
                                "counter; what you typed stays in the form.")

    # -- helpers ------------------------------------------------------------------------------

    def _get(self, session: Session, complaint_id: int) -> Complaint:
        """The complaint, or — missing, or not received by the account — the same message."""
        return case_for(session, self.account, complaint_id)

    def _check_own_review(self, payload: Payload) -> None:
        """A reviewer records only their own review, § 2-83(d)(1)."""
        if self.account is None or not isinstance(payload, RecordReview):
            return
        own = OWN_REVIEW.get(self.account.role)
        if own is not None and payload.role is not own:
            raise NotAllowed(f"You may record only your own review (the {own.label}'s), not "
                             f"the {payload.role.label}'s.",
                             "Each reviewer records their own determination, § 2-83(d)(1).")

    @staticmethod
    def _check_version(complaint: Complaint, expected: int | None) -> None:
        if expected is not None and complaint.version != expected:
            session = object_session(complaint)
            zone = settings.time_zone(session) if session is not None else UTC
            when = stamp(complaint.updated_at, zone)
            raise ConflictError(
                f"{complaint.display_number} was changed by {complaint.updated_by or 'someone'} "
                f"at {when} after you opened it; nothing was saved.",
                "Reopen the case to see the change, then make yours again.")


