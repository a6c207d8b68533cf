"""Sample data for the Board packet: three cases, non-ASCII names, votes with ballots."""

from __future__ import annotations

from dataclasses import replace
from datetime import date, datetime
from typing import Any
from zoneinfo import ZoneInfo

from ethics_desk.documents.render.board_packet import (
    BoardPacketPaper,
    CaseSheet,
    SheetDeadline,
    SheetReview,
    SheetVote,
)
from ethics_desk.documents.render.data import Letterhead
from ethics_desk.documents.render.letter_data import BallotLine, VoteRecord
from tests.documents.render.letter_samples import COMPLAINANT, RESPONDENT, SECOND_RESPONDENT

MEETING = date(2026, 12, 10)
REVIEWS = tuple(SheetReview(role, name, date(2026, 10, 1), date(2026, 10, 6), result)
                for role, name, result in (
                    ("Chair of the Ethics Review Board", "Ana Gómez", "Complies"),
                    ("Vice Chair of the Ethics Review Board", "Bảo Trần", "Complies"),
                    ("Compliance Auditor", "", "Substantially complies"),
                    ("City Attorney's Office", "", "Complies")))
DEADLINES = (SheetDeadline("Respondent's sworn response", "City Code § 2-83(e)(1)",
                           RESPONDENT.name, date(2026, 12, 17), "Open"),
             SheetDeadline("Ethics Review Board's written opinion", "City Code § 2-87(a)", "",
                           date(2026, 11, 27), "OVERDUE — open"))
VOTE = SheetVote("Order to show cause (§ 2-83(f)(2))", VoteRecord(
    date(2026, 11, 12), "Present: 7 of the 11 members serving; recused: 0; quorum: 6 (a majority "
    "of the 11 serving), met by the 7 taking part, recused members not counted; needed: at least "
    "5 yes votes (two-thirds of the 7 counted as present); cast: 5 yes, 2 no, 0 abstaining — "
    "carried", carried=True, is_record_vote=True,
    ballots=(BallotLine("Ana Gómez", "yes"), BallotLine("Bảo Trần", "no"))))


def _sheet(number: str, **changes: Any) -> CaseSheet:
    sheet = CaseSheet(
        case_number=number, state="Awaiting response",
        reasons=("Before the Board; the respondent's sworn response is awaited (§ 2-83(e)(1))",),
        filed_on=date(2026, 9, 28), route="Ethics Code", complainants=(COMPLAINANT,),
        respondents=(RESPONDENT, SECOND_RESPONDENT),
        nature="Used City vehicles for a private catering business.",
        provisions=("§ 2-49 Use of City resources",), period="From August 3, 2026",
        filings=(), deadlines=DEADLINES, reviews=REVIEWS, votes=(), hearings=())
    return replace(sheet, **changes)


def packet_sample(**changes: Any) -> BoardPacketPaper:
    """A packet for the meeting of 10 December 2026 with three cases."""
    paper = BoardPacketPaper(
        letterhead=Letterhead(), meeting_on=MEETING,
        produced_at=datetime(2026, 11, 30, 10, 0, tzinfo=ZoneInfo("America/Chicago")),
        produced_by="Maria Clerk",
        sheets=(_sheet("ERB-2026-014"),
                _sheet("ERB-2026-015", state="Show cause", votes=(VOTE,),
                       reasons=("The complainant has been ordered to show cause (§ 2-83(f)(2))",
                                "Show-cause hearing on this day at 5:30 p.m. CST, City Council "
                                "Chambers (§ 2-83(f)(4)(b), (f)(5))"),
                       hearings=("Show-cause hearing (§ 2-83(f)(5)); set for December 10, 2026 "
                                 "at 5:30 p.m. CST, City Council Chambers",)),
                _sheet("ERB-2026-016", state="Reply filed",
                       filings=("Sworn response (§ 2-83(e)(1)) of Nguyễn Thị Minh Khai, "
                                "received 2026-11-10 (sworn)",),
                       elections=("City Council general election, 2027-05-01",))))
    return replace(paper, **changes)
