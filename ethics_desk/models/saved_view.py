"""A person's saved view of the inbox: a name, the filter and order it shows, who may choose it.

A :class:`SavedInboxView` belongs to the account that saved it (``owner_login``) and is offered to
that person alone, or — ``shared`` — to everyone in the office. It keeps what the inbox's
filters hold (states, routes, reviewer, due window, sort and direction) as one JSON text,
read back and checked by :mod:`ethics_desk.cases.views`; never the words searched, and never a
case: a view names no complaint, so it tells no one of one (§ 2-83(h)(1)). ``hidden_columns``
lists the inbox's columns the view hides (their keys, as JSON).

Names are unique per owner (the constraint); a shared view's name is unique among the shared
views, which the service checks inside the writer's transaction.
"""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import Boolean, String, Text, UniqueConstraint
from sqlalchemy.orm import Mapped, mapped_column

from ethics_desk.models.base import Base, Versioned


class SavedInboxView(Versioned, Base):
    """One saved view of the inbox: its owner, name, whether shared, its filter and columns."""

    __tablename__ = "saved_view"
    __table_args__ = (UniqueConstraint("owner_login", "name"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    owner_login: Mapped[str] = mapped_column(String(60), index=True)
    """The login of the account that saved it (on a server, the role it connects as)."""
    owner_name: Mapped[str] = mapped_column(String(120))
    """The owner as others read it beside a shared view ("María Ortiz")."""
    name: Mapped[str] = mapped_column(String(60))
    shared: Mapped[bool] = mapped_column(Boolean, default=False)
    filter_json: Mapped[str] = mapped_column(Text)
    """The filter and order, as JSON: states, routes, reviewer, due, sort, descending."""
    hidden_columns: Mapped[str] = mapped_column(Text, default="[]")
    """The keys of the inbox's columns the view hides, as a JSON list."""
    created_at: Mapped[datetime] = mapped_column()
    updated_at: Mapped[datetime] = mapped_column()
