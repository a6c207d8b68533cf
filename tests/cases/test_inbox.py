"""The inbox's questions: search that ignores case and accents, saved views, filters, SQL sorting,
paging, and business days left counted on the City's calendar."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from datetime import UTC, date, datetime, timedelta
from typing import Any

import pytest
from sqlalchemy import event, func, select

from ethics_desk.cases.inbox import (
    ALL_CASES,
    ALL_PENDING,
    AWAITING_RESPONSE,
    DRAFTS,
    DUE_TODAY,
    OVERDUE,
    PENDING_STATES,
    SAVED_VIEWS,
    THIS_WEEK,
    BusinessDayCounter,
    DueWindow,
    InboxFilter,
    InboxRow,
    SortKey,
    Urgency,
    like_pattern,
    saved_view,
    search_words,
    urgency_of,
)
from ethics_desk.cases.inbox_query import InboxQuery
from ethics_desk.cases.listing import refresh_listing
from ethics_desk.deadlines.schedule import load_calendars
from ethics_desk.models import (
    CaseState,
    Complainant,
    Complaint,
    Deadline,
    DeadlineStatus,
    Respondent,
    ReviewerRole,
    Route,
)
from ethics_desk.storage.database import Database
from tests.conftest import DEMO_TODAY, NOW, DemoTemplate

TODAY = DEMO_TODAY  # Monday 30 Nov 2026; Thanksgiving was Thursday the 26th, the City closed Friday
EVERYTHING = 10_000


# -- fixtures and builders ----------------------------------------------------------------------


@pytest.fixture(scope="module")
def demo(demo_template: DemoTemplate,
         tmp_path_factory: pytest.TempPathFactory) -> Iterator[Database]:
    """The demonstration database (44 cases in every state), one copy for the module."""
    yield from demo_template.copy(tmp_path_factory.mktemp("inbox-demo"))


@pytest.fixture
def inbox(demo: Database) -> InboxQuery:
    """The inbox's query on the demonstration data, today."""
    return InboxQuery(demo, TODAY)


@dataclass(frozen=True)
class CaseSpec:
    """A case to insert directly (the listing kept by ``refresh_listing``, as the workflow does)."""

    complainant: str = "Ana Ruiz"
    respondents: tuple[str, ...] = ("Raymond Ortega",)
    state: CaseState = CaseState.UNDER_REVIEW
    route: Route = Route.ETHICS_CODE
    received_on: date | None = date(2026, 11, 2)
    due_on: date | None = None
    title: str = "Independent review for compliance with the filing requirements of § 2-83(c)"
    reviewer: ReviewerRole | None = None


def insert_cases(database: Database, specs: Iterable[CaseSpec]) -> list[int]:
    """Write the cases with their parties and open deadline; returns their ids in order."""
    with database.unit_of_work() as session:
        complaints: list[tuple[Complaint, CaseSpec]] = []
        for spec in specs:
            complaint = Complaint(state=spec.state, route=spec.route, created_at=NOW, updated_at=NOW)
            if spec.received_on is not None:
                year = spec.received_on.year
                seq = (session.scalar(select(func.max(Complaint.case_seq))
                                      .where(Complaint.case_year == year)) or 0) + 1
                complaint.case_year, complaint.case_seq = year, seq
                complaint.case_number = f"ERB-{year}-{seq:03d}"
                complaint.received_at = datetime(year, spec.received_on.month,
                                                 spec.received_on.day, 16, 0, tzinfo=UTC)
            complainant = Complainant(position=0)
            complainant.set_name(spec.complainant)
            complaint.complainants.append(complainant)
            for position, name in enumerate(spec.respondents):
                respondent = Respondent(position=position, title="Official")
                respondent.set_name(name)
                complaint.respondents.append(respondent)
            session.add(complaint)
            session.flush()
            complaints.append((complaint, spec))
        for complaint, spec in complaints:
            refresh_listing(complaint)
            if spec.due_on is not None:
                session.add(Deadline(
                    complaint_id=complaint.id, clock="review",
                    subject=spec.reviewer.value if spec.reviewer else "", title=spec.title,
                    citation="City Code § 2-83(d)(1)", trigger_on=spec.due_on - timedelta(7),
                    length=5, due_on=spec.due_on, status=DeadlineStatus.OPEN))
                complaint.next_due_on = spec.due_on
                complaint.next_due_title = spec.title
        return [complaint.id for complaint, _ in complaints]


def all_rows(query: InboxQuery, inbox_filter: InboxFilter) -> list[InboxRow]:
    """Every row of a filter, in one page."""
    return query.page(inbox_filter, 0, EVERYTHING)


def complaints_where(database: Database, keep: Callable[[Complaint], bool]) -> set[int]:
    """The ids of the complaints ``keep`` accepts, judged in Python over every record."""
    with database.read_session() as session:
        return {c.id for c in session.scalars(select(Complaint)) if keep(c)}


def ids_of(rows: Iterable[InboxRow]) -> set[int]:
    """The case ids of some rows."""
    return {row.id for row in rows}


def everyone(database: Database, name: str) -> set[int]:
    """The cases on which ``name`` is a complainant or a respondent."""
    with database.read_session() as session:
        return set(session.scalars(select(Complainant.complaint_id)
                                   .where(Complainant.name == name))) | \
            set(session.scalars(select(Respondent.complaint_id).where(Respondent.name == name)))


# -- search --------------------------------------------------------------------------------------


@pytest.mark.parametrize("typed", ["pena", "PEÑA", "Peña", "  peña  "])
def test_search_ignores_case_and_accents(inbox: InboxQuery, demo: Database, typed: str) -> None:
    found = ids_of(all_rows(inbox, saved_view(ALL_CASES).with_text(typed)))
    assert found == everyone(demo, "José Peña")
    assert len(found) >= 3


def test_search_finds_vietnamese_names_without_their_diacritics(
        inbox: InboxQuery, demo: Database) -> None:
    found = ids_of(all_rows(inbox, saved_view(ALL_CASES).with_text("nguyen")))
    assert found == everyone(demo, "Nguyễn Thị Minh Khai") and found


def test_search_finds_letters_that_do_not_decompose(inbox: InboxQuery, demo: Database) -> None:
    found = ids_of(all_rows(inbox, saved_view(ALL_CASES).with_text("odegard")))
    assert found == everyone(demo, "Zoë Ødegård") and found
    assert found == ids_of(all_rows(inbox, saved_view(ALL_CASES).with_text("Ødegård")))


@pytest.mark.parametrize("typed", ["Иван", "иван", "ИВАН ПЕТРОВ"])
def test_search_finds_cyrillic_names_as_typed(inbox: InboxQuery, demo: Database,
                                              typed: str) -> None:
    found = ids_of(all_rows(inbox, saved_view(ALL_CASES).with_text(typed)))
    assert found == everyone(demo, "Иван Петров") and found


def test_search_finds_chinese_names(inbox: InboxQuery, demo: Database) -> None:
    assert ids_of(all_rows(inbox, saved_view(ALL_CASES).with_text("李小龙"))) == \
        everyone(demo, "李小龙")


def test_every_search_word_must_match(inbox: InboxQuery, demo: Database) -> None:
    both = ids_of(all_rows(inbox, saved_view(ALL_CASES).with_text("pena ybarra")))
    assert both == everyone(demo, "José Peña") & everyone(demo, "Jorge Ybarra")
    assert len(both) == 1
    assert all_rows(inbox, saved_view(ALL_CASES).with_text("pena nobody")) == []


def test_search_finds_a_case_by_any_part_of_its_number(inbox: InboxQuery) -> None:
    rows = all_rows(inbox, saved_view(ALL_CASES).with_text("ERB-2026-01"))
    assert sorted(row.case_number for row in rows) == [f"ERB-2026-{n:03d}" for n in range(10, 20)]
    [row] = all_rows(inbox, saved_view(ALL_CASES).with_text("erb-2026-014"))
    assert row.case_number == "ERB-2026-014"
    assert {row.case_number for row in all_rows(inbox, saved_view(ALL_CASES).with_text("026-01"))}\
        == {f"ERB-2026-{n:03d}" for n in range(10, 20)}


@pytest.mark.parametrize("typed", ["ERB-2026-0", "erb-2026-03", "erb-2026", "erb-2025-", "026-04",
                                   "ana", "garza", "o'brien", "draft 4", "|"])
def test_search_keeps_exactly_the_cases_whose_key_holds_every_word(
        inbox: InboxQuery, demo: Database, typed: str) -> None:
    words = search_words(typed)
    expected = complaints_where(demo, lambda c: all(key_holds(c.search_key, w) for w in words))
    assert ids_of(all_rows(inbox, saved_view(ALL_CASES).with_text(typed))) == expected


def key_holds(key: str, word: str) -> bool:
    """The rule of a search word: three characters or more anywhere in the key; one or two
    letters or digits at the start of one of its words; other short words anywhere."""
    if len(word) < 3 and re.fullmatch(r"[^\W_]+", word):
        return any(part.startswith(word) or ("\u4e00" <= word[0] <= "\u9fff" and word in part)
                   for part in re.findall(r"[^\W_]+", key))
    return word in key


@pytest.mark.parametrize("typed", ["4", "p", "er", "20", "RU"])
def test_a_one_or_two_letter_word_finds_the_start_of_a_word_of_the_key(
        inbox: InboxQuery, demo: Database, typed: str) -> None:
    word = search_words(typed)[0]
    expected = complaints_where(demo, lambda c: any(
        part.startswith(word) for part in re.split(r"[ |\-']+", c.search_key)))
    assert expected
    assert ids_of(all_rows(inbox, saved_view(ALL_CASES).with_text(typed))) == expected


def test_search_finds_a_draft_by_its_number(inbox: InboxQuery, demo: Database) -> None:
    [draft] = sorted(complaints_where(demo, lambda c: c.state is CaseState.DRAFT))[:1]
    rows = all_rows(inbox, saved_view(ALL_CASES).with_text(f"Draft {draft}"))
    assert draft in ids_of(rows)
    assert next(r for r in rows if r.id == draft).case_number == f"Draft {draft}"


def test_percent_and_underscore_typed_in_a_search_match_only_themselves(
        database: Database) -> None:
    odd, plain = insert_cases(database, [CaseSpec(respondents=("Fifty_Fifty 50% Holdings",)),
                                         CaseSpec(respondents=("Fiftyx Fifty 500 Holdings",))])
    query = InboxQuery(database, TODAY)
    every = saved_view(ALL_CASES)
    assert ids_of(all_rows(query, every.with_text("50%"))) == {odd}
    assert ids_of(all_rows(query, every.with_text("y_f"))) == {odd}
    assert all_rows(query, every.with_text("%")) == all_rows(query, every.with_text("50%"))
    assert all_rows(query, every.with_text("5_0")) == []
    assert all_rows(query, every.with_text("\\")) == []
    assert plain in ids_of(all_rows(query, every.with_text("fifty")))


def test_like_patterns_escape_the_wildcards_and_the_escape() -> None:
    assert like_pattern("50%_a\\b") == "%50\\%\\_a\\\\b%"
    assert search_words("  José   PEÑA ") == ["jose", "pena"]


# -- saved views and filters ----------------------------------------------------------------------


VIEW_RULES: dict[str, Callable[[Complaint], bool]] = {
    DUE_TODAY: lambda c: c.next_due_on == TODAY,
    OVERDUE: lambda c: c.next_due_on is not None and c.next_due_on < TODAY,
    THIS_WEEK: lambda c: c.next_due_on is not None and TODAY <= c.next_due_on <= date(2026, 12, 4),
    AWAITING_RESPONSE: lambda c: c.state is CaseState.AWAITING_RESPONSE,
    DRAFTS: lambda c: c.state is CaseState.DRAFT,
    ALL_PENDING: lambda c: c.state.is_pending,
    ALL_CASES: lambda c: True,
}


@pytest.mark.parametrize("name", [view.name for view in SAVED_VIEWS])
def test_each_saved_view_shows_the_cases_it_names(inbox: InboxQuery, demo: Database,
                                                  name: str) -> None:
    expected = complaints_where(demo, VIEW_RULES[name])
    assert ids_of(all_rows(inbox, saved_view(name))) == expected
    assert expected, f"the demonstration has no case for {name}"


def test_the_saved_views_are_in_the_clerks_order_with_due_today_first() -> None:
    assert [view.name for view in SAVED_VIEWS] == [
        "Due today", "Overdue", "This week", "Awaiting response", "Drafts", "All pending",
        "All cases"]
    assert saved_view("All pending").states == PENDING_STATES
    with pytest.raises(KeyError):
        saved_view("Nothing like it")


@pytest.mark.parametrize("state", list(CaseState))
def test_the_state_filter_keeps_that_state(inbox: InboxQuery, demo: Database,
                                           state: CaseState) -> None:
    rows = all_rows(inbox, InboxFilter(states=frozenset({state})))
    assert ids_of(rows) == complaints_where(demo, lambda c: c.state is state)
    assert all(row.state_label == state.label for row in rows)


@pytest.mark.parametrize("route", list(Route))
def test_the_route_filter_keeps_that_route(inbox: InboxQuery, demo: Database,
                                           route: Route) -> None:
    rows = all_rows(inbox, InboxFilter(routes=frozenset({route})))
    assert ids_of(rows) == complaints_where(demo, lambda c: c.route is route) and rows


@pytest.mark.parametrize("role", list(ReviewerRole))
def test_the_reviewer_filter_keeps_cases_with_that_reviewers_review_open(
        inbox: InboxQuery, demo: Database, role: ReviewerRole) -> None:
    with demo.read_session() as session:
        expected = set(session.scalars(select(Deadline.complaint_id).where(
            Deadline.clock == "review", Deadline.subject == role.value,
            Deadline.status == DeadlineStatus.OPEN)))
    assert ids_of(all_rows(inbox, InboxFilter(reviewer=role))) == expected and expected


def test_a_closed_review_does_not_count_for_the_reviewer_filter(database: Database) -> None:
    [case_id] = insert_cases(database, [CaseSpec(due_on=date(2026, 12, 2),
                                                 reviewer=ReviewerRole.CHAIR)])
    query = InboxQuery(database, TODAY)
    assert ids_of(all_rows(query, InboxFilter(reviewer=ReviewerRole.CHAIR))) == {case_id}
    assert all_rows(query, InboxFilter(reviewer=ReviewerRole.VICE_CHAIR)) == []
    with database.unit_of_work() as session:
        for deadline in session.scalars(select(Deadline)):
            deadline.status = DeadlineStatus.MET
    assert all_rows(query, InboxFilter(reviewer=ReviewerRole.CHAIR)) == []


def test_the_due_windows_follow_the_city_calendar(database: Database) -> None:
    days = {"overdue": date(2026, 11, 25), "today": TODAY, "tomorrow": date(2026, 12, 1),
            "second": date(2026, 12, 2), "third": date(2026, 12, 3),
            "friday": date(2026, 12, 4), "next week": date(2026, 12, 7), "none": None}
    ids = dict(zip(days, insert_cases(database, [CaseSpec(due_on=d) for d in days.values()]),
                   strict=True))
    query = InboxQuery(database, TODAY)

    def window(due: DueWindow) -> set[str]:
        found = ids_of(all_rows(query, InboxFilter(due=due)))
        return {name for name, case_id in ids.items() if case_id in found}

    assert window(DueWindow.OVERDUE) == {"overdue"}
    assert window(DueWindow.TODAY) == {"today"}
    assert window(DueWindow.NEXT_TWO_BUSINESS_DAYS) == {"tomorrow", "second"}
    assert window(DueWindow.THIS_WEEK) == {"today", "tomorrow", "second", "third", "friday"}
    assert window(DueWindow.NONE) == {"none"}


def test_this_week_skips_the_thanksgiving_closures(database: Database) -> None:
    with database.read_session() as session:
        counter = BusinessDayCounter(load_calendars(session).city)
    # Wednesday before Thanksgiving: Wed 25, (Thu, Fri closed, weekend), Mon 30, Tue 1, Wed 2, Thu 3.
    assert counter.week_end(date(2026, 11, 25)) == date(2026, 12, 3)
    assert counter.week_end(TODAY) == date(2026, 12, 4)
    assert counter.week_end(date(2026, 11, 29)) == date(2026, 12, 4)  # from a Sunday


def test_filters_and_search_combine(inbox: InboxQuery, demo: Database) -> None:
    rows = all_rows(inbox, saved_view(ALL_PENDING).with_text("Sharon Tillman"))
    assert ids_of(rows) == everyone(demo, "Sharon Tillman") & complaints_where(
        demo, lambda c: c.state.is_pending)
    assert rows and all(row.state.is_pending for row in rows)


# -- sorting and paging ---------------------------------------------------------------------------


def _ascii_lower(text: str) -> str:
    """What SQLite's lower() does: ASCII letters only."""
    return "".join(chr(ord(c) + 32) if "A" <= c <= "Z" else c for c in text)


STATE_ORDER = {state: number for number, state in enumerate(CaseState)}
SORT_VALUES: dict[SortKey, Callable[[InboxRow], Any]] = {
    SortKey.CASE: lambda r: None if r.case_number.startswith("Draft")
    else tuple(int(part) for part in r.case_number.split("-")[1:]),
    SortKey.RECEIVED: lambda r: r.received_at,
    SortKey.COMPLAINANT: lambda r: _ascii_lower(r.complainant),
    SortKey.RESPONDENTS: lambda r: _ascii_lower(r.respondents),
    SortKey.ROUTE: lambda r: r.route.value if r.route else None,
    SortKey.STATE: lambda r: STATE_ORDER[r.state],
    SortKey.NEXT_DEADLINE: lambda r: r.next_due_title or None,
    SortKey.DUE: lambda r: r.next_due_on,
    SortKey.DAYS_LEFT: lambda r: r.business_days_left,
}


@pytest.mark.parametrize("descending", [False, True], ids=["ascending", "descending"])
@pytest.mark.parametrize("key", list(SortKey))
def test_sorting_by_every_column_is_in_sql_stable_and_puts_missing_values_last(
        inbox: InboxQuery, key: SortKey, descending: bool) -> None:
    rows = all_rows(inbox, InboxFilter(sort=key, descending=descending))
    assert len(rows) == 44
    values = [SORT_VALUES[key](row) for row in rows]
    present = [(value, row.id) for value, row in zip(values, rows, strict=True)
               if value is not None]
    missing = [value for value in values if value is None]
    assert values == [value for value, _ in present] + missing  # missing values last
    assert present == sorted(present, reverse=descending)  # ties broken by the id
    assert len({value for value, _ in present}) > 1


def test_state_sorts_in_the_order_of_the_process(inbox: InboxQuery) -> None:
    states = [row.state for row in all_rows(inbox, InboxFilter(sort=SortKey.STATE))]
    assert states.index(CaseState.DRAFT) < states.index(CaseState.FILED) < \
        states.index(CaseState.UNDER_REVIEW) < states.index(CaseState.RESOLVED)


def test_pages_follow_each_other_without_gaps_or_repeats(inbox: InboxQuery) -> None:
    for inbox_filter in (saved_view(ALL_CASES), InboxFilter(sort=SortKey.ROUTE),
                         InboxFilter(sort=SortKey.STATE, descending=True)):
        paged: list[int] = []
        while page := inbox.page(inbox_filter, len(paged), 7):
            paged += [row.id for row in page]
        assert paged == inbox.ids(inbox_filter)
        assert len(paged) == len(set(paged)) == inbox.count(inbox_filter) == 44


def test_a_page_is_one_sql_query_and_a_search_one_more_that_stops_early(
        inbox: InboxQuery, demo: Database) -> None:
    inbox.counter.ordinal(TODAY)  # the calendar is loaded once per query object, first
    inbox.common_matches()  # and the number of cases
    statements: list[str] = []

    def count(_conn: Any, _cursor: Any, statement: str, *_args: Any) -> None:
        if statement.lstrip().upper().startswith("SELECT"):
            statements.append(statement)

    event.listen(demo.engine, "before_cursor_execute", count)
    try:
        rows = inbox.page(InboxFilter(text="erb", due=DueWindow.THIS_WEEK, reviewer=None,
                                      states=PENDING_STATES), 0, 200)
        searched = list(statements)
        more = inbox.page(saved_view(ALL_PENDING), 5, 10)
    finally:
        event.remove(demo.engine, "before_cursor_execute", count)
    assert rows and more
    expected = 2 if demo.engine.dialect.name == "sqlite" else 1  # SQLite: how common it is
    assert len(searched) == expected and len(statements) == expected + 1
    assert all("LIMIT" in statement for statement in statements)


def test_a_lazy_page_builds_only_the_rows_read_and_the_same_rows_as_a_page(
        inbox: InboxQuery, monkeypatch: pytest.MonkeyPatch) -> None:
    built: list[int] = []
    real = inbox._build
    monkeypatch.setattr(inbox, "_build", lambda values: built.append(values[0]) or real(values))
    lazy = inbox.rows(saved_view(ALL_CASES), 0, 20)
    assert built == [] and len(lazy) == 20
    ids = [lazy.id_at(i) for i in range(len(lazy))]
    assert built == []  # ids are known without building rows
    assert lazy[3] == inbox.page(saved_view(ALL_CASES), 0, 20)[3]
    assert built[:1] == [ids[3]]
    lazy.extend(inbox.rows(saved_view(ALL_CASES), 20, 5))
    assert [row.id for row in lazy.built()] == inbox.ids(saved_view(ALL_CASES))[:25]
    assert lazy.head(4).built() == inbox.page(saved_view(ALL_CASES), 0, 4)


# -- business days and urgency --------------------------------------------------------------------


def test_business_days_left_skip_weekends_and_holidays(database: Database) -> None:
    with database.read_session() as session:
        counter = BusinessDayCounter(load_calendars(session).city)
    wednesday = date(2026, 11, 25)  # Thanksgiving Thursday and the Friday after are closed
    assert counter.days_left(wednesday, TODAY) == 1
    assert counter.days_left(wednesday, date(2026, 12, 2)) == 3
    assert counter.days_left(date(2026, 11, 20), date(2026, 11, 23)) == 1  # over a weekend


def test_business_days_left_are_zero_on_the_day_and_negative_when_overdue(
        database: Database) -> None:
    with database.read_session() as session:
        counter = BusinessDayCounter(load_calendars(session).city)
    assert counter.days_left(TODAY, TODAY) == 0
    # Due Friday 20 November; Mon 23, Tue 24, Wed 25 and Mon 30 have passed since.
    assert counter.days_left(TODAY, date(2026, 11, 20)) == -4
    assert counter.days_left(TODAY, date(2026, 11, 25)) == -1
    assert counter.days_left(date(2026, 11, 28), date(2026, 11, 25)) == -1  # seen on a Saturday


def test_business_days_are_counted_years_back_and_forward(database: Database) -> None:
    with database.read_session() as session:
        calendar = load_calendars(session).city
    counter = BusinessDayCounter(calendar)
    assert counter.days_left(TODAY, TODAY + timedelta(1)) == 1  # start the table at 2026

    def by_hand(start: date, end: date) -> int:
        return sum(calendar.is_business_day(start + timedelta(n))
                   for n in range(1, (end - start).days + 1))

    assert counter.days_left(TODAY, date(2019, 4, 15)) == -by_hand(date(2019, 4, 15), TODAY)
    assert counter.days_left(TODAY, date(2028, 2, 1)) == by_hand(TODAY, date(2028, 2, 1))
    fresh = BusinessDayCounter(calendar)  # a later year first, then today's year before it
    assert fresh.days_left(TODAY, date(2027, 1, 19)) == by_hand(TODAY, date(2027, 1, 19))


def test_the_inbox_rows_carry_business_days_left(inbox: InboxQuery) -> None:
    rows = {row.case_number: row for row in all_rows(inbox, saved_view(ALL_PENDING))}
    assert rows["ERB-2026-022"].next_due_on == date(2026, 11, 20)
    assert rows["ERB-2026-022"].business_days_left == -4
    assert rows["ERB-2026-022"].urgency is Urgency.OVERDUE
    assert all(row.business_days_left is None for row in rows.values() if row.next_due_on is None)


@pytest.mark.parametrize(("due", "left", "urgency"), [
    (date(2026, 11, 25), -1, Urgency.OVERDUE),
    (TODAY, 0, Urgency.DUE_TODAY),
    (date(2026, 12, 1), 1, Urgency.DUE_SOON),
    (date(2026, 12, 2), 2, Urgency.DUE_SOON),
    (date(2026, 12, 3), 3, Urgency.LATER),
    (None, None, Urgency.NONE),
])
def test_urgency_levels(database: Database, due: date | None, left: int | None,
                        urgency: Urgency) -> None:
    insert_cases(database, [CaseSpec(due_on=due)])
    [row] = all_rows(InboxQuery(database, TODAY), saved_view(ALL_CASES))
    assert (row.business_days_left, row.urgency) == (left, urgency)
    assert urgency_of(TODAY, due, left) is urgency


def test_due_soon_counts_business_days_not_calendar_days(database: Database) -> None:
    wednesday = date(2026, 11, 25)
    insert_cases(database, [CaseSpec(due_on=date(2026, 12, 1))])  # six calendar days later
    [row] = all_rows(InboxQuery(database, wednesday), saved_view(ALL_CASES))
    assert (row.business_days_left, row.urgency) == (2, Urgency.DUE_SOON)
