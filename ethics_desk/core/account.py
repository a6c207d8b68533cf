"""The signed-in person as every layer is handed it: passed in like the clock, never looked up.

Every service that reads or changes the record takes the acting :class:`Account`; the audit trail
names it (:class:`ethics_desk.storage.audit.Viewer`), the permission table asks its role
(:mod:`ethics_desk.core.permissions`), and signing in makes it
(:func:`ethics_desk.staff.accounts.sign_in`).
"""

from __future__ import annotations

from dataclasses import dataclass

from ethics_desk.core.roles import Role


@dataclass(frozen=True)
class Account:
    """A staff account as the rest of the application sees it (never its hash)."""

    account_id: int
    login: str
    name: str
    role: Role
    must_change_password: bool = False
    disabled: bool = False

    @property
    def display(self) -> str:
        """The person as messages and records name them: "María Ortiz (mortiz)"."""
        return f"{self.name} ({self.login})"
