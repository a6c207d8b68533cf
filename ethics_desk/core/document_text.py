"""The text of an exhibit or an issued paper, read once when it is attached or issued.

Full-text search (:mod:`ethics_desk.cases.full_text`) finds the words of a case's exhibits and
papers; their bytes never change (an exhibit is kept as filed, a paper as issued), so their text
is read once, when the row is first written, and kept beside the bytes
(:func:`ethics_desk.models.document_text.fill`). A PDF's text is read with pypdf page by page; a
page that gives no text — a scanned image without a text layer — is recorded as such by its
number, so that the case window and the search can say which pages no search can find. A picture
(a scan sent as JPEG or PNG) is one such page; plain text is read as it is.

No database code here, nor Qt.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass

__all__ = ["MAX_TEXT", "DocumentText", "describe_pages", "parse_pages", "text_of"]

MAX_TEXT = 2_000_000
"""The most characters of one document's text kept for searching (a 1,000-page exhibit of
dense text; what is past it is not searched, and the document's text says so)."""
_CUT = "\n[The rest of this document's text is not searched: it is too long.]"

_log = logging.getLogger(__name__)

_TEXT_TYPES = ("text/plain", "text/csv", "text/markdown")
_PICTURE_PREFIX = "image/"


@dataclass(frozen=True)
class DocumentText:
    """What a document's bytes say: its text, and the pages (from 1) that gave none."""

    text: str
    textless_pages: tuple[int, ...] = ()

    @property
    def textless(self) -> str:
        """The pages without text as stored: ``"2, 5"`` (empty when every page had text)."""
        return ", ".join(str(page) for page in self.textless_pages)


def parse_pages(stored: str | None) -> tuple[int, ...]:
    """The page numbers of a stored :attr:`DocumentText.textless` value."""
    return tuple(int(part) for part in (stored or "").replace(" ", "").split(",") if part)


def describe_pages(stored: str | None) -> str:
    """The pages without text in words: ``""``, ``"page 3"``, ``"pages 2 and 5"``."""
    pages = parse_pages(stored)
    if not pages:
        return ""
    if len(pages) == 1:
        return f"page {pages[0]}"
    return "pages " + ", ".join(str(p) for p in pages[:-1]) + f" and {pages[-1]}"


def _clean(text: str) -> str:
    """Text as the databases store it: no NUL (where SQLite's tokenizer stops, and which a
    PostgreSQL text value cannot hold), at most :data:`MAX_TEXT` characters."""
    text = text.replace("\x00", " ")
    if len(text) > MAX_TEXT:
        text = text[:MAX_TEXT] + _CUT
    return text


def text_of(content: bytes | None, media_type: str | None = None,
            file_name: str | None = None) -> DocumentText:
    """The text of a document's bytes: a PDF's pages read with pypdf (a page without a text
    layer recorded by its number), plain text decoded, a picture one page without text, and any
    other kind of file no text. Never raises: a damaged PDF gives what could be read."""
    if not content:
        return DocumentText("")
    kind = (media_type or "").lower()
    name = (file_name or "").lower()
    if content[:5] == b"%PDF-" or kind == "application/pdf" or name.endswith(".pdf"):
        return _pdf_text(content)
    if kind.startswith(_PICTURE_PREFIX):
        return DocumentText("", (1,))
    if kind in _TEXT_TYPES or name.endswith((".txt", ".csv", ".md")):
        return DocumentText(_clean(content.decode("utf-8", errors="replace")))
    return DocumentText("")


def _pdf_text(content: bytes) -> DocumentText:
    """A PDF's text, page by page; the pages whose text layer is empty or unreadable."""
    from io import BytesIO

    from pypdf import PdfReader

    pages: list[str] = []
    textless: list[int] = []
    try:
        reader = PdfReader(BytesIO(content), strict=False)
        count = len(reader.pages)
    except Exception as error:  # a damaged file: it is kept as filed, with no text
        _log.warning("A document's PDF could not be read for its text: %s", error)
        return DocumentText("")
    for number in range(count):
        try:
            page_text = reader.pages[number].extract_text() or ""
        except Exception as error:  # one damaged page: the others are read
            _log.warning("Page %d of a PDF could not be read for its text: %s", number + 1,
                         error)
            page_text = ""
        if page_text.strip():
            pages.append(page_text)
        else:
            textless.append(number + 1)
    return DocumentText(_clean("\n\n".join(pages)), tuple(textless))
