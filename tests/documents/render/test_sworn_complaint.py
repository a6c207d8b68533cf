"""The sworn complaint printed for signing: every § 2-83(c) element, the affidavit, the warning of
(a) above the signature, and a Texas jurat."""

from __future__ import annotations

import io
from datetime import date

import pytest
from pypdf import PdfReader

from ethics_desk.cases import witnesses
from ethics_desk.documents.kinds import KINDS
from ethics_desk.documents.making import render_letter
from ethics_desk.documents.render.data import (
    Letterhead,
    OathPaper,
    Party,
    complaint_paper_from_intake,
)
from ethics_desk.documents.render.sworn_complaint import SEAL_SIZE
from ethics_desk.documents.render.templates import TemplateLibrary
from ethics_desk.intake.record import WitnessData
from ethics_desk.models import Affirmation, KnowledgeBasis
from ethics_desk.storage.database import Database
from ethics_desk.workflow.controller import WorkflowController
from tests.conftest import CLOCK
from tests.documents.render.helpers import (
    complaint_paper,
    filed_complaint_paper,
    flat,
    fonts_used,
    pages_text,
    screenshot,
    text_of,
)
from tests.factories import CLERK, complete_intake, filed_case

SHA = "d663640088750cf16276d623c2588d7233f2b84b45f4b2e20832f47b16aa5618"
"""SHA-256 of the sample attachment's bytes, b"%PDF-1.4 test"."""


@pytest.fixture(scope="module")
def draft_text() -> str:
    pdf = KINDS["sworn-complaint"].renderer().render(complaint_paper())
    screenshot("sworn-complaint-draft", pdf)
    return flat(text_of(pdf))


@pytest.mark.parametrize("heading", [
    "§ 2-83(c)(1) — Name of the complainant",
    "§ 2-83(c)(2) — Address and telephone number of the complainant",
    "§ 2-83(c)(3) and (c)(4) — Each person complained about",
    "§ 2-83(c)(5) — Nature of the alleged violation",
    "§ 2-83(c)(6) — Statement of facts",
    "§ 2-83(c)(7) — Documents and other material",
    "Affidavit — § 2-83(c)",
])
def test_the_sworn_complaint_has_a_heading_citing_each_c_item(draft_text: str,
                                                                heading: str) -> None:
    assert heading in draft_text


@pytest.mark.parametrize("shown", [
    "José Peña",  # (c)(1)
    "411 W. Nueva St. San Antonio, TX 78207", "(210) 555-0143",  # (c)(2)
    "Nguyễn Thị Minh Khai", "Director", "Parks and Recreation",  # (c)(3), (c)(4)
    "Used City vehicles for a private catering business.",  # (c)(5)
    "§ 2-49 Use of City resources", "§ 2-43 Conflicts of interest",
    "From October 3, 2026 through October 17, 2026",  # (c)(6)
    "On three Saturdays in October the respondent drove a City truck to private events.",
    "Photographs of the truck", "truck.pdf (13 bytes)", SHA,  # (c)(7) attached
    "Fleet GPS logs", "Fleet Services Division",  # (c)(7) not in possession, with location
])
def test_the_sworn_complaint_shows_every_element_the_complainant_gave(draft_text: str,
                                                                      shown: str) -> None:
    assert shown in draft_text


def test_the_three_c7_lists_are_all_there_and_an_empty_one_says_none(draft_text: str) -> None:
    attached = draft_text.index("(a) Documents and other material attached")
    elsewhere = draft_text.index("(b) Relevant documents and material available to the "
                                 "complainant but not in the complainant's possession")
    unavailable = draft_text.index("(c) Relevant documents and material unavailable")
    assert attached < elsewhere < unavailable
    assert draft_text[unavailable:].split("known", 1)[1].lstrip().startswith("None.")


def test_a_draft_says_it_is_not_yet_filed_and_is_not_marked_confidential(
        draft_text: str) -> None:
    assert "Assigned when filed" in draft_text
    assert "Not yet filed" in draft_text
    assert "CONFIDENTIAL" not in draft_text


def test_a_filed_complaint_shows_its_case_number_and_receipt_and_is_confidential_on_every_page(
        ) -> None:
    pdf = KINDS["sworn-complaint"].renderer().render(filed_complaint_paper())
    pages = pages_text(pdf)
    assert "November 30, 2026, at 10:05 a.m. CST" in flat(pages[0])
    for page in pages:
        assert "Case ERB-2026-014" in page
        assert "CONFIDENTIAL — § 2-83(h)" in page


def test_the_affidavit_states_true_and_correct_when_so_chosen(draft_text: str) -> None:
    assert "I, José Peña, being duly sworn, state under oath that: the information contained " \
           "in this complaint is true and correct." in draft_text
    assert "good reason to believe" not in draft_text
    assert "This complaint is based on my personal knowledge." in draft_text


def test_the_affidavit_states_good_reason_to_believe_and_the_source_and_basis() -> None:
    paper = complaint_paper(affirmation=Affirmation.GOOD_REASON_TO_BELIEVE,
                            knowledge=KnowledgeBasis.INFORMATION_AND_BELIEF,
                            source_and_basis="The fleet supervisor, Ms. Ruiz, told me on "
                                             "October 20 that the GPS logs show the trips.")
    text = flat(text_of(KINDS["sworn-complaint"].renderer().render(paper)))
    assert "I have good reason to believe and do believe that the facts alleged in this " \
           "complaint constitute a violation of the Ethics Code or the Municipal Campaign " \
           "Finance Code." in text
    assert "is true and correct" not in text
    assert "This complaint is based on information and belief. The source and basis of the " \
           "information and belief are: The fleet supervisor, Ms. Ruiz, told me on October " \
           "20 that the GPS logs show the trips." in text


def test_an_undecided_affidavit_offers_both_statements_to_mark() -> None:
    text = flat(text_of(KINDS["sworn-complaint"].renderer().render(
        complaint_paper(affirmation=None, knowledge=None))))
    assert "(Mark one.) ☐ the information contained in this complaint is true and correct." in text
    assert "☐ I have good reason to believe and do believe" in text
    assert "☐ my personal knowledge ☐ information and belief" in text


def test_the_sworn_complaint_shows_the_perjury_warning_before_the_signature() -> None:
    pages = [flat(page) for page in pages_text(KINDS["sworn-complaint"].renderer().render(complaint_paper()))]
    signing = [page for page in pages if "Signature of the complainant" in page]
    assert len(signing) == 1
    page = signing[0]
    warning = page.index("WARNING — READ THIS BEFORE YOU SIGN.")
    assert warning < page.index("prosecuted for perjury (§ 2-87(g))") < \
        page.index("Signature of the complainant")
    assert "held liable in a civil lawsuit for abuse of process (§ 2-83(a))" in page
    assert "A complaint filed in good faith is qualifiedly privileged." in page
    assert page.index("Signature of the complainant") < page.index("Sworn to and subscribed")


def test_the_jurat_is_filled_in_from_the_recorded_oath(draft_text: str) -> None:
    jurat = draft_text[draft_text.index("Notary's certificate (jurat)"):]
    for part in ("State of Texas County of Bexar",
                 "Sworn to and subscribed before me on November 23, 2026 by José Peña.",
                 "Signature of the notary public",
                 "Ana María Treviño Printed name of the notary public",
                 "Notary Public, State of Texas",
                 "My commission expires: May 31, 2028",
                 "13245678-9",
                 "Notary seal"):
        assert part in jurat, part


def test_the_jurat_has_blank_lines_for_what_the_notary_has_not_yet_done() -> None:
    paper = complaint_paper(oath=OathPaper(), complainant=Party("Иван Петров"))
    text = flat(text_of(KINDS["sworn-complaint"].renderer().render(paper)))
    blank = "_" * 24
    assert "County of Bexar" in text  # the office's county until the oath says otherwise
    assert f"Sworn to and subscribed before me on {blank} by Иван Петров." in text
    assert f"My commission expires: {blank}" in text
    assert "Notary Public, State of Texas" in text


def test_the_jurat_leaves_a_labelled_square_of_about_one_and_a_half_inches_for_the_seal(
        ) -> None:
    pdf = KINDS["sworn-complaint"].renderer().render(complaint_paper())
    reader = PdfReader(io.BytesIO(pdf))
    signing = [page for page in reader.pages if "Notary seal" in (page.extract_text() or "")]
    assert len(signing) == 1
    side = f"{SEAL_SIZE:g}".encode()
    assert side == b"108"  # 1.5 inch
    contents = signing[0].get_contents()
    assert contents is not None
    assert b"0 0 " + side + b" " + side + b" re" in contents.get_data()


def test_a_three_page_statement_of_facts_flows_on_with_every_page_numbered() -> None:
    facts = "\n\n".join(
        f"{n}. On {n} October 2026 the respondent took truck 4411 from the Parks yard at "
        "7:10 a.m., drove it to a private catering event, and returned it after 6 p.m. "
        "Witnesses saw the City seal on the door. " * 3 for n in range(1, 31))
    paper = complaint_paper(facts=facts)
    pdf = KINDS["sworn-complaint"].renderer().render(paper)
    pages = pages_text(pdf)
    assert len(pages) >= 4  # three pages of facts, plus the rest of the form
    for number, page in enumerate(pages, start=1):
        assert f"Page {number} of {len(pages)}" in page
        assert "Not yet filed" in page
    assert "30. On 30 October 2026" in flat("\n".join(pages))
    screenshot("sworn-complaint-long-facts", pdf)


def test_non_ascii_names_read_back_exactly_in_embedded_dejavu() -> None:
    paper = complaint_paper(complainant=Party("Łukasz Wróbel", address="1 Main St.",
                                              phone="210-555-0100"),
                            respondents=(Party("Zoë Ødegård", title="Directora de Parques"),
                                         Party("Иван Петров", title="Inspector")))
    pdf = KINDS["sworn-complaint"].renderer().render(paper)
    text = text_of(pdf)
    for name in ("Łukasz Wróbel", "Zoë Ødegård", "Иван Петров", "Directora de Parques"):
        assert name in text
    fonts = fonts_used(pdf)
    assert fonts and all("DejaVuSans" in f.base_font and f.embedded for f in fonts)


def test_a_respondent_named_with_markup_characters_prints_literally() -> None:
    paper = complaint_paper(respondents=(Party("A&B <Ltd>", title="Vendor & <Contractor>"),))
    text = text_of(KINDS["sworn-complaint"].renderer().render(paper))
    assert "A&B <Ltd>" in text
    assert "Vendor & <Contractor>" in text


def test_the_sworn_complaint_is_the_same_bytes_every_time() -> None:
    paper = filed_complaint_paper(oath=OathPaper(sworn_on=date(2026, 11, 30)))
    renderer = KINDS["sworn-complaint"].renderer
    assert renderer().render(paper) == renderer().render(paper)


WITNESSES = [WitnessData("Ana Lucía Ortiz", "complainant", "210-555-0199"),
             WitnessData("Bartholomew Nguyễn", "respondent:0", "Fleet Services, City Hall"),
             WitnessData("Søren Kierkegård", "witness:0", "")]
"""Witnesses named at the counter: by the complainant, the respondent and another witness."""


def _witness_text(pdf: bytes) -> str:
    text = flat(text_of(pdf))
    return text[text.index("Witnesses and potential witnesses — § 2-83(h)(1)"):
                text.index("Affidavit — § 2-83(c)")]


def test_the_witnesses_named_at_the_counter_are_listed_with_who_identified_them() -> None:
    paper = complaint_paper_from_intake(complete_intake(witnesses=WITNESSES), [], Letterhead())
    pdf = KINDS["sworn-complaint"].renderer().render(paper)
    screenshot("sworn-complaint-witnesses", pdf)
    listed = _witness_text(pdf)
    for shown in ("Ana Lucía Ortiz", "José Peña (complainant)", "210-555-0199",
                  "Bartholomew Nguyễn", "Nguyễn Thị Minh Khai (respondent)",
                  "Fleet Services, City Hall", "Søren Kierkegård", "Ana Lucía Ortiz (witness)"):
        assert shown in listed
    assert listed.index("Ana Lucía Ortiz") < listed.index("Bartholomew") < listed.index("Søren")


def test_a_complaint_naming_no_witness_says_none_named(draft_text: str) -> None:
    listed = draft_text[draft_text.index("Witnesses and potential witnesses"):]
    assert listed.split("(§ 2-83(h)(1)).", 1)[1].lstrip().startswith("None named.")


def test_the_stored_complaint_lists_its_witnesses_as_recorded(
        controller: WorkflowController, database: Database) -> None:
    case = filed_case(controller, complete_intake(witnesses=WITNESSES[:2]))
    key = witnesses.identifiers(database, case, account=CLERK)[0].key
    witnesses.add_witness(database, case, "Rosa Díaz", key, "rosa@example.org",
                          account=CLERK, clock=CLOCK)
    pdf = render_letter(database, case, "sworn-complaint", account=CLERK, clock=CLOCK)
    listed = _witness_text(pdf)
    for shown in ("Ana Lucía Ortiz", "Bartholomew Nguyễn", "Nguyễn Thị Minh Khai (respondent)",
                  "Rosa Díaz", "rosa@example.org"):
        assert shown in listed


def test_an_office_wording_saved_before_the_witnesses_still_prints_them() -> None:
    shipped = TemplateLibrary().shipped_text("sworn-complaint.txt")
    older = shipped[:shipped.index("[heading-witnesses]")] + shipped[shipped.index(
        "[heading-affidavit]"):]
    renderer = KINDS["sworn-complaint"].renderer(TemplateLibrary({"sworn-complaint.txt": older}))
    paper = complaint_paper_from_intake(complete_intake(witnesses=WITNESSES[:1]), [],
                                        Letterhead())
    assert "Ana Lucía Ortiz" in _witness_text(renderer.render(paper))
