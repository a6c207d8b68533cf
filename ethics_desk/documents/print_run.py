"""A print run: the papers of one batch as ONE PDF, each font program embedded once (no Qt).

The printer gets one document per run, not one per letter, so the system's print queue holds
one job of one file and the fonts travel once. What prints must be what was issued (an issued
paper's bytes are the record, SHA-256 checked on reprint), so the run is not rendered again:
it is the issued PDFs' own pages, copied in order, and what they share byte for byte — the
same font program, the same enclosure page, the same image — is kept once
(:func:`print_run`). Nothing on a page is re-encoded or rewritten: the stored objects are
copied as stored, only renumbered (:class:`_RawPdf`, by each file's cross-reference table; a
file it does not take — a cross-reference stream, an incremental update, a page tree pages
inherit from — is joined by pypdf instead, its identical objects merged the same way).

The run is then checked against the papers it was made from (:func:`page_fingerprints`):
each page of the run, read back from the run's bytes, must draw the same content stream with
the same font programs and images, on the same page size, as the issued page it stands for.
A run that fails the check is refused (nothing is printed) rather than printed unlike the
record.

A font program is one subset of a bundled TrueType face; letters that use the same characters
in the same order (letters of one template, names in plain ASCII) share one subset, and so
one embedding; a letter whose text brings other characters (a name with an accent) carries
its own subset of the face, embedded once however many pages use it.
"""

from __future__ import annotations

import hashlib
import io
import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from pypdf import PdfReader, PdfWriter
from pypdf.errors import PdfReadError
from pypdf.generic import ArrayObject, DictionaryObject, IndirectObject, StreamObject

from ethics_desk.core.errors import StorageError, UserError

FONT_FILES = ("/FontFile", "/FontFile2", "/FontFile3")
"""The keys of a font descriptor that hold an embedded font program (Type 1, TrueType, CFF)."""


@dataclass(frozen=True)
class RunPart:
    """One paper of a run: its label, the page of the run it starts on (0-based), its pages."""

    label: str
    first_page: int
    pages: int


@dataclass(frozen=True)
class PrintRun:
    """The run's one PDF, the papers in it in order, and how many font programs it embeds."""

    pdf: bytes
    parts: tuple[RunPart, ...]
    font_programs: int

    @property
    def pages(self) -> int:
        """Pages in the whole run."""
        return sum(part.pages for part in self.parts)

    def part_at(self, page: int) -> RunPart:
        """The paper the run's page ``page`` (0-based) belongs to."""
        for part in self.parts:
            if part.first_page <= page < part.first_page + part.pages:
                return part
        raise IndexError(f"the run has no page {page + 1}")


PageFingerprint = tuple[tuple[str, ...], tuple[str, ...], tuple[float, ...]]
"""A page as the printer draws it: the SHA-256 of its content streams in order, of every
stream it uses (fonts, images, forms — all it reaches but its parent), and its page box."""


def _resolve(value: Any) -> Any:
    return value.get_object() if isinstance(value, IndirectObject) else value


def _digest(raw: bytes) -> str:
    return hashlib.sha256(raw).hexdigest()


def _stored(stream: StreamObject) -> bytes:
    """A stream's bytes as stored (pypdf keeps a read stream's stored bytes in ``_data``)."""
    raw = getattr(stream, "_data", None)
    return raw if isinstance(raw, bytes) else bytes(stream.get_data())


def page_fingerprints(reader: PdfReader) -> list[PageFingerprint]:
    """What each page of a PDF draws (see :data:`PageFingerprint`), read by pypdf."""
    reached: dict[int, frozenset[str]] = {}

    def reach(value: Any, seen: set[int]) -> frozenset[str]:
        if isinstance(value, IndirectObject):
            if value.idnum in reached:
                return reached[value.idnum]
            if value.idnum in seen:
                return frozenset()
            seen.add(value.idnum)
            reached[value.idnum] = reach(value.get_object(), seen)
            return reached[value.idnum]
        found: set[str] = set()
        if isinstance(value, StreamObject):
            found.add(_digest(_stored(value)))
        if isinstance(value, DictionaryObject):
            for key, item in value.items():
                if key != "/Parent":
                    found |= reach(item, seen)
        elif isinstance(value, ArrayObject):
            for item in value:
                found |= reach(item, seen)
        return frozenset(found)

    prints: list[PageFingerprint] = []
    for page in reader.pages:
        contents = page.get("/Contents")
        listed = _resolve(contents)
        refs = list(listed) if isinstance(listed, ArrayObject) else [contents]
        content = tuple(_digest(_stored(_resolve(c))) for c in refs if c is not None)
        streams = tuple(sorted(reach(page.indirect_reference or page, set())))
        box = tuple(float(v) for v in page.mediabox)
        prints.append((content, streams, box))
    return prints


def _raw_fingerprints(reader: _RawPdf) -> list[PageFingerprint]:
    """What each page draws (see :data:`PageFingerprint`), read from the stored objects."""
    reached: dict[int, frozenset[str]] = {}

    def reach(number: int, seen: set[int]) -> frozenset[str]:
        if number in reached:
            return reached[number]
        if number in seen:
            return frozenset()
        seen.add(number)
        item = reader.object(number)
        found = {_digest(item.stream)} if item.stream is not None else set()
        for target in reader.refs(number):
            found |= reach(target, seen)
        reached[number] = frozenset(found)
        return reached[number]

    prints: list[PageFingerprint] = []
    for page in reader.pages:
        head = reader.object(page).head
        box = re.search(rb"/MediaBox\s*\[([^\]]*)\]", head)
        if box is None:
            raise _Unsupported("a page without its own media box")
        listed = re.search(rb"/Contents\s*(\[[^\]]*\]|\d+\s+\d+\s+R)", head)
        content = []
        for match in _REF.finditer(listed.group(1) if listed else b""):
            stream = reader.object(int(match.group(1))).stream
            if stream is None:
                raise _Unsupported("page content that is not a stream")
            content.append(_digest(stream))
        prints.append((tuple(content), tuple(sorted(reach(page, set()))),
                       tuple(float(v) for v in box.group(1).split())))
    return prints


def _count_programs(reader: PdfReader) -> int:
    """The distinct font program objects the run's pages use."""
    seen: set[tuple[int, int]] = set()
    for page in reader.pages:
        resources = _resolve(page.get("/Resources"))
        fonts = _resolve(resources.get("/Font")) if isinstance(resources, DictionaryObject) else {}
        for ref in (fonts or {}).values():
            font = _resolve(ref)
            descriptors = [font.get("/FontDescriptor")]
            descriptors += [_resolve(d).get("/FontDescriptor")
                            for d in _resolve(font.get("/DescendantFonts")) or ArrayObject()]
            for descriptor in descriptors:
                if isinstance(descriptor, IndirectObject):
                    resolved: Any = descriptor.get_object()
                    for key in FONT_FILES:
                        program = resolved.get(key)
                        if isinstance(program, IndirectObject):
                            seen.add((program.idnum, program.generation))
    return len(seen)


class _Unsupported(Exception):
    """A PDF the byte-level merger does not take (cross-reference streams, incremental
    updates, attributes inherited from the page tree): the run takes pypdf's way for it."""


_OBJ = re.compile(rb"(\d+)\s+(\d+)\s+obj\s*")
_REF = re.compile(rb"(\d+)\s+(\d+)\s+R(?![A-Za-z])")
_STREAM = re.compile(rb">>\s*stream(\r\n|\n)")
_LENGTH = re.compile(rb"/Length\s+(\d+)(?:\s+(\d+)\s+R)?")
_PARENT = re.compile(rb"/Parent\s+\d+\s+\d+\s+R")
_INHERITED = re.compile(rb"/(Resources|MediaBox|CropBox|Rotate)[\s/<\[(\d]")


@dataclass
class _Object:
    """One object of a PDF as stored: its dictionary (or other value) and its stream bytes."""

    head: bytes
    stream: bytes | None


class _RawPdf:
    """A PDF read as its stored objects, by its cross-reference table (no object is decoded)."""

    def __init__(self, data: bytes) -> None:
        self.data = data
        at = data.rfind(b"startxref")
        if at < 0:
            raise _Unsupported("no startxref")
        offset = int(data[at + 9:].split()[0])
        if not data.startswith(b"xref", offset):
            raise _Unsupported("a cross-reference stream")
        self.offsets: dict[int, int] = {}
        lines = data[offset + 4:data.index(b"trailer", offset)].split()
        index = 0
        while index < len(lines):
            first, count = int(lines[index]), int(lines[index + 1])
            index += 2
            for number in range(first, first + count):
                position, _generation, used = lines[index:index + 3]
                index += 3
                if used == b"n":
                    self.offsets[number] = int(position)
        trailer = data[data.index(b"trailer", offset):at]
        if b"/Prev" in trailer or b"/Encrypt" in trailer:
            raise _Unsupported("an incremental update or encryption")
        root = re.search(rb"/Root\s+(\d+)\s+\d+\s+R", trailer)
        if root is None:
            raise _Unsupported("no catalog")
        self.objects: dict[int, _Object] = {}
        self._refs: dict[int, list[int]] = {}
        pages = self._head(int(root.group(1)))
        tree = re.search(rb"/Pages\s+(\d+)\s+\d+\s+R", pages)
        if tree is None:
            raise _Unsupported("no page tree")
        self.pages: list[int] = []
        self._collect(int(tree.group(1)), 0)

    def object(self, number: int) -> _Object:
        """Object ``number`` as stored."""
        found = self.objects.get(number)
        if found is None:
            if number not in self.offsets:
                raise _Unsupported(f"object {number} is not in the cross-reference table")
            data, offset = self.data, self.offsets[number]
            header = _OBJ.match(data, offset)
            if header is None or int(header.group(1)) != number:
                raise _Unsupported(f"object {number} is not where the table says")
            body = header.end()
            end = data.index(b"endobj", body)
            stream = _STREAM.search(data, body, end)
            if stream is None:
                found = _Object(data[body:end].rstrip(), None)
            else:
                head = data[body:stream.start() + 2]
                length = _LENGTH.search(head)
                if length is None:
                    raise _Unsupported(f"object {number} has a stream without a length")
                size = (int(self._head(int(length.group(1))).strip()) if length.group(2)
                        else int(length.group(1)))
                found = _Object(head, data[stream.end():stream.end() + size])
            self.objects[number] = found
        return found

    def _head(self, number: int) -> bytes:
        return self.object(number).head

    def _collect(self, number: int, depth: int) -> None:
        head = self._head(number)
        if re.search(rb"/Type\s*/Pages(?![A-Za-z])", head):
            if depth > 32 or _INHERITED.search(head):
                raise _Unsupported("a page tree that pages inherit from")
            kids = re.search(rb"/Kids\s*\[([^\]]*)\]", head)
            for kid in _REF.finditer(kids.group(1) if kids else b""):
                self._collect(int(kid.group(1)), depth + 1)
        else:
            self.pages.append(number)

    def refs(self, number: int) -> list[int]:
        """The objects ``number`` refers to (a page's parent left out)."""
        found = self._refs.get(number)
        if found is None:
            found = self._refs[number] = [int(m.group(1)) for m in _REF.finditer(
                _PARENT.sub(b"", self._head(number)))]
        return found


def _raw_run(readers: Sequence[_RawPdf], title: str) -> bytes:
    """The pages of ``readers`` in one PDF, objects stored alike kept once (see the module)."""
    numbers: dict[tuple[int, int], int] = {}  # (paper, object) -> number in the run
    by_digest: dict[str, int] = {}
    out: list[bytes] = []  # each object's bytes, numbered from 1
    kids: list[int] = []
    version = max((r.data[5:8] for r in readers), default=b"1.4")
    root_number = 1  # the run's page tree; its catalog and information follow the objects
    out.append(b"")

    def copy(paper: int, reader: _RawPdf, number: int, digests: dict[int, str],
             visiting: set[int]) -> tuple[int, str]:
        key = (paper, number)
        if key in numbers:
            return numbers[key], digests.get(number, f"{paper}:{number}")
        if number in visiting:  # a cycle: the object stays the paper's own
            raise _Unsupported("objects that refer to each other in a cycle")
        visiting.add(number)
        item = reader.object(number)
        targets = {}
        for target in reader.refs(number):
            targets[target] = copy(paper, reader, target, digests, visiting)
        visiting.discard(number)

        def renumber(match: re.Match[bytes]) -> bytes:
            return b"%d 0 R" % targets[int(match.group(1))][0]
        head = _REF.sub(renumber, item.head)
        digest = hashlib.sha256(head + b"\0" + (item.stream or b"")
                                + (b"S" if item.stream is not None else b"")).hexdigest()
        digests[number] = digest
        if digest in by_digest:
            numbers[key] = by_digest[digest]
        else:
            body = head if item.stream is None else head + b"\nstream\n" + item.stream + b"\nendstream"
            out.append(body)
            numbers[key] = by_digest[digest] = len(out)
        return numbers[key], digest

    for paper, reader in enumerate(readers):
        digests: dict[int, str] = {}
        for page in reader.pages:
            item = reader.object(page)
            targets = {t: copy(paper, reader, t, digests, set()) for t in reader.refs(page)}
            head = _PARENT.sub(b"/Parent %d 0 R" % root_number, item.head)

            def renumber(match: re.Match[bytes],
                         targets: dict[int, tuple[int, str]] = targets) -> bytes:
                number = int(match.group(1))
                return (b"%d 0 R" % root_number if number not in targets
                        else b"%d 0 R" % targets[number][0])
            head = _REF.sub(renumber, head)
            out.append(head)  # a page is never shared: each is a sheet of its own paper
            kids.append(len(out))
    out[0] = (b"<< /Type /Pages /Count %d /Kids [ " % len(kids)
              + b" ".join(b"%d 0 R" % k for k in kids) + b" ] >>")
    out.append(b"<< /Type /Catalog /Pages %d 0 R >>" % root_number)
    catalog = len(out)
    text = ("\ufeff" + title).encode("utf-16-be").hex().encode("ascii")  # any language
    out.append(b"<< /Title <%s> /Creator (Ethics Desk) /Producer (Ethics Desk) >>" % text)
    info = len(out)
    pdf = bytearray(b"%PDF-" + version + b"\n%\xe2\xe3\xcf\xd3\n")
    offsets = []
    for number, body in enumerate(out, start=1):
        offsets.append(len(pdf))
        pdf += b"%d 0 obj\n" % number + body + b"\nendobj\n"
    xref = len(pdf)
    pdf += b"xref\n0 %d\n0000000000 65535 f \n" % (len(out) + 1)
    pdf += b"".join(b"%010d 00000 n \n" % o for o in offsets)
    pdf += (b"trailer\n<< /Size %d /Root %d 0 R /Info %d 0 R >>\nstartxref\n%d\n%%%%EOF\n"
            % (len(out) + 1, catalog, info, xref))
    return bytes(pdf)


def _pypdf_run(papers: Sequence[tuple[str, bytes]], title: str) -> bytes:
    """The run by pypdf: the papers appended, then what they share byte for byte — font
    programs first, then the dictionaries that named them, which become equal once they do —
    kept once."""
    writer = PdfWriter()
    for label, pdf in papers:
        writer.append(_reader(label, pdf), import_outline=False)
    before = -1
    for _ in range(4):
        writer.compress_identical_objects(remove_duplicates=True, remove_unreferenced=True)
        kept = sum(1 for obj in writer._objects if obj is not None)
        if kept == before:
            break
        before = kept
    writer.add_metadata({"/Title": title, "/Creator": "Ethics Desk", "/Producer": "Ethics Desk"})
    out = io.BytesIO()
    writer.write(out)
    return out.getvalue()


def _reader(label: str, pdf: bytes) -> PdfReader:
    try:
        reader = PdfReader(io.BytesIO(pdf))
        len(reader.pages)
    except (PdfReadError, ValueError, KeyError, TypeError) as exc:
        raise StorageError(f"The {label} is not a readable PDF, so the print run was not made.",
                           "Run “ethics-desk check”; restore the database from a backup if "
                           "it names the document.") from exc
    return reader


def _parts(papers: Sequence[tuple[str, bytes]], pages: Sequence[int]) -> list[RunPart]:
    """Each paper's place in the run: its label, first page and page count, in order."""
    parts: list[RunPart] = []
    first = 0
    for (label, _pdf), count in zip(papers, pages, strict=True):
        parts.append(RunPart(label, first, count))
        first += count
    return parts


def print_run(papers: Sequence[tuple[str, bytes]], *, title: str) -> PrintRun:
    """One PDF of ``papers`` (label, PDF bytes), in order, what they share kept once, checked
    to draw on every page exactly what the paper it came from draws."""
    if not papers:
        raise UserError("There is nothing to print in this run.",
                        "Choose at least one item of the print queue.")
    try:
        raw = [_RawPdf(pdf) for _label, pdf in papers]
        parts = _parts(papers, [len(reader.pages) for reader in raw])
        expected = [fingerprint for reader in raw for fingerprint in _raw_fingerprints(reader)]
        data = _raw_run(raw, title)
    except (_Unsupported, ValueError, IndexError, KeyError):
        readers = [_reader(label, pdf) for label, pdf in papers]
        parts = _parts(papers, [len(pdf_reader.pages) for pdf_reader in readers])
        expected = [f for pdf_reader in readers for f in page_fingerprints(pdf_reader)]
        data = _pypdf_run(papers, title)
    printed = PdfReader(io.BytesIO(data))
    if page_fingerprints(printed) != expected:
        raise StorageError("The print run does not draw exactly what the issued papers draw, so "
                           "nothing was printed.",
                           "Print the papers one at a time from the Mail screen (Print "
                           "selected…) and report the problem.")
    return PrintRun(data, tuple(parts), _count_programs(printed))
