"""A command's function named without importing it: each command's module is imported only
when that command runs, so ``ethics-desk --version``, ``--help``, ``due`` and ``calendar`` do
not pay for SQLAlchemy, the documents or the window.

The parser (:mod:`ethics_desk.cli.parser`) gives every command a :class:`Handler` naming its
module and function; :func:`ethics_desk.cli.main` resolves it just before calling it. A test
resolves every one, so a misspelt name fails the suite, not a clerk."""

from __future__ import annotations

import argparse
import importlib
from collections.abc import Callable
from typing import NamedTuple, cast

Command = Callable[[argparse.Namespace], int]
"""A command's function: given the parsed arguments, it returns the exit status."""


class Handler(NamedTuple):
    """The function ``name`` of the module ``module`` (e.g. ``ethics_desk.cli.office`` and
    ``cmd_access``), imported when :meth:`resolve` is called. (A named tuple rather than a
    dataclass: ``dataclasses`` alone costs the start a few milliseconds.)"""

    module: str
    name: str

    def resolve(self) -> Command:
        """Import the module and return its function (ImportError, AttributeError or TypeError
        when the name is wrong: a bug of the parser, never a clerk's)."""
        function = getattr(importlib.import_module(self.module), self.name)
        if not callable(function):
            raise TypeError(f"{self.module}.{self.name} is not a command's function")
        return cast(Command, function)

    def __str__(self) -> str:
        return f"{self.module}:{self.name}"
