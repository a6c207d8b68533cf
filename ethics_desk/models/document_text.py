"""The text of every exhibit and issued paper, read once as its row is first written.

An :class:`~ethics_desk.models.Attachment` (an exhibit, or the scan of a paper a party filed)
and an :class:`~ethics_desk.models.IssuedDocument` keep their bytes as they were; before the
row is inserted, whichever service wrote it, its text is read from those bytes
(:func:`ethics_desk.core.document_text.text_of`) into ``extracted_text`` and the pages that gave
none into ``textless_pages``. The database's triggers then put that text in the full-text index
in the same transaction (:mod:`ethics_desk.storage.full_text_table`).
"""

from __future__ import annotations

from typing import Any

from sqlalchemy import event
from sqlalchemy.orm import Mapper

from ethics_desk.core.document_text import text_of
from ethics_desk.models.complaint import Attachment
from ethics_desk.models.mail import IssuedDocument

__all__ = ["fill"]


def fill(document: Attachment | IssuedDocument) -> None:
    """Read the document's text from its bytes, unless a service gave it already."""
    if document.extracted_text or document.textless_pages:
        return
    if isinstance(document, Attachment):
        found = text_of(document.content, document.media_type, document.file_name)
    else:
        found = text_of(document.content, "application/pdf")
    document.extracted_text = found.text
    document.textless_pages = found.textless


@event.listens_for(Attachment, "before_insert")
def _attachment_text(mapper: Mapper[Any], connection: Any, target: Attachment) -> None:
    fill(target)


@event.listens_for(IssuedDocument, "before_insert")
def _paper_text(mapper: Mapper[Any], connection: Any, target: IssuedDocument) -> None:
    fill(target)
