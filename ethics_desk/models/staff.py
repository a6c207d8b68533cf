"""Staff accounts: each person who signs in at a workstation, with the role § 2-83 gives them."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import String
from sqlalchemy.orm import Mapped, mapped_column

from ethics_desk.models.base import Base, Versioned, enum_type
from ethics_desk.staff.roles import Role


class StaffAccount(Versioned, Base):
    """One person's account: login, name, role, and the Argon2id hash of their password.

    The password itself is never stored (:mod:`ethics_desk.staff.accounts`); a disabled account
    is kept, because the audit trail names it. ``failed_attempts`` and ``locked_until`` slow down
    guessing: five wrong passwords in a row lock the account for a while.
    """

    __tablename__ = "staff_account"

    id: Mapped[int] = mapped_column(primary_key=True)
    login: Mapped[str] = mapped_column(String(60), unique=True)
    name: Mapped[str] = mapped_column(String(120))
    role: Mapped[Role] = mapped_column(enum_type(Role))
    password_hash: Mapped[str] = mapped_column(String(200))
    must_change_password: Mapped[bool] = mapped_column(default=False)
    failed_attempts: Mapped[int] = mapped_column(default=0)
    locked_until: Mapped[datetime | None] = mapped_column()
    disabled_at: Mapped[datetime | None] = mapped_column()
    created_at: Mapped[datetime] = mapped_column()
    created_by: Mapped[str] = mapped_column(String(60), default="")
