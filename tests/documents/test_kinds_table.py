"""The one table of document kinds: each kind has one row and one title, each renderer is reached
through it only, and every kind renders from its data."""

from __future__ import annotations

import ast
import importlib
import inspect
import io
import pkgutil
from pathlib import Path

import pytest
from pypdf import PdfReader

import ethics_desk.documents.render as render_package
from ethics_desk.cli import main
from ethics_desk.core.errors import UserError
from ethics_desk.documents.kinds import KINDS, Scope, kinds, kinds_for, rule_for, title_of
from ethics_desk.documents.render.base import Renderer
from ethics_desk.documents.render.data import Letterhead, letterhead_from_settings
from ethics_desk.models import CaseState
from ethics_desk.storage.database import Database
from tests.documents.render.helpers import flat, fonts_used, page_count, screenshot, text_of
from tests.documents.render.helpers import sample as sample_data

ROOT = Path(__file__).resolve().parents[2]
TABLE = ROOT / "ethics_desk" / "documents" / "kinds.py"
RENDER = ROOT / "ethics_desk" / "documents" / "render"


def _renderer_classes() -> set[type[Renderer]]:  # type: ignore[type-arg]
    """Every document renderer defined in ``ethics_desk.documents.render`` (not the bases)."""
    found = set()
    for info in pkgutil.iter_modules(render_package.__path__):
        module = importlib.import_module(f"{render_package.__name__}.{info.name}")
        for name, value in vars(module).items():
            if (inspect.isclass(value) and issubclass(value, Renderer) and not name.startswith("_")
                    and value.__module__ == module.__name__ and not inspect.isabstract(value)
                    and value.__dict__.get("template_name")):
                found.add(value)
    return found


def test_each_kind_has_exactly_one_title_and_it_is_the_tables() -> None:
    titles = [rule.title for rule in KINDS.values()]
    assert all(title.strip() == title and title for title in titles)
    assert len(set(titles)) == len(titles), "two kinds share a title"
    for kind, rule in KINDS.items():
        for cls in rule.renderer.__mro__:
            assert "title" not in vars(cls), f"{cls.__name__} names {kind} a second time"
            assert "kind" not in vars(cls), f"{cls.__name__} names its own kind"
        assert title_of(kind) == rule.title


def test_the_title_in_the_list_of_kinds_is_the_tables_exactly(
        capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["letter", "--list"]) == 0
    lines = capsys.readouterr().out.splitlines()
    for kind, rule in KINDS.items():
        if rule.scope is Scope.CASE:
            assert f"{kind:<24} {rule.title} ({rule.citation}) — to {rule.audience.value}" in lines
        else:  # not a case's letter, so not offered by ``letter``
            assert not any(line.startswith(f"{kind} ") for line in lines)


@pytest.mark.parametrize("kind", [k for k, rule in KINDS.items() if rule.scope is not Scope.CASE])
def test_a_paper_not_made_for_one_case_prints_the_tables_title_as_its_heading(kind: str) -> None:
    pdf = KINDS[kind].renderer().render(sample_data(kind))
    reader = PdfReader(io.BytesIO(pdf))
    assert reader.metadata is not None  # the document's title is its printed heading
    assert str(reader.metadata.title).startswith(KINDS[kind].title)
    assert KINDS[kind].title in flat(reader.pages[0].extract_text() or "")


def test_every_renderer_is_the_renderer_of_a_kind_in_the_table() -> None:
    assert _renderer_classes() == {rule.renderer for rule in KINDS.values()}


def test_no_module_but_the_table_names_a_renderer() -> None:
    renderers = {cls.__name__ for cls in _renderer_classes()}
    offenders = []
    for folder in ("ethics_desk", "tests", "benchmarks"):
        for path in (ROOT / folder).rglob("*.py"):
            if path == TABLE or RENDER in path.parents:
                continue
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
                names = {alias.name for alias in node.names} if isinstance(
                    node, ast.ImportFrom | ast.Import) else (
                    {node.id} if isinstance(node, ast.Name) else set())
                offenders += [f"{path.relative_to(ROOT)}: {name}" for name in names & renderers]
    assert offenders == []


def test_the_papers_of_a_case_are_the_case_kinds_that_apply_in_its_state() -> None:
    under_review = [kind for kind, _ in kinds_for(CaseState.UNDER_REVIEW)]
    assert "filing-notice" in under_review and "reviewer-transmittal" in under_review
    assert "respondent-notice" not in under_review
    assert "info-sheet" not in under_review and "board-packet" not in under_review
    assert [kind for kind, _ in kinds()] == [k for k, r in KINDS.items() if r.scope is Scope.CASE]


def test_the_table_lists_the_intake_papers_then_the_letters() -> None:
    assert list(KINDS)[:4] == ["sworn-complaint", "receipt", "unsworn-return", "info-sheet"]
    assert {"respondent-notice", "envelope", "labels", "board-packet"} <= set(KINDS)


def test_an_unknown_kind_is_refused_with_the_list_of_kinds() -> None:
    with pytest.raises(UserError, match="sworn-complaint, receipt, unsworn-return, reviewer"):
        rule_for("thank-you-note")


def test_a_kind_not_made_for_one_case_is_refused_as_a_letter_saying_what_it_is_for() -> None:
    with pytest.raises(UserError, match=r"board-packet .*made for a meeting of the Board"):
        rule_for("board-packet")


@pytest.mark.parametrize("kind", list(KINDS))
def test_every_kind_renders_from_its_data_with_embedded_fonts_and_page_numbers(
        kind: str) -> None:
    pdf = KINDS[kind].renderer().render(sample_data(kind))
    screenshot(f"kind-{kind}", pdf)
    assert pdf.startswith(b"%PDF-")
    pages = page_count(pdf)
    if kind not in ("envelope", "labels"):  # drawn on their own stock, with no footer
        assert f"Page {pages} of {pages}" in text_of(pdf)
    assert all(font.embedded and "DejaVuSans" in font.base_font for font in fonts_used(pdf))


@pytest.mark.parametrize("kind", list(KINDS))
def test_every_kind_renders_to_identical_bytes_for_the_same_data(kind: str) -> None:
    renderer = KINDS[kind].renderer()
    assert renderer.render(sample_data(kind)) == renderer.render(sample_data(kind))


def test_only_the_respondent_notice_encloses_the_code_and_goes_certified_by_default() -> None:
    assert [k for k, rule in KINDS.items() if rule.encloses_code] == ["respondent-notice"]
    assert [k for k, rule in KINDS.items() if rule.certified_by_default] == ["respondent-notice"]


def test_a_letterhead_left_at_its_defaults_prints_the_office_settings_defaults(
        database: Database) -> None:
    with database.read_session() as session:
        assert letterhead_from_settings(session) == Letterhead()
