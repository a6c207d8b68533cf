"""The § 2-83 workflow: a transition table with guards and effects, and the controller."""

from ethics_desk.workflow.controller import EventOption, FireResult, WorkflowController
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
    ForwardToBoard,
    ImposeSanctions,
    NotCured,
    OrderShowCause,
    Payload,
    RecordComplainantReceipt,
    RecordCure,
    RecordFrivolousVote,
    RecordRespondentReceipt,
    RecordReview,
    RecordShowCauseHearing,
    RequestHearing,
    Resolve,
    ReturnDefective,
    ReturnUnsworn,
    SanctionData,
    VoteData,
)
from ethics_desk.workflow.guards import Block
from ethics_desk.workflow.table import BY_EVENT, TRANSITIONS, Transition

__all__ = [
    "BY_EVENT", "TRANSITIONS", "Accept", "BallotData", "Block", "Delivery", "DiscardDraft",
    "Event", "EventOption", "FileComplaint", "FileReply", "FileResponse",
    "FireResult", "ForwardCampaignFinance", "ForwardForReview", "ForwardToBoard",
    "ImposeSanctions", "NotCured", "OrderShowCause", "Payload", "RecordComplainantReceipt", "RecordCure",
    "RecordFrivolousVote", "RecordRespondentReceipt", "RecordReview", "RecordShowCauseHearing",
    "RequestHearing", "Resolve", "ReturnDefective", "ReturnUnsworn", "SanctionData",
    "Transition", "VoteData", "WorkflowController",
]
