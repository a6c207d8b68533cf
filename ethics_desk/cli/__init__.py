"""The ``ethics-desk`` command: the window by default, and the office's admin commands.

``ethics-desk`` alone opens the application. The commands answer the questions a clerk or IT
asks outside the window: when is something due (``due``), which days are closed (``calendar``),
close or reopen the offices on a day (``closure``), build a demonstration database (``demo``),
is the database sound (``check``), make a verified copy (``backup``) or put one back
(``restore``), preview a document
for a case (``letter``), and write the Board packet for a meeting (``packet``).

Every command takes ``--db`` (a file path or a SQLAlchemy URL); without it, ``ETHICS_DESK_DB``;
without that, the machine-wide setting office IT made (:mod:`ethics_desk.storage.location`);
without that, the file in the user's data folder. An error is one line on stderr,
``ethics-desk: <problem> <fix>``, with exit status 2; a failed ``check`` exits with 1.

**Who is at the command line.** Every command that shows case content or changes anything signs
in first (``--user LOGIN``, else ``ETHICS_DESK_USER``, else the operating-system login; the
password typed at a prompt or read from ``ETHICS_DESK_PASSWORD``), and the signed-in account is
the actor of every audit record it makes. Each command then asks the permission table
(:mod:`ethics_desk.core.permissions`) whether the account's role may do its act, and refuses
naming who may. A case the account does not receive (:mod:`ethics_desk.staff.scope`) is
answered exactly as a case number that does not exist, § 2-83(h)(1). ``due``, ``calendar``,
``letter --list``, ``--version`` and ``--help`` show no case and change nothing; ``demo`` only
builds a new demonstration database with its accounts; ``server setup`` is run by IT as the
server role that owns the database, whose own login authenticates it: none of these signs in.

**Answering at once.** Each command's module is imported only when it runs: the parser names
every command's function without importing it (:class:`ethics_desk.cli.handlers.Handler`), and
this package, the parser and :mod:`ethics_desk.cli.common` import nothing heavy (SQLAlchemy,
Qt, ReportLab, argon2, the calendars' holidays), so ``--version`` and ``--help`` answer in
about the time Python takes to start.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Sequence

from ethics_desk.cli.common import (
    EXIT_OK,
    PROG,
    UsageError,
    fail,
    never_fail_on_encoding,
    storage_problem,
)
from ethics_desk.cli.handlers import Handler
from ethics_desk.cli.parser import build_parser
from ethics_desk.core.clock import Clock, system_clock
from ethics_desk.core.errors import UserError

WINDOW = Handler("ethics_desk.cli.office", "cmd_gui")
"""What ``ethics-desk`` without a command runs: the application's window."""


def main(argv: Sequence[str] | None = None, *, clock: Clock = system_clock) -> int:
    """Run the command line; returns the exit status (0 ok, 1 a check failed, 2 an error).

    ``clock`` is the one clock every command reads "now" and "today" from and stamps its acts
    with: the machine's, unless a caller (a test) gives another.
    """
    never_fail_on_encoding(sys.stdout)
    never_fail_on_encoding(sys.stderr)
    parser = build_parser()
    try:
        arguments = list(argv) if argv is not None else sys.argv[1:]
        _check_arguments(arguments)
        try:
            args = parser.parse_args(arguments)
        except SystemExit as exc:  # --help and --version print and "exit" here
            return exc.code if isinstance(exc.code, int) else EXIT_OK
        args.clock = clock
        if args.command is None:
            return WINDOW.resolve()(args)
        handler: Handler | None = getattr(args, "handler", None)
        if handler is None:  # "closure" without add/remove, "provisions" without list/load
            actions = "list or load" if args.command == "provisions" else "add or remove"
            raise UsageError(f"Say what to do: {PROG} {args.command} {actions}. "
                             f"See “{PROG} {args.command} --help”.")
        return handler.resolve()(args)  # the command's module is imported only now
    except UsageError as exc:
        return fail(str(exc))
    except UserError as exc:
        return fail(f"{exc.problem} {exc.fix}".strip())
    except BrokenPipeError:
        # The reader stopped (``ethics-desk demo | head``): not an error; silence the flush.
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return EXIT_OK
    except OSError as exc:
        where = f" ({exc.filename})" if exc.filename else ""
        return fail(f"{exc.strerror or exc}{where}. Check the path and that you may read and "
                     "write there.")
    except KeyboardInterrupt:
        return fail("Interrupted; nothing more was done.", status=130)
    except Exception as exc:
        problem = storage_problem(exc)
        if problem is None:
            raise  # a bug: its traceback is what gets it fixed
        return fail(f"{problem.problem} {problem.fix}".strip())


def _check_arguments(arguments: Sequence[str]) -> None:
    """Refuse an argument no file name, date or value can hold: a NUL character, or bytes that
    are not text (a lone surrogate: the terminal's encoding is not UTF-8)."""
    for argument in arguments:
        if "\0" in argument:
            shown = argument.replace("\0", "\\0")
            raise UsageError(f"The argument “{shown}” contains a NUL character (\\0), which no "
                             "file name or value may hold. Type it again without it.")
        try:
            argument.encode("utf-8")
        except UnicodeEncodeError:
            shown = argument.encode("utf-8", "replace").decode("utf-8")
            raise UsageError(f"The argument “{shown}” is not readable text (its bytes are not "
                             "UTF-8). Type it again, or set the terminal to UTF-8.") from None
