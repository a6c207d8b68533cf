"""Document wording comes from template files; the office's wording replaces a shipped one."""

from __future__ import annotations

from pathlib import Path

import pytest

from ethics_desk.core.errors import UserError
from ethics_desk.documents.kinds import COVER_TEMPLATE, KINDS
from ethics_desk.documents.render.data import Party
from ethics_desk.documents.render.templates import (
    BlockKind,
    TemplateError,
    TemplateLibrary,
    parse,
)
from tests.documents.render.helpers import flat, receipt_paper, text_of, unsworn_return_paper

SAMPLE = """\
# a comment, not printed
[title] Receipt ${case_number}
[body]
= Heading
== Subheading
A paragraph that runs
over two lines, with **bold** and $$5.

- first item
  continued
- second item
1. one
2. two
> Notice line
  continued
>
> Second notice paragraph
| kept line
| another

A closing paragraph.
"""


def test_the_template_format_reads_sections_headings_paragraphs_lists_notices_and_lines(
        tmp_path: Path) -> None:
    template = parse(SAMPLE, tmp_path / "x.txt")
    assert [b.items for b in template.section("title").blocks] == [("Receipt ${case_number}",)]
    body = template.section("body").blocks
    assert [b.kind for b in body] == [
        BlockKind.HEADING, BlockKind.SUBHEADING, BlockKind.PARAGRAPH, BlockKind.BULLETS,
        BlockKind.NUMBERS, BlockKind.NOTICE, BlockKind.LINES, BlockKind.PARAGRAPH]
    assert body[2].items == ("A paragraph that runs over two lines, with **bold** and $$5.",)
    assert body[3].items == ("first item continued", "second item")
    assert body[4].items == ("one", "two")
    assert body[5].items == ("Notice line continued", "Second notice paragraph")
    assert body[6].items == ("kept line", "another")
    assert template.placeholders == {"case_number": 2}


def test_values_are_escaped_and_bold_and_dollar_markup_applies_only_to_template_text(
        tmp_path: Path) -> None:
    template = parse("[t] **Dear ${name}:** costs $$5", tmp_path / "x.txt")
    raw = template.section("t").blocks[0].items[0]
    assert template.inline(raw, {"name": "A&B <Ltd> **x**"}) == \
        "<b>Dear A&amp;B &lt;Ltd&gt; **x**:</b> costs $5"


def test_every_shipped_template_parses_and_has_what_its_document_needs() -> None:
    library = TemplateLibrary()
    for renderer_class in (rule.renderer for rule in KINDS.values()):
        template = library.load(renderer_class.template_name)
        assert not template.overridden
        for section in renderer_class.required_sections:
            template.section(section)


def test_an_office_override_is_used_instead_of_the_shipped_wording(
        templates: TemplateLibrary, overrides: dict[str, str]) -> None:
    shipped = (templates.shipped_dir / "receipt.txt").read_text(encoding="utf-8")
    overrides["receipt.txt"] = (
        shipped.replace("[title] Receipt for a Sworn Ethics Complaint",
                        "[title] Acknowledgment of Complaint ${case_number}"))
    text = flat(text_of(KINDS["receipt"].renderer(templates).render(receipt_paper())))
    assert "Acknowledgment of Complaint ERB-2026-014" in text
    assert "Receipt for a Sworn Ethics Complaint" not in text


def test_an_unknown_placeholder_in_an_override_names_the_file_and_the_placeholder(
        templates: TemplateLibrary, overrides: dict[str, str]) -> None:
    shipped = (templates.shipped_dir / "receipt.txt").read_text(encoding="utf-8")
    overrides["receipt.txt"] = (
        shipped.replace("Please give your case number, ${case_number}.",
                        "Please give your case number, ${case_numbr}."))
    with pytest.raises(TemplateError) as caught:
        KINDS["receipt"].renderer(templates).render(receipt_paper())
    message = str(caught.value)
    assert "The office's wording of “receipt.txt”" in message
    assert "${case_numbr}" in message
    assert "${case_number}" in message  # the fix lists the names it could be
    assert caught.value.placeholder == "case_numbr"
    assert isinstance(caught.value, UserError)


@pytest.mark.parametrize(("broken", "named"), [("${case number}", "${case number}"),
                                               ("$5 fee", "$5"),
                                               ("${case_number", "${case_number")])
def test_a_malformed_placeholder_in_an_override_names_the_file_and_the_placeholder(
        templates: TemplateLibrary, overrides: dict[str, str], broken: str, named: str) -> None:
    shipped = (templates.shipped_dir / "receipt.txt").read_text(encoding="utf-8")
    overrides["receipt.txt"] = shipped + f"\n[extra] {broken}\n"
    with pytest.raises(TemplateError) as caught:
        KINDS["receipt"].renderer(templates).render(receipt_paper())
    message = str(caught.value)
    assert "receipt.txt" in message
    assert f"“{named}”" in message
    assert caught.value.placeholder == named
    assert caught.value.line is not None


def test_a_missing_value_names_the_template_and_the_placeholder(
        templates: TemplateLibrary) -> None:
    paper = unsworn_return_paper(complainant=Party("", address="1 Main St.\nSan Antonio, TX"))
    with pytest.raises(TemplateError) as caught:
        KINDS["unsworn-return"].renderer(templates).render(paper)
    assert "unsworn-return.txt" in str(caught.value)
    assert "${complainant_name}" in str(caught.value)
    assert "no value" in str(caught.value)


def test_an_override_missing_a_section_names_the_file_and_the_section(
        templates: TemplateLibrary, overrides: dict[str, str]) -> None:
    overrides["receipt.txt"] = "[title] Receipt\n"
    with pytest.raises(TemplateError) as caught:
        KINDS["receipt"].renderer(templates).render(receipt_paper())
    assert "receipt.txt" in str(caught.value)
    assert "[intro]" in str(caught.value)


def test_text_before_the_first_section_is_refused_with_its_line(tmp_path: Path) -> None:
    with pytest.raises(TemplateError, match="line 2"):
        parse("# comment\nstray text\n[title] x", tmp_path / "x.txt")


def test_every_shipped_template_belongs_to_a_kind_in_the_table() -> None:
    # … or is the covering message of a paper sent by e-mail, which is no paper of the table.
    assert TemplateLibrary().names() == sorted([*(rule.renderer.template_name
                                                  for rule in KINDS.values()), COVER_TEMPLATE])


def test_a_template_is_parsed_once_while_its_wording_is_unchanged_and_again_when_edited(
        templates: TemplateLibrary, overrides: dict[str, str]) -> None:
    first = templates.load("receipt")
    assert templates.load("receipt") is first
    shipped = (templates.shipped_dir / "receipt.txt").read_text(encoding="utf-8")
    overrides["receipt.txt"] = shipped.replace("[title] Receipt for a Sworn Ethics Complaint",
                                               "[title] Edited title")
    edited = templates.load("receipt")
    assert edited.overridden
    assert edited.section("title").blocks[0].items == ("Edited title",)
    overrides["receipt.txt"] = shipped.replace("[title] Receipt for a Sworn Ethics Complaint",
                                               "[title] Edited again")
    assert templates.load("receipt").section("title").blocks[0].items == ("Edited again",)
    del overrides["receipt.txt"]
    assert not templates.load("receipt").overridden
