"""Office settings kept in the database (letterhead, policy days, presumption), as JSON values."""

from __future__ import annotations

from sqlalchemy import String, Text
from sqlalchemy.orm import Mapped, mapped_column

from ethics_desk.models.base import Base, Versioned


class Setting(Versioned, Base):
    """One named setting; the defaults are declared once in ``ethics_desk.office.settings``."""

    __tablename__ = "setting"

    key: Mapped[str] = mapped_column(String(80), primary_key=True)
    value: Mapped[str] = mapped_column(Text)
