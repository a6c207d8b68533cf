"""The register of filed cases: what a case is called and how far it has gone, never what it says.

The Records officer keeps the retention of every case and names any filed case in a legal hold;
the Records officer and the City Attorney's Office log Public Information Act requests for a
complaint's records (:data:`~ethics_desk.core.permissions.HOLDS_ANY_CASE`, § 2-83(h)(3)). For
that they need a case's number, state and dates — and while it is pending nothing else of it,
§ 2-83(h)(1). :class:`CaseRegister` is that, a read-only view of the ``complaint`` table made
by revision 0020; on the office's server it is the only way those roles reach a complaint they
do not receive (:mod:`ethics_desk.staff.server_policies`), and the application reads it for
them on a file too, so that both databases behave alike.

The view is kept in its own metadata (:class:`ViewBase`), not :class:`~ethics_desk.models.base.Base`'s,
so that nothing that works on the tables — a copy, the journal, ``create_all`` — takes it for
one.
"""

from __future__ import annotations

from datetime import date

from sqlalchemy import Date, Integer, MetaData, String
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column

from ethics_desk.core.vocabulary import CaseState
from ethics_desk.models.base import NAMING_CONVENTION, enum_type

REGISTER_VIEW = "case_register"
REGISTER_SQL = (
    f"CREATE VIEW {REGISTER_VIEW} AS SELECT id, version, case_number, case_year, case_seq, "
    "state, resolved_on FROM complaint WHERE case_number IS NOT NULL")
"""The view: every filed case (a draft has no number), its number, state and resolution."""


class ViewBase(DeclarativeBase):
    """The declarative base of the read-only views (never created by ``create_all``)."""

    metadata = MetaData(naming_convention=NAMING_CONVENTION)


class CaseRegister(ViewBase):
    """One filed case as the register shows it: number, state, resolution date."""

    __tablename__ = REGISTER_VIEW

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    version: Mapped[int] = mapped_column(Integer)
    case_number: Mapped[str] = mapped_column(String(20))
    case_year: Mapped[int | None] = mapped_column(Integer)
    case_seq: Mapped[int | None] = mapped_column(Integer)
    state: Mapped[CaseState] = mapped_column(enum_type(CaseState))
    resolved_on: Mapped[date | None] = mapped_column(Date)

    @property
    def display_number(self) -> str:
        """The case number (every case in the register has one)."""
        return self.case_number
