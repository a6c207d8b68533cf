"""The complainant-facing papers in Spanish: the same renderer, the Spanish template beside the
English one, dates written the Spanish way, and the office's own copy of a Spanish template."""

from __future__ import annotations

import dataclasses
import re
from dataclasses import replace
from datetime import date, datetime
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest

from ethics_desk.core.vocabulary import Language
from ethics_desk.core.words import SPANISH
from ethics_desk.documents.kinds import COVER_TEMPLATE, KINDS
from ethics_desk.documents.render.data import Letterhead, WitnessPaper
from ethics_desk.documents.render.templates import TemplateLibrary, parse
from tests.documents.render.helpers import flat, sample, screenshot, text_of

SPANISH_KINDS = ("sworn-complaint", "info-sheet", "receipt", "unsworn-return", "defect-letter",
                 "cf-cure-notice", "response-copy", "hearing-notice", "show-cause-order",
                 "frivolous-determination", "resolution-notice", "written-opinion",
                 "pia-acknowledgement", "pia-ruling-notice", "pia-release-letter",
                 "pia-clarification", "pia-cost-estimate")
"""Every complainant-facing paper: the sworn complaint and its affidavit, § 2-83(b), the
receipt, (c), (d)(3), the (d)(2) cure notice, (e)(3), (e)(4), (f)(4), (f)(6), (d)(4), the Board's
written opinion (§ 2-87(a)); and the Public
Information Act's letters to the requester (Gov't Code ch. 552)."""

SPANISH_WORDS = {
    "sworn-complaint": ("Denuncia de ética jurada", "Declaración jurada — § 2-83(c)",
                        "Jurado y suscrito ante mí el 23 de noviembre de 2026 por José Peña",
                        "Del 3 de octubre de 2026 al 17 de octubre de 2026"),
    "info-sheet": ("Cómo presentar una denuncia de ética", "Secretaría Municipal",
                   "declaración jurada", "$500.00", "¿Quién puede presentarla?"),
    "receipt": ("Comprobante de una denuncia de ética jurada", "30 de noviembre de 2026",
                "Número de caso", "10:05 a. m.", "¿Tiene preguntas?"),
    "unsworn-return": ("Devolución de una denuncia no jurada", "30 de noviembre de 2026",
                       "1 de diciembre de 2026", "Atentamente,"),
    "defect-letter": ("Devolución de su denuncia", "la denuncia debe indicar el cargo o puesto",
                      "The respondent's title is missing.", "30 de noviembre de 2026"),
    "cf-cure-notice": ("Aviso de presentación: denuncia sobre financiamiento de campañas",
                       "El informe enmendado se presentó el 4 de diciembre de 2026",
                       "POR CORREO DE PRIMERA CLASE", "7 de diciembre de 2026"),
    "response-copy": ("Copia de la respuesta jurada", "10 de diciembre de 2026",
                      "lunes, 21 de diciembre de 2026", "§ 2-83(e)(3)"),
    "hearing-notice": ("Aviso de una audiencia", "jueves, 14 de enero de 2027", "5:30 p. m.",
                       "José Peña (denunciante)", "1 de diciembre de 2026",
                       "pueden asistir a la audiencia y ser escuchados"),
    "show-cause-order": ("Aviso de una orden de justificar", "jueves, 14 de enero de 2027",
                         "§ 2-83(f)(3)(a) — el momento en que se presentó la denuncia jurada",
                         "5:30 p. m.", "Sesión del 10 de diciembre de 2026"),
    "frivolous-determination": ("Determinación de una denuncia frívola",
                                "Votación nominal de los miembros presentes",
                                "Ana Gómez a favor", "Gus Ybarra se recusó",
                                "§ 2-83(g)(1)(b) — la sanción necesaria para disuadir"),
    "resolution-notice": ("Aviso de resolución de una denuncia",
                          "Desestimada por la Junta de Revisión de Ética",
                          "14 de enero de 2027", "§ 2-83(d)(4)"),
    "written-opinion": ("Opinión escrita de la Junta de Revisión de Ética",
                        "Violación comprobada", "14 de enero de 2027",
                        "no alegada en la denuncia", "Copias (§ 2-87(a))",
                        "Gus Ybarra y Hà Thị Lan", "la Secretaría Municipal"),
    "pia-acknowledgement": ("Acuse de recibo de su solicitud de información",
                            "lunes, 14 de diciembre de 2026", "§ 552.221(d)",
                            "Solicitud PIA-2026-001"),
    "pia-ruling-notice": ("Aviso de que pedimos una decisión al Procurador General",
                          "7 de diciembre de 2026", "lunes, 21 de diciembre de 2026",
                          "§ 552.304"),
    "pia-release-letter": ("Entrega de la información que usted solicitó",
                           "1 de febrero de 2027", "25 de enero de 2027", "§ 552.352"),
    "pia-clarification": ("Pedido de aclaración de su solicitud de información",
                          "Which departments and which months of 2026?", "§ 552.222(b)",
                          "vuelven a contarse desde el día en que recibamos su respuesta"),
    "pia-cost-estimate": ("Estado detallado de los cargos estimados",
                          "miércoles, 16 de diciembre de 2026", "$49.50", "§ 552.2615(b)"),
}


def _spanish_sample(kind: str) -> object:
    paper = sample(kind)
    if kind == "defect-letter":
        defects = tuple(replace(d, item=item) for d, item in zip(paper.defects, ("c4", "c6"),
                                                                  strict=True))
        return replace(paper, defects=defects)
    if kind == "resolution-notice":
        return replace(paper, outcome="dismissed")
    return paper


@pytest.mark.parametrize("kind", SPANISH_KINDS)
def test_each_complainant_facing_paper_is_printed_in_spanish_with_spanish_dates(
        kind: str, templates: TemplateLibrary) -> None:
    pdf = KINDS[kind].renderer(templates, Language.SPANISH).render(_spanish_sample(kind))
    screenshot(f"es-{kind}", pdf)
    text = flat(text_of(pdf))
    for words in SPANISH_WORDS[kind]:
        assert words in text
    assert "Página 1 de" in text
    for english in ("Page 1 of", "Sincerely", "November", "December"):
        assert english not in text


@pytest.mark.parametrize("kind", SPANISH_KINDS)
def test_a_spanish_paper_says_the_code_is_the_official_text_in_english(
        kind: str, templates: TemplateLibrary) -> None:
    pdf = KINDS[kind].renderer(templates, Language.SPANISH).render(_spanish_sample(kind))
    assert "texto oficial del Código de la Ciudad es el inglés" in flat(text_of(pdf))


@pytest.mark.parametrize("kind", SPANISH_KINDS)
def test_the_same_paper_in_english_is_unchanged_by_the_spanish_template(
        kind: str, templates: TemplateLibrary) -> None:
    english = KINDS[kind].renderer(templates).render(_spanish_sample(kind))
    assert english == KINDS[kind].renderer(templates, Language.ENGLISH).render(
        _spanish_sample(kind))
    assert "Page 1 of" in flat(text_of(english))


def test_spanish_dates_are_written_day_de_month_de_year_with_the_weekday_in_lower_case() -> None:
    assert SPANISH.long_date(date(2026, 12, 1)) == "1 de diciembre de 2026"
    assert SPANISH.weekday_date(date(2026, 12, 17)) == "jueves, 17 de diciembre de 2026"
    assert SPANISH.weekday_date(date(2026, 12, 19)) == "sábado, 19 de diciembre de 2026"
    moment = datetime(2026, 11, 30, 13, 5, tzinfo=ZoneInfo("America/Chicago"))
    assert SPANISH.long_datetime(moment, moment.tzinfo) == "30 de noviembre de 2026, a la 1:05 p. m. CST"


def test_amounts_are_written_the_us_way_in_spanish_too() -> None:
    assert SPANISH.dollars(50_000) == "$500.00"
    assert SPANISH.dollars(187_500) == "$1,875.00"


def test_the_office_can_override_a_spanish_template(templates: TemplateLibrary,
                                                     overrides: dict[str, str]) -> None:
    shipped = (templates.shipped_dir / "receipt.es.txt").read_text(encoding="utf-8")
    overrides["receipt.es.txt"] = (
        shipped.replace("[title] Comprobante de una denuncia de ética jurada",
                        "[title] Acuse de recibo de su denuncia"))
    pdf = KINDS["receipt"].renderer(templates, Language.SPANISH).render(sample("receipt"))
    assert "Acuse de recibo de su denuncia" in flat(text_of(pdf))
    english = KINDS["receipt"].renderer(templates).render(sample("receipt"))
    assert "Receipt for a Sworn Ethics Complaint" in flat(text_of(english))


def test_every_spanish_template_belongs_to_a_kind_the_table_marks_spanish() -> None:
    marked = sorted(rule.renderer.template_name for rule in KINDS.values()
                    if Language.SPANISH in rule.languages)
    assert marked == sorted(SPANISH_KINDS)
    # … or is the covering message of a paper sent by e-mail, which is no paper of the table.
    assert TemplateLibrary().names(Language.SPANISH) == sorted([*marked, COVER_TEMPLATE])


@pytest.mark.parametrize("kind", SPANISH_KINDS)
def test_a_spanish_template_has_every_section_and_placeholder_of_the_english_one(
        kind: str) -> None:
    library = TemplateLibrary()
    english = library.load(kind)
    spanish = library.load(kind, Language.SPANISH)
    assert set(english.sections) <= set(spanish.sections)
    office = set(KINDS[kind].renderer().common_values(Letterhead(), "ERB-2026-001"))
    assert set(spanish.placeholders) <= set(english.placeholders) | office


def test_review_notes_in_a_spanish_template_are_not_printed(tmp_path: Path) -> None:
    template = parse("[body]\n# REVISAR: sin traducción oficial\nTexto.\n", tmp_path / "x.es.txt")
    assert template.section("body").blocks[0].items == ("Texto.",)
    marked = (TemplateLibrary().shipped_dir / "show-cause-order.es.txt").read_text("utf-8")
    assert "# REVISAR" in marked


# -- no English on a Spanish paper ----------------------------------------------------------------

_WORD = re.compile(r"(?:[A-Za-z]{2,}|a)(?:['’][a-z]+)?")


def _phrases(text: str, length: int = 3) -> set[str]:
    """Every run of ``length`` English-looking words in ``text``: a run is broken by anything
    that is not such a word (a citation, a number, an initial such as the P of "P.O.", an
    accented Spanish word or a placeholder)."""
    found: set[str] = set()
    run: list[str] = []
    for token in re.split(r"[\s,.;:()\[\]“”\"!?¿¡/]+|(?<=\w)(?=[^\w\s'’])|(?<=[^\w\s'’])(?=\w)",
                          text):
        if _WORD.fullmatch(token):
            run.append(token)
            if len(run) >= length:
                found.add(" ".join(run[-length:]))
        elif token:
            run = []
    return found


CITED_AS_REPORTED = frozenset({"City of Dallas"})
"""The name of a reported court decision, cited as the reporter prints it in either language
(City of Dallas v. Abbott, 304 S.W.3d 380 (Tex. 2010), in the request to clarify)."""


def _english_of_template(kind: str) -> set[str]:
    """The phrases of the English template's printed wording, placeholders taken out."""
    template = TemplateLibrary().load(kind)
    lines = [re.sub(r"\$\{\w+\}|\*\*", " | ", item) for section in template.sections.values()
             for block in section.blocks for item in block.items]
    return {phrase for line in lines for phrase in _phrases(line)}


def _typed(data: object) -> str:
    """Everything the sample's data holds as text (names, notes the Board typed, which print as
    typed in either language)."""
    if isinstance(data, str):
        return data
    if dataclasses.is_dataclass(data) and not isinstance(data, type):
        # a vote's count, a ballot, a factor's and a sanction's statute words: the paper's own
        computed = {"summary", "vote", "factor", "label"}
        return " ".join(_typed(getattr(data, f.name)) for f in dataclasses.fields(data)
                        if not (f.name in computed and isinstance(getattr(data, f.name), str)))
    if isinstance(data, (tuple, list)):
        return " ".join(_typed(item) for item in data)
    return ""


@pytest.mark.parametrize("kind", SPANISH_KINDS)
def test_a_spanish_paper_prints_no_phrase_of_its_english_paper(
        kind: str, templates: TemplateLibrary) -> None:
    data = _spanish_sample(kind)
    spanish = flat(text_of(KINDS[kind].renderer(templates, Language.SPANISH).render(data)))
    english = flat(text_of(KINDS[kind].renderer(templates).render(data)))
    typed = _phrases(flat(_typed(replace(data, letterhead=Letterhead(  # type: ignore[type-var]
        office_name="", city="", signatory="", signatory_title="")))))
    phrases = (_english_of_template(kind) | _phrases(english)) - typed - CITED_AS_REPORTED
    assert phrases, "the English paper has words to compare"
    assert sorted(p for p in phrases if re.search(rf"(?<![A-Za-z]){re.escape(p)}(?![A-Za-z])",
                                                  spanish)) == []
    for office in ("City Clerk", "City of San Antonio"):
        assert office not in spanish


def test_the_spanish_complaint_names_who_identified_a_witness_and_an_officers_jurat_in_spanish(
        templates: TemplateLibrary) -> None:
    paper = sample("sworn-complaint")
    paper = replace(paper, witnesses=(WitnessPaper("Rosa Treviño", "José Peña (complainant)",
                                                   "210-555-0101"),),
                    oath=replace(paper.oath, officer_title="County Judge"))
    text = flat(text_of(KINDS["sworn-complaint"].renderer(templates, Language.SPANISH)
                        .render(paper)))
    assert "Rosa Treviño José Peña (denunciante) 210-555-0101" in text
    assert "Certificado del funcionario que tomó el juramento" in text
    assert "Cargo: County Judge" in text  # the officer's title as the officer gave it
    assert "notario" not in text.replace("ante el notario o el funcionario", "")
