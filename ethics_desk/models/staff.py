"""Staff accounts: each person who signs in at a workstation, with the role § 2-83 gives them."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import String
from sqlalchemy.orm import Mapped, mapped_column

from ethics_desk.core.roles import Role
from ethics_desk.models.base import Base, Versioned, enum_type


class StaffAccount(Versioned, Base):
    """One person's account: login, name, role, and the Argon2id hash of their password.

    The password itself is never stored (:mod:`ethics_desk.staff.accounts`); a disabled account
    is kept, because the audit trail names it. ``failed_attempts`` and ``locked_until`` are no
    longer used (before revision 0018 they locked the account after five wrong passwords; a
    :class:`SignInDelay` slows guessing down now); they stay so that older copies still open.
    """

    __tablename__ = "staff_account"

    id: Mapped[int] = mapped_column(primary_key=True)
    login: Mapped[str] = mapped_column(String(60), unique=True)
    name: Mapped[str] = mapped_column(String(120))
    role: Mapped[Role] = mapped_column(enum_type(Role))
    password_hash: Mapped[str] = mapped_column(String(200), deferred=True)
    # deferred: read only where a file's password is checked; on a server no group may read it
    must_change_password: Mapped[bool] = mapped_column(default=False)
    failed_attempts: Mapped[int] = mapped_column(default=0)
    locked_until: Mapped[datetime | None] = mapped_column()
    disabled_at: Mapped[datetime | None] = mapped_column()
    created_at: Mapped[datetime] = mapped_column()
    created_by: Mapped[str] = mapped_column(String(60), default="")


class SignInDelay(Base):
    """How long the next sign-in of one login, or at one workstation, must wait after wrong
    passwords (:mod:`ethics_desk.staff.accounts`): the wrong tries in a row and the earliest
    time the next one is heard.

    ``subject`` is ``login:`` and the first five hexadecimal digits of the SHA-256 of the
    folded login typed — whether an account has it or not, so that the wait tells nothing, and
    never the text typed, which may be a password typed in the wrong field — or ``desk:`` and the
    workstation's name.
    """

    __tablename__ = "sign_in_delay"

    subject: Mapped[str] = mapped_column(String(80), primary_key=True)
    failures: Mapped[int] = mapped_column(default=0)
    not_before: Mapped[datetime] = mapped_column()
