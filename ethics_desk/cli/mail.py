"""``ethics-desk email`` and ``ethics-desk deadlines``: a case's paper sent by e-mail through the
office's mail server (with the addresses it goes to, and the server's password kept in this
computer's credential store), and one's deadlines in one's own calendar or saved as an ``.ics``
file. Each calls the service the window calls (:mod:`ethics_desk.mail.email`,
:mod:`ethics_desk.mail.calendar`), which decides who may. Their arguments and help are in
:mod:`ethics_desk.cli.parser`, with every other command's."""

from __future__ import annotations

import argparse
import getpass
from pathlib import Path
from typing import TYPE_CHECKING

from ethics_desk.cli.common import EXIT_OK, UsageError, clock_of, signs_in
from ethics_desk.core.errors import UserError
from ethics_desk.core.permissions import Act

if TYPE_CHECKING:
    from ethics_desk.core.account import Account
    from ethics_desk.storage.database import Database


@signs_in(Act.MAIL_PAPERS, "Sending a paper by e-mail")
def cmd_email_list(args: argparse.Namespace, database: Database, account: Account) -> int:
    """``email list CASE``: the case's papers and the addresses they may go to."""
    from ethics_desk.documents.issuing import issued_for_case
    from ethics_desk.documents.making import find_case
    from ethics_desk.mail.email import email_recipients

    case_id = find_case(database, args.case, account=account)
    print("Papers (DOCUMENT):")
    for ref in issued_for_case(database, case_id, account=account):
        if not ref.is_void:
            print(f"  {ref.document_id:>6}  {ref.title} — to {ref.recipient}")
    print("Recipients (KEY):")
    for person in email_recipients(database, case_id, account=account):
        where = (f"{person.address} (given by {person.given_by or 'no one recorded'})"
                 if person.address else "no e-mail address recorded")
        print(f"  {person.key:<16} {person.name}, {person.role}: {where}")
    return EXIT_OK


@signs_in(Act.MAIL_PAPERS, "Recording an e-mail address")
def cmd_email_address(args: argparse.Namespace, database: Database, account: Account) -> int:
    """``email address CASE KEY ADDRESS --given-by WHO``."""
    from ethics_desk.documents.making import find_case
    from ethics_desk.mail.email import record_email_address

    case_id = find_case(database, args.case, account=account)
    person = record_email_address(database, case_id, args.key, args.address, args.given_by,
                                  account=account, clock=clock_of(args))
    print(f"Recorded {person.address or 'no address'} for {person.name}"
          + (f", given by {person.given_by}." if person.given_by else "."))
    return EXIT_OK


@signs_in(Act.MAIL_PAPERS, "Sending a paper by e-mail")
def cmd_email_send(args: argparse.Namespace, database: Database, account: Account) -> int:
    """``email send DOCUMENT --to KEY``."""
    from ethics_desk.mail.email import send_paper

    sent = send_paper(database, args.document, args.to, account=account, clock=clock_of(args))
    print(f"{sent.summary}.")
    return EXIT_OK


@signs_in(Act.EDIT_SETTINGS, "Setting the mail server's password")
def cmd_email_password(args: argparse.Namespace, database: Database, account: Account) -> int:
    """``email password [--remove]``: asked for without echo, kept in the credential store."""
    from ethics_desk.mail.credentials import set_password

    secret = "" if args.remove else getpass.getpass("The mail server's password: ")
    if not args.remove and not secret:
        raise UsageError("No password was typed; nothing was kept. To remove it, use --remove.")
    set_password(database, secret, account=account, clock=clock_of(args))
    print("Removed the mail server's password from this computer's credential store."
          if args.remove else "Kept the mail server's password in this computer's credential "
                              "store.")
    return EXIT_OK


@signs_in(Act.OWN_CALENDAR, "Sending one's deadlines to one's calendar")
def cmd_deadlines(args: argparse.Namespace, database: Database, account: Account) -> int:
    """``deadlines [--ics FILE] [--opt-in MAILBOX | --opt-out] [--send]``."""
    from ethics_desk.mail import calendar as outlook
    from ethics_desk.storage.private_files import write_private

    clock = clock_of(args)
    if not (args.ics or args.opt_in or args.opt_out or args.send):
        found = outlook.subscription(database, account=account)
        print("Your deadlines go to your calendar at " + found.mailbox + "."
              if found else "Your deadlines do not go to your calendar (--opt-in MAILBOX).")
        return EXIT_OK
    if args.opt_in:
        outlook.opt_in(database, args.opt_in, account=account, clock=clock)
        print(f"Your deadlines will go to {args.opt_in.strip()} as calendar invitations.")
    if args.opt_out:
        stopped = outlook.opt_out(database, account=account, clock=clock)
        print("Stopped; the events already sent are cancelled as they are sent."
              if stopped else "Your deadlines were not going to your calendar.")
    if args.ics:
        out = Path(args.ics)
        if out.suffix.lower() != ".ics":
            raise UsageError("The calendar file's name must end in .ics.")
        if out.exists() and not args.force:
            raise UsageError(f"{out} exists; add --force to replace it.")
        data = outlook.calendar_file(database, account=account, clock=clock)
        write_private(out, data)
        print(f"Wrote {data.count(b'BEGIN:VEVENT')} deadline(s) to {out}.")
    if args.send or args.opt_in or args.opt_out:
        done = outlook.send_calendar(database, account=account, clock=clock)
        print(done.summary)
        if done.problem:
            raise UserError(f"{done.left} calendar message(s) were not sent: {done.problem}",
                            "They are sent the next time (ethics-desk deadlines --send).")
    return EXIT_OK
