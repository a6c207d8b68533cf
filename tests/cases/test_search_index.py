"""The search index answers exactly what the plain query answered: every word of three letters or
more anywhere in the key, a word of one or two letters or digits at the start of a word of it —
whichever plan the inbox chooses, on SQLite's FTS5 and PostgreSQL's pg_trgm alike, and kept in
the transaction of every change of a name."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from sqlalchemy import delete, func, select

from ethics_desk.cases import search_index
from ethics_desk.cases.inbox import (
    ALL_CASES,
    LIKE_ESCAPE,
    InboxFilter,
    SortKey,
    like_pattern,
    saved_view,
    search_words,
)
from ethics_desk.cases.inbox_query import InboxQuery, search_conditions
from ethics_desk.cases.listing import refresh_listing
from ethics_desk.maintenance.integrity import SEARCH_INDEX, run_checks
from ethics_desk.models import Complaint, Respondent
from ethics_desk.storage import search_table
from ethics_desk.storage.database import Database
from tests.cases.test_inbox import TODAY, CaseSpec, insert_cases
from tests.conftest import copy_of, examples

LETTERS = ("abcdefghijklmnopqrstuvwxyzñáéíóúüçãõøłßđăâêôơưạảấầậắằẹếềệ"
           "абвгдеёжзийклмнопрстуфхцчшщыьэюя" "ABCDEFGHIJKLMNOPQRSTUVWXYZÑÁÉÓÚÇŁ" "ПЕТРОВ"
           "王伟李娜张明金민준")
"""Letters of the names the office sees: Latin with Spanish, Vietnamese, Polish and other
accents, Cyrillic, capitals, Han and Hangul."""

SYLLABIC = re.compile("[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af]")
"""Scripts written without spaces between family and given name: every character starts a word."""

word = st.text(alphabet=LETTERS, min_size=1, max_size=9)
name = st.lists(word, min_size=1, max_size=3).flatmap(
    lambda words: st.sampled_from([" ", "-", "'", " de la "]).map(lambda sep: sep.join(words)))


def plain_holds(key: str, typed: str) -> bool:
    """The rule, stated without the index: each folded word of three characters or more is a
    substring of the key; one of one or two letters or digits starts a word of the key; any
    other short word is a substring."""
    for folded in search_words(typed):
        if len(folded) < 3 and re.fullmatch(r"[^\W_]+", folded):
            if not any(w.startswith(folded) or (SYLLABIC.match(folded) and folded in w)
                       for w in re.findall(r"[^\W_]+", key)):
                return False
        elif folded not in key:
            return False
    return True


@pytest.fixture(scope="module")
def index_db(_new_database_template: Path | str,
             tmp_path_factory: pytest.TempPathFactory) -> Iterator[Database]:
    """One database for the module's generated cases (each example replaces them)."""
    yield from copy_of(_new_database_template, tmp_path_factory.mktemp("search"), "s.sqlite")


def replace_cases(database: Database, names: list[tuple[str, str]]) -> dict[int, str]:
    """The database's cases are exactly ``names`` (complainant, respondent); their keys by id."""
    with database.unit_of_work() as session:
        session.execute(delete(Respondent))
        for complaint in session.scalars(select(Complaint)):
            session.delete(complaint)
    insert_cases(database, [CaseSpec(complainant=c, respondents=(r,)) for c, r in names])
    with database.read_session() as session:
        return {case_id: key for case_id, key in
                session.execute(select(Complaint.id, Complaint.search_key))}


def found(database: Database, typed: str, *, common: bool) -> set[int]:
    """The ids the inbox's search conditions find (``common``: the plan for many matches)."""
    statement = select(Complaint.id).where(*search_conditions(
        typed, database.engine.dialect.name, common=common))
    with database.read_session() as session:
        return set(session.scalars(statement))


def today_found(database: Database, typed: str) -> set[int]:
    """What the inbox found before the index: ``search_key LIKE '%word%'`` for every word."""
    statement = select(Complaint.id).where(*[
        Complaint.search_key.like(like_pattern(w), escape=LIKE_ESCAPE)
        for w in search_words(typed)])
    with database.read_session() as session:
        return set(session.scalars(statement))


@settings(max_examples=examples(60), deadline=None, suppress_health_check=[HealthCheck.too_slow,
                                                                  HealthCheck.function_scoped_fixture])
@given(names=st.lists(st.tuples(name, name), min_size=1, max_size=6), data=st.data())
def test_the_index_finds_exactly_what_the_plain_rule_finds(
        index_db: Database, names: list[tuple[str, str]], data: st.DataObject) -> None:
    keys = replace_cases(index_db, names)
    people = [person for pair in names for person in pair]
    for _ in range(4):
        chosen = data.draw(st.sampled_from(people))
        start = data.draw(st.integers(0, max(len(chosen) - 1, 0)))
        length = data.draw(st.integers(1, 6))
        typed = data.draw(st.sampled_from([chosen[start:start + length], chosen.upper(),
                                           chosen[:2], chosen[:1], chosen.split()[-1][1:4]]))
        if not typed.strip():
            continue
        expected = {case_id for case_id, key in keys.items() if plain_holds(key, typed)}
        assert found(index_db, typed, common=False) == expected, typed
        assert found(index_db, typed, common=True) == expected, typed
        if all(len(w) >= 3 for w in search_words(typed)):
            assert today_found(index_db, typed) == expected, typed


def test_a_changed_name_is_found_by_its_new_spelling_in_the_same_transaction(
        database: Database) -> None:
    [case_id] = insert_cases(database, [CaseSpec(complainant="Ana Ruiz",
                                                 respondents=("Raymond Ortega",))])
    with database.unit_of_work() as session:
        complaint = session.get(Complaint, case_id)
        assert complaint is not None
        complaint.respondents[0].set_name("Raymond Szczepańska")
        refresh_listing(complaint)
        session.flush()
        inside = set(session.scalars(select(Complaint.id).where(
            *search_conditions("szczepanska", database.engine.dialect.name))))
    assert inside == {case_id}
    assert found(database, "ortega", common=False) == set()
    assert found(database, "szczep", common=False) == {case_id}


def test_a_deleted_case_leaves_the_index(database: Database) -> None:
    [case_id] = insert_cases(database, [CaseSpec(complainant="Zoltan Quixby")])
    assert found(database, "quixby", common=False) == {case_id}
    with database.unit_of_work() as session:
        session.delete(session.get(Complaint, case_id))
    assert found(database, "quixby", common=False) == set()
    assert found(database, "q", common=False) == set()


def test_both_plans_give_the_same_page_in_the_same_order(database: Database) -> None:
    insert_cases(database, [CaseSpec(complainant=f"Ana Peña {n}") for n in range(30)]
                 + [CaseSpec(complainant="Bo Li")])
    query = InboxQuery(database, TODAY)
    for key in (SortKey.RECEIVED, SortKey.DUE, SortKey.CASE):
        wanted = InboxFilter(text="pe", sort=key, descending=True)
        page = [row.id for row in query.rows(wanted, 5, 10).built()]
        by_plan = []
        for common in (False, True):
            statement = query.page_statement(wanted, 5, 10, common=common)
            with database.engine.connect() as conn:
                by_plan.append([row[0] for row in conn.execute(statement)])
        assert by_plan[0] == by_plan[1] == page
        assert len(page) == 10


def test_a_search_is_common_only_when_the_index_holds_many_matches(
        database: Database, monkeypatch: pytest.MonkeyPatch) -> None:
    insert_cases(database, [CaseSpec(complainant=f"Ana Peña {n}") for n in range(12)]
                 + [CaseSpec(complainant="Bo Li")])
    query = InboxQuery(database, TODAY)
    monkeypatch.setattr(query, "common_matches", lambda: 10)
    all_cases = saved_view(ALL_CASES)
    if database.engine.dialect.name == "sqlite":
        assert query.is_common(all_cases.with_text("pena"))
    assert not query.is_common(all_cases.with_text("li bo"))
    assert not query.is_common(all_cases.with_text("pena").sorted_by(SortKey.COMPLAINANT))


def test_check_names_a_case_the_index_does_not_hold_as_it_is(database: Database,
                                                              db_arg: str) -> None:
    if database.engine.dialect.name != "sqlite":
        pytest.skip("the FTS5 table is SQLite's; the server keeps its GIN indexes itself")
    [case_id] = insert_cases(database, [CaseSpec(complainant="Ana Ruiz")])
    [ok] = [r for r in run_checks(db_arg, from_backups=False) if r.name == SEARCH_INDEX]
    assert ok.ok
    with database.engine.begin() as conn:  # behind the application's back
        conn.exec_driver_sql(
            f"INSERT INTO {search_table.TABLE}({search_table.TABLE}, rowid, search_key, "
            "search_words) SELECT 'delete', id, search_key, search_words FROM complaint "
            "WHERE id = ?", (case_id,))
    [broken] = [r for r in run_checks(db_arg, from_backups=False) if r.name == SEARCH_INDEX]
    assert not broken.ok and str(case_id) in broken.details[0]


def test_a_chinese_given_name_is_found_without_the_family_name(database: Database) -> None:
    [case_id] = insert_cases(database, [CaseSpec(complainant="王伟")])
    assert found(database, "伟", common=False) == {case_id}
    assert found(database, "王", common=False) == {case_id}
    assert found(database, "王伟", common=False) == {case_id}


def test_the_words_form_puts_two_spaces_before_every_word() -> None:
    assert search_index.words_of("erb-2026-014 | draft 3 | jose pena") == \
        "  erb  2026  014  draft  3  jose  pena"
    plan = search_index.plan("P  er ERB-20 o'")
    assert plan.word_substrings == ("  p", " er")
    assert plan.key_substrings == ("erb-20",)
    assert plan.unindexed == ("o'",)


def test_the_inbox_reads_a_server_without_a_transaction_round_trip(
        database: Database) -> None:
    """On the server each of the inbox's statements is its own snapshot (autocommit): no BEGIN
    and no ROLLBACK travel to the server on a keystroke; the pool's connections go back to
    transactions for everything else."""
    server = database.engine.dialect.name == "postgresql"
    with database.statements() as conn:
        assert conn.execute(select(func.count()).select_from(Complaint)).scalar_one() == 0
        driver: Any = conn.connection.dbapi_connection
        if server:  # psycopg: in autocommit, and idle (0) after the statement, in no transaction
            assert driver.autocommit is True and driver.info.transaction_status == 0
    with database.read_session() as session:
        session.execute(select(func.count()).select_from(Complaint))
        again: Any = session.connection().connection.dbapi_connection
        if server:
            assert again.autocommit is False and again.info.transaction_status != 0
        else:
            assert again.in_transaction  # SQLite: every read in its transaction, as before


@settings(max_examples=examples(120), deadline=None)
@given(key=st.text(st.characters(codec="utf-8", exclude_categories=("Cs",)), max_size=10_000),
       words=st.text(st.characters(codec="utf-8", exclude_categories=("Cs",)), max_size=10_000),
       lengths=st.tuples(st.integers(0, 10_000), st.integers(0, 10_000)))
def test_the_index_check_reads_sqlites_counts_at_every_column_length(
        key: str, words: str, lengths: tuple[int, int]) -> None:
    """FTS5 keeps each row's trigram counts as SQLite varints (big-endian); a column of 130
    characters or more takes two bytes, and was misread as a case the index did not hold."""
    import sqlite3

    key = (key * (lengths[0] // max(len(key), 1) + 1))[:lengths[0]] if key else "k" * lengths[0]
    words = (words * (lengths[1] // max(len(words), 1) + 1))[:lengths[1]] if words else ""
    conn = sqlite3.connect(":memory:")
    try:
        conn.execute("CREATE TABLE complaint (id INTEGER PRIMARY KEY, search_key TEXT, "
                     "search_words TEXT)")
        for statement in search_table.SQLITE_INDEX:
            conn.execute(statement)
        conn.execute("INSERT INTO complaint VALUES (1, ?, ?), (2, 'ana ruiz', '  ana  ruiz')",
                     (key, words))
        complaints = conn.execute("SELECT id, search_key, search_words FROM complaint").fetchall()
        sizes = conn.execute(f"SELECT id, sz FROM {search_table.TABLE}_docsize").fetchall()
    finally:
        conn.close()
    assert search_index.sqlite_disagreements(complaints, sizes) == []


@pytest.mark.parametrize("length", [129, 130, 131, 132, 300, 16_385])
def test_a_case_with_long_names_is_held_by_the_index_as_it_is(
        database: Database, db_arg: str, length: int) -> None:
    """One complainant and two respondents with double-barrelled names make a search key of 130
    characters or more: ``check`` holds, so that every later backup verifies and restores."""
    if database.engine.dialect.name != "sqlite":
        pytest.skip("the FTS5 table is SQLite's; the server keeps its GIN indexes itself")
    names = ("María-José Fernández-Castellanos de la Vega", "Ana Sofía Ruiz-Villanueva Ortega",
             "Raymond Alexander Ortega-Montgomery III")
    filler = "x" * max(length - sum(len(n) for n in names) - 20, 0)
    insert_cases(database, [CaseSpec(complainant=names[0] + filler,
                                     respondents=names[1:])])
    with database.engine.connect() as conn:
        key_length = conn.exec_driver_sql("SELECT max(length(search_key)) "
                                          "FROM complaint").scalar()
    assert key_length is not None and key_length >= 129
    [result] = [r for r in run_checks(db_arg, from_backups=False) if r.name == SEARCH_INDEX]
    assert result.ok, result.details
