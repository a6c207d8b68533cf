"""Errors a user can act on, each naming the problem and the fix; everything else is a bug."""

from __future__ import annotations


class UserError(Exception):
    """A problem the user can fix: the message says what is wrong and what to do."""

    def __init__(self, problem: str, fix: str = "") -> None:
        super().__init__(problem if not fix else f"{problem} {fix}")
        self.problem = problem
        self.fix = fix


class StorageError(UserError):
    """The database cannot be used as asked: locked, read-only, full, missing, or too new."""


class ConflictError(UserError):
    """Another workstation saved the record first; nothing was overwritten."""


class RuleError(UserError):
    """A § 2-83 rule forbids the action; ``citation`` names the rule."""

    def __init__(self, problem: str, citation: str, fix: str = "") -> None:
        super().__init__(f"{problem} ({citation})", fix)
        self.citation = citation


class NotAllowed(UserError):
    """The signed-in person's role does not allow the act (the permission table says so)."""
