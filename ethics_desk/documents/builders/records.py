"""The papers of the office's records, whose data their own services resolve: the Records
officer's disposal list and log (:mod:`ethics_desk.retention.certificate`) and the record key's
recovery sheet (:mod:`ethics_desk.maintenance.recovery_sheet`)."""

from __future__ import annotations

from ethics_desk.documents.paper_context import PaperContext
from ethics_desk.documents.render.recovery_sheet import RecoverySheetPaper
from ethics_desk.documents.render.retention_certificate import (
    RetentionPaper,
)


def retention_certificate(ctx: PaperContext) -> RetentionPaper:
    assert ctx.records is not None, "the paper is made of the office's records"
    return ctx.records


def recovery_sheet(ctx: PaperContext) -> RecoverySheetPaper:
    assert ctx.recovery is not None, "the paper is made of the record key"
    return ctx.recovery
