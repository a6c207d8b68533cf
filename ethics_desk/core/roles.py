"""The roles a person at an Ethics Desk workstation has, as § 2-83 gives them.

§ 2-83(d) says who receives a complaint when: the City Clerk takes and forwards it; during the
review only the Chair and Vice Chair of the Ethics Review Board, the Compliance Auditor and the
City Attorney's Office receive it (d)(1); the full Board only once it is forwarded under (d)(3).
§ 2-83(h)(1) keeps everything about a pending complaint from anyone else. The records officer
answers Public Information Act requests and keeps the retention schedule; the Administrator runs
the accounts, backups and checks and sees no case content.

Each role is stated once here, with its label and the provision it comes from; what each may do
is the permission table of :mod:`ethics_desk.core.permissions`.
"""

from __future__ import annotations

from enum import StrEnum
from typing import NamedTuple


class Role(StrEnum):
    """A staff account's role; the value is stored, and ``ethics-desk user add --role`` takes it."""

    CLERK = "clerk"
    AUDITOR = "auditor"
    ATTORNEY = "attorney"
    CHAIR = "chair"
    VICE_CHAIR = "vicechair"
    MEMBER = "member"
    RECORDS = "records"
    ADMIN = "admin"

    @property
    def label(self) -> str:
        """The role as screens and messages name it."""
        return ROLES[self].label

    @property
    def citation(self) -> str:
        """The provision the role comes from."""
        return ROLES[self].citation


class RoleRule(NamedTuple):
    """One role: how it is named and where the statute (or the office) gives it. (A named
    tuple: ``ethics-desk --help`` lists the roles, and ``dataclasses`` would slow its answer.)"""

    label: str
    citation: str


ROLES: dict[Role, RoleRule] = {
    Role.CLERK: RoleRule("City Clerk staff", "§ 2-83(c)–(e)"),
    Role.AUDITOR: RoleRule("Compliance Auditor", "§ 2-83(d)(1)"),
    Role.ATTORNEY: RoleRule("City Attorney's Office", "§ 2-83(d)(1)"),
    Role.CHAIR: RoleRule("Ethics Review Board Chair", "§ 2-83(d)(1)"),
    Role.VICE_CHAIR: RoleRule("Ethics Review Board Vice Chair", "§ 2-83(d)(1)"),
    Role.MEMBER: RoleRule("Ethics Review Board member", "§ 2-83(d)(3)"),
    Role.RECORDS: RoleRule("Records officer", "Texas Public Information Act; retention schedule"),
    Role.ADMIN: RoleRule("Administrator", "office IT: accounts, backups and checks"),
}
"""Every role, in the order screens list them."""


def role_named(text: str) -> Role:
    """The role called ``text`` (its value, ``clerk``, or its label); a message lists them."""
    wanted = text.strip().casefold()
    for role in Role:
        if wanted in (role.value, role.label.casefold()):
            return role
    from ethics_desk.core.errors import UserError

    raise UserError(f"There is no role called “{text}”.",
                    "Choose one of: " + ", ".join(f"{r.value} ({r.label})" for r in Role) + ".")
