"""Every document Ethics Desk can print, by kind: the name a command or an issued record uses.

``ethics-desk letter --list`` lists :func:`kinds`; :func:`renderer_for` finds the class. A new
document is one entry here, a :class:`~ethics_desk.documents.render.base.Renderer` subclass and its
template file.
"""

from __future__ import annotations

from typing import Any

from ethics_desk.core.errors import UserError
from ethics_desk.documents.render.base import Renderer
from ethics_desk.documents.render.board_letters import (
    FrivolousDeterminationRenderer,
    ReferralRenderer,
    ShowCauseOrderRenderer,
)
from ethics_desk.documents.render.board_packet import BoardPacketRenderer
from ethics_desk.documents.render.info_sheet import InfoSheetRenderer
from ethics_desk.documents.render.letters import (
    BoardTransmittalRenderer,
    CampaignFinanceForwardRenderer,
    CureNoticeRenderer,
    DefectLetterRenderer,
    FilingNoticeRenderer,
    ReplyCopyRenderer,
    ResolutionNoticeRenderer,
    RespondentNoticeRenderer,
    ResponseCopyRenderer,
    ReviewerTransmittalRenderer,
)
from ethics_desk.documents.render.mailing import (
    CertificateOfMailingRenderer,
    EnvelopeRenderer,
    LabelsRenderer,
)
from ethics_desk.documents.render.receipt import ReceiptRenderer
from ethics_desk.documents.render.sworn_complaint import SwornComplaintRenderer
from ethics_desk.documents.render.unsworn_return import UnswornReturnRenderer

RENDERERS: dict[str, type[Renderer[Any]]] = {
    cls.kind: cls for cls in (
        SwornComplaintRenderer,
        ReceiptRenderer,
        UnswornReturnRenderer,
        InfoSheetRenderer,
        ReviewerTransmittalRenderer,
        FilingNoticeRenderer,
        DefectLetterRenderer,
        CampaignFinanceForwardRenderer,
        CureNoticeRenderer,
        BoardTransmittalRenderer,
        RespondentNoticeRenderer,
        ResponseCopyRenderer,
        ReplyCopyRenderer,
        ShowCauseOrderRenderer,
        FrivolousDeterminationRenderer,
        ReferralRenderer,
        ResolutionNoticeRenderer,
        EnvelopeRenderer,
        LabelsRenderer,
        CertificateOfMailingRenderer,
        BoardPacketRenderer,
    )
}
"""Kind → renderer class, in the order a clerk meets the documents."""


def kinds() -> list[tuple[str, str]]:
    """Each kind with what it is, for ``--list``."""
    return [(kind, cls.title) for kind, cls in RENDERERS.items()]


def renderer_for(kind: str) -> type[Renderer[Any]]:
    """The renderer class of ``kind``; an unknown kind is a :class:`UserError` listing them."""
    try:
        return RENDERERS[kind]
    except KeyError:
        raise UserError(f"There is no document called “{kind}”.",
                        "Choose one of: " + ", ".join(RENDERERS) + ".") from None
