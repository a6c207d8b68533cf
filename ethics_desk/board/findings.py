"""What the Board may find and who receives its written opinion (City Code §§ 2-85, 2-87).

§ 2-85(b): the Board may find a violation of any provision, whether or not the complaint
alleged it. § 2-85(c): before it finds a violation of a rule not alleged, the respondent gets
written notice of it and ten business days to respond (the ``unalleged_rule`` clock,
:class:`~ethics_desk.deadlines.ClockKind`). § 2-87(a): the Board issues a written opinion within
90 calendar days after the complaint was filed, and copies go to the complainant, the
respondent, the City Attorney's Office, the Compliance Auditor, the Board members who did not
take part, and the City Clerk.

Read from the record in a session; no Qt, no clock of its own (the day is passed in).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, timedelta

from sqlalchemy import select
from sqlalchemy.orm import Session

from ethics_desk.board.roster import members_on
from ethics_desk.core.folding import fold
from ethics_desk.core.parties import rule_notice_key
from ethics_desk.core.vocabulary import ReviewerRole
from ethics_desk.deadlines import ClockKind
from ethics_desk.models import (
    BoardAction,
    BoardVote,
    Complaint,
    Deadline,
    DeadlineStatus,
    Decision,
    DecisionKind,
    Disposition,
    Provision,
    RuleNotice,
    VoteChoice,
)

FINDING_CITATION = "§ 2-85(b)"
"""The Board may find a violation of any provision, alleged or not."""
NOTICE_CITATION = "§ 2-85(c)"
"""Written notice and ten business days before a violation of a rule not alleged is found."""
OPINION_CITATION = "§ 2-87(a)"
"""The written opinion, within 90 calendar days after the complaint was filed, and its copies."""
ON_THE_MERITS = frozenset({Disposition.DISMISSED, Disposition.NO_VIOLATION,
                           Disposition.VIOLATION_FOUND})
"""The dispositions the Board decides on the merits, which its written opinion states
(§ 2-87(a)); a withdrawal, a cure or a return is no opinion of the Board."""
CITY_CLERK = "City Clerk"
"""The last copy of the written opinion, § 2-87(a)."""


def alleged_against(complaint: Complaint) -> dict[int, set[int]]:
    """The provisions (ids) the complaint alleges against each respondent (by id): an
    allegation naming no respondent is against each of them."""
    alleged: dict[int, set[int]] = {r.id: set() for r in complaint.respondents}
    for allegation in complaint.allegations:
        if allegation.provision_id is None:
            continue
        whom = ([allegation.respondent_id] if allegation.respondent_id is not None
                else list(alleged))
        for respondent_id in whom:
            alleged.setdefault(respondent_id, set()).add(allegation.provision_id)
    return alleged


@dataclass(frozen=True)
class Findable:
    """A provision the Board may be asked to find a respondent violated: alleged, or noticed
    under § 2-85(c) (with the day of the notice and the first day a violation of it may be
    found — None while the ten business days are still to run out and no due date is known)."""

    respondent_id: int
    respondent: str
    provision_id: int
    citation: str
    alleged: bool
    notice_given_on: date | None = None
    may_be_found_on: date | None = None

    @property
    def label(self) -> str:
        """"Carl Diaz — § 2-43 Conflicts of interest (not alleged; noticed 2026-03-02)"."""
        note = "" if self.alleged else (
            f" (not alleged; noticed {self.notice_given_on.isoformat()}, {NOTICE_CITATION})"
            if self.notice_given_on else " (not alleged)")
        return f"{self.respondent} — {self.citation}{note}"


def may_be_found_on(deadline: Deadline) -> date:
    """The first day the Board may find a violation of a rule noticed under § 2-85(c): the day
    the respondent's answer was recorded (the clock closed as met), else the day after the
    last of the ten business days."""
    if deadline.status is DeadlineStatus.MET and deadline.closed_on is not None:
        return deadline.closed_on
    return deadline.due_on + timedelta(days=1)


def notice_clock(session: Session, complaint: Complaint, respondent_id: int,
                 provision_id: int) -> Deadline | None:
    """The § 2-85(c) clock of the latest notice of ``provision_id`` to ``respondent_id``."""
    return session.scalar(select(Deadline).where(
        Deadline.complaint_id == complaint.id,
        Deadline.clock == ClockKind.UNALLEGED_RULE.value,
        Deadline.subject == rule_notice_key(respondent_id, provision_id))
        .order_by(Deadline.id.desc()).limit(1))


def findable(session: Session, complaint: Complaint) -> list[Findable]:
    """Each provision the Board may be asked to find each respondent violated: those alleged
    against them, then those noticed to them under § 2-85(c), in the respondents' order."""
    alleged = alleged_against(complaint)
    citations = {p.id: p.citation for p in session.scalars(select(Provision))}
    notices = session.scalars(select(RuleNotice).where(
        RuleNotice.complaint_id == complaint.id).order_by(RuleNotice.id)).all()
    out: list[Findable] = []
    for respondent in complaint.respondents:
        mine = alleged.get(respondent.id, set())
        for provision_id in sorted(mine):
            out.append(Findable(respondent.id, respondent.name, provision_id,
                                citations.get(provision_id, f"provision {provision_id}"), True))
        latest: dict[int, RuleNotice] = {}
        for notice in notices:
            if notice.respondent_id == respondent.id and notice.provision_id not in mine:
                latest[notice.provision_id] = notice
        for provision_id, notice in latest.items():
            clock = notice_clock(session, complaint, respondent.id, provision_id)
            out.append(Findable(respondent.id, respondent.name, provision_id,
                                citations.get(provision_id, f"provision {provision_id}"), False,
                                notice.given_on,
                                may_be_found_on(clock) if clock is not None else None))
    return out


def noticeable(session: Session, complaint: Complaint) -> list[tuple[str, int]]:
    """The provisions a notice of a rule not alleged may name (§ 2-85(c)), as (citation, id) in
    catalogue order: those in force on the alleged dates (the catalogue's effective and repeal
    dates), less those the complaint alleges against every respondent (no notice is needed of
    those, § 2-85(b))."""
    alleged = alleged_against(complaint)
    against_all = set.intersection(*alleged.values()) if alleged else set()
    days = [d for d in (complaint.violation_start, complaint.violation_end) if d is not None]
    return [(p.citation, p.id) for p in session.scalars(select(Provision).order_by(Provision.id))
            if p.id not in against_all and all(p.in_force_on(d) for d in days)]


def not_taking_part(session: Session, vote: BoardVote) -> tuple[str, ...]:
    """The Board members who did not take part in ``vote`` (§ 2-87(a)): those serving on its
    meeting's date (the roster) who were absent or recused, by name in the roster's order."""
    took_part = {b.member_id for b in vote.ballots if b.choice is not VoteChoice.RECUSED}
    names = {fold(b.member_name) for b in vote.ballots if b.choice is not VoteChoice.RECUSED}
    return tuple(m.name for m in members_on(session, vote.meeting_on)
                 if m.id not in took_part and fold(m.name) not in names)


def disposition_vote(session: Session, complaint: Complaint) -> BoardVote | None:
    """The Board's carried vote that resolved the complaint on its merits, if it voted."""
    return session.scalar(select(BoardVote).where(
        BoardVote.complaint_id == complaint.id, BoardVote.action == BoardAction.DISPOSITION,
        BoardVote.carried.is_(True)).order_by(BoardVote.id.desc()).limit(1))


def opinion_copies(session: Session, complaint: Complaint) -> list[tuple[str, str]]:
    """The copies of the written opinion besides the parties', § 2-87(a), in its order, as
    (name, role): the City Attorney's Office, the Compliance Auditor, each Board member who did
    not take part in the vote that decided it (none known without a recorded vote), the City
    Clerk."""
    vote = disposition_vote(session, complaint)
    members = not_taking_part(session, vote) if vote is not None else ()
    return [(ReviewerRole.CITY_ATTORNEY.label, "city_attorney"),
            (ReviewerRole.COMPLIANCE_AUDITOR.label, "compliance_auditor"),
            *((name, "board_member") for name in members),
            (CITY_CLERK, "city_clerk")]


def decided_on_the_merits(session: Session, complaint: Complaint) -> Decision | None:
    """The complaint's latest resolution, when the Board decided it on the merits (the
    decision its written opinion states, § 2-87(a)); None otherwise."""
    decision = session.scalar(select(Decision).where(
        Decision.complaint_id == complaint.id, Decision.kind == DecisionKind.RESOLUTION)
        .order_by(Decision.id.desc()).limit(1))
    return decision if decision is not None and decision.disposition in ON_THE_MERITS else None
