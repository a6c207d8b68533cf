"""Every service decides for itself who may act: the acting account, passed in like the clock.

A screen greys a control and a command refuses early, but neither is where the decision is
taken: the service is. Each public function of the domain that changes something or reads a
case's content takes the signed-in :class:`~ethics_desk.core.account.Account` as its required
keyword argument ``account`` and asks the permission table
(:mod:`ethics_desk.core.permissions`), deny by default, before it does anything; the audit
record it writes names that account (:attr:`Account.display`), never a name the caller made up.

Two marks, both recorded in :data:`SERVICES` so that a test can enumerate every service and try
each with every role (a public function that reads or writes the record without a mark fails
that test):

- :func:`service` — an act of the permission table's :data:`~ethics_desk.core.permissions.ACT_ROLES`
  ("Closing the offices on a day" is the Clerk's staff's, § 2-83(c)): refused, naming who may,
  for any other role and for a disabled account.
- :func:`case_reader` — a read of one case's content (its papers, witnesses, mailings …): the
  function finds the case through :func:`ethics_desk.staff.scope.case_for`, so a person who may
  not see the case gets the answer a number never used gets (§ 2-83(h)(1)); the mark only
  insists that the account is given.

No Qt here.
"""

from __future__ import annotations

import functools
import inspect
from collections.abc import Callable
from dataclasses import dataclass
from typing import ParamSpec, TypeVar

from ethics_desk.core.account import Account
from ethics_desk.core.errors import NotAllowed
from ethics_desk.core.permissions import Act, may, who_may

P = ParamSpec("P")
R = TypeVar("R")


@dataclass(frozen=True)
class Service:
    """One marked service: the act it needs (None: a case reader, decided by the case's scope)
    and the act in words, as the refusal says it."""

    name: str
    act: Act | None
    doing: str


SERVICES: dict[str, Service] = {}
"""Every marked service by its qualified name (``module.function``), filled as modules load."""


def refusal(account: Account, act: Act, doing: str) -> NotAllowed:
    """The refusal of ``act`` to ``account``: who may, and who the person is signed in as."""
    if account.disabled:
        return NotAllowed(f"The account {account.display} is disabled.",
                          "Ask an Administrator; a disabled account does nothing.")
    return NotAllowed(f"{doing} is for: {who_may(act)}. You are signed in as "
                      f"{account.display}, {account.role.label}.",
                      "Ask one of them to do it, or sign in as one of them.")


def allowed(account: Account, act: Act) -> bool:
    """Whether ``account`` may do ``act`` now (a disabled account may do nothing): what a screen
    asks to enable a control, the same answer :func:`require` gives."""
    return not account.disabled and may(account.role, act)


def require(account: Account, act: Act, doing: str) -> None:
    """Refuse, naming who may, an act the permission table does not give ``account``."""
    if not allowed(account, act):
        raise refusal(account, act, doing)


def _acting_account(name: str, args: tuple[object, ...], kwargs: dict[str, object]) -> Account:
    account = kwargs.get("account")
    if not isinstance(account, Account):
        raise TypeError(f"{name} needs the signed-in account (account=…), not {account!r}")
    return account


def _check_signature(function: Callable[..., object]) -> str:
    name = f"{function.__module__}.{function.__qualname__}"
    parameter = inspect.signature(function).parameters.get("account")
    if parameter is None or parameter.kind is not inspect.Parameter.KEYWORD_ONLY \
            or parameter.default is not inspect.Parameter.empty:
        raise TypeError(f"{name} must take the acting account as a required keyword "
                        "argument, account")
    return name


def service(act: Act, doing: str) -> Callable[[Callable[P, R]], Callable[P, R]]:
    """Mark a service that does ``act``: it refuses any account the table does not name for it,
    before the function runs (``doing``: the act in words, "Closing the offices on a day")."""
    def mark(function: Callable[P, R]) -> Callable[P, R]:
        name = _check_signature(function)

        @functools.wraps(function)
        def checked(*args: P.args, **kwargs: P.kwargs) -> R:
            require(_acting_account(name, args, kwargs), act, doing)
            return function(*args, **kwargs)

        SERVICES[name] = Service(name, act, doing)
        return checked
    return mark


def case_reader(doing: str) -> Callable[[Callable[P, R]], Callable[P, R]]:
    """Mark a service that reads one case's content through the account's scope
    (:func:`ethics_desk.staff.scope.case_for`); a disabled account is refused."""
    def mark(function: Callable[P, R]) -> Callable[P, R]:
        name = _check_signature(function)

        @functools.wraps(function)
        def checked(*args: P.args, **kwargs: P.kwargs) -> R:
            account = _acting_account(name, args, kwargs)
            if account.disabled:
                raise NotAllowed(f"The account {account.display} is disabled.",
                                 "Ask an Administrator; a disabled account does nothing.")
            return function(*args, **kwargs)

        SERVICES[name] = Service(name, None, doing)
        return checked
    return mark
