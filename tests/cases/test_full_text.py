"""Full-text search finds the words of the facts, the allegations, the notes, every exhibit and
every issued paper of the cases one may see — and nothing, not even a snippet, of any other case
(§ 2-83(h)(1)); phrases and word starts; every search on record; bad searches get a message."""

from __future__ import annotations

import json
from dataclasses import replace
from io import BytesIO

import pytest
from reportlab.pdfgen import canvas
from sqlalchemy import select, text, update

from ethics_desk.cases import full_text
from ethics_desk.cases.access import LIST_SHOWN, access_history
from ethics_desk.cases.notes import add_note
from ethics_desk.core.account import Account
from ethics_desk.core.document_text import text_of
from ethics_desk.core.errors import UserError
from ethics_desk.core.vocabulary import DocumentList, NoteKind
from ethics_desk.documents.issuing import issue
from ethics_desk.intake.record import AttachmentData, DocumentData
from ethics_desk.models import Attachment, AuditRecord, Complaint
from ethics_desk.storage.database import Database
from ethics_desk.workflow.controller import WorkflowController
from tests.conftest import CLOCK
from tests.factories import CLERK, MEMBER, complete_intake, filed_case

WORDS_OF_THE_EXHIBIT = "The parking contract was awarded to Señor Quixotic Holdings."


def pdf(*pages: str) -> bytes:
    """A PDF whose pages hold these lines of text (an empty one: a page without text)."""
    out = BytesIO()
    page = canvas.Canvas(out)
    for line in pages:
        if line:
            page.drawString(72, 720, line)
        else:
            page.rect(72, 72, 200, 200, fill=1)  # a picture's place, no text layer
        page.showPage()
    page.save()
    return out.getvalue()


def case_with_exhibit(controller: WorkflowController, *pages: str, facts: str | None = None,
                      name: str = "contract.pdf") -> int:
    intake = complete_intake(documents=[DocumentData(
        DocumentList.IN_POSSESSION, "The contract", attachment=AttachmentData(
            name, "application/pdf", pdf(*pages)))])
    if facts is not None:
        intake = replace(intake, facts=facts)
    return filed_case(controller, intake)


def search(database: Database, words: str, account: Account = CLERK) -> full_text.DocumentSearch:
    return full_text.search_documents(database, words, account=account, clock=CLOCK)


def test_a_word_only_in_an_exhibit_of_a_case_one_may_not_see_finds_nothing(
        database: Database, controller: WorkflowController) -> None:
    case_with_exhibit(controller, WORDS_OF_THE_EXHIBIT)  # filed: not yet the Board's
    found = search(database, "quixotic", MEMBER)
    assert found.hits == () and not found.more
    assert search(database, "quix*", MEMBER).hits == ()
    assert search(database, '"parking contract"', MEMBER).hits == ()
    assert [r for r in _shown(database) if r[0] == MEMBER.display] == [
        (MEMBER.display, [])] * 3  # each search on record, naming no case
    assert len(search(database, "quixotic", CLERK).hits) == 1  # the word is in the index


def test_a_word_of_an_exhibit_is_found_with_its_snippet_by_whoever_sees_the_case(
        database: Database, controller: WorkflowController) -> None:
    case = case_with_exhibit(controller, WORDS_OF_THE_EXHIBIT)
    [hit] = search(database, "QUIXOTIC").hits
    assert (hit.complaint_id, hit.part, hit.where) == (case, "exhibit", "exhibit “contract.pdf”")
    assert hit.case_number.startswith("ERB-")
    assert "[Quixotic]" in hit.plain_snippet() and "parking contract" in hit.plain_snippet()
    assert ("Quixotic", True) in hit.snippet_parts()


def test_accents_and_capitals_do_not_matter_either_way(
        database: Database, controller: WorkflowController) -> None:
    case_with_exhibit(controller, WORDS_OF_THE_EXHIBIT)
    assert len(search(database, "senor").hits) == 1
    assert len(search(database, "SEÑOR").hits) == 1


def test_the_facts_the_allegations_and_the_notes_are_searched(
        database: Database, controller: WorkflowController) -> None:
    case = filed_case(controller, complete_intake(
        facts="The respondent drove a City truck to a quinceañera.",
        nature="Private use of the fleet's vehicles."))
    add_note(database, case, NoteKind.CALL, "The complainant called about the mileage log.",
             account=CLERK, clock=CLOCK)
    assert [h.part for h in search(database, "quinceanera").hits] == ["facts"]
    assert [h.part for h in search(database, "fleet").hits] == ["allegation"]  # its nature
    [note] = search(database, "mileage").hits
    assert note.part == "note" and note.where == "a note (telephone call, 2026-11-30)"
    with database.unit_of_work() as session:  # an edit of the facts is searched at once
        session.execute(update(Complaint).where(Complaint.id == case)
                        .values(facts="A barbecue."))
    assert search(database, "quinceanera").hits == ()
    assert len(search(database, "barbecue").hits) == 1


def test_an_allegations_words_are_searched(database: Database,
                                           controller: WorkflowController) -> None:
    case = filed_case(controller)
    with database.unit_of_work() as session:
        found = session.execute(text("SELECT id FROM allegation WHERE complaint_id = :c"),
                                {"c": case}).scalars().all()
        assert found, "the intake records an allegation"
        session.execute(text("UPDATE allegation SET description = 'Steered the zucchini "
                             "tender' WHERE id = :a"), {"a": found[0]})
    [hit] = search(database, "zucchini").hits
    assert (hit.complaint_id, hit.part, hit.where) == (case, "allegation", "allegation 1")


def test_a_phrase_is_found_only_with_its_words_in_order(
        database: Database, controller: WorkflowController) -> None:
    case_with_exhibit(controller, WORDS_OF_THE_EXHIBIT)
    assert len(search(database, '"parking contract"').hits) == 1
    assert search(database, '"contract parking"').hits == ()
    assert len(search(database, "contract parking").hits) == 1  # words, in any order


def test_a_word_ending_in_a_star_finds_every_word_that_begins_so(
        database: Database, controller: WorkflowController) -> None:
    case_with_exhibit(controller, WORDS_OF_THE_EXHIBIT)
    assert len(search(database, "contr*").hits) == 1
    assert len(search(database, '"parking contr"*').hits) == 1
    assert search(database, "contr").hits == ()  # without the star, the whole word


def test_a_scanned_page_without_text_is_recorded_and_named_on_its_result(
        database: Database, controller: WorkflowController) -> None:
    case_with_exhibit(controller, WORDS_OF_THE_EXHIBIT, "", "Page three: the invoice.")
    with database.read_session() as session:
        [pages] = session.scalars(select(Attachment.textless_pages)).all()
    assert pages == "2"
    [hit] = search(database, "invoice").hits
    assert hit.textless == "page 2"


def test_a_picture_is_a_page_without_text_and_a_broken_pdf_none() -> None:
    assert text_of(b"\xff\xd8 jpeg", "image/jpeg").textless_pages == (1,)
    assert text_of(b"%PDF-1.4 broken").text == ""
    assert text_of(b"plain words", "text/plain").text == "plain words"


def test_an_issued_papers_words_are_searched(database: Database,
                                             controller: WorkflowController) -> None:
    case = filed_case(controller)
    issue(database, case, "receipt", account=CLERK, clock=CLOCK)
    with database.read_session() as session:
        papers = session.execute(text("SELECT count(*) FROM issued_document WHERE "
                                      "complaint_id = :c AND extracted_text <> ''"),
                                 {"c": case}).scalar_one()
    assert papers >= 1
    hits = search(database, "Nueva").hits  # the complainant's street, on the paper
    assert any(h.part == "paper" and h.complaint_id == case for h in hits)


@pytest.mark.parametrize(("words", "problem"), [
    ('"parking contract', "not closed"),
    ("", "no word"),
    ("  *  ", "no word"),
    ("a*", "one letter"),
    ("AND OR NOT", None),  # no syntax: three words
    ("NEAR(a b) {x}: ^y", None),
])
def test_a_search_that_cannot_be_made_says_why_and_nothing_is_a_syntax_error(
        database: Database, controller: WorkflowController, words: str,
        problem: str | None) -> None:
    case_with_exhibit(controller, WORDS_OF_THE_EXHIBIT)
    if problem is None:
        assert search(database, words).hits == ()
        return
    with pytest.raises(UserError, match=problem) as refused:
        search(database, words)
    assert refused.value.fix


def test_each_search_is_on_record_naming_the_cases_shown_never_the_words(
        database: Database, controller: WorkflowController) -> None:
    case = case_with_exhibit(controller, WORDS_OF_THE_EXHIBIT)
    search(database, "quixotic")
    search(database, "quixotic")  # the same search again: on record again
    records = [r for r in _shown(database) if r[0] == CLERK.display]
    assert records == [(CLERK.display, [case]), (CLERK.display, [case])]
    with database.read_session() as session:
        texts = [r.summary + (r.detail or "") for r in session.scalars(select(AuditRecord))]
    assert not [t for t in texts if "uixotic" in t]
    history = access_history(database, case, account=CLERK, clock=CLOCK)
    assert [line.summary for line in history].count(
        f"Was shown the {full_text.LISTED}: 1 case(s)") == 2  # in the case's access history


@pytest.mark.parametrize("few", [full_text.FEW, 1])  # the server's two plans: looked up, walked
def test_many_results_are_cut_at_the_limit_newest_first(
        database: Database, controller: WorkflowController, few: int,
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(full_text, "FEW", few)
    cases = [filed_case(controller, complete_intake(facts=f"Turnip number {n}."))
             for n in range(4)]
    found = full_text.search_documents(database, "turnip", account=CLERK, clock=CLOCK,
                                       limit=3)
    assert found.more and [h.complaint_id for h in found.hits] == cases[::-1][:3]


def _shown(database: Database) -> list[tuple[str, list[int]]]:
    with database.read_session() as session:
        return [(r.actor, json.loads(r.detail)["cases"]) for r in session.scalars(
            select(AuditRecord).where(AuditRecord.action == LIST_SHOWN)
            .order_by(AuditRecord.seq)) if json.loads(r.detail)["list"] == full_text.LISTED]
