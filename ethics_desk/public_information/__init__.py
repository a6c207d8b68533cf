"""Public Information Act requests (Tex. Gov't Code ch. 552), for City Code § 2-83(h)(3).

§ 2-83(h)(3) sends requests for complaint records to the Texas Public Information Act. This
package keeps the request log (:mod:`ethics_desk.public_information.log`): each written request,
its clocks on the State's business days (§ 552.0031) — ask the Attorney General for a ruling
and tell the requester by the 10th (§ 552.301(b), (d)), send the arguments and the information
by the 15th (§ 552.301(e), (e-1)), certify a date and hour for release by the 10th when the
information cannot be produced sooner (§ 552.221(d)) —, the ruling or the City Attorney's
decision (a withholding refused without a request for a ruling, which states the exceptions
claimed, or a previous determination, § 552.301(a), (b)), a request for clarification (whose
answer starts the clocks again, § 552.222(b)), an itemized statement of estimated charges
(§ 552.2615), the release (refused for a complaint
pending under § 2-83(h)(1) until a ruling or decision is recorded) and its close (a clock missed
before it stays missed: § 552.302 presumes the information public); and the papers issued on it
(:mod:`ethics_desk.documents.request_papers`). :func:`open_requests_touching` tells the
retention schedule which open requests hold a case's records (Local Gov't Code § 202.002).
No Qt here.
"""

from ethics_desk.public_information.log import (
    CostItem,
    HoldingRequest,
    NewRequest,
    RecordStatus,
    RequestClock,
    RequestView,
    calendar_for,
    certify_release_date,
    close_request,
    get_request,
    list_requests,
    log_request,
    mailed_receipt,
    open_requests_touching,
    record_arguments_sent,
    record_clarification_answered,
    record_clarification_asked,
    record_cost_estimate,
    record_exceptions,
    record_ruling,
    record_ruling_asked,
    release_information,
    typed_cost_items,
)

__all__ = [
    "CostItem",
    "HoldingRequest",
    "NewRequest",
    "RecordStatus",
    "RequestClock",
    "RequestView",
    "calendar_for",
    "certify_release_date",
    "close_request",
    "get_request",
    "list_requests",
    "log_request",
    "mailed_receipt",
    "open_requests_touching",
    "record_arguments_sent",
    "record_clarification_answered",
    "record_clarification_asked",
    "record_cost_estimate",
    "record_exceptions",
    "record_ruling",
    "record_ruling_asked",
    "release_information",
    "typed_cost_items",
]
