"""What the office shares to print the same papers at every desk: its wording and enclosure.

The wording of a paper (a template such as ``receipt.txt`` or ``receipt.es.txt``) that the
office has changed, and the Ethics Code PDF enclosed with the notice of § 2-83(e), live in the
database rather than on one workstation, so every desk prints the same letters and every change
is audited. The rules are in :mod:`ethics_desk.documents.wording`.
"""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import LargeBinary, String
from sqlalchemy.orm import Mapped, mapped_column

from ethics_desk.models.base import Base, Versioned


class OfficePaper(Versioned, Base):
    """One file the office shares: a paper's wording (UTF-8 text) or the Ethics Code (a PDF).

    ``name`` is the shipped template's file name for a wording (``receipt.txt``), or
    ``ethics-code.pdf`` for the enclosure; ``file_name`` is the name of the file it was taken
    from, as the office knows it.
    """

    __tablename__ = "office_paper"

    name: Mapped[str] = mapped_column(String(80), primary_key=True)
    content: Mapped[bytes] = mapped_column(LargeBinary)
    sha256: Mapped[str] = mapped_column(String(64))
    file_name: Mapped[str] = mapped_column(String(260), default="")
    changed_at: Mapped[datetime] = mapped_column()
    changed_by: Mapped[str] = mapped_column(String(120), default="")
