"""The Board's papers resolved from real cases: the order to show cause, the frivolous
determination with its sanctions, the referral to an agency, and the notice of resolution."""

from __future__ import annotations

from datetime import date, datetime

import pytest

from ethics_desk.core.clock import Clock, fixed_clock
from ethics_desk.core.errors import UserError
from ethics_desk.documents.kinds import KINDS
from ethics_desk.documents.making import recipients, render_letter
from ethics_desk.models import Disposition, Language, Route
from ethics_desk.storage.database import Database
from ethics_desk.workflow import ForwardCampaignFinance, RecordCure, Resolve
from ethics_desk.workflow.controller import WorkflowController
from tests.board_cases import (
    HEARING_AT,
    awaiting_response,
    frivolous,
    later,
    show_cause,
)
from tests.conftest import OFFICE_TZ
from tests.documents.render.helpers import flat, pages_text, screenshot, text_of
from tests.factories import DESK_CLERK, complete_intake, provision_id, reviewed_case

TODAY = date(2026, 12, 11)
ORDERED = date(2026, 11, 30)
"""The day the Board orders the complainant to show cause (the hearing is on 10 December)."""


def _on(day: date) -> Clock:
    """A clock stopped at 10 a.m. in the office on ``day``."""
    return fixed_clock(datetime(day.year, day.month, day.day, 10, 0, tzinfo=OFFICE_TZ))


def _pdf(database: Database, case: int, kind: str, index: int = 0) -> bytes:
    # The notice of an order to show cause is made before its hearing (§ 2-83(f)(4)(b)).
    day = ORDERED if kind == "show-cause-order" else TODAY
    pdf = render_letter(database, case, kind, recipient_index=index, account=DESK_CLERK,
                        clock=_on(day))
    screenshot(f"case-{kind}-{index}", pdf)
    return pdf


def _text(database: Database, case: int, kind: str, index: int = 0) -> str:
    return flat(text_of(_pdf(database, case, kind, index)))


def test_the_order_goes_to_the_complainant_with_a_copy_to_the_respondent(
        controller: WorkflowController, database: Database) -> None:
    case = show_cause(controller)
    people = recipients(database, case, "show-cause-order", account=DESK_CLERK)
    assert [(p.name, p.role) for p in people] == [("José Peña", "complainant"),
                                                  ("Nguyễn Thị Minh Khai", "respondent")]
    assert "COPY FOR THE RESPONDENT" in _text(database, case, "show-cause-order", 1)
    assert "COPY FOR THE RESPONDENT" not in _text(database, case, "show-cause-order", 0)


def test_the_order_explains_by_factor_and_gives_the_hearing_and_the_right_to_counsel(
        controller: WorkflowController, database: Database) -> None:
    case = show_cause(controller)
    pdf = _pdf(database, case, "show-cause-order")
    text = flat(text_of(pdf))
    assert "Dear José Peña:" in text and "ERB-2026-001" in text
    assert "against Nguyễn Thị Minh Khai is a frivolous complaint" in text
    assert "The vehicle logs attached to the complaint show no private use." in text
    # the factor in the statute's words, the one text the form shows too (FrivolousFactor.label)
    assert "§ 2-83(f)(3)(a) — the timing of the sworn complaint with respect to when the facts " \
           "supporting the alleged violation became known" in text
    assert "Filed nine days before the election." in text
    assert "§ 2-83(f)(3)(e)" in text and "The complainant's own exhibit shows the logs." in text
    # a factor with a blank note is not relied on; every unnoted factor is named as such
    assert ("does not rely on the other factors: § 2-83(f)(3)(b), § 2-83(f)(3)(c), "
            "§ 2-83(f)(3)(d), § 2-83(f)(3)(f).") in text
    assert "Date Thursday, December 10, 2026" in text and "Time 5:30 p.m. CST" in text
    assert "Place City Council Chambers, 114 W. Commerce St." in text
    assert "You may be heard." in text and "accompanied by counsel you retain" in text
    # the tally states those present, the quorum, the recused, the yes votes needed and cast
    assert ("Meeting of November 30, 2026: Present: 7 of the 7 members serving; recused: 0; "
            "quorum: 4 (a majority of the 7 serving), met by the 7 taking part, recused members "
            "not counted; needed: at least 5 yes votes (two-thirds of the 7 counted as present); "
            "cast: 5 yes, 2 no, 0 abstaining — carried") in text
    assert all("CONFIDENTIAL — § 2-83(h)" in page for page in pages_text(pdf))


def test_the_order_applies_only_once_the_board_has_ordered_it(
        controller: WorkflowController, database: Database) -> None:
    case = awaiting_response(controller)
    with pytest.raises(UserError, match="which is “Awaiting response”"):
        render_letter(database, case, "show-cause-order", account=DESK_CLERK, clock=_on(TODAY))
    assert KINDS["show-cause-order"].citation == "§ 2-83(f)(2), (f)(4)"


def test_the_determination_states_the_record_vote_the_particulars_and_the_sanctions(
        controller: WorkflowController, database: Database) -> None:
    case = frivolous(controller)
    assert [p.name for p in recipients(database, case, "frivolous-determination", account=DESK_CLERK)] == [
        "José Peña", "Nguyễn Thị Minh Khai"]
    text = _text(database, case, "frivolous-determination")
    assert "on December 10, 2026, by a record vote of at least two-thirds" in text
    assert ("Present: 7 of the 7 members serving; recused: 0; quorum: 4 (a majority of the 7 "
            "serving), met by the 7 taking part, recused members not counted; needed: at least "
            "5 yes votes (two-thirds of the 7 counted as present); cast: 6 yes, 1 no, 0 "
            "abstaining — carried") in text
    assert "Ana Gómez yes" in text and "Gus Ybarra no" in text
    assert "Groundless, as the complainant's own exhibit shows; brought in bad faith." in text
    assert "Civil penalty § 2-83(g)(2)(a) $350.00" in text
    assert "§ 2-83(g)(2)(b) $1,875.00" in text
    assert "§ 2-83(g)(3) Bexar County Criminal District Attorney — investigation of perjury" \
        in text
    assert "§ 2-83(g)(1)(a) — the seriousness of the violation" in text
    assert "A sworn complaint known to be groundless." in text
    assert "§ 2-83(g)(1)(c)" in text and "No earlier complaints." in text
    assert "CONFIDENTIAL" not in text  # resolved: no longer pending under § 2-83(h)


def test_a_determination_before_sanctions_says_none_has_been_imposed(
        controller: WorkflowController, database: Database) -> None:
    case = frivolous(controller, sanctions=False)
    text = _text(database, case, "frivolous-determination")
    assert "No sanction has been imposed." in text


def test_the_referral_goes_to_the_agency_at_its_address(
        controller: WorkflowController, database: Database) -> None:
    case = frivolous(controller)
    [agency] = recipients(database, case, "referral", account=DESK_CLERK)
    assert agency.name == "Bexar County Criminal District Attorney"
    assert agency.party.address_lines[1:] == ("101 W. Nueva St.", "San Antonio, TX 78205")
    text = _text(database, case, "referral")
    assert "To the Bexar County Criminal District Attorney:" in text
    assert "The Board refers the matter for: investigation of perjury" in text
    assert "§ 2-83(g)(3)" in text and "José Peña" in text


def test_a_referral_needs_a_referral_sanction(controller: WorkflowController,
                                              database: Database) -> None:
    case = frivolous(controller, sanctions=False)
    assert recipients(database, case, "referral", account=DESK_CLERK) == []
    with pytest.raises(UserError, match="recipient"):
        render_letter(database, case, "referral", account=DESK_CLERK, clock=_on(TODAY))


def test_a_determination_needs_a_carried_frivolous_vote(
        controller: WorkflowController, database: Database) -> None:
    case = awaiting_response(controller)
    later(controller, HEARING_AT).fire(case, Resolve(disposition=Disposition.DISMISSED))
    with pytest.raises(UserError, match=r"not determined .* frivolous"):
        render_letter(database, case, "frivolous-determination", account=DESK_CLERK, clock=_on(TODAY))


def test_the_resolution_notice_says_frivolous_in_plain_words(
        controller: WorkflowController, database: Database) -> None:
    case = frivolous(controller)
    text = _text(database, case, "resolution-notice")
    assert "Dear Nguyễn Thị Minh Khai:" in text
    assert ("Resolution: Frivolous complaint: the Ethics Review Board determined by record vote "
            "that the complaint was groundless and brought in bad faith or for the purpose of "
            "harassment") in text


def test_the_resolution_notice_says_cured_in_plain_words(controller: WorkflowController,
                                                         database: Database) -> None:
    intake = complete_intake(provision_ids=[provision_id(database, "2-306")],
                             route=Route.CAMPAIGN_FINANCE)
    case = reviewed_case(controller, intake=intake)  # (d)(2) after the reviews of (c)
    controller.fire(case, ForwardCampaignFinance())
    controller.fire(case, RecordCure(filed_on=date(2026, 11, 30),
                                     verified_by="Maria Clerk"))
    text = _text(database, case, "resolution-notice")
    assert ("Resolution: Cured, no violation: the campaign bank account statement or the "
            "amended report was filed in time and verified by the City Clerk") in text


def test_the_spanish_order_states_the_vote_in_spanish(controller: WorkflowController,
                                                      database: Database) -> None:
    case = show_cause(controller)
    text = flat(text_of(render_letter(database, case, "show-cause-order", account=DESK_CLERK,
                                      clock=_on(ORDERED), language=Language.SPANISH)))
    # Every tally states present, recused, quorum, needed and cast (issue 29), in Spanish too.
    assert ("Sesión del 30 de noviembre de 2026: Presentes: 7 de los 7 miembros en funciones; "
            "recusados: 0; quórum: 4 (la mayoría de los 7 en funciones), alcanzado con 7, sin "
            "contar a los recusados; se necesitan: al menos 5 votos a favor (dos tercios de los 7 "
            "contados como presentes); votos: 5 a favor, 2 en contra, 0 abstenciones — "
            "aprobada") in text
    assert " present;" not in text and "carried" not in text
    assert ("§ 2-83(f)(3)(a) — el momento en que se presentó la denuncia jurada, en relación con "
            "cuándo el denunciante conoció") in text
    assert "The timing of" not in text and "the timing of" not in text


def test_the_complainant_is_told_of_the_cure_in_spanish(controller: WorkflowController,
                                                       database: Database) -> None:
    intake = complete_intake(provision_ids=[provision_id(database, "2-306")],
                             route=Route.CAMPAIGN_FINANCE)
    case = reviewed_case(controller, intake=intake)
    controller.fire(case, ForwardCampaignFinance())
    controller.fire(case, RecordCure(filed_on=date(2026, 11, 30), verified_by="Maria Clerk"))
    text = flat(text_of(render_letter(database, case, "cf-cure-notice", account=DESK_CLERK,
                                      clock=_on(TODAY), language=Language.SPANISH)))
    assert "POR CORREO DE PRIMERA CLASE" in text
    assert ("El estado de cuenta bancaria de la campaña se presentó el 30 de noviembre de "
            "2026") in text
    assert "verificada por Maria Clerk" in text and "§ 2-82(b)(2)" in text


def test_the_spanish_determination_states_the_ballots_and_the_sanctions_in_spanish(
        controller: WorkflowController, database: Database) -> None:
    case = frivolous(controller)
    text = flat(text_of(render_letter(database, case, "frivolous-determination",
                                      account=DESK_CLERK, clock=_on(TODAY),
                                      language=Language.SPANISH)))
    assert "Determinación de una denuncia frívola" in text
    assert ("(dos tercios de los 7 contados como presentes); votos: 6 a favor, 1 en contra, "
            "0 abstenciones — aprobada") in text
    assert "Ana Gómez a favor" in text and "Gus Ybarra en contra" in text
    assert "Multa civil § 2-83(g)(2)(a) $350.00" in text
    assert "Notificación a una agencia § 2-83(g)(3)" in text
    assert "Civil penalty" not in text and " yes" not in text
    assert "§ 2-83(g)(1)(a) — la gravedad de la violación" in text
    assert "seriousness" not in text
