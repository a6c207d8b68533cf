"""The append-only, hash-chained audit trail: every transition, view, print and export."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import ForeignKey, Integer, String, Text
from sqlalchemy.orm import Mapped, mapped_column

from ethics_desk.models.base import Base


class AuditRecord(Base):
    """One audited act. ``hash`` covers this record's fields and ``prev_hash``, so any edited,
    deleted or reordered record breaks the chain (see ``ethics_desk.storage.audit.verify_chain``).

    Not versioned: audit records are never updated.
    """

    __tablename__ = "audit_record"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    seq: Mapped[int] = mapped_column(Integer, unique=True)
    at: Mapped[datetime] = mapped_column()
    actor: Mapped[str] = mapped_column(String(120))
    action: Mapped[str] = mapped_column(String(80))
    complaint_id: Mapped[int | None] = mapped_column(
        ForeignKey("complaint.id", ondelete="RESTRICT"), index=True)
    summary: Mapped[str] = mapped_column(Text, default="")
    detail: Mapped[str] = mapped_column(Text, default="{}")
    prev_hash: Mapped[str] = mapped_column(String(64))
    hash: Mapped[str] = mapped_column(String(64))


class AuditRedaction(Base):
    """An audit record whose summary and detail a disposal emptied (they named the destroyed
    case's parties): its hash as written and the SHA-256 of each text removed. The record's hash
    can no longer be recomputed from its fields; this row, itself journalled and sealed, vouches
    for it instead (``ethics_desk.storage.audit.verify_chain``). Never updated or deleted.
    """

    __tablename__ = "audit_redaction"

    seq: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=False)
    hash: Mapped[str] = mapped_column(String(64))
    summary_sha: Mapped[str] = mapped_column(String(64))
    detail_sha: Mapped[str] = mapped_column(String(64))
    redacted_at: Mapped[datetime] = mapped_column()
    reason: Mapped[str] = mapped_column(Text)
