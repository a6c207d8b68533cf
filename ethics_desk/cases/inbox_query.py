"""The inbox's SQL: ids, counts and pages of rows for an :class:`~ethics_desk.cases.inbox.InboxFilter`.

Filters, search and sorting are answered on the complaint's listing columns
(``ethics_desk.cases.listing``) — search on the database's trigram index
(:mod:`ethics_desk.cases.search_index`) — one query per page with ``LIMIT``/``OFFSET`` and a tie-break on the
id. What the filters and rows mean is in :mod:`ethics_desk.cases.inbox`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from datetime import date
from math import isqrt
from typing import Any

from sqlalchemy import (
    ColumnElement,
    Connection,
    Integer,
    Select,
    and_,
    case,
    column,
    func,
    select,
    type_coerce,
)
from sqlalchemy import text as sql_text
from sqlalchemy.orm import QueryableAttribute
from sqlalchemy.sql.elements import True_, UnaryExpression
from sqlalchemy.types import NullType

from ethics_desk.cases import list_reads, search_index
from ethics_desk.cases.inbox import (
    LIKE_ESCAPE,
    PAGE_SIZE,
    SOON_BUSINESS_DAYS,
    BusinessDayCounter,
    DueWindow,
    InboxFilter,
    InboxRow,
    RowPage,
    SortKey,
    inbox_row,
    like_pattern,
    listing_values,
)
from ethics_desk.core.account import Account
from ethics_desk.core.clock import Clock
from ethics_desk.deadlines import ClockKind
from ethics_desk.deadlines.schedule import load_calendars
from ethics_desk.models import CaseState, Complaint, Deadline, DeadlineStatus
from ethics_desk.staff.scope import case_condition
from ethics_desk.storage import search_table
from ethics_desk.storage.audit import Viewer
from ethics_desk.storage.database import Database
from ethics_desk.storage.failures import translate_errors

__all__ = ["InboxQuery"]


def search_conditions(text: str, dialect: str, *,
                      common: bool = False) -> list[ColumnElement[bool]]:
    """The WHERE clauses of searching for ``text`` on the ``dialect``'s search index
    (:mod:`ethics_desk.cases.search_index`): every word must be found.

    On SQLite the index's matches are the cases looked up (``id IN`` the FTS5 table's rowids);
    a ``common`` search (:meth:`InboxQuery.is_common`) is instead the plain ``LIKE`` on the same
    columns, which lets SQLite walk the list in its order and stop at the page's end — the same
    cases either way. PostgreSQL's planner makes that choice itself from its statistics.
    """
    search = search_index.plan(text)
    where: list[ColumnElement[bool]] = []
    if search.indexed and dialect == "sqlite" and not common:
        matching = (sql_text(f"SELECT rowid FROM {search_table.TABLE} "
                             f"WHERE {search_table.TABLE} MATCH :search_match")
                    .bindparams(search_match=search_index.fts_query(search))
                    .columns(column("rowid", Integer)))
        where.append(Complaint.id.in_(matching))
    elif search.indexed:  # pg_trgm's GIN indexes answer LIKE; SQLite reads it row by row
        where += [Complaint.search_key.like(like_pattern(s), escape=LIKE_ESCAPE)
                  for s in search.key_substrings]
        where += [Complaint.search_words.like(like_pattern(s), escape=LIKE_ESCAPE)
                  for s in search.word_substrings]
    where += [Complaint.search_key.like(like_pattern(s), escape=LIKE_ESCAPE)
              for s in search.unindexed]
    return where


# -- the query ---------------------------------------------------------------------------------


_COLUMNS = (Complaint.id, Complaint.case_number, Complaint.received_at,
            Complaint.complainant_names, Complaint.respondent_names, Complaint.route,
            Complaint.state, Complaint.next_due_on, Complaint.next_due_title)
_LISTING = tuple(type_coerce(column, NullType()).label(column.key) for column in _COLUMNS)
"""The listing columns read as stored: SQLAlchemy converts nothing; :func:`listing_values`
converts a row when the view first shows it (a page is 200 rows, a screen about 30)."""

_STATE_ORDER = case({state: position for position, state in enumerate(CaseState)},
                    value=Complaint.state)
"""States sort in the order of the process (design § 2), not alphabetically."""


def _sort_keys(key: SortKey) -> Sequence[ColumnElement[Any] | QueryableAttribute[Any]]:
    if key is SortKey.CASE:
        return (Complaint.case_year, Complaint.case_seq)
    if key is SortKey.RECEIVED:
        return (Complaint.received_at,)
    if key is SortKey.COMPLAINANT:
        return (func.lower(Complaint.complainant_names),)
    if key is SortKey.RESPONDENTS:
        return (func.lower(Complaint.respondent_names),)
    if key is SortKey.ROUTE:
        return (Complaint.route,)
    if key is SortKey.STATE:
        return (_STATE_ORDER,)
    if key is SortKey.NEXT_DEADLINE:
        return (func.nullif(Complaint.next_due_title, ""),)
    return (Complaint.next_due_on,)  # DUE and DAYS_LEFT: the same order


def _always(condition: ColumnElement[bool]) -> bool:
    """Whether a condition keeps every row (the City Clerk's staff's case scope)."""
    return isinstance(condition, True_)


_INDEXED_ORDERS = frozenset({SortKey.CASE, SortKey.RECEIVED, SortKey.DUE, SortKey.DAYS_LEFT})
"""The orders SQLite has an index for (case number, receipt, next due date)."""
FEWEST_COMMON = 2_000
"""Below this many matches a search is never common (looked up and sorted, however many cases)."""


class InboxQuery:
    """The inbox's questions to the database for one day: ids, counts and pages of rows.

    Given the signed-in ``account``, every row, id and count is of the complaints that person
    receives (:func:`ethics_desk.staff.scope.case_condition`).

    ``today`` is the office's date; the City calendar is loaded on first need and kept for the
    life of the object (make a new one after the calendar or the date changes).

    Given the ``clock`` too, every page of rows read is a read on record: one audit record per
    page shown, naming its cases (:func:`ethics_desk.cases.list_reads.list_shown`).
    """

    def __init__(self, database: Database, today: date, account: Account | None = None, *,
                 clock: Clock | None = None) -> None:
        self.database = database
        self.today = today
        self.account = account
        self.clock = clock
        self._counter: BusinessDayCounter | None = None
        self._cases: int | None = None
        self._build = self._row  # one builder, so that pages of this query can be joined

    @property
    def counter(self) -> BusinessDayCounter:
        """Business-day counting on the City's calendar (loaded once)."""
        if self._counter is None:
            with translate_errors(), self.database.read_session() as session:
                self._counter = BusinessDayCounter(load_calendars(session).city)
        return self._counter

    # -- SQL ----------------------------------------------------------------------------------

    def is_common(self, inbox_filter: InboxFilter) -> bool:
        """Whether the filter's search matches so many cases, in an order SQLite keeps an index
        of, that walking the list in that order finds a page sooner than looking every match up
        and sorting them: on SQLite, when the index holds at least :meth:`common_matches` of
        them (counted up to that, one query that stops there)."""
        with self.database.statements() as conn:
            return self._is_common(conn, inbox_filter)

    def _is_common(self, conn: Connection, inbox_filter: InboxFilter) -> bool:
        search = search_index.plan(inbox_filter.text)
        if (self.database.engine.dialect.name != "sqlite" or not search.indexed
                or inbox_filter.sort not in _INDEXED_ORDERS):
            return False
        self._count_cases(conn)
        enough = self.common_matches()
        probe = sql_text(f"SELECT count(*) FROM (SELECT rowid FROM {search_table.TABLE} WHERE "
                         f"{search_table.TABLE} MATCH :q LIMIT :enough)")
        found = int(conn.execute(probe, {"q": search_index.fts_query(search),
                                         "enough": enough}).scalar_one())
        return found >= enough

    def common_matches(self) -> int:
        """How many matches make a search common: about √(page × cases), where the two plans
        read about as many rows (at least :data:`FEWEST_COMMON`)."""
        if self._cases is None:
            with self.database.statements() as conn:
                self._count_cases(conn)
        return max(FEWEST_COMMON, isqrt(PAGE_SIZE * (self._cases or 0)))

    def _count_cases(self, conn: Connection) -> None:
        """How many cases there are, near enough (the highest id), read once."""
        if self._cases is None:
            self._cases = int(conn.execute(select(func.max(Complaint.id))).scalar() or 0)

    def conditions(self, inbox_filter: InboxFilter, *,
                   common: bool = False) -> list[ColumnElement[bool]]:
        """The WHERE clauses of a filter (``common``: see :func:`search_conditions`)."""
        f = inbox_filter
        where = search_conditions(f.text, self.database.engine.dialect.name, common=common)
        if self.account is not None:  # only what the person receives, § 2-83(d), (h)(1)
            where.append(case_condition(self.account))
        if f.states is not None:
            where.append(Complaint.state.in_(sorted(f.states)))
        if f.routes is not None:
            where.append(Complaint.route.in_(sorted(f.routes)))
        if f.reviewer is not None:
            where.append(Complaint.id.in_(
                select(Deadline.complaint_id).where(Deadline.status == DeadlineStatus.OPEN,
                                                    Deadline.clock == ClockKind.REVIEW.value,
                                                    Deadline.subject == f.reviewer.value)))
        if f.due is not None:
            where.append(self._due_condition(f.due))
        return where

    def _due_condition(self, window: DueWindow) -> ColumnElement[bool]:
        due = Complaint.next_due_on
        if window is DueWindow.OVERDUE:
            return due < self.today
        if window is DueWindow.TODAY:
            return due == self.today
        if window is DueWindow.THIS_WEEK:
            return due.between(self.today, self.counter.week_end(self.today))
        if window is DueWindow.NEXT_TWO_BUSINESS_DAYS:
            last = self.counter.nth_after(self.today, SOON_BUSINESS_DAYS)
            return and_(due > self.today, due <= last)
        return due.is_(None)

    def order_by(self, inbox_filter: InboxFilter) -> list[UnaryExpression[Any]]:
        """The ORDER BY of a filter: its column, missing values last, then the id."""
        order: list[UnaryExpression[Any]] = []
        for key in _sort_keys(inbox_filter.sort):
            ordered = key.desc() if inbox_filter.descending else key.asc()
            order.append(ordered.nulls_last())
        order.append(Complaint.id.desc() if inbox_filter.descending else Complaint.id.asc())
        return order

    def page_statement(self, inbox_filter: InboxFilter, offset: int, limit: int, *,
                       common: bool | None = None) -> Select[*tuple[Any, ...]]:
        """The SELECT that fetches a page (benchmarks run its SQL text as it is); ``common``
        is :meth:`is_common`, asked of the database when not given."""
        if common is None:
            common = self.is_common(inbox_filter)
        return (select(*_LISTING).where(*self.conditions(inbox_filter, common=common))
                .order_by(*self.order_by(inbox_filter)).limit(limit).offset(offset))

    # -- answers ------------------------------------------------------------------------------

    def page(self, inbox_filter: InboxFilter, offset: int = 0,
             limit: int = PAGE_SIZE) -> list[InboxRow]:
        """Rows ``offset`` to ``offset + limit`` of the filter's list, in one query."""
        return self.rows(inbox_filter, offset, limit).built()

    def rows(self, inbox_filter: InboxFilter, offset: int = 0,
             limit: int = PAGE_SIZE) -> RowPage:
        """:meth:`page`, each row built when first read (the one query is made now)."""
        with self.database.statements() as conn:  # the index's probe and the page, on one
            common = self._is_common(conn, inbox_filter)
            values = conn.execute(self.page_statement(inbox_filter, offset, limit,
                                                      common=common)).all()
        if self.account is not None and self.clock is not None:  # § 2-83(h): names shown
            listed = list_reads.SEARCH if inbox_filter.text.strip() else list_reads.INBOX
            list_reads.list_shown(self.database, listed, [int(v[0]) for v in values],
                                  viewer=Viewer.of(self.account, self.clock), part=offset)
        return RowPage(values, self._build)

    def rows_of(self, ids: Sequence[int]) -> RowPage:
        """The rows of these cases, in the order of ``ids``, in one query by primary key (no
        OFFSET: a page the inbox let go of is read again this way); of the complaints the
        signed-in person receives only, and a case no longer there is left out."""
        statement = select(*_LISTING).where(Complaint.id.in_(list(ids)))
        if self.account is not None:  # § 2-83(d), (h)(1): the same scope as every page
            statement = statement.where(case_condition(self.account))
        with self.database.statements() as conn:
            found: dict[int, Any] = {}
            for values in conn.execute(statement):
                case_id: Any = values[0]
                found[int(case_id)] = values
        return RowPage([found[case_id] for case_id in ids if case_id in found], self._build)

    def every_row(self, inbox_filter: InboxFilter) -> RowPage:
        """Every row of the filter's list in its order, in one query without ``LIMIT`` (one
        snapshot): what the docket's export writes (:mod:`ethics_desk.cases.docket`), with the
        conditions, scope and order of every page. Not recorded as shown here — the export
        records itself."""
        statement = (select(*_LISTING).where(*self.conditions(inbox_filter))
                     .order_by(*self.order_by(inbox_filter)))
        with self.database.statements() as conn:
            return RowPage(conn.execute(statement).all(), self._build)

    def ids(self, inbox_filter: InboxFilter) -> list[int]:
        """Every matching case's id, in the filter's order (one query, ids only)."""
        statement = (select(Complaint.id).where(*self.conditions(inbox_filter))
                     .order_by(*self.order_by(inbox_filter)))
        with self.database.statements() as conn:
            return list(conn.execute(statement).scalars())

    def count(self, inbox_filter: InboxFilter) -> int:
        """How many cases match."""
        search = search_index.plan(inbox_filter.text)
        others = self.conditions(replace(inbox_filter, text=""))
        if (self.database.engine.dialect.name == "sqlite" and search.indexed
                and not search.unindexed and all(_always(c) for c in others)):
            # every case the person receives: the index counts its matches alone
            statement = (select(func.count()).select_from(sql_text(search_table.TABLE))
                         .where(sql_text(f"{search_table.TABLE} MATCH :search_match")
                                .bindparams(search_match=search_index.fts_query(search))))
        else:
            statement = (select(func.count()).select_from(Complaint)
                         .where(*self.conditions(inbox_filter)))
        with self.database.statements() as conn:
            return int(conn.execute(statement).scalar_one())

    def _row(self, row: Sequence[Any]) -> InboxRow:
        return inbox_row(listing_values(row), self.today, lambda: self.counter)
