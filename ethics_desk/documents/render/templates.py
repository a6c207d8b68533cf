"""The wording of every document, in template files the office can edit without a rebuild.

Where the wording is
--------------------
Ethics Desk ships one UTF-8 text file per document in ``resources/templates/`` (``receipt.txt``,
``sworn-complaint.txt`` …). The office changes a paper's wording in Settings → Letter wording:
its wording is kept in the database (:mod:`ethics_desk.documents.wording`), so every desk prints
the same letter, and it is used instead of the shipped file of the same name from the next
document printed on; going back to the shipped wording removes it.

A paper printed in Spanish reads ``<name>.es.txt`` (``receipt.es.txt``) the same way, the
office's wording first. A line starting with ``# REVISAR`` in a Spanish template marks wording
that has no official translation, for the office's review; like every comment, it is not printed.

The format
----------
A template is divided into named *sections*; each document places its sections where they belong
and fills the parts that depend on the case (tables of respondents, signature lines) itself::

    # A line starting with "#" is a comment and is not printed.
    [section-name]            starts a section; the lines below it, up to the next one, belong to it
    [label-name] Short text   a one-line section (for a label or a caption)
    = Heading                 a heading (and "== Subheading")
    Lines of text             one paragraph; lines are joined, a blank line ends the paragraph
    - item                    a bulleted list; lines indented under an item continue it
    1. item                   a numbered list
    > text                    a boxed notice; lines indented under it continue it, and a line
                              holding only ">" starts its next paragraph
    | line                    a line kept exactly as its own line (addresses, signature captions)
    **bold**                  bold text within a line
    ${case_number}            a value Ethics Desk fills in (the names a document offers are the
                              ones its shipped template uses); "$$" prints a dollar sign

Values are printed exactly as stored (a name like ``A&B <Ltd>`` appears literally). Every section
a document needs must be present. A placeholder the document does not know (a misspelling such as
``${case_numbr}``), a malformed one (``${case number}``, ``$5``), or one the case has no value for
stops the document with a :class:`TemplateError` that names the file and the placeholder, rather
than printing a letter with a gap in it.
"""

from __future__ import annotations

import re
import string
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from enum import StrEnum
from pathlib import Path

from ethics_desk.core.errors import UserError
from ethics_desk.core.resources import resource_path
from ethics_desk.core.vocabulary import Language
from ethics_desk.documents.render.fonts import markup

SUFFIX = ".txt"
_SECTION = re.compile(r"^\[(?P<name>[A-Za-z0-9_.-]+)\][ \t]*(?P<rest>.*)$")
_NUMBERED = re.compile(r"^\d+[.)]\s+")
_PLACEHOLDER = string.Template.pattern


def shipped_dir() -> Path:
    """The templates shipped with Ethics Desk (``resources/templates``)."""
    return resource_path("templates")


class TemplateError(UserError):
    """A template cannot be used: it names the template and the placeholder or section at fault.

    The office's wording is named as Settings shows it (“the office's wording of receipt.txt”),
    a shipped template by its file.
    """

    def __init__(self, path: Path, problem: str, fix: str, *, placeholder: str = "",
                 section: str = "", line: int | None = None, office: bool = False) -> None:
        at = f", line {line}," if line else ""
        where = (f"The office's wording of “{path.name}”{at}" if office
                 else f"The document template “{path}”{at}")
        super().__init__(f"{where} cannot be used: {problem}", fix)
        self.path = path
        self.office = office
        self.placeholder = placeholder
        self.section = section
        self.line = line


class BlockKind(StrEnum):
    """What a block of template text prints as."""

    HEADING = "heading"
    SUBHEADING = "subheading"
    PARAGRAPH = "paragraph"
    LINES = "lines"
    BULLETS = "bullets"
    NUMBERS = "numbers"
    NOTICE = "notice"


@dataclass(frozen=True)
class Block:
    """A heading, paragraph, list, notice or line block; ``items`` hold raw template text."""

    kind: BlockKind
    items: tuple[str, ...]


@dataclass(frozen=True)
class Section:
    """A named part of a template: its blocks and the line where it starts."""

    name: str
    blocks: tuple[Block, ...]
    line: int


@dataclass(frozen=True)
class DocumentTemplate:
    """A parsed template file: its sections and every placeholder it uses (with a line each)."""

    path: Path
    overridden: bool
    sections: Mapping[str, Section]
    placeholders: Mapping[str, int]

    def section(self, name: str) -> Section:
        """The section called ``name``, or a :class:`TemplateError` naming it."""
        try:
            return self.sections[name]
        except KeyError:
            raise TemplateError(
                self.path, f"it has no section “[{name}]”, which this document needs.",
                self._fix(), section=name, office=self.overridden) from None

    def check(self, values: Mapping[str, str | None]) -> None:
        """Every placeholder used is known to the document and has a value."""
        for name in self.placeholders:
            self.value(name, values)

    def value(self, name: str, values: Mapping[str, str | None]) -> str:
        """The value of placeholder ``name``; unknown or missing is a :class:`TemplateError`."""
        line = self.placeholders.get(name)
        if name not in values:
            known = ", ".join(f"${{{key}}}" for key in sorted(values))
            raise TemplateError(
                self.path, f"the placeholder “${{{name}}}” is not one this document knows.",
                f"Correct it to one of {known}. {self._fix()}", placeholder=name, line=line,
                office=self.overridden)
        value = values[name]
        if value is None:
            raise TemplateError(
                self.path, f"the placeholder “${{{name}}}” has no value for this case.",
                "Record the missing information on the case, or take the placeholder out of the "
                "template.", placeholder=name, line=line, office=self.overridden)
        return value

    def inline(self, raw: str, values: Mapping[str, str | None]) -> str:
        """Template text as Paragraph markup: escaped, ``**bold**`` applied, values filled in."""
        out: list[str] = []
        bold = False
        for kind, text in _tokens(raw):
            if kind == "value":
                out.append(markup(self.value(text, values)))
            elif kind == "bold":
                out.append("</b>" if bold else "<b>")
                bold = not bold
            else:
                out.append(markup(text))
        if bold:
            out.append("</b>")
        return "".join(out)

    def plain(self, raw: str, values: Mapping[str, str | None]) -> str:
        """Template text as plain text: values filled in, ``**`` dropped, nothing escaped."""
        return "".join(self.value(text, values) if kind == "value" else text
                       for kind, text in _tokens(raw) if kind != "bold")

    def _fix(self) -> str:
        if self.overridden:
            return ("Correct the office's wording in Settings → Letter wording, or go back to "
                    "the shipped wording there.")
        return "Reinstall Ethics Desk; the shipped template is damaged."


def _tokens(raw: str) -> Iterator[tuple[str, str]]:
    """``("text", …)``, ``("value", name)`` and ``("bold", "")`` tokens of one line of template."""
    position = 0
    for match in _PLACEHOLDER.finditer(raw):
        yield from _bold_tokens(raw[position:match.start()])
        if match.group("escaped") is not None:
            yield "text", "$"
        else:
            yield "value", match.group("named") or match.group("braced") or ""
        position = match.end()
    yield from _bold_tokens(raw[position:])


def _bold_tokens(text: str) -> Iterator[tuple[str, str]]:
    for index, part in enumerate(text.split("**")):
        if index:
            yield "bold", ""
        if part:
            yield "text", part


def _placeholders_of(path: Path, line: str, number: int, office: bool) -> Iterator[str]:
    """The placeholder names in one line; a malformed one is a :class:`TemplateError`."""
    for match in _PLACEHOLDER.finditer(line):
        if match.group("invalid") is not None:
            start = match.start()
            snippet = re.match(r"\$(\{[^}\n]*\}?|\S{0,20})", line[start:])
            shown = snippet.group(0) if snippet else "$"
            raise TemplateError(
                path, f"“{shown}” is not a placeholder (write ${{name}} with letters, digits and "
                "underscores, or $$ for a dollar sign).",
                "Correct the placeholder or remove it.", placeholder=shown, line=number,
                office=office)
        name = match.group("named") or match.group("braced")
        if name:
            yield name


def parse(text: str, path: Path, *, overridden: bool = False) -> DocumentTemplate:
    """Parse a template file's text (the format is in this module's docstring)."""
    parser = _Parser(path, overridden)
    for number, line in enumerate(text.splitlines(), start=1):
        parser.feed(line, number)
    parser.end_section()
    return DocumentTemplate(path, overridden, parser.sections, parser.placeholders)


class _Parser:
    """Reads a template line by line into sections of blocks."""

    def __init__(self, path: Path, office: bool = False) -> None:
        self.path = path
        self.office = office
        self.sections: dict[str, Section] = {}
        self.placeholders: dict[str, int] = {}
        self.current: tuple[str, int] | None = None
        self.blocks: list[Block] = []
        self.kind: BlockKind | None = None
        self.items: list[str] = []

    def end_block(self) -> None:
        """Close the block being read."""
        kept = [item.strip() for item in self.items]
        if self.kind is BlockKind.NOTICE:
            kept = [item for item in kept if item]
        if self.kind is not None and any(kept):
            self.blocks.append(Block(self.kind, tuple(kept)))
        self.kind, self.items = None, []

    def end_section(self) -> None:
        """Close the section being read."""
        self.end_block()
        if self.current is not None:
            name, line = self.current
            self.sections[name] = Section(name, tuple(self.blocks), line)
        self.blocks = []

    def start(self, kind: BlockKind, first: str | None = None) -> None:
        """Continue a block of ``kind``, or close the current one and open one."""
        if self.kind is not kind:
            self.end_block()
            self.kind = kind
            if first is not None:
                self.items = [first]

    def feed(self, line: str, number: int) -> None:
        """One line of the file."""
        stripped = line.strip()
        if stripped.startswith("#"):
            return
        header = _SECTION.match(stripped)
        if header:
            self.end_section()
            name = header.group("name")
            if name in self.sections:
                raise TemplateError(self.path, f"the section “[{name}]” appears twice.",
                                    "Keep one of them.", section=name, line=number,
                                    office=self.office)
            self.current = (name, number)
            stripped = header.group("rest").strip()
            if not stripped:
                return
        if not stripped:
            self.end_block()
            return
        if self.current is None:
            raise TemplateError(self.path, "text appears before the first [section] line.",
                                "Start the file with a section name in square brackets, such "
                                "as [body].", line=number, office=self.office)
        for placeholder in _placeholders_of(self.path, stripped, number, self.office):
            self.placeholders.setdefault(placeholder, number)
        self.line(stripped, indented=line[:1].isspace() and not header)

    def line(self, stripped: str, *, indented: bool) -> None:
        """A non-blank line of a section, by its leading mark (and indentation)."""
        if stripped.startswith("="):
            self.end_block()
            level = BlockKind.SUBHEADING if stripped.startswith("==") else BlockKind.HEADING
            self.blocks.append(Block(level, (stripped.lstrip("=").strip(),)))
        elif stripped.startswith(("- ", "• ")) or stripped in ("-", "•"):
            self.start(BlockKind.BULLETS)
            self.items.append(stripped[1:].strip())
        elif _NUMBERED.match(stripped):
            self.start(BlockKind.NUMBERS)
            self.items.append(_NUMBERED.sub("", stripped, count=1))
        elif stripped.startswith(">"):
            self.start(BlockKind.NOTICE, "")
            content = stripped[1:].strip()
            if content:
                self.items[-1] = f"{self.items[-1]} {content}".strip()
            else:
                self.items.append("")
        elif stripped.startswith("|"):
            self.start(BlockKind.LINES)
            self.items.append(stripped[1:].strip() or " ")
        elif indented and self.kind in (BlockKind.BULLETS, BlockKind.NUMBERS, BlockKind.NOTICE):
            self.items[-1] = f"{self.items[-1]} {stripped}".strip()
        else:
            self.start(BlockKind.PARAGRAPH, "")
            self.items[-1] = f"{self.items[-1]} {stripped}".strip()


class TemplateLibrary:
    """Finds a document's template: the office's wording if it has one, else the shipped file.

    ``overrides`` is the office's wording by file name (``receipt.txt``, ``receipt.es.txt``), as
    :func:`ethics_desk.documents.wording.library` reads it from the database for one paper or one
    batch; shipped files are read on every load. A parse is kept and reused while the text is
    unchanged (a batch of letters parses each template once).
    """

    def __init__(self, overrides: Mapping[str, str] | None = None,
                 shipped: Path | None = None) -> None:
        self.overrides: Mapping[str, str] = overrides if overrides is not None else {}
        self.shipped_dir = shipped if shipped is not None else shipped_dir()
        self._parsed: dict[tuple[Path, bool], tuple[str, DocumentTemplate]] = {}

    @staticmethod
    def file_name(name: str, language: Language = Language.ENGLISH) -> str:
        """The file of template ``name`` in ``language``: ``receipt.txt`` in English,
        ``receipt.es.txt`` in Spanish."""
        file_name = name if name.endswith(SUFFIX) else name + SUFFIX
        if language is not Language.ENGLISH:
            file_name = file_name[:-len(SUFFIX)] + f".{language.value}{SUFFIX}"
        return file_name

    def path_for(self, name: str, language: Language = Language.ENGLISH) -> tuple[Path, bool]:
        """The template used for ``name`` in ``language`` and whether it is the office's
        wording (then the path is just its file name)."""
        file_name = self.file_name(name, language)
        if file_name in self.overrides:
            return Path(file_name), True
        return self.shipped_dir / file_name, False

    def load(self, name: str, language: Language = Language.ENGLISH) -> DocumentTemplate:
        """The parsed template ``name`` (``receipt`` or ``receipt.txt``) in ``language``."""
        path, overridden = self.path_for(name, language)
        if overridden:
            text = self.overrides[path.name]
        else:
            try:
                text = path.read_text(encoding="utf-8-sig")
            except UnicodeDecodeError as exc:
                raise TemplateError(path, f"it is not UTF-8 text ({exc.reason} at byte "
                                    f"{exc.start}).", "Reinstall Ethics Desk; the shipped "
                                    "template is damaged.") from exc
            except OSError as exc:
                raise TemplateError(path, f"it cannot be read ({exc.strerror or exc}).",
                                    "Reinstall Ethics Desk; the shipped template is missing.") \
                    from exc
        cached = self._parsed.get((path, overridden))
        if cached is not None and cached[0] == text:
            return cached[1]
        template = parse(text, path, overridden=overridden)
        self._parsed[(path, overridden)] = (text, template)
        return template

    def shipped_text(self, file_name: str) -> str:
        """The shipped wording of ``file_name`` (``receipt.es.txt``), as Settings shows it."""
        return (self.shipped_dir / file_name).read_text(encoding="utf-8-sig")

    def names(self, language: Language = Language.ENGLISH) -> list[str]:
        """The shipped template names (without the suffix) in ``language``: ``receipt`` for
        ``receipt.txt``, and in Spanish ``receipt`` for ``receipt.es.txt``."""
        found = []
        for path in self.shipped_dir.glob(f"*{SUFFIX}"):
            stem, _, tag = path.stem.rpartition(".")
            if not stem:
                stem, tag = tag, Language.ENGLISH.value
            if tag == language.value:
                found.append(stem)
        return sorted(found)
