"""``ethics-desk email`` and ``ethics-desk deadlines``: a paper sent by e-mail from the command
line reaches the loopback SMTP server and the ledger; one's deadlines go to one's calendar and
save as one .ics file."""

from __future__ import annotations

from pathlib import Path

import pytest
from icalendar import Calendar
from sqlalchemy import select

from ethics_desk.cli import main
from ethics_desk.core.roles import Role
from ethics_desk.documents.issuing import IssuedRef, issue
from ethics_desk.models import Complainant, Mailing, MailMethod
from ethics_desk.storage.database import Database
from ethics_desk.workflow.controller import WorkflowController
from tests.conftest import CLOCK
from tests.factories import DESK_CLERK, filed_case
from tests.mail.smtp_server import LoopbackSMTP
from tests.mail.test_email import configure
from tests.signing_in import sign_in_as
from tests.test_cli_unknowable import db_arg_of


def run(capsys: pytest.CaptureFixture[str], database: Database,
        *args: str) -> tuple[int, str, str]:
    code = main([*args, "--db", db_arg_of(database)], clock=CLOCK)
    out, err = capsys.readouterr()
    return code, out, err


def _receipt_issued(controller: WorkflowController, database: Database, smtp: LoopbackSMTP,
                    monkeypatch: pytest.MonkeyPatch) -> tuple[IssuedRef, int]:
    """A case filed with its receipt issued, the mail server set up and the Clerk's staff
    signed in: the receipt, and the complainant's id."""
    configure(database, smtp.port)
    case = filed_case(controller)
    ref = issue(database, case, "receipt", account=DESK_CLERK, clock=CLOCK)
    sign_in_as(monkeypatch, database, Role.CLERK)
    with database.read_session() as session:
        complainant = session.scalars(select(Complainant.id).where(
            Complainant.complaint_id == case)).one()
    return ref, complainant


def test_email_records_an_address_and_sends_a_paper_to_it(
        controller: WorkflowController, database: Database, smtp: LoopbackSMTP,
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    ref, complainant = _receipt_issued(controller, database, smtp, monkeypatch)
    key = f"complainant:{complainant}"
    code, out, _ = run(capsys, database, "email", "list", "ERB-2026-001")
    assert code == 0 and f"{ref.document_id:>6}  Filing receipt" in out and key in out
    code, out, _ = run(capsys, database, "email", "address", "ERB-2026-001", key,
                       "jp@example.org", "--given-by", "the complainant, by telephone")
    assert code == 0 and "given by the complainant, by telephone" in out
    code, out, _ = run(capsys, database, "email", "send", str(ref.document_id), "--to", key)
    assert code == 0 and "E-mailed" in out
    assert smtp.received[0].recipients == ["jp@example.org"]
    with database.read_session() as session:
        assert session.scalars(select(Mailing.method)).all() == [MailMethod.EMAIL]


def test_email_send_says_a_refusal_in_one_line_and_fails(
        controller: WorkflowController, database: Database, smtp: LoopbackSMTP,
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    ref, complainant = _receipt_issued(controller, database, smtp, monkeypatch)
    smtp.handler.refuse.add("jose.pena@example.org")  # the address taken at intake
    code, _out, err = run(capsys, database, "email", "send", str(ref.document_id), "--to",
                          f"complainant:{complainant}")
    assert code != 0 and "refused the address jose.pena@example.org: 550" in err
    assert "Traceback" not in err


def test_deadlines_go_to_ones_calendar_and_save_as_an_ics_file(
        controller: WorkflowController, database: Database, smtp: LoopbackSMTP,
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
        tmp_path: Path) -> None:
    configure(database, smtp.port)
    filed_case(controller)
    sign_in_as(monkeypatch, database, Role.CLERK)
    code, out, _ = run(capsys, database, "deadlines", "--opt-in", "clerk@sanantonio.example")
    assert code == 0 and "Sent 1 calendar message" in out
    code, out, _ = run(capsys, database, "deadlines", "--send")
    assert code == 0 and "Your calendar is up to date." in out
    target = tmp_path / "mine.ics"
    code, out, _ = run(capsys, database, "deadlines", "--ics", str(target))
    assert code == 0 and "Wrote 1 deadline(s)" in out
    [event] = Calendar.from_ical(target.read_bytes()).walk("VEVENT")
    assert str(event["SUMMARY"]).startswith("ERB-2026-001: ")
