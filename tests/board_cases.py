"""Cases before the Ethics Review Board, built through the workflow: awaiting a response, in
show cause with a hearing set, and determined frivolous with sanctions (§ 2-83(f), (g))."""

from __future__ import annotations

from datetime import date, datetime, timedelta

from ethics_desk.board import roster
from ethics_desk.models import (
    BoardRole,
    FrivolousFactor,
    SanctionFactor,
    SanctionKind,
    VoteChoice,
)
from ethics_desk.storage.database import Database
from ethics_desk.workflow import (
    Accept,
    BallotData,
    ForwardToBoard,
    ImposeSanctions,
    OrderShowCause,
    RecordFrivolousVote,
    RecordShowCauseHearing,
    SanctionData,
    VoteData,
)
from ethics_desk.workflow.controller import WorkflowController
from tests.conftest import CLOCK, NOW, OFFICE_TZ
from tests.factories import CLERK, reviewed_case

MEMBERS = ("Ana Gómez", "Bảo Trần", "Chris Ortiz", "Dolores Huerta-Núñez", "Eero Väänänen",
           "Farah Al-Sayed", "Gus Ybarra")
HEARING_AT = datetime(2026, 12, 10, 17, 30, tzinfo=OFFICE_TZ)
"""The show-cause hearing: Thursday 10 December 2026, 5:30 p.m. in San Antonio."""
HEARING_PLACE = "City Council Chambers, 114 W. Commerce St."
EXPLANATION = "The vehicle logs attached to the complaint show no private use."
FACTORS = {FrivolousFactor.TIMING: "Filed nine days before the election.",
           FrivolousFactor.KNEW_GROUNDLESS: "The complainant's own exhibit shows the logs.",
           FrivolousFactor.MOTIVES: "  "}
PARTICULARS = "Groundless, as the complainant's own exhibit shows; brought in bad faith."
SANCTION_NOTES = {SanctionFactor.SERIOUSNESS: "A sworn complaint known to be groundless.",
                  SanctionFactor.DETERRENCE: "A penalty below the maximum.",
                  SanctionFactor.JUSTICE: "No earlier complaints."}
"""The Board's note on each factor of § 2-83(g)(1), all three considered."""
PENALTY_DUE_ON = date(2027, 1, 11)
"""The day the Board gives the complainant to pay the civil penalty."""
AGENCY = "Bexar County Criminal District Attorney\n101 W. Nueva St.\nSan Antonio, TX 78205"


TODAY = NOW.date()
SERVING_SINCE = date(2024, 1, 1)
"""When the members of :data:`MEMBERS` were appointed (no end: serving)."""


def seat_board(database: Database, names: tuple[str, ...] = MEMBERS) -> None:
    """Put ``names`` on the Board's roster, serving since :data:`SERVING_SINCE` (those already
    on it are left as they are): the members who vote, and whose majority is the quorum."""
    with database.read_session() as session:
        seated = {row.name for row in roster.roster(session, TODAY)}
    for name in names:
        if name not in seated:
            roster.add_member(database, name, role=BoardRole.MEMBER, starts_on=SERVING_SINCE,
                              account=CLERK, clock=CLOCK)


def vote(yes: int, no: int = 0, *, on: date = TODAY, record: bool = True) -> VoteData:
    """A vote of the first ``yes + no`` members, yes votes first."""
    choices = [VoteChoice.YES] * yes + [VoteChoice.NO] * no
    return VoteData(on, tuple(BallotData(name, choice) for name, choice in zip(MEMBERS, choices,
                                                                               strict=False)),
                    is_record_vote=record)


def later(controller: WorkflowController, when: datetime) -> WorkflowController:
    """The same database and clerk, with the clock at ``when``."""
    return WorkflowController.unrestricted(controller.database, "Maria Clerk", clock=lambda: when)


def awaiting_response(controller: WorkflowController) -> int:
    """A case accepted and forwarded to the Board and the respondent (§ 2-83(d)(3), (e)), the
    seven :data:`MEMBERS` serving on the Board."""
    seat_board(controller.database)
    case = reviewed_case(controller)
    controller.fire(case, Accept())
    controller.fire(case, ForwardToBoard())
    return case


def show_cause(controller: WorkflowController) -> int:
    """A case whose complainant is ordered to show cause, 5 yes of 7 (§ 2-83(f)(2), (f)(4))."""
    case = awaiting_response(controller)
    controller.fire(case, OrderShowCause(vote=vote(5, 2, record=False), explanation=EXPLANATION,
                                         factors=FACTORS, hearing_at=HEARING_AT,
                                         place=HEARING_PLACE))
    return case


def frivolous(controller: WorkflowController, *, sanctions: bool = True) -> int:
    """A case heard on the hearing day and determined frivolous by record vote, 6 of 7, with a
    civil penalty (due :data:`PENALTY_DUE_ON`), attorneys' fees and a referral for investigation
    of perjury, imposed the same day by the Board's record vote, 5 of 7."""
    case = show_cause(controller)
    after = later(controller, HEARING_AT + timedelta(hours=2))
    heard = HEARING_AT.date()
    after.fire(case, RecordShowCauseHearing(held_on=heard, appeared="The complainant",
                                            counsel="Lucía Gómez", concluded=True))
    after.fire(case, RecordFrivolousVote(vote=vote(6, 1, on=heard), particulars=PARTICULARS))
    if sanctions:
        after.fire(case, ImposeSanctions(
            sanctions=(SanctionData(SanctionKind.CIVIL_PENALTY, amount_cents=35_000),
                       SanctionData(SanctionKind.ATTORNEYS_FEES, amount_cents=187_500),
                       SanctionData(SanctionKind.REFERRAL, agency=AGENCY,
                                    text="investigation of perjury")),
            factors_considered=SANCTION_NOTES,
            vote=vote(5, 2, on=heard), penalty_due_on=PENALTY_DUE_ON))
    return case
