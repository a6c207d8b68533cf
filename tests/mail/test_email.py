"""Papers sent by e-mail through the office's mail server, against a real SMTP server on
loopback (aiosmtpd): what arrives, what the ledger records, and a refusal, a time-out and a
dropped connection said plainly with nothing recorded as sent."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import keyring
import pytest
from keyring.backend import KeyringBackend
from sqlalchemy import select

from ethics_desk.core.errors import NotAllowed, RuleError, UserError
from ethics_desk.core.vocabulary import Language
from ethics_desk.documents import wording
from ethics_desk.documents.issuing import IssuedRef, issue, print_queue
from ethics_desk.mail import credentials
from ethics_desk.mail import email as by_email
from ethics_desk.mail.ledger import mailings_for_case
from ethics_desk.models import (
    AuditRecord,
    Complainant,
    IssuedDocument,
    Mailing,
    MailMethod,
    Setting,
    Witness,
)
from ethics_desk.office import settings
from ethics_desk.storage.database import Database
from ethics_desk.workflow.controller import WorkflowController
from tests.conftest import CLOCK, NOW
from tests.documents.test_papers_sent_as_the_law_says import CURE_NOTICE, _cured
from tests.factories import DESK_CLERK, MEMBER, complete_intake, filed_case
from tests.mail.smtp_server import PASSWORD, USER, LoopbackSMTP, SilentServer

ADDRESS = "jose.pena@example.org"
GIVEN_BY = "the complainant, on the complaint form"


class MemoryKeyring(KeyringBackend):
    """A credential store in memory, standing in for the operating system's."""

    priority = 1  # type: ignore[assignment]

    def __init__(self) -> None:
        super().__init__()
        self.kept: dict[tuple[str, str], str] = {}

    def get_password(self, service: str, username: str) -> str | None:
        return self.kept.get((service, username))

    def set_password(self, service: str, username: str, password: str) -> None:
        self.kept[(service, username)] = password

    def delete_password(self, service: str, username: str) -> None:
        del self.kept[(service, username)]


@pytest.fixture
def store() -> Iterator[MemoryKeyring]:
    before = keyring.get_keyring()
    memory = MemoryKeyring()
    keyring.set_keyring(memory)
    try:
        yield memory
    finally:
        keyring.set_keyring(before)


def configure(database: Database, port: int, *, security: str = "none", user: str = "",
              timeout: int = 30) -> None:
    """The office's mail server settings, as Settings saves them."""
    values: dict[str, Any] = {settings.MAIL_SERVER: "127.0.0.1", settings.MAIL_PORT: port,
                              settings.MAIL_SECURITY: security, settings.MAIL_USER: user,
                              settings.MAIL_SENDER: "ethics@sanantonio.example",
                              settings.MAIL_REPLY_TO: "clerk@sanantonio.example",
                              settings.MAIL_TIMEOUT: timeout}
    with database.unit_of_work() as session:
        for key, value in values.items():
            settings.set_value(session, key, value, actor="Maria Clerk", at=NOW)


def receipt_with_address(controller: WorkflowController, database: Database,
                         language: Language = Language.ENGLISH) -> tuple[IssuedRef, str]:
    """A filed case's receipt issued to the complainant, whose address is recorded."""
    intake = complete_intake()
    if language is not Language.ENGLISH:
        from dataclasses import replace
        intake = replace(intake, complainant=replace(intake.complainant,
                                                     preferred_language=language))
    case = filed_case(controller, intake)
    ref = issue(database, case, "receipt", account=DESK_CLERK, clock=CLOCK, language=language)
    return ref, record_address(database, case, ADDRESS)


def record_address(database: Database, case: int, address: str) -> str:
    with database.read_session() as session:
        cid = session.scalar(select(Complainant.id).where(Complainant.complaint_id == case))
    key = by_email.recipient_key("complainant", int(cid or 0))
    by_email.record_email_address(database, case, key, address, GIVEN_BY, account=DESK_CLERK,
                                  clock=CLOCK)
    return key


def emailed(database: Database) -> list[Mailing]:
    with database.read_session() as session:
        return list(session.scalars(select(Mailing).where(Mailing.method == MailMethod.EMAIL)))


def test_a_paper_goes_as_its_pdf_with_the_covering_message_and_the_send_is_recorded(
        controller: WorkflowController, database: Database, smtp: LoopbackSMTP) -> None:
    configure(database, smtp.port)
    ref, key = receipt_with_address(controller, database)
    sent = by_email.send_paper(database, ref.document_id, key, account=DESK_CLERK, clock=CLOCK)

    [arrived] = smtp.received
    assert arrived.recipients == [ADDRESS] and arrived.sender == "ethics@sanantonio.example"
    message = arrived.message
    assert message["To"].addresses[0].display_name == "José Peña"
    assert message["Reply-To"] == "clerk@sanantonio.example"
    assert message["Subject"].startswith("ERB-2026-")
    assert message["Subject"].endswith(": Filing receipt for the complainant")
    body = message.get_body(("plain",))
    assert body is not None and "Dear José Peña," in body.get_content()
    assert "courtesy copy" not in body.get_content()
    [attachment] = list(message.iter_attachments())
    assert attachment.get_content_type() == "application/pdf"
    with database.read_session() as session:
        document = session.get(IssuedDocument, ref.document_id)
        assert document is not None
        assert attachment.get_content() == document.content  # the frozen bytes, as issued

    [mailing] = emailed(database)
    assert mailing.id == sent.mailing_id and mailing.address == ADDRESS
    assert mailing.message_id == message["Message-ID"] == sent.message_id
    assert mailing.server_answer == "250 2.0.0 Ok: queued as 4Xk9Lz"
    assert mailing.sent_at is not None and mailing.sent_at.replace(tzinfo=None) == \
        NOW.astimezone(mailing.sent_at.tzinfo).replace(tzinfo=None)
    assert mailing.mailed_on == NOW.date() and not mailing.courtesy_copy
    with database.read_session() as session:
        record = session.scalars(select(AuditRecord).where(AuditRecord.action == "mail.email")).one()
    assert mailing.message_id in record.summary and "250 2.0.0" in record.summary
    assert ref.document_id not in [item.document_id
                                   for item in print_queue(database, account=DESK_CLERK)]


def test_a_spanish_speaking_complainant_gets_the_spanish_covering_message(
        controller: WorkflowController, database: Database, smtp: LoopbackSMTP) -> None:
    configure(database, smtp.port)
    ref, key = receipt_with_address(controller, database, Language.SPANISH)
    by_email.send_paper(database, ref.document_id, key, account=DESK_CLERK, clock=CLOCK)
    body = smtp.received[0].message.get_body(("plain",))
    assert body is not None and "Estimado(a) José Peña:" in body.get_content()


def test_the_office_wording_of_the_covering_message_is_the_one_sent(
        controller: WorkflowController, database: Database, smtp: LoopbackSMTP) -> None:
    configure(database, smtp.port)
    shipped, _ = wording.wording_text(database, "email-cover.txt")
    wording.save_wording(database, "email-cover.txt",
                         shipped.replace("Dear ${recipient_name},", "Good morning, "
                                         "${recipient_name}."), seen=None, account=DESK_CLERK,
                         clock=CLOCK)
    ref, key = receipt_with_address(controller, database)
    by_email.send_paper(database, ref.document_id, key, account=DESK_CLERK, clock=CLOCK)
    body = smtp.received[0].message.get_body(("plain",))
    assert body is not None and body.get_content().startswith("Good morning, José Peña.")


def test_an_address_the_server_refuses_is_said_plainly_and_nothing_is_recorded(
        controller: WorkflowController, database: Database, smtp: LoopbackSMTP) -> None:
    configure(database, smtp.port)
    ref, key = receipt_with_address(controller, database)
    smtp.handler.refuse.add(ADDRESS)
    with pytest.raises(UserError) as refused:
        by_email.send_paper(database, ref.document_id, key, account=DESK_CLERK, clock=CLOCK)
    assert f"refused the address {ADDRESS}: 550 5.1.1" in refused.value.problem
    assert "Nothing was sent" in refused.value.problem
    assert smtp.received == [] and emailed(database) == []
    assert ref.document_id in [item.document_id
                               for item in print_queue(database, account=DESK_CLERK)]


def test_a_server_that_never_answers_times_out_and_nothing_is_recorded(
        controller: WorkflowController, database: Database) -> None:
    silent = SilentServer()
    try:
        configure(database, silent.port, timeout=1)
        ref, key = receipt_with_address(controller, database)
        with pytest.raises(UserError) as timed_out:
            by_email.send_paper(database, ref.document_id, key, account=DESK_CLERK,
                                clock=CLOCK)
    finally:
        silent.stop()
    assert "did not answer within 1 seconds" in timed_out.value.problem
    assert emailed(database) == []


def test_a_server_that_drops_the_connection_is_said_plainly_and_nothing_is_recorded(
        controller: WorkflowController, database: Database, smtp: LoopbackSMTP) -> None:
    configure(database, smtp.port)
    smtp.handler.drop_on_data = True
    ref, key = receipt_with_address(controller, database)
    with pytest.raises(UserError) as dropped:
        by_email.send_paper(database, ref.document_id, key, account=DESK_CLERK, clock=CLOCK)
    assert "closed the connection before it took the message" in dropped.value.problem
    assert emailed(database) == []


def test_a_server_no_one_listens_on_is_said_plainly(
        controller: WorkflowController, database: Database) -> None:
    from tests.mail.smtp_server import free_port
    configure(database, free_port())
    ref, key = receipt_with_address(controller, database)
    with pytest.raises(UserError, match="could not be reached"):
        by_email.send_paper(database, ref.document_id, key, account=DESK_CLERK, clock=CLOCK)
    assert emailed(database) == []


@pytest.mark.parametrize("security", ["starttls", "tls"])
def test_a_secure_server_takes_the_password_kept_in_the_credential_store(
        controller: WorkflowController, database: Database, tmp_path: Path,
        store: MemoryKeyring, monkeypatch: pytest.MonkeyPatch, security: str) -> None:
    server = LoopbackSMTP(tmp_path, security).start()
    monkeypatch.setattr(by_email, "tls_context", server.client_context)
    try:
        configure(database, server.port, security=security, user=USER)
        ref, key = receipt_with_address(controller, database)
        with pytest.raises(UserError, match="No password for clerk-office"):
            by_email.send_paper(database, ref.document_id, key, account=DESK_CLERK,
                                clock=CLOCK)
        credentials.set_password(database, "wrong", account=DESK_CLERK, clock=CLOCK)
        with pytest.raises(UserError, match="refused the user name or the password: 535"):
            by_email.send_paper(database, ref.document_id, key, account=DESK_CLERK,
                                clock=CLOCK)
        credentials.set_password(database, PASSWORD, account=DESK_CLERK, clock=CLOCK)
        by_email.send_paper(database, ref.document_id, key, account=DESK_CLERK, clock=CLOCK)
    finally:
        server.stop()
    assert len(server.received) == 1 and len(emailed(database)) == 1
    assert store.kept == {(credentials.SERVICE, f"{USER}@127.0.0.1"): PASSWORD}
    with database.read_session() as session:  # the password is nowhere in the record
        texts = [f"{r.summary} {r.detail}" for r in session.scalars(select(AuditRecord))]
        texts += [s.value for s in session.scalars(select(Setting))]
    assert not [text for text in texts if PASSWORD in text or "wrong" in text.split()]


def test_a_server_without_starttls_is_refused_when_the_office_asked_for_it(
        controller: WorkflowController, database: Database, smtp: LoopbackSMTP) -> None:
    configure(database, smtp.port, security="starttls")
    ref, key = receipt_with_address(controller, database)
    with pytest.raises(UserError, match="does not offer STARTTLS"):
        by_email.send_paper(database, ref.document_id, key, account=DESK_CLERK, clock=CLOCK)
    assert smtp.received == []


def test_the_cure_notice_by_email_is_a_courtesy_copy_and_still_waits_to_be_mailed(
        controller: WorkflowController, database: Database, smtp: LoopbackSMTP) -> None:
    configure(database, smtp.port)
    case = _cured(controller, database)
    ref = issue(database, case, CURE_NOTICE, account=DESK_CLERK, clock=CLOCK)
    key = record_address(database, case, ADDRESS)
    sent = by_email.send_paper(database, ref.document_id, key, account=DESK_CLERK, clock=CLOCK)
    body = smtp.received[0].message.get_body(("plain",))
    assert body is not None
    text = " ".join(body.get_content().split())
    assert "This e-mail is a courtesy copy only." in text
    assert "sends this paper by first class mail" in text
    assert sent.courtesy_copy and emailed(database)[0].courtesy_copy
    assert "courtesy copy" in sent.summary
    [line] = mailings_for_case(database, case, account=DESK_CLERK)
    assert line.method_label == "E-mail (courtesy copy)" and line.message_id == sent.message_id
    # The statute's mailing is still to be done: the paper stays in the print queue.
    assert ref.document_id in [item.document_id
                               for item in print_queue(database, account=DESK_CLERK)]
    # … and the certificate of mailing calls the e-mail what it is.
    from ethics_desk.documents.making import render_letter
    from tests.documents.render.helpers import flat, text_of
    certificate = flat(text_of(render_letter(database, case, "certificate-of-mailing",
                                             account=DESK_CLERK, clock=CLOCK)))
    assert ("A courtesy copy only: § 2-83(d)(2) sends this paper by first class mail") in \
        certificate


def test_an_address_is_recorded_with_who_gave_it_and_audited(
        controller: WorkflowController, database: Database) -> None:
    case = filed_case(controller)
    with database.read_session() as session:
        cid = session.scalar(select(Complainant.id).where(Complainant.complaint_id == case))
    key = by_email.recipient_key("complainant", int(cid or 0))
    with pytest.raises(UserError, match="Say who gave this address"):
        by_email.record_email_address(database, case, key, "jp@example.org", " ",
                                      account=DESK_CLERK, clock=CLOCK)
    with pytest.raises(UserError, match="is not an e-mail address"):
        by_email.record_email_address(database, case, key, "José <jp@example.org>", GIVEN_BY,
                                      account=DESK_CLERK, clock=CLOCK)
    with pytest.raises(NotAllowed):
        by_email.record_email_address(database, case, key, "jp@example.org", GIVEN_BY,
                                      account=MEMBER, clock=CLOCK)
    recorded = by_email.record_email_address(database, case, key, "jp@example.org", GIVEN_BY,
                                             account=DESK_CLERK, clock=CLOCK)
    assert (recorded.address, recorded.given_by) == ("jp@example.org", GIVEN_BY)
    listed = by_email.email_recipients(database, case, account=DESK_CLERK)
    assert [(r.name, r.address, r.given_by) for r in listed if r.role == "complainant"] == \
        [("José Peña", "jp@example.org", GIVEN_BY)]
    with database.read_session() as session:
        record = session.scalars(select(AuditRecord).where(
            AuditRecord.action == "party.email")).one()
    assert record.summary == (f"Recorded jp@example.org as the e-mail address of José Peña, "
                              f"given by {GIVEN_BY} (was {ADDRESS})")


def test_a_recorded_witness_may_receive_a_paper_of_a_pending_case(
        controller: WorkflowController, database: Database, smtp: LoopbackSMTP) -> None:
    configure(database, smtp.port)
    ref, _key = receipt_with_address(controller, database)
    with database.unit_of_work() as session:
        witness = Witness(complaint_id=ref.complaint_id, identified_by="José Peña")
        witness.set_name("Rosa Garza")
        session.add(witness)
        session.flush()
        witness_id = witness.id
    key = by_email.recipient_key("witness", witness_id)
    by_email.record_email_address(database, ref.complaint_id, key, "rosa@example.org",
                                  "the witness, by telephone", account=DESK_CLERK, clock=CLOCK)
    by_email.send_paper(database, ref.document_id, key, account=DESK_CLERK, clock=CLOCK)
    assert smtp.received[0].recipients == ["rosa@example.org"]
    assert emailed(database)[0].recipient_ref == key


def test_no_one_outside_the_case_receives_its_paper(
        controller: WorkflowController, database: Database, smtp: LoopbackSMTP) -> None:
    configure(database, smtp.port)
    ref, _key = receipt_with_address(controller, database)
    other, other_key = receipt_with_address(controller, database)  # another case's complainant
    with pytest.raises(UserError, match="has no party or witness"):
        by_email.send_paper(database, ref.document_id, other_key, account=DESK_CLERK,
                            clock=CLOCK)
    assert smtp.received == [] and emailed(database) == []
    assert other.complaint_id != ref.complaint_id


def test_the_h1_check_refuses_a_person_the_paper_may_not_go_to(
        controller: WorkflowController, database: Database, smtp: LoopbackSMTP,
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The service asks § 2-83(h)(1) itself, whatever chose the recipient."""
    configure(database, smtp.port)
    ref, key = receipt_with_address(controller, database)
    monkeypatch.setattr(by_email, "_recipient", lambda person: by_email.EmailRecipient(
        key, "A Reporter", "complainant", "news@example.org", "", Language.ENGLISH))
    with pytest.raises(RuleError, match=r"§ 2-83\(h\)\(1\)"):
        by_email.send_paper(database, ref.document_id, key, account=DESK_CLERK, clock=CLOCK)
    assert smtp.received == [] and emailed(database) == []


def test_without_a_mail_server_set_nothing_is_sent(
        controller: WorkflowController, database: Database) -> None:
    ref, key = receipt_with_address(controller, database)
    with pytest.raises(UserError, match="has set no mail server"):
        by_email.send_paper(database, ref.document_id, key, account=DESK_CLERK, clock=CLOCK)


def test_only_those_who_mail_papers_send_them(
        controller: WorkflowController, database: Database, smtp: LoopbackSMTP) -> None:
    configure(database, smtp.port)
    ref, key = receipt_with_address(controller, database)
    with pytest.raises(NotAllowed):
        by_email.send_paper(database, ref.document_id, key, account=MEMBER, clock=CLOCK)
    assert smtp.received == []


def test_a_mail_setting_that_cannot_work_is_refused() -> None:
    with pytest.raises(UserError, match="not a server's name"):
        settings.OPTIONS[settings.MAIL_SERVER].check("smtp.example.org:587")
    with pytest.raises(UserError, match="not an e-mail address"):
        settings.OPTIONS[settings.MAIL_SENDER].check("ethics at example")
    with pytest.raises(UserError):
        settings.OPTIONS[settings.MAIL_SECURITY].check("ssl3")


def test_an_address_taken_at_intake_is_given_by_the_sworn_complaint(
        controller: WorkflowController, database: Database) -> None:
    from ethics_desk.intake.record import AT_INTAKE

    case = filed_case(controller)  # the complainant's address typed at the counter
    listed = by_email.email_recipients(database, case, account=DESK_CLERK)
    assert [(r.address, r.given_by) for r in listed if r.role == "complainant"] == \
        [(ADDRESS, AT_INTAKE)]
    assert [(r.address, r.given_by) for r in listed if r.role == "respondent"] == [("", "")]
