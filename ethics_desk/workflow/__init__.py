"""The § 2-83 workflow: a transition table with guards and effects, and the controller.

The controller is imported on first use (:func:`__getattr__`): the permission table
(:mod:`ethics_desk.staff.permissions`) names the events of :mod:`ethics_desk.workflow.events`,
and the controller enforces that table, so importing the events must not import the controller.
"""

from typing import TYPE_CHECKING, Any

from ethics_desk.workflow.events import (
    Accept,
    BallotData,
    Delivery,
    DiscardDraft,
    Event,
    FileComplaint,
    FileReply,
    FileResponse,
    ForwardCampaignFinance,
    ForwardForReview,
    ForwardResponse,
    ForwardToBoard,
    ImposeSanctions,
    NotCured,
    OrderShowCause,
    Payload,
    RecordComplainantReceipt,
    RecordCure,
    RecordFrivolousVote,
    RecordPenaltyPayment,
    RecordRespondentReceipt,
    RecordReview,
    RecordShowCauseHearing,
    RequestHearing,
    Resolve,
    ReturnDefective,
    ReturnUnsworn,
    SanctionData,
    VoteData,
    WaivePenalty,
    Withdraw,
)
from ethics_desk.workflow.guards import Block
from ethics_desk.workflow.table import BY_EVENT, TRANSITIONS, Transition

if TYPE_CHECKING:
    from ethics_desk.workflow.controller import EventOption, FireResult, WorkflowController

_LAZY = frozenset({"EventOption", "FireResult", "WorkflowController"})


def __getattr__(name: str) -> Any:
    """The controller's names, imported when first asked for."""
    if name in _LAZY:
        from ethics_desk.workflow import controller

        return getattr(controller, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")

__all__ = [
    "BY_EVENT", "TRANSITIONS", "Accept", "BallotData", "Block", "Delivery", "DiscardDraft",
    "Event", "EventOption", "FileComplaint", "FileReply", "FileResponse",
    "FireResult", "ForwardCampaignFinance", "ForwardForReview", "ForwardResponse", "ForwardToBoard",
    "ImposeSanctions", "NotCured", "OrderShowCause", "Payload", "RecordComplainantReceipt", "RecordCure",
    "RecordFrivolousVote", "RecordPenaltyPayment", "RecordRespondentReceipt", "RecordReview",
    "RecordShowCauseHearing",
    "RequestHearing", "Resolve", "ReturnDefective", "ReturnUnsworn", "SanctionData",
    "Transition", "VoteData", "WaivePenalty", "Withdraw", "WorkflowController",
]
