"""Full-text search: the words of the facts, the allegations, the notes, every exhibit and every
issued paper of the cases a person may see — "the complaint that mentioned the parking contract".

What is searched is the full-text index the database keeps in the transaction of every change
(:mod:`ethics_desk.storage.full_text_table`); an exhibit's or a paper's text was read once, when
it was attached or issued (:mod:`ethics_desk.core.document_text`), and a page that had no text
(a scan without a text layer) is named on its document's result.

What a person types (:func:`parse`):

* words, each of which must be found (``parking contract``); capitals and accents do not matter
  ("pena" finds "Peña");
* a phrase in double quotes, its words found one after the other (``"parking contract"``);
* a word ending in ``*``, any word that begins so (``contra*`` finds "contract", "contractor");
  at least :data:`SHORTEST_PREFIX` letters before it.

Every other character separates words; there is no other syntax, so no query can fail in the
database, and a quotation mark left open is refused with a message saying so.

A search is read within the account's scope only (:func:`ethics_desk.staff.scope.case_condition`,
the same rule as the inbox; on the server the index's rows are also under row-level security):
a case the person may not see gives no result and no snippet, and is not counted, so nobody can
tell from a search that it exists (§ 2-83(h)(1)). Every search is a read on record: one audit
record, written without waiting for another desk's write
(:mod:`ethics_desk.storage.queued_records`), names the cases shown — never the words searched
for, which a disposal could not empty from a record of no one case
(:mod:`ethics_desk.cases.list_reads`). No Qt here.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from sqlalchemy import ColumnElement, Integer, String, Text, column, func, literal_column, select, table, text
from sqlalchemy.orm import Session
from sqlalchemy.sql import Select

from ethics_desk.cases.access import LIST_SHOWN
from ethics_desk.core.account import Account
from ethics_desk.core.clock import Clock
from ethics_desk.core.document_text import describe_pages
from ethics_desk.core.errors import UserError
from ethics_desk.core.folding import fold
from ethics_desk.core.office_time import office_date
from ethics_desk.models import Allegation, Attachment, CaseNote, Complaint, IssuedDocument
from ethics_desk.office.settings import time_zone
from ethics_desk.staff.acting import case_reader
from ethics_desk.staff.scope import case_condition
from ethics_desk.storage import full_text_table, queued_records
from ethics_desk.storage.database import Database
from ethics_desk.storage.failures import translate_errors

__all__ = ["MARK_END", "MARK_START", "DocumentHit", "DocumentSearch", "Term", "parse",
           "postgresql_query", "search_documents", "sqlite_match"]

MARK_START = "\x02"
"""Before a word found, in a snippet (the window bolds it, the command line brackets it)."""
MARK_END = "\x03"
"""After a word found, in a snippet."""
ELLIPSIS = "…"
SNIPPET_WORDS = 16
"""About how many words a snippet shows around what was found."""
LIMIT = 50
"""The most results one search shows, newest first (a longer list asks for more words)."""
SHORTEST_PREFIX = 2
"""The fewest letters before a ``*``: one letter would ask for most of the index."""
MOST_TERMS = 20
LISTED = "document search results"
"""The list the audit record names (:data:`~ethics_desk.cases.access.LIST_SHOWN`)."""

_WORD = re.compile(r"[^\W_]+")
_CONTROL = re.compile("[^\\S ]|[\x00-\x01\x04-\x1f\x7f-\x9f]")
"""Whitespace but the space, and the control characters but the two marks."""
_TOKEN = re.compile(r'"(?P<phrase>[^"]*)"(?P<pstar>\*?)|(?P<word>[^\s"]+)')

_ENTRY = table(full_text_table.TABLE, column("rowid", Integer), column("id", Integer),
               column("complaint_id", Integer), column("part", String), column("body", Text))


@dataclass(frozen=True)
class Term:
    """One thing that must be found: a word, or a phrase of words one after another; with
    ``prefix``, its last word is the start of a word."""

    words: tuple[str, ...]
    prefix: bool = False


def parse(text: str) -> tuple[Term, ...]:
    """What searching for ``text`` asks (see the module); a :class:`UserError` saying what to
    change for an empty search, an open quotation mark, or a ``*`` after too few letters."""
    if text.count('"') % 2:
        raise UserError("The search has a quotation mark that is not closed.",
                        'Put the words of a phrase between two quotation marks: '
                        '"parking contract".')
    terms: list[Term] = []
    for match in _TOKEN.finditer(text):
        raw = match.group("phrase") if match.group("word") is None else match.group("word")
        prefix = bool(match.group("pstar")) if match.group("word") is None \
            else raw.endswith("*")
        words = tuple(_WORD.findall(fold(raw)))
        if not words:
            continue
        if prefix and (raw.rstrip("*")[-1:].isspace() or len(words[-1]) < SHORTEST_PREFIX):
            raise UserError(f"“{raw.strip()}” asks for every word that begins with "
                            f"{'one letter' if len(words[-1]) < SHORTEST_PREFIX else 'a space'}.",
                            f"Type at least {SHORTEST_PREFIX} letters before the *: contra*.")
        terms.append(Term(words, prefix))
    if not terms:
        raise UserError("There is no word to search for.",
                        "Type a word, a phrase in quotation marks, or the start of a word "
                        "followed by *.")
    if len(terms) > MOST_TERMS:
        raise UserError(f"The search has more than {MOST_TERMS} words or phrases.",
                        "Search for the few words that matter most.")
    return tuple(dict.fromkeys(terms))


def sqlite_match(terms: Sequence[Term]) -> str:
    """The FTS5 MATCH expression: each term a quoted string (every word of it letters and
    digits), a prefix's with ``*`` after it; all of them."""
    return " ".join('"' + " ".join(term.words) + '"' + (" *" if term.prefix else "")
                    for term in terms)


def postgresql_query(terms: Sequence[Term]) -> str:
    """The ``to_tsquery`` text: each word quoted, a phrase's joined by ``<->``, a prefix's last
    word with ``:*``; all of them (``&``)."""
    def lexeme(word: str, last: bool, prefix: bool) -> str:
        return "'" + word.replace("'", "''") + "'" + (":*" if last and prefix else "")

    parts = []
    for term in terms:
        words = [lexeme(word, i == len(term.words) - 1, term.prefix)
                 for i, word in enumerate(term.words)]
        parts.append("(" + " <-> ".join(words) + ")" if len(words) > 1 else words[0])
    return " & ".join(parts)


@dataclass(frozen=True)
class DocumentHit:
    """One piece of a case's text that holds every term: which case, where, and a snippet with
    the words found between :data:`MARK_START` and :data:`MARK_END`."""

    complaint_id: int
    case_number: str
    part: str
    """``facts``, ``allegation``, ``note``, ``exhibit`` or ``paper``."""
    where: str
    """The piece in words: "the statement of facts", "exhibit “scan.pdf”"."""
    snippet: str
    textless: str = ""
    """For a document, its pages without text in words ("pages 2 and 5"), or empty."""

    def snippet_parts(self) -> list[tuple[str, bool]]:
        """The snippet as runs of text, each with whether it is a word found."""
        runs: list[tuple[str, bool]] = []
        for piece in re.split(f"({MARK_START}[^{MARK_END}]*{MARK_END})", self.snippet):
            if piece.startswith(MARK_START):
                runs.append((piece.strip(MARK_START + MARK_END), True))
            elif piece:
                runs.append((piece, False))
        return runs

    def plain_snippet(self, before: str = "[", after: str = "]") -> str:
        """The snippet on one line, the words found between ``before`` and ``after``, and no
        other control character (a document's text may hold any)."""
        shown = _CONTROL.sub(" ", self.snippet)
        return " ".join(shown.replace(MARK_START, before).replace(MARK_END, after).split())


@dataclass(frozen=True)
class DocumentSearch:
    """What one search found: the results, newest first, and whether there were more."""

    text: str
    hits: tuple[DocumentHit, ...]
    more: bool

    @property
    def cases(self) -> list[int]:
        """The cases of the results, in their order, each once."""
        return list(dict.fromkeys(hit.complaint_id for hit in self.hits))


def _sqlite_statement(terms: Sequence[Term], scope: ColumnElement[bool],
                      limit: int) -> Select[tuple[Any, ...]]:
    index: ColumnElement[Any] = literal_column(full_text_table.TABLE)
    snippet = func.snippet(index, 0, MARK_START, MARK_END, ELLIPSIS, SNIPPET_WORDS)
    return (select(_ENTRY.c.rowid, _ENTRY.c.complaint_id, _ENTRY.c.part, Complaint.case_number,
                   snippet)
            .select_from(_ENTRY).join(Complaint, Complaint.id == _ENTRY.c.complaint_id)
            .where(index.op("MATCH")(sqlite_match(terms)), scope)
            .order_by(_ENTRY.c.rowid.desc()).limit(limit))


HEADLINE_OPTIONS = (f"StartSel={MARK_START}, StopSel={MARK_END}, MaxWords={SNIPPET_WORDS}, "
                    f"MinWords={SNIPPET_WORDS // 2}, MaxFragments=1, "
                    f"FragmentDelimiter={ELLIPSIS}")
"""PostgreSQL's ``ts_headline`` options: the snippet as SQLite's ``snippet()`` makes it."""
FEW = 2_000
"""On the server, fewer matches than this are looked up in the GIN index and sorted; more, and
the entries are walked newest first until a page of them is in the scope (see
:func:`statement`)."""


def _tsquery(terms: Sequence[Term]) -> ColumnElement[Any]:
    config: ColumnElement[Any] = literal_column(
        f"'{full_text_table.PG_CONFIGURATION}'::regconfig")
    return func.to_tsquery(config, postgresql_query(terms))


def _words() -> ColumnElement[Any]:
    return literal_column(f"{full_text_table.TABLE}.words")


def _every_word(terms: Sequence[Term]) -> list[Term]:
    """Each word of ``terms`` on its own (a phrase's in any order; a prefix kept)."""
    return [Term((word,), term.prefix and i == len(term.words) - 1)
            for term in terms for i, word in enumerate(term.words)]


def postgresql_probe(terms: Sequence[Term]) -> Select[Any]:
    """How many entries hold every word of ``terms``, counted up to :data:`FEW`: the GIN index
    answers it without reading the entries (a phrase's words in any order — at least as many
    as the phrase's matches — since a phrase is checked in each entry's positions)."""
    matching = select(literal_column("1")).select_from(_ENTRY).where(
        _words().op("@@")(_tsquery(_every_word(terms)))).limit(FEW).subquery()
    return select(func.count()).select_from(matching)


def _postgresql_statement(terms: Sequence[Term], scope: ColumnElement[bool],
                          limit: int, few: bool = False) -> Select[tuple[Any, ...]]:
    config: ColumnElement[Any] = literal_column(
        f"'{full_text_table.PG_CONFIGURATION}'::regconfig")
    query = _tsquery(terms)
    words = _words()
    snippet = func.ts_headline(config, _ENTRY.c.body, query, HEADLINE_OPTIONS)
    columns = (_ENTRY.c.id, _ENTRY.c.complaint_id, _ENTRY.c.part, Complaint.case_number, snippet)
    if few:  # the matches first, from the GIN index (the planner cannot tell a rare word)
        found = (select(_ENTRY.c.id.label("found_id")).where(words.op("@@")(query))
                 .cte("found").prefix_with("MATERIALIZED"))
        return (select(*columns).select_from(found)
                .join(_ENTRY, _ENTRY.c.id == found.c.found_id)
                .join(Complaint, Complaint.id == _ENTRY.c.complaint_id).where(scope)
                .order_by(_ENTRY.c.id.desc()).limit(limit))
    return (select(*columns)
            .select_from(_ENTRY).join(Complaint, Complaint.id == _ENTRY.c.complaint_id)
            .where(words.op("@@")(query), scope)
            .order_by(_ENTRY.c.id.desc()).limit(limit))


def statement(dialect: str, terms: Sequence[Term], scope: ColumnElement[bool],
              limit: int = LIMIT + 1, *, few: bool = False) -> Select[tuple[Any, ...]]:
    """The SELECT of a search on ``dialect``, of the complaints ``scope`` keeps (an account's
    :func:`~ethics_desk.staff.scope.case_condition`), newest first. SQLite's FTS5 gives its
    matches in the order of their ids and the walk stops at the page's end, however many
    there are. PostgreSQL's planner estimates every word alike (about a thousand matches), so
    it walks the entries newest first even for a word in one exhibit, reading them all: when
    :func:`postgresql_probe` counted ``few`` matches, they are looked up first and sorted."""
    if dialect == "sqlite":
        return _sqlite_statement(terms, scope, limit)
    return _postgresql_statement(terms, scope, limit, few)


def _places(session: Session, rows: Sequence[Any]) -> dict[int, tuple[str, str]]:
    """Each result's piece in words, and a document's pages without text, by entry id."""
    by_part: dict[str, list[int]] = {}
    for row in rows:
        by_part.setdefault(str(row[2]), []).append(int(row[0]) // full_text_table.ID_FACTOR)
    places: dict[int, tuple[str, str]] = {}

    def key(part: str, source: int) -> int:
        code = full_text_table.PART_BY_NAME[part].code
        return source * full_text_table.ID_FACTOR + code

    for source in by_part.get("facts", []):
        places[key("facts", source)] = ("the statement of facts", "")
    if ids := by_part.get("allegation"):
        for source, position in session.execute(
                select(Allegation.id, Allegation.position).where(Allegation.id.in_(ids))):
            places[key("allegation", source)] = (f"allegation {position + 1}", "")
    if ids := by_part.get("note"):
        zone = time_zone(session)
        for source, kind, at in session.execute(select(
                CaseNote.id, CaseNote.kind, CaseNote.written_at).where(CaseNote.id.in_(ids))):
            day = office_date(at, zone).isoformat()
            places[key("note", source)] = (f"a note ({kind.label.lower()}, {day})", "")
    if ids := by_part.get("exhibit"):
        for source, name, textless in session.execute(select(
                Attachment.id, Attachment.file_name, Attachment.textless_pages)
                .where(Attachment.id.in_(ids))):
            places[key("exhibit", source)] = (f"exhibit “{name}”", describe_pages(textless))
    if ids := by_part.get("paper"):
        from ethics_desk.documents import kinds

        for source, paper, recipient, textless in session.execute(select(
                IssuedDocument.id, IssuedDocument.kind, IssuedDocument.recipient,
                IssuedDocument.textless_pages).where(IssuedDocument.id.in_(ids))):
            to = f" to {recipient}" if recipient else ""
            places[key("paper", source)] = (f"the paper {kinds.quoted_title(paper)}{to}",
                                            describe_pages(textless))
    return places


def _places_given(session: Session, rows: Sequence[Any]) -> dict[int, tuple[str, str]]:
    """:func:`_places` from what the owner's function returned with each row (where it is)."""
    from datetime import UTC, datetime

    from ethics_desk.core.vocabulary import NoteKind
    from ethics_desk.documents import kinds

    zone = time_zone(session)
    places: dict[int, tuple[str, str]] = {}
    for entry, _case, part, _number, _snippet, place, detail, textless in rows:
        if part == "allegation":
            where = f"allegation {int(place) + 1}"
        elif part == "note":
            at = datetime.fromisoformat(str(detail)).replace(tzinfo=UTC)
            where = (f"a note ({NoteKind(place).label.lower()}, "
                     f"{office_date(at, zone).isoformat()})")
        elif part == "exhibit":
            where = f"exhibit “{place}”"
        elif part == "paper":
            where = f"the paper {kinds.quoted_title(str(place))}" + (
                f" to {detail}" if detail else "")
        else:
            where = "the statement of facts"
        places[int(entry)] = (where, describe_pages(textless))
    return places


def _reads_every_row(session: Session) -> bool:
    """On the server: whether the role connected is above row-level security (the owner, IT's,
    or a superuser), and may read the index directly."""
    return bool(session.execute(text(
        "SELECT r.rolsuper OR r.rolbypassrls OR c.relowner = r.oid FROM pg_roles r, pg_class c "
        f"WHERE r.rolname = current_user AND c.oid = '{full_text_table.TABLE}'::regclass"))
        .scalar())


def _as_the_person(session: Session, terms: Sequence[Term], limit: int) -> list[Any]:
    """On the server, connected as a person's own role: the owner's function searches for
    them within the complaints the server says they receive
    (:data:`ethics_desk.staff.server_policies.FULL_TEXT_FUNCTION`)."""
    from ethics_desk.staff.server_policies import FULL_TEXT_FUNCTION

    return list(session.execute(
        text(f"SELECT * FROM {FULL_TEXT_FUNCTION}(:query, :probe, :lim, :few, :options)"),
        {"query": postgresql_query(terms), "probe": postgresql_query(_every_word(terms)),
         "lim": limit, "few": FEW,
         "options": HEADLINE_OPTIONS}).all())


@case_reader("Searching the words of the cases")
def search_documents(database: Database, text: str, *, account: Account, clock: Clock,
                     limit: int = LIMIT) -> DocumentSearch:
    """The pieces of text, of the cases ``account`` may see, that hold every term of ``text``
    (:func:`parse`), newest first, at most ``limit`` of them; recorded as a list shown, naming
    the cases (not the words)."""
    terms = parse(text)
    dialect = database.engine.dialect.name
    scope = case_condition(account)  # § 2-83(h)(1): only what the person receives
    rows: Sequence[Any]
    with translate_errors(), database.read_session() as session:
        if dialect != "sqlite" and not _reads_every_row(session):
            rows = _as_the_person(session, terms, limit + 1)
            more = len(rows) > limit
            rows = rows[:limit]
            places = _places_given(session, rows)
        else:
            few = dialect != "sqlite" and int(
                session.execute(postgresql_probe(terms)).scalar_one()) < FEW
            rows = session.execute(statement(dialect, terms, scope, limit + 1, few=few)).all()
            more = len(rows) > limit
            rows = rows[:limit]
            places = _places(session, rows)
    hits = []
    for entry, case_id, part, number, snippet, *_place in rows:
        where, textless = places.get(int(entry), (str(part), ""))
        hits.append(DocumentHit(int(case_id), str(number or f"Draft {case_id}"), str(part),
                                where, str(snippet or ""), textless))
    found = DocumentSearch(text, tuple(hits), more)
    cases = found.cases
    queued_records.record(database, [queued_records.Pending(
        clock(), account.display, LIST_SHOWN,
        f"Was shown the {LISTED}: {len(cases)} case(s)",
        detail={"list": LISTED, "cases": sorted(cases)})], before_the_check=True)
    return found
