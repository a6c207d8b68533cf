"""``ethics-desk email`` and ``ethics-desk deadlines``: a case's paper sent by e-mail through the
office's mail server (with the addresses it goes to, and the server's password kept in this
computer's credential store), and one's deadlines in one's own calendar or saved as an ``.ics``
file. Each calls the service the window calls (:mod:`ethics_desk.mail.email`,
:mod:`ethics_desk.mail.calendar`), which decides who may."""

from __future__ import annotations

import argparse
import getpass
from collections.abc import Sequence
from pathlib import Path

from ethics_desk.cli.common import EXIT_OK, UsageError, clock_of, signs_in
from ethics_desk.core.account import Account
from ethics_desk.core.errors import UserError
from ethics_desk.core.permissions import Act
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


def add_commands(commands: argparse._SubParsersAction,  # type: ignore[type-arg]
                 signed_in: Sequence[argparse.ArgumentParser]) -> None:
    """Add ``email`` and ``deadlines`` to the command line."""
    email_command = commands.add_parser(
        "email", help="send a case's paper by e-mail through the office's mail server",
        description="Send an issued paper as its PDF, with the office's covering message, to a "
                    "party or a recorded witness of its case, at the address recorded for them "
                    "with who gave it (§ 2-83(h)(1)); the send is recorded in the mail ledger "
                    "with the server's answer and the Message-ID. A paper the statute sends by "
                    "mail is e-mailed only as a courtesy copy and still waits to be mailed.")
    actions = email_command.add_subparsers(dest="action", metavar="ACTION", required=True)
    listing = actions.add_parser("list", parents=list(signed_in),
                                 help="the case's papers and the recipients' keys and addresses")
    listing.add_argument("case", metavar="CASE", help="the case number")
    listing.set_defaults(handler=cmd_email_list)
    address = actions.add_parser("address", parents=list(signed_in),
                                 help="record a party's or a witness's e-mail address")
    address.add_argument("case", metavar="CASE", help="the case number")
    address.add_argument("key", metavar="KEY", help="the recipient, as “email list” shows it")
    address.add_argument("address", metavar="ADDRESS", help="the address (empty: remove it)")
    address.add_argument("--given-by", metavar="WHO", default="",
                         help="who gave the address, e.g. “the complainant, by telephone”")
    address.set_defaults(handler=cmd_email_address)
    send = actions.add_parser("send", parents=list(signed_in), help="send an issued paper by e-mail")
    send.add_argument("document", metavar="DOCUMENT", type=int,
                      help="the issued paper's number, as “email list” shows it")
    send.add_argument("--to", metavar="KEY", required=True,
                      help="the recipient, as “email list” shows it")
    send.set_defaults(handler=cmd_email_send)
    password = actions.add_parser(
        "password", parents=list(signed_in),
        help="keep the mail server's password in this computer's credential store")
    password.add_argument("--remove", action="store_true", help="remove it instead")
    password.set_defaults(handler=cmd_email_password)

    deadlines = commands.add_parser(
        "deadlines", parents=list(signed_in),
        help="your deadlines in your own calendar (invitations) or as an .ics file",
        description="Each open deadline of the cases you receive, as an all-day event on its "
                    "due day named by the case number and the step (never a party). --opt-in "
                    "sends them to your mailbox as calendar invitations, moved and cancelled as "
                    "the deadlines move or are met; --send sends what your calendar is owed "
                    "(run it as a scheduled task, or let the window do it); --ics saves them as "
                    "one file. Each is recorded in the audit trail.")
    deadlines.add_argument("--ics", metavar="FILE.ics", help="save your deadlines to FILE.ics")
    deadlines.add_argument("--force", action="store_true", help="replace FILE.ics if it exists")
    choice = deadlines.add_mutually_exclusive_group()
    choice.add_argument("--opt-in", metavar="MAILBOX",
                        help="send your deadlines to MAILBOX as calendar invitations")
    choice.add_argument("--opt-out", action="store_true", help="stop the invitations")
    deadlines.add_argument("--send", action="store_true",
                           help="send what your calendar is owed now")
    deadlines.set_defaults(handler=cmd_deadlines)
