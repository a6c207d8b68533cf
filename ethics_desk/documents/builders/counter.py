"""The papers of the counter: the sworn complaint and its affidavit, the filing receipt, the
return of an unsworn complaint (§ 2-83(c)) and the information sheet (§ 2-83(b))."""

from __future__ import annotations

from typing import Any

from ethics_desk.documents.paper_context import PaperContext
from ethics_desk.documents.render.data import (
    ComplaintPaper,
    InfoSheetPaper,
    complaint_paper_from_case,
    complaint_paper_from_intake,
    receipt_paper_from_case,
    unsworn_return_paper_from_case,
)


def sworn_complaint(ctx: PaperContext) -> ComplaintPaper:
    if ctx.intake is not None:  # at the counter, for signing: the intake as typed
        return complaint_paper_from_intake(ctx.intake, list(ctx.citations), ctx.letterhead)
    return complaint_paper_from_case(ctx.complaint, ctx.letterhead)


def receipt(ctx: PaperContext) -> Any:
    return receipt_paper_from_case(ctx.complaint, ctx.letterhead)


def unsworn_return(ctx: PaperContext) -> Any:
    return unsworn_return_paper_from_case(ctx.complaint, ctx.letterhead, ctx.today)


def info_sheet(ctx: PaperContext) -> InfoSheetPaper:
    return InfoSheetPaper(letterhead=ctx.letterhead)
