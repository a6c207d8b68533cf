"""The mailing papers of any case: the #10 envelope and the sheet of address labels (the
certificate of mailing, which lists other papers by the table's titles, is built beside the
table in :mod:`ethics_desk.documents.kinds`)."""

from __future__ import annotations

from ethics_desk.documents.paper_context import PaperContext
from ethics_desk.documents.render.letter_data import (
    EnvelopePaper,
    LabelsPaper,
)


def envelope(ctx: PaperContext) -> EnvelopePaper:
    return EnvelopePaper(ctx.letterhead, ctx.complaint.case_number or "", ctx.recipient.party)


def labels(ctx: PaperContext) -> LabelsPaper:
    return LabelsPaper(ctx.letterhead, ctx.complaint.case_number or "",
                       tuple(p.party for p in ctx.people))
