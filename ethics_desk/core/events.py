"""The names of everything that moves a complaint under § 2-83, as the statute names them.

The workflow table (:mod:`ethics_desk.workflow.table`) says what each event does and the data
it takes (:mod:`ethics_desk.workflow.events`); the permission table
(:mod:`ethics_desk.core.permissions`) says who may fire it. Both read these names, so they sit
below both.
"""

from __future__ import annotations

from enum import StrEnum


class Event(StrEnum):
    """Everything that moves a complaint, named as the statute names it."""

    FILE = "file"
    DISCARD = "discard"
    RETURN_UNSWORN = "return_unsworn"
    FORWARD_FOR_REVIEW = "forward_for_review"
    RECORD_REVIEW = "record_review"
    ACCEPT = "accept"
    RETURN_DEFECTIVE = "return_defective"
    FORWARD_CAMPAIGN_FINANCE = "forward_campaign_finance"
    RECORD_CURE = "record_cure"
    NOT_CURED = "not_cured"
    FORWARD_TO_BOARD = "forward_to_board"
    RECORD_RESPONDENT_RECEIPT = "record_respondent_receipt"
    RECORD_COMPLAINANT_RECEIPT = "record_complainant_receipt"
    FILE_RESPONSE = "file_response"
    FILE_REPLY = "file_reply"
    REQUEST_HEARING = "request_hearing"
    SCHEDULE_HEARING = "schedule_hearing"
    RECORD_HEARING = "record_hearing"
    ORDER_SHOW_CAUSE = "order_show_cause"
    RECORD_SHOW_CAUSE_HEARING = "record_show_cause_hearing"
    RECORD_FRIVOLOUS_VOTE = "record_frivolous_vote"
    IMPOSE_SANCTIONS = "impose_sanctions"
    RECORD_PENALTY_PAYMENT = "record_penalty_payment"
    WAIVE_PENALTY = "waive_penalty"
    RESOLVE = "resolve"
    WITHDRAW = "withdraw"
    FORWARD_RESPONSE = "forward_response"
    GIVE_RULE_NOTICE = "give_rule_notice"
    GRANT_MORE_TIME = "grant_more_time"
