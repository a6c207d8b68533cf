"""The § 2-83 workflow: a transition table with guards and effects, and the controller.

The table, its guards and the controller are imported on first use (:func:`__getattr__`): the
permission table (:mod:`ethics_desk.core.permissions`) names the events
(:mod:`ethics_desk.core.events`), and the services the table's effects call
(:mod:`ethics_desk.board.roster`, :mod:`ethics_desk.intake.record` …) are marked with that
table's acts (:mod:`ethics_desk.staff.acting`), so importing the events must import neither.
"""

from typing import TYPE_CHECKING, Any

from ethics_desk.core.events import Event
from ethics_desk.workflow.events import (
    MAX_DAYS_GRANTED,
    Accept,
    BallotData,
    Delivery,
    DiscardDraft,
    FileComplaint,
    FileReply,
    FileResponse,
    Finding,
    ForwardCampaignFinance,
    ForwardForReview,
    ForwardResponse,
    ForwardToBoard,
    GiveRuleNotice,
    GrantMoreTime,
    ImposeSanctions,
    NotCured,
    OrderShowCause,
    Payload,
    RecordComplainantReceipt,
    RecordCure,
    RecordFrivolousVote,
    RecordHearing,
    RecordPenaltyPayment,
    RecordRespondentReceipt,
    RecordReview,
    RecordShowCauseHearing,
    RequestHearing,
    Resolve,
    ReturnDefective,
    ReturnUnsworn,
    SanctionData,
    ScheduleHearing,
    VoteData,
    WaivePenalty,
    Withdraw,
)

if TYPE_CHECKING:
    from ethics_desk.workflow.controller import EventOption, FireResult, WorkflowController
    from ethics_desk.workflow.guards import Block
    from ethics_desk.workflow.table import BY_EVENT, TRANSITIONS, Transition

_LAZY = {"EventOption": "controller", "FireResult": "controller",
         "WorkflowController": "controller", "Block": "guards", "BY_EVENT": "table",
         "TRANSITIONS": "table", "Transition": "table"}


def __getattr__(name: str) -> Any:
    """The table's, the guards' and the controller's names, imported when first asked for."""
    if name in _LAZY:
        import importlib

        return getattr(importlib.import_module(f"ethics_desk.workflow.{_LAZY[name]}"), name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")

__all__ = [
    "BY_EVENT",
    "MAX_DAYS_GRANTED",
    "TRANSITIONS",
    "Accept",
    "BallotData",
    "Block",
    "Delivery",
    "DiscardDraft",
    "Event",
    "EventOption",
    "FileComplaint",
    "FileReply",
    "FileResponse",
    "Finding",
    "FireResult",
    "ForwardCampaignFinance",
    "ForwardForReview",
    "ForwardResponse",
    "ForwardToBoard",
    "GiveRuleNotice",
    "GrantMoreTime",
    "ImposeSanctions",
    "NotCured",
    "OrderShowCause",
    "Payload",
    "RecordComplainantReceipt",
    "RecordCure",
    "RecordFrivolousVote",
    "RecordHearing",
    "RecordPenaltyPayment",
    "RecordRespondentReceipt",
    "RecordReview",
    "RecordShowCauseHearing",
    "RequestHearing",
    "Resolve",
    "ReturnDefective",
    "ReturnUnsworn",
    "SanctionData",
    "ScheduleHearing",
    "Transition",
    "VoteData",
    "WaivePenalty",
    "Withdraw",
    "WorkflowController",
]
