"""The permission table reads as § 2-83(d) and (h) give the roles: deny by default, the
reviewers from the (d)(1) forwarding, the Board only from the (d)(3) forwarding, never a party."""

from __future__ import annotations

import pytest

from ethics_desk.core.events import Event
from ethics_desk.core.permissions import (
    ACT_ROLES,
    EVENT_ROLES,
    Act,
    Reach,
    may,
    may_fire,
    may_see,
    reach_of,
)
from ethics_desk.core.roles import ROLES, Role
from ethics_desk.core.vocabulary import CaseState
from ethics_desk.workflow.table import TRANSITIONS

REVIEWERS = {Role.AUDITOR, Role.ATTORNEY, Role.CHAIR, Role.VICE_CHAIR}
BOARD = {Role.CHAIR, Role.VICE_CHAIR, Role.MEMBER}
FILED_STATES = [s for s in CaseState if s not in (CaseState.DRAFT, CaseState.DISCARDED)]


def test_every_role_is_named_and_cited() -> None:
    assert set(ROLES) == set(Role)
    assert all(rule.label and rule.citation for rule in ROLES.values())


def test_every_event_of_the_workflow_table_has_its_row_and_someone_to_fire_it() -> None:
    assert {t.event for t in TRANSITIONS} == set(EVENT_ROLES) == set(Event)
    assert all(EVENT_ROLES[event] for event in Event)
    assert all(ACT_ROLES[act] for act in Act)


@pytest.mark.parametrize("role", list(Role))
@pytest.mark.parametrize("event", list(Event))
def test_each_role_fires_exactly_the_events_the_statute_gives_it(role: Role,
                                                                  event: Event) -> None:
    # each reviewer records their own review; the Clerk's staff enter one that came on paper
    reviews = event is Event.RECORD_REVIEW and role in REVIEWERS
    expected = reviews or role is Role.CLERK
    assert may_fire(role, event) is expected


@pytest.mark.parametrize("role", list(Role))
@pytest.mark.parametrize("act", list(Act))
def test_each_role_does_exactly_the_office_acts_of_its_work(role: Role, act: Act) -> None:
    if act in (Act.MANAGE_ACCOUNTS, Act.BACKUP_AND_CHECK):
        expected = role is Role.ADMIN
    elif act is Act.STATISTICS:  # counts only; § 2-83(h)(1) keeps them from the others
        expected = role in (Role.CLERK, Role.ADMIN)
    elif act is Act.ANNUAL_REPORT:  # issued over the City Clerk's signature, § 2-83(c)–(e)
        expected = role is Role.CLERK
    elif act is Act.PUBLIC_INFORMATION:  # § 2-83(h)(3): the Records officer and City Attorney
        expected = role in (Role.RECORDS, Role.ATTORNEY)
    elif act is Act.RETENTION:
        expected = role is Role.RECORDS
    elif act is Act.LEGAL_HOLD:  # Local Government Code § 202.002: records, and litigation
        expected = role in (Role.RECORDS, Role.ATTORNEY)
    elif act is Act.BOARD_PACKET:
        expected = role is Role.CLERK or role in BOARD
    elif act in (Act.EXPORT_LIST, Act.KEEP_VIEWS, Act.OWN_CALENDAR):
        # whoever sees the inbox, which lists only what they receive: they export it and keep
        # views of it (sharing a view with the office is the Clerk's staff's)
        expected = True
    elif act is Act.CASE_FILE:  # the whole file: those who answer for it, and who keep it
        expected = role in (Role.CLERK, Role.ATTORNEY, Role.RECORDS)
    elif act is Act.AUDIT_TRAIL:  # the trail across cases, each in their scope
        expected = role in (Role.AUDITOR, Role.RECORDS, Role.ADMIN)
    else:
        expected = role is Role.CLERK
    assert may(role, act) is expected


def test_what_is_not_in_the_table_is_allowed_to_no_one() -> None:
    assert not any(may(role, "sell_the_records") for role in Role)  # type: ignore[arg-type]
    assert not any(may_fire(role, "shred") for role in Role)  # type: ignore[arg-type]


@pytest.mark.parametrize("role", list(Role))
@pytest.mark.parametrize("state", list(CaseState))
def test_each_role_receives_a_complaint_only_once_it_has_gone_far_enough(
        role: Role, state: CaseState) -> None:
    for board in (False, True):
        reach = reach_of(state, reached_the_board=board)
        seen = may_see(role, reach)
        if role is Role.CLERK:
            assert seen
        elif role in (Role.RECORDS, Role.ADMIN) or reach is None:
            assert not seen
        elif role is Role.MEMBER:
            assert seen is (reach is Reach.BEFORE_THE_BOARD)
        else:
            assert seen is (reach >= Reach.IN_REVIEW)


@pytest.mark.parametrize("state", FILED_STATES)
@pytest.mark.parametrize("role", sorted(BOARD))
def test_a_board_member_who_is_a_party_never_receives_the_complaint(
        role: Role, state: CaseState) -> None:
    for board in (False, True):
        assert not may_see(role, reach_of(state, reached_the_board=board), is_party=True)


def test_a_complaint_returned_as_not_sworn_stays_with_the_clerk() -> None:
    reach = reach_of(CaseState.RETURNED_UNSWORN)
    assert reach is Reach.AT_THE_CLERK
    assert [r for r in Role if may_see(r, reach)] == [Role.CLERK]


def test_a_resolved_complaint_reached_the_board_only_if_it_was_forwarded_there() -> None:
    assert not may_see(Role.MEMBER, reach_of(CaseState.RESOLVED))
    assert may_see(Role.MEMBER, reach_of(CaseState.RESOLVED, reached_the_board=True))
    assert may_see(Role.AUDITOR, reach_of(CaseState.RESOLVED))
