"""Saved views of the inbox: a person keeps a filter and an order under a name, for themselves
or — the City Clerk's staff — for the office; a view is changed by its owner only, every change
with its audit record, and the seven views every inbox has stay as they are."""

from __future__ import annotations

import pytest
from sqlalchemy import select

from ethics_desk.cases import views
from ethics_desk.cases.inbox import (
    DRAFTS,
    SAVED_VIEWS,
    DueWindow,
    InboxFilter,
    SortKey,
    saved_view,
    view_name,
)
from ethics_desk.cases.views import ViewKind
from ethics_desk.core.account import Account
from ethics_desk.core.errors import NotAllowed, UserError
from ethics_desk.core.roles import Role
from ethics_desk.core.vocabulary import CaseState, ReviewerRole, Route
from ethics_desk.models import AuditRecord, SavedInboxView
from ethics_desk.storage.database import Database
from tests.conftest import CLOCK, NOW
from tests.factories import rows_and_records

MARIA = Account(801, "maria", "Maria Clerk", Role.CLERK)
JUAN = Account(802, "juan", "Juan Deputy", Role.CLERK)
ANA = Account(803, "ana", "Ana Auditor", Role.AUDITOR)

MINE = InboxFilter(text="peña", states=frozenset({CaseState.UNDER_REVIEW}),
                   routes=frozenset({Route.ETHICS_CODE}), reviewer=ReviewerRole.CITY_ATTORNEY,
                   due=DueWindow.THIS_WEEK, sort=SortKey.RECEIVED, descending=True)


def _names(database: Database, account: Account) -> list[tuple[str, ViewKind]]:
    return [(choice.name, choice.kind) for choice in views.view_choices(database,
                                                                        account=account)]


def _saved(choices: list[views.ViewChoice]) -> list[views.ViewChoice]:
    return [choice for choice in choices if choice.kind is not ViewKind.BUILT_IN]


def test_a_view_saved_by_one_clerk_is_in_their_list_next_time_and_not_in_anothers(
        database: Database) -> None:
    saved = views.save_view(database, "Attorney's week", MINE, account=MARIA, clock=CLOCK)
    assert saved.kind is ViewKind.OWN and not saved.shared
    assert _saved(views.view_choices(database, account=MARIA)) == [saved]
    assert _saved(views.view_choices(database, account=JUAN)) == []
    assert _saved(views.view_choices(database, account=ANA)) == []


def test_the_seven_views_come_first_unchanged_then_ones_own_then_the_offices(
        database: Database) -> None:
    views.save_view(database, "Zeta", MINE, account=MARIA, clock=CLOCK)
    views.save_view(database, "Alpha", MINE, account=MARIA, clock=CLOCK)
    views.save_view(database, "Beta", MINE, shared=True, account=JUAN, clock=CLOCK)
    choices = views.view_choices(database, account=MARIA)
    assert [(c.name, c.filter, c.description) for c in choices[:7]] == [
        (view.name, view.filter, view.description) for view in SAVED_VIEWS]
    assert [(c.name, c.kind) for c in choices[7:]] == [
        ("Alpha", ViewKind.OWN), ("Zeta", ViewKind.OWN), ("Beta", ViewKind.OFFICE)]
    assert choices[-1].label == "Beta (office)" and choices[-1].owner == "Juan Deputy"
    assert [c.label for c in choices[:7]] == [view.name for view in SAVED_VIEWS]


def test_a_view_keeps_the_filter_and_order_and_never_the_words_searched(
        database: Database) -> None:
    views.save_view(database, "Attorney's week", MINE, hidden_columns={SortKey.ROUTE},
                    account=MARIA, clock=CLOCK)
    [choice] = _saved(views.view_choices(database, account=MARIA))
    assert views.view_filter(choice) == MINE.with_text("")
    assert views.view_filter(choice, "garza") == MINE.with_text("garza")
    assert choice.hidden_columns == frozenset({SortKey.ROUTE})
    with database.read_session() as session:
        assert "peña" not in session.scalars(select(SavedInboxView.filter_json)).one()


def test_a_shared_view_is_offered_to_every_role_but_changed_only_by_its_owner(
        database: Database) -> None:
    shared = views.save_view(database, "Board week", MINE, shared=True, account=MARIA,
                             clock=CLOCK)
    assert shared.view_id is not None
    for other in (JUAN, ANA, Account(804, "bo", "Bo Member", Role.MEMBER)):
        [offered] = _saved(views.view_choices(database, account=other))
        assert (offered.name, offered.kind, offered.shared) == ("Board week", ViewKind.OFFICE,
                                                                True)
    before = rows_and_records(database, SavedInboxView)
    for act in (lambda: views.rename_view(database, shared.view_id or 0, "Mine now",
                                          account=JUAN, clock=CLOCK),
                lambda: views.share_view(database, shared.view_id or 0, False, account=JUAN,
                                         clock=CLOCK),
                lambda: views.delete_view(database, shared.view_id or 0, account=JUAN,
                                          clock=CLOCK)):
        with pytest.raises(NotAllowed, match="Maria Clerk's view"):
            act()
    assert rows_and_records(database, SavedInboxView) == before
    assert _saved(views.view_choices(database, account=MARIA)) == [shared]


def test_a_private_view_of_another_is_as_one_that_does_not_exist(database: Database) -> None:
    kept = views.save_view(database, "Mine", MINE, account=MARIA, clock=CLOCK)
    with pytest.raises(UserError, match="no longer exists") as refused:
        views.delete_view(database, kept.view_id or 0, account=JUAN, clock=CLOCK)
    assert not isinstance(refused.value, NotAllowed)
    assert [c.name for c in _saved(views.view_choices(database, account=MARIA))] == ["Mine"]


def test_only_the_clerks_staff_share_a_view_with_the_office(database: Database) -> None:
    before = rows_and_records(database, SavedInboxView)
    with pytest.raises(NotAllowed, match="Sharing a view with the office is for: City Clerk"):
        views.save_view(database, "Mine", MINE, shared=True, account=ANA, clock=CLOCK)
    assert rows_and_records(database, SavedInboxView) == before
    kept = views.save_view(database, "Mine", MINE, account=ANA, clock=CLOCK)
    with pytest.raises(NotAllowed, match="Sharing a view"):
        views.share_view(database, kept.view_id or 0, True, account=ANA, clock=CLOCK)
    assert not _saved(views.view_choices(database, account=MARIA))


def test_the_owner_renames_shares_unshares_and_deletes_their_view(database: Database) -> None:
    kept = views.save_view(database, "Mine", MINE, account=MARIA, clock=CLOCK)
    view_id = kept.view_id or 0
    assert views.rename_view(database, view_id, "  Attorney  week ", account=MARIA,
                             clock=CLOCK).name == "Attorney week"
    assert views.share_view(database, view_id, True, account=MARIA, clock=CLOCK).shared
    assert [c.label for c in _saved(views.view_choices(database, account=JUAN))] == [
        "Attorney week (office)"]
    assert not views.share_view(database, view_id, False, account=MARIA, clock=CLOCK).shared
    assert not _saved(views.view_choices(database, account=JUAN))
    views.delete_view(database, view_id, account=MARIA, clock=CLOCK)
    assert not _saved(views.view_choices(database, account=MARIA))


@pytest.mark.parametrize(("name", "problem", "fix"), [
    ("   ", "has no name", "Type a name"),
    ("x" * 61, "longer than 60 characters", "Shorten it"),
    ("due TODAY", "“Due today” is the name of a view every inbox has", "another name"),
    ("Custom filter", "view every inbox has", "another name"),
    ("Week (office)", "may not end in “(office)”", "another name"),
    ("Bell\x07here", "cannot be shown", "Type the name again"),
])
def test_a_bad_name_is_refused_naming_the_problem_and_the_fix(
        database: Database, name: str, problem: str, fix: str) -> None:
    before = rows_and_records(database, SavedInboxView)
    with pytest.raises(UserError) as refused:
        views.save_view(database, name, MINE, account=MARIA, clock=CLOCK)
    assert problem in refused.value.problem and fix in refused.value.fix
    assert rows_and_records(database, SavedInboxView) == before


def test_a_name_taken_is_refused_for_ones_own_and_among_the_offices_shared_views(
        database: Database) -> None:
    views.save_view(database, "Week", MINE, account=MARIA, clock=CLOCK)
    with pytest.raises(UserError, match="You already have a view called “Week”"):
        views.save_view(database, "week", MINE, account=MARIA, clock=CLOCK)
    views.save_view(database, "Week", MINE, account=JUAN, clock=CLOCK)  # Juan's own: free
    views.save_view(database, "Board", MINE, shared=True, account=JUAN, clock=CLOCK)
    with pytest.raises(UserError, match="The office already shares a view called “Board”"):
        views.save_view(database, "Board", MINE, shared=True, account=MARIA, clock=CLOCK)
    with pytest.raises(UserError, match="You already have a view called “Week”"):
        other = views.save_view(database, "Other", MINE, account=MARIA, clock=CLOCK)
        views.rename_view(database, other.view_id or 0, "WEEK", account=MARIA, clock=CLOCK)


def test_the_built_in_views_are_unchanged(database: Database) -> None:
    assert [view.name for view in SAVED_VIEWS] == [
        "Due today", "Overdue", "This week", "Awaiting response", "Drafts", "All pending",
        "All cases"]
    assert view_name(saved_view(DRAFTS)) == DRAFTS
    assert [c.name for c in views.view_choices(database, account=ANA)] == [
        view.name for view in SAVED_VIEWS]


def test_each_change_to_a_view_is_recorded_naming_who_and_when(database: Database) -> None:
    kept = views.save_view(database, "Mine", MINE, shared=True, account=MARIA, clock=CLOCK)
    views.rename_view(database, kept.view_id or 0, "Ours", account=MARIA, clock=CLOCK)
    views.share_view(database, kept.view_id or 0, False, account=MARIA, clock=CLOCK)
    views.delete_view(database, kept.view_id or 0, account=MARIA, clock=CLOCK)
    with database.read_session() as session:
        records = session.scalars(select(AuditRecord).where(
            AuditRecord.action.like("saved_view.%")).order_by(AuditRecord.seq)).all()
        seen = [(r.action, r.actor, r.at, r.summary, r.complaint_id) for r in records]
    assert seen == [
        ("saved_view.save", MARIA.display, NOW,
         "Saved the inbox view “Mine”, shared with the office", None),
        ("saved_view.rename", MARIA.display, NOW, "Renamed the inbox view “Mine” to “Ours”",
         None),
        ("saved_view.unshare", MARIA.display, NOW, "Stopped sharing the inbox view “Ours”",
         None),
        ("saved_view.delete", MARIA.display, NOW, "Deleted the inbox view “Ours”", None)]


def test_a_view_stored_by_a_later_version_is_listed_and_refused_with_the_fix(
        database: Database) -> None:
    kept = views.save_view(database, "Mine", MINE, account=MARIA, clock=CLOCK)
    with database.unit_of_work() as session:
        row = session.get(SavedInboxView, kept.view_id)
        assert row is not None
        row.filter_json = '{"states": ["a_state_to_come"]}'
    [choice] = _saved(views.view_choices(database, account=MARIA))
    with pytest.raises(UserError, match="later version") as refused:
        views.view_filter(choice)
    assert "delete it under Manage views" in refused.value.fix


def test_the_case_number_column_cannot_be_hidden(database: Database) -> None:
    with pytest.raises(UserError, match="case number cannot be hidden"):
        views.save_view(database, "Bare", MINE, hidden_columns={SortKey.CASE}, account=MARIA,
                        clock=CLOCK)
