"""The record's journal: one sealed record of every change to every row (see
:mod:`ethics_desk.storage.journal`, which writes it by the database's triggers and verifies it)."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import BigInteger, Index, Integer, String, Text
from sqlalchemy.orm import Mapped, mapped_column

from ethics_desk.models.base import Base


class JournalRecord(Base):
    """One change to one row: the table, the row's key, its values before and after (JSON; a
    paper's bytes by their SHA-256), and an HMAC-SHA-256 over them and ``prev_mac``, made with
    a key the database does not hold. Written by the triggers only, never updated or deleted.
    """

    __tablename__ = "journal_record"
    __table_args__ = (Index("ix_journal_record_row", "table_name", "row_key"),)

    seq: Mapped[int] = mapped_column(BigInteger().with_variant(Integer(), "sqlite"),
                                     primary_key=True, autoincrement=False)
    table_name: Mapped[str] = mapped_column(String(64))
    op: Mapped[str] = mapped_column(String(10))
    row_key: Mapped[str] = mapped_column(String(200))
    before: Mapped[str | None] = mapped_column(Text)
    after: Mapped[str | None] = mapped_column(Text)
    prev_mac: Mapped[str] = mapped_column(String(64))
    mac: Mapped[str] = mapped_column(String(64))


class JournalRedaction(Base):
    """A journal record whose values were removed by a recorded disposal: the record's fields
    and MAC as they were, and the SHA-256 of each value removed. The record's MAC can no longer
    be recomputed without the values; this row (itself journalled and sealed) vouches for it
    instead, and a record whose values are gone with no such row is reported as tampered with.
    Written with the redaction, never updated or deleted.
    """

    __tablename__ = "journal_redaction"

    seq: Mapped[int] = mapped_column(BigInteger().with_variant(Integer(), "sqlite"),
                                     primary_key=True, autoincrement=False)
    table_name: Mapped[str] = mapped_column(String(64))
    op: Mapped[str] = mapped_column(String(10))
    row_key: Mapped[str] = mapped_column(String(200))
    before_sha: Mapped[str | None] = mapped_column(String(64))
    after_sha: Mapped[str | None] = mapped_column(String(64))
    mac: Mapped[str] = mapped_column(String(64))
    redacted_at: Mapped[datetime] = mapped_column()
    reason: Mapped[str] = mapped_column(Text)
