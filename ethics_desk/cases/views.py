"""Saved views of the inbox: a person keeps the filters, order and columns shown under a name.

The seven views every inbox has (:data:`~ethics_desk.cases.inbox.SAVED_VIEWS`) stay as they
are and come first. After them come the views a person saved for themselves, then the views
others shared with the office, each marked as the office's. A view keeps the inbox's filters —
states, routes, a reviewer, a due window — its order and the columns it hides; never the words
searched (they are the moment's), and never a case: choosing a view shows only the complaints
the person choosing it receives, so a shared view tells no one of a complaint (§ 2-83(h)(1)).

Whoever has an inbox keeps views of their own (:data:`~ethics_desk.core.permissions.Act.KEEP_VIEWS`,
every role); sharing one with the office is the City Clerk's staff's
(:data:`~ethics_desk.core.permissions.Act.SHARE_VIEWS`). A view is renamed, shared, unshared or
deleted by its owner only — these services refuse anyone else, as the server's row-level
security does on PostgreSQL (:mod:`ethics_desk.staff.server_policies`). Each change is one
transaction with its audit record; the account and the clock are passed in. No Qt here.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from sqlalchemy import or_, select
from sqlalchemy.orm import Session

from ethics_desk.cases.inbox import CUSTOM, SAVED_VIEWS, DueWindow, InboxFilter, SortKey
from ethics_desk.core.account import Account
from ethics_desk.core.clock import Clock
from ethics_desk.core.errors import NotAllowed, UserError
from ethics_desk.core.permissions import Act
from ethics_desk.core.vocabulary import CaseState, ReviewerRole, Route
from ethics_desk.models import SavedInboxView
from ethics_desk.staff.acting import require, service
from ethics_desk.storage import audit
from ethics_desk.storage.database import Database

MAX_NAME = 60
"""The longest name of a saved view, in characters (it must fit the inbox's list of views)."""

OFFICE_MARK = " (office)"
"""What follows the name of a view shared with the office in the list of views."""


class ViewKind(StrEnum):
    """Where a view in the list comes from."""

    BUILT_IN = "built_in"  # one of the seven every inbox has
    OWN = "own"  # saved by the person signed in
    OFFICE = "office"  # shared with the office by someone else


@dataclass(frozen=True)
class ViewChoice:
    """One entry of the inbox's list of views.

    ``filter`` is None for a stored view that no longer reads as a filter (written by a later
    version of Ethics Desk); choosing it says so (:func:`view_filter`). ``view_id`` is None for
    a built-in view.
    """

    name: str
    kind: ViewKind
    filter: InboxFilter | None
    description: str
    view_id: int | None = None
    shared: bool = False
    owner: str = ""
    hidden_columns: frozenset[SortKey] = frozenset()

    @property
    def label(self) -> str:
        """The entry as the list shows it: a shared view marked as the office's."""
        return f"{self.name}{OFFICE_MARK}" if self.shared else self.name

    @property
    def own(self) -> bool:
        """Whether the person who listed it saved it (and so may change it)."""
        return self.kind is ViewKind.OWN


BUILT_IN_CHOICES: tuple[ViewChoice, ...] = tuple(
    ViewChoice(view.name, ViewKind.BUILT_IN, view.filter, view.description)
    for view in SAVED_VIEWS)
"""The seven views every inbox has, as the list offers them."""


# -- the filter as stored ----------------------------------------------------------------------


def filter_json(inbox_filter: InboxFilter) -> str:
    """The filter and order of ``inbox_filter`` as stored (the search words are left out)."""
    def values(members: frozenset[Any] | None) -> list[str] | None:
        return None if members is None else sorted(member.value for member in members)

    return json.dumps({
        "states": values(inbox_filter.states), "routes": values(inbox_filter.routes),
        "reviewer": None if inbox_filter.reviewer is None else inbox_filter.reviewer.value,
        "due": None if inbox_filter.due is None else inbox_filter.due.value,
        "sort": inbox_filter.sort.value, "descending": inbox_filter.descending,
    }, sort_keys=True)


def read_filter(text: str) -> InboxFilter:
    """The filter stored as ``text``; ValueError when it does not read as one."""
    data = json.loads(text)
    if not isinstance(data, dict):
        raise ValueError("a saved view's filter is an object")

    def members(key: str, kind: type[StrEnum]) -> frozenset[Any] | None:
        value = data.get(key)
        if value is None:
            return None
        if not isinstance(value, list):
            raise ValueError(f"{key} is a list")
        return frozenset(kind(item) for item in value)

    def one(key: str, kind: type[StrEnum]) -> Any:
        value = data.get(key)
        return None if value is None else kind(value)

    descending = data.get("descending", False)
    if not isinstance(descending, bool):
        raise ValueError("descending is true or false")
    return InboxFilter(states=members("states", CaseState), routes=members("routes", Route),
                       reviewer=one("reviewer", ReviewerRole), due=one("due", DueWindow),
                       sort=SortKey(data.get("sort", SortKey.DUE.value)), descending=descending)


def _hidden_json(hidden: Iterable[SortKey]) -> str:
    keys = {SortKey(key) for key in hidden}
    if SortKey.CASE in keys:
        raise UserError("The case number cannot be hidden.",
                        "Hide other columns; the case number stays, so a row can be opened.")
    return json.dumps(sorted(key.value for key in keys))


def _read_hidden(text: str) -> frozenset[SortKey]:
    try:
        return frozenset(SortKey(key) for key in json.loads(text))
    except (ValueError, TypeError):
        return frozenset()


def _choice(row: SavedInboxView, account: Account) -> ViewChoice:
    try:
        inbox_filter: InboxFilter | None = read_filter(row.filter_json)
    except (ValueError, TypeError):
        inbox_filter = None
    own = row.owner_login == account.login
    description = ("Your view, shared with the office" if own and row.shared else
                   "Your view" if own else f"Shared with the office by {row.owner_name}")
    return ViewChoice(row.name, ViewKind.OWN if own else ViewKind.OFFICE, inbox_filter,
                      description, view_id=row.id, shared=row.shared, owner=row.owner_name,
                      hidden_columns=_read_hidden(row.hidden_columns))


def view_filter(choice: ViewChoice, text: str = "") -> InboxFilter:
    """The filter a chosen view shows, searching ``text``; a view that no longer reads as a
    filter is refused, naming the fix."""
    if choice.filter is None:
        raise UserError(f"The view “{choice.name}” was saved by a later version of Ethics Desk "
                        "and cannot be shown here.",
                        "Choose another view, or delete it under Manage views… and save it "
                        "again." if choice.own else "Choose another view.")
    return choice.filter.with_text(text)


# -- names ---------------------------------------------------------------------------------------


def _checked_name(name: str) -> str:
    name = " ".join(name.split())
    if not name:
        raise UserError("The view has no name.",
                        "Type a name for it, such as “My reviews this week”.")
    if len(name) > MAX_NAME:
        raise UserError(f"The view's name is longer than {MAX_NAME} characters.",
                        "Shorten it: the list of views shows the whole name.")
    if not name.isprintable():
        raise UserError("The view's name holds a character that cannot be shown.",
                        "Type the name again, in letters, digits and punctuation.")
    reserved = [view.name for view in SAVED_VIEWS] + [CUSTOM]
    taken = next((other for other in reserved if other.casefold() == name.casefold()), None)
    if taken is not None:
        raise UserError(f"“{taken}” is the name of a view every inbox has.",
                        "Choose another name for your view.")
    if name.endswith(OFFICE_MARK.strip()) or name.endswith(OFFICE_MARK):
        raise UserError("A view's name may not end in “(office)”: the list marks the "
                        "office's views so.", "Choose another name.")
    return name


def _check_free(session: Session, name: str, *, account: Account, shared: bool,
                view_id: int | None = None) -> None:
    """Refuse a name the person already gave another view, or — for a view shared with the
    office — a name another shared view has (read in the writer's transaction)."""
    folded = name.casefold()
    for row in session.scalars(select(SavedInboxView).where(or_(
            SavedInboxView.owner_login == account.login, SavedInboxView.shared))):
        if row.id == view_id or row.name.casefold() != folded:
            continue
        if row.owner_login == account.login:
            raise UserError(f"You already have a view called “{row.name}”.",
                            "Choose another name, or rename or delete that view under "
                            "Manage views….")
        if shared:
            raise UserError(f"The office already shares a view called “{row.name}” (saved "
                            f"by {row.owner_name}).",
                            "Choose another name, or keep this view to yourself.")


def _own(session: Session, view_id: int, account: Account) -> SavedInboxView:
    """The view ``view_id`` if ``account`` owns it; a view of another's is refused."""
    row = session.get(SavedInboxView, view_id)
    if row is None or (row.owner_login != account.login and not row.shared):
        raise UserError("That view no longer exists.",
                        "Choose Refresh (F5): its owner may have deleted or unshared it.")
    if row.owner_login != account.login:
        raise NotAllowed(f"“{row.name}” is {row.owner_name}'s view, shared with the office; "
                         "only they change or delete it.",
                         "Save it under a name of your own to keep a view you can change.")
    return row


# -- the services ---------------------------------------------------------------------------


@service(Act.KEEP_VIEWS, "Listing the inbox's views")
def view_choices(database: Database, *, account: Account) -> list[ViewChoice]:
    """The views ``account`` may choose: the seven every inbox has, then their own (by name),
    then those others shared with the office (by name)."""
    with database.read_session() as session:
        rows = session.scalars(select(SavedInboxView).where(or_(
            SavedInboxView.owner_login == account.login, SavedInboxView.shared))).all()
        stored = [_choice(row, account) for row in rows]
    own = sorted((c for c in stored if c.own), key=lambda c: c.name.casefold())
    office = sorted((c for c in stored if not c.own), key=lambda c: (c.name.casefold(), c.owner))
    return [*BUILT_IN_CHOICES, *own, *office]


@service(Act.KEEP_VIEWS, "Saving a view of the inbox")
def save_view(database: Database, name: str, inbox_filter: InboxFilter, *,
              shared: bool = False, hidden_columns: Iterable[SortKey] = (),
              account: Account, clock: Clock) -> ViewChoice:
    """Save ``inbox_filter``'s filters and order (not its search words), and the columns it
    hides, as ``account``'s view called ``name`` — shared with the office if ``shared`` (the
    City Clerk's staff) — with its audit record, in one transaction."""
    name = _checked_name(name)
    if shared:
        require(account, Act.SHARE_VIEWS, "Sharing a view with the office")
    hidden = _hidden_json(hidden_columns)
    stored = filter_json(inbox_filter)

    def record(session: Session) -> ViewChoice:
        _check_free(session, name, account=account, shared=shared)
        now = clock()
        row = SavedInboxView(owner_login=account.login, owner_name=account.name, name=name,
                             shared=shared, filter_json=stored, hidden_columns=hidden,
                             created_at=now, updated_at=now)
        session.add(row)
        session.flush()
        audit.append(session, actor=account.display, action="saved_view.save", at=now,
                     summary=f"Saved the inbox view “{name}”"
                             + (", shared with the office" if shared else ""),
                     detail={"view_id": row.id, "name": name, "shared": shared,
                             "filter": json.loads(stored)})
        return _choice(row, account)

    return database.write(record)


@service(Act.KEEP_VIEWS, "Renaming a view of the inbox")
def rename_view(database: Database, view_id: int, name: str, *, account: Account,
                clock: Clock) -> ViewChoice:
    """Call ``account``'s own view ``view_id`` ``name``, with its audit record."""
    name = _checked_name(name)

    def record(session: Session) -> ViewChoice:
        row = _own(session, view_id, account)
        _check_free(session, name, account=account, shared=row.shared, view_id=row.id)
        before = row.name
        row.name, row.updated_at = name, clock()
        session.flush()
        audit.append(session, actor=account.display, action="saved_view.rename",
                     at=row.updated_at, summary=f"Renamed the inbox view “{before}” to “{name}”",
                     detail={"view_id": row.id, "name": name, "was": before})
        return _choice(row, account)

    return database.write(record)


@service(Act.KEEP_VIEWS, "Sharing a view of the inbox")
def share_view(database: Database, view_id: int, shared: bool, *, account: Account,
               clock: Clock) -> ViewChoice:
    """Share ``account``'s own view with the office (the City Clerk's staff), or keep it to
    themselves again (its owner, whatever their role), with its audit record."""
    if shared:
        require(account, Act.SHARE_VIEWS, "Sharing a view with the office")

    def record(session: Session) -> ViewChoice:
        row = _own(session, view_id, account)
        if shared:
            _check_free(session, row.name, account=account, shared=True, view_id=row.id)
        row.shared, row.updated_at = shared, clock()
        session.flush()
        audit.append(session, actor=account.display,
                     action="saved_view.share" if shared else "saved_view.unshare",
                     at=row.updated_at,
                     summary=(f"Shared the inbox view “{row.name}” with the office" if shared
                              else f"Stopped sharing the inbox view “{row.name}”"),
                     detail={"view_id": row.id, "name": row.name, "shared": shared})
        return _choice(row, account)

    return database.write(record)


@service(Act.KEEP_VIEWS, "Deleting a view of the inbox")
def delete_view(database: Database, view_id: int, *, account: Account, clock: Clock) -> None:
    """Delete ``account``'s own view ``view_id``, with its audit record."""
    def record(session: Session) -> None:
        row = _own(session, view_id, account)
        name, shared = row.name, row.shared
        session.delete(row)
        session.flush()
        audit.append(session, actor=account.display, action="saved_view.delete", at=clock(),
                     summary=f"Deleted the inbox view “{name}”",
                     detail={"view_id": view_id, "name": name, "shared": shared})

    database.write(record)


__all__ = ["BUILT_IN_CHOICES", "MAX_NAME", "OFFICE_MARK", "ViewChoice", "ViewKind",
           "delete_view", "filter_json", "read_filter", "rename_view", "save_view",
           "share_view", "view_choices", "view_filter"]
