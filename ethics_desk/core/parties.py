"""The key that names a party of a case in the records: whose clock, which recipient.

A respondent's clocks (the (e)(1) response, the (e)(3) reply to their response) are keyed by
``respondent:<id>``, and so is a mailing to that respondent in the mail ledger; a copy of a
respondent's response to the complainant is ``complainant:respondent:<id>`` (§ 2-83(e)(3):
whose response it carries). These functions are the only place the keys are written or read.
"""

from __future__ import annotations

RESPONDENT_PREFIX = "respondent"
COMPLAINANT = "complainant"


def respondent_key(respondent_id: int) -> str:
    """The clock subject and recipient key of one respondent: ``respondent:<id>``."""
    return f"{RESPONDENT_PREFIX}:{respondent_id}"


def rule_notice_key(respondent_id: int, provision_id: int) -> str:
    """The clock subject of a notice of a rule not alleged (§ 2-85(c)): whose ten business days,
    on which provision — ``respondent:<id>:provision:<id>``."""
    return f"{respondent_key(respondent_id)}:provision:{provision_id}"


def respondent_of(key: str) -> int | None:
    """The respondent a :func:`respondent_key` names; None for any other key."""
    prefix, _, rest = key.partition(":")
    if prefix != RESPONDENT_PREFIX or not rest.isdigit():
        return None
    return int(rest)


def recipient_key(role: str, respondent_id: int | None = None) -> str:
    """How the mail ledger names a recipient on the case.

    A respondent is :func:`respondent_key`; the complainant receiving the copy of one
    respondent's response is ``complainant:respondent:<id>`` (§ 2-83(e)(3)); anyone else is
    their role ("complainant", a reviewer's role, "board").
    """
    if respondent_id is None:
        return role
    if role == RESPONDENT_PREFIX:
        return respondent_key(respondent_id)
    if role == COMPLAINANT:
        return f"{COMPLAINANT}:{respondent_key(respondent_id)}"
    return role


def response_carried(key: str) -> int | None:
    """Whose response a copy to the complainant carries, from its :func:`recipient_key`."""
    prefix, _, rest = key.partition(":")
    return respondent_of(rest) if prefix == COMPLAINANT else None


def is_complainant(key: str) -> bool:
    """Whether a recipient key names the complainant (with or without a response carried)."""
    return key.partition(":")[0] == COMPLAINANT
