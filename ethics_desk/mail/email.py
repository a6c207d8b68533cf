"""Papers sent by e-mail through the office's mail server, recorded in the mail ledger.

A party's issued paper goes as its PDF — the frozen bytes, exactly as issued — attached to a
short covering message worded by the office (the templates ``email-cover.txt`` and
``email-cover.es.txt``, edited in Settings → Letter wording like any paper's wording), in the
recipient's language. The message goes through the office's SMTP server (the settings under
``mail.``: server, port, security — none, STARTTLS or TLS —, user, sender and reply-to; the
password is kept in the operating system's credential store, :mod:`ethics_desk.mail.credentials`,
never in the database, a log or a message).

The rules of § 2-83 hold as they do for a paper mailed:

* a paper about a pending complaint goes only to the person it was issued to, a complainant,
  a respondent or a recorded witness (§ 2-83(h)(1): :func:`ethics_desk.mail.ledger.check_disclosure`,
  the same check the ledger makes);
* an address is the one recorded on the case for that party or witness, with who gave it
  (:func:`record_email_address`); a paper is never sent to an address typed at the moment;
* a paper the statute sends by mail (the kind's ``sent_by``: the (d)(2) cure notice "by first
  class mail") may be e-mailed only as a *courtesy copy*: the message says so, the ledger
  records it so, and the paper stays in the print queue until its mailing is recorded.

Sending is three steps, so that no transaction is held open while a server is slow: the paper,
the recipient and the message are checked and made in a read session; the message is handed to
the server; the mailing (method e-mail, the server's answer, the Message-ID, the time) and its
audit record are written in one transaction. A refusal, a time-out or a dropped connection is
one :class:`~ethics_desk.core.errors.UserError` saying what the server did, and nothing is
recorded as sent. No Qt here.
"""

from __future__ import annotations

import smtplib
import ssl
from dataclasses import dataclass
from datetime import UTC, datetime
from email.headerregistry import Address
from email.message import EmailMessage
from email.policy import SMTP as SMTP_POLICY
from email.utils import format_datetime, make_msgid

from sqlalchemy.orm import Session

from ethics_desk.core.account import Account
from ethics_desk.core.clock import Clock
from ethics_desk.core.errors import UserError
from ethics_desk.core.office_time import office_date
from ethics_desk.core.parties import COMPLAINANT, respondent_key
from ethics_desk.core.permissions import Act
from ethics_desk.core.vocabulary import Language, MailMethod, in_a_sentence
from ethics_desk.documents import kinds, wording
from ethics_desk.documents.kinds import KINDS, quoted_title, title_of
from ethics_desk.documents.render.templates import BlockKind, DocumentTemplate, TemplateLibrary
from ethics_desk.mail import credentials
from ethics_desk.mail.ledger import check_disclosure
from ethics_desk.models import Complainant, Complaint, IssuedDocument, Mailing, Respondent, Witness
from ethics_desk.office import settings
from ethics_desk.staff.acting import case_reader, service
from ethics_desk.staff.scope import case_for, receives
from ethics_desk.storage import audit
from ethics_desk.storage.database import Database

COVER_TEMPLATE = kinds.COVER_TEMPLATE
"""The office's wording of the covering message (``email-cover.txt``, ``email-cover.es.txt``)."""

SERVER, PORT, SECURITY = settings.MAIL_SERVER, settings.MAIL_PORT, settings.MAIL_SECURITY
USER, SENDER, REPLY_TO = settings.MAIL_USER, settings.MAIL_SENDER, settings.MAIL_REPLY_TO
TIMEOUT = settings.MAIL_TIMEOUT
NO_SECURITY, STARTTLS, TLS = settings.NO_SECURITY, settings.STARTTLS, settings.TLS

WITNESS = "witness"
MAX_GIVEN_BY = 200


@dataclass(frozen=True)
class MailServer:
    """The office's mail server as the settings state it (the password is not here)."""

    host: str
    port: int
    security: str
    user: str
    sender: str
    reply_to: str
    timeout: int

    @property
    def named(self) -> str:
        """The server as a message names it: ``smtp.example.org:587``."""
        return f"{self.host}:{self.port}"


def mail_server(session: Session) -> MailServer:
    """The mail server the office set, refused (naming the setting) until it is usable."""
    server = MailServer(str(settings.get(session, SERVER)).strip(),
                        int(settings.get(session, PORT)), str(settings.get(session, SECURITY)),
                        str(settings.get(session, USER)).strip(),
                        str(settings.get(session, SENDER)).strip(),
                        str(settings.get(session, REPLY_TO)).strip(),
                        int(settings.get(session, TIMEOUT)))
    if not server.host:
        raise UserError("The office has set no mail server, so nothing can be sent by e-mail.",
                        "Ask whoever keeps the Settings to enter the mail server, its port, "
                        "its security and the sender's address (Settings → Mail server).")
    if not server.sender:
        raise UserError("The office has set no address to send from.",
                        "Enter it in Settings (“Papers are sent from”).")
    return server


# -- the addresses of the parties -------------------------------------------------------------


@dataclass(frozen=True)
class EmailRecipient:
    """A party or a recorded witness of a case, with the e-mail address recorded for them."""

    key: str
    """``complainant:<id>``, ``respondent:<id>`` or ``witness:<id>`` (:func:`recipient_key`)."""
    name: str
    role: str
    address: str
    given_by: str
    language: Language


def recipient_key(role: str, person_id: int) -> str:
    """How a send names its recipient: ``complainant:<id>``, ``respondent:<id>``,
    ``witness:<id>``."""
    return f"{role}:{person_id}"


def _person(session: Session, complaint: Complaint,
            key: str) -> Complainant | Respondent | Witness:
    role, _, number = key.partition(":")
    person: Complainant | Respondent | Witness | None = None
    if number.isdigit():
        if role == COMPLAINANT:
            person = session.get(Complainant, int(number))
        elif role == "respondent":
            person = session.get(Respondent, int(number))
        elif role == WITNESS:
            person = session.get(Witness, int(number))
    if person is None or person.complaint_id != complaint.id:
        raise UserError(f"{complaint.display_number} has no party or witness “{key}”.",
                        "Refresh the case and choose the recipient again.")
    return person


def _recipient(person: Complainant | Respondent | Witness) -> EmailRecipient:
    if isinstance(person, Complainant):
        role, language = COMPLAINANT, person.preferred_language
    elif isinstance(person, Respondent):
        role, language = "respondent", person.preferred_language
    else:
        role, language = WITNESS, Language.ENGLISH
    return EmailRecipient(recipient_key(role, person.id), person.name, role,
                          person.email.strip(), person.email_given_by, language)


@case_reader("Reading the e-mail addresses of a case")
def email_recipients(database: Database, case_id: int, *,
                     account: Account) -> list[EmailRecipient]:
    """The case's complainants, respondents and recorded witnesses with their addresses (those
    without one too: the window offers to record it)."""
    with database.read_session() as session:
        complaint = case_for(session, account, case_id)
        people: list[Complainant | Respondent | Witness] = [
            *complaint.complainants, *complaint.respondents, *complaint.witnesses]
        return [_recipient(person) for person in people]


@service(Act.MAIL_PAPERS, "Recording an e-mail address")
def record_email_address(database: Database, case_id: int, recipient: str, address: str,
                         given_by: str, *, account: Account, clock: Clock) -> EmailRecipient:
    """Record (or change, or with an empty ``address`` remove) the e-mail address of a party
    or a recorded witness, with who gave it — one transaction with its audit record."""
    address, given_by = address.strip(), " ".join(given_by.split())
    if address:
        settings.check_address(address)
        if not given_by:
            raise UserError("Say who gave this address.",
                            "For example “the complainant, on the complaint form” or “the "
                            "respondent's attorney, by letter of 2 December”.")
        if len(given_by) > MAX_GIVEN_BY:
            raise UserError(f"Who gave the address is longer than {MAX_GIVEN_BY} characters.",
                            "Shorten it.")
    else:
        given_by = ""
    now = clock()
    with database.unit_of_work() as session:
        complaint = case_for(session, account, case_id)
        person = _person(session, complaint, recipient)
        old = person.email.strip()
        person.email, person.email_given_by = address, given_by
        session.flush()
        done = (f"Recorded {address} as the e-mail address of {person.name}, given by "
                f"{given_by}" if address else f"Removed the e-mail address of {person.name}")
        audit.append(session, actor=account.display, action="party.email",
                     complaint_id=complaint.id, at=now,
                     summary=done + (f" (was {old})" if old and old != address else ""),
                     detail={"recipient": recipient, "address": address, "old": old,
                             "given_by": given_by})
        return _recipient(person)


# -- the covering message ---------------------------------------------------------------------


@dataclass(frozen=True)
class Covering:
    """The covering message as worded: its subject and text."""

    subject: str
    text: str


def _section_text(template: DocumentTemplate, name: str, values: dict[str, str | None]) -> str:
    """A section of the covering message as plain text: a paragraph's lines joined, a kept
    line (``| ``) as it is, blocks apart by a blank line."""
    blocks = []
    for block in template.section(name).blocks:
        parts = [template.plain(item, values) for item in block.items]
        if block.kind in (BlockKind.PARAGRAPH, BlockKind.NOTICE, BlockKind.HEADING):
            blocks.append(" ".join(" ".join(parts).split()))
        else:
            blocks.append("\n".join(parts))
    return "\n\n".join(blocks)


def covering_message(session: Session, *, recipient_name: str, case_number: str, kind: str,
                     language: Language, courtesy: bool) -> Covering:
    """The covering message of ``kind`` to ``recipient_name``, in ``language``, from the
    office's wording (the shipped wording where the office has none)."""
    library: TemplateLibrary = wording.library(session)
    template = library.load(COVER_TEMPLATE, language)
    office = (settings.spanish if language is Language.SPANISH else settings.get)
    rule = KINDS.get(kind)
    sent_by = rule.sent_by if rule is not None and rule.sent_by is not None else None
    values: dict[str, str | None] = {
        "recipient_name": recipient_name, "case_number": case_number,
        "paper_title": title_of(kind),
        "sent_by": in_a_sentence(sent_by.label) if sent_by else "mail",
        "office_name": str(office(session, "office.name")),
        "city": str(office(session, "office.city")),
        "office_phone": str(settings.get(session, "office.phone")),
        "signatory": str(office(session, "office.signatory")),
        "signatory_title": str(office(session, "office.signatory_title")),
    }
    template.check(values)
    subject = " ".join(_section_text(template, "subject", values).split())
    parts = [_section_text(template, "body", values)]
    if courtesy:
        parts.append(_section_text(template, "courtesy", values))
    parts.append(_section_text(template, "signature", values))
    return Covering(subject, "\n\n".join(parts) + "\n")


# -- handing a message to the server ----------------------------------------------------------


@dataclass(frozen=True)
class Handed:
    """What the server answered when it took a message."""

    answer: str
    message_id: str


def _answer(code: int, text: bytes | str) -> str:
    said = text.decode("utf-8", "replace") if isinstance(text, bytes) else text
    return f"{code} {' '.join(said.split())}".strip()


def _refused(server: MailServer, what: str, fix: str) -> UserError:
    return UserError(f"The mail server {server.named} {what}. Nothing was sent, and nothing "
                     "was recorded as sent.", fix)


def tls_context() -> ssl.SSLContext:
    """The context a secure connection to the mail server is checked with: the operating
    system's trusted certificate authorities (where IT installs the office's own), the server's
    name checked against its certificate."""
    return ssl.create_default_context()


def hand_over(server: MailServer, message: EmailMessage, password: str | None) -> Handed:
    """Give ``message`` to the office's mail server: connect (TLS from the start, or STARTTLS,
    or neither), sign in when a user is set, and send it to its ``To`` address alone.

    Every way it can fail is one :class:`UserError` saying what the server did: a refusal (its
    answer quoted), a time-out, a dropped connection, a secure connection that could not be
    made, a sign-in refused; nothing of the password is ever in it."""
    recipients = [a.addr_spec for a in message["To"].addresses]
    sender = message["From"].addresses[0].addr_spec
    context = tls_context()
    client: smtplib.SMTP | None = None
    answer: str | None = None
    try:
        if server.security == TLS:
            client = smtplib.SMTP_SSL(server.host, server.port, timeout=server.timeout,
                                      context=context)
        else:
            client = smtplib.SMTP(server.host, server.port, timeout=server.timeout)
        client.ehlo()
        if server.security == STARTTLS:
            if not client.has_extn("starttls"):
                raise _refused(server, "does not offer STARTTLS",
                               "Ask IT whether the server takes TLS from the start (port 465) "
                               "and change the mail server's security in Settings.")
            code, said = client.starttls(context=context)
            if code != 220:
                raise _refused(server, f"refused STARTTLS: {_answer(code, said)}",
                               "Ask IT to check the server's certificate and settings.")
            client.ehlo()
        if server.user:
            if password is None:
                raise UserError(
                    f"No password for {server.user} on {server.named} is kept on this "
                    "computer. Nothing was sent.",
                    "Set it in Settings → Set the mail password (it is kept in this "
                    "computer's credential store).")
            client.login(server.user, password)
        code, said = client.mail(sender)
        if code != 250:
            raise _refused(server, f"refused the sender {sender}: {_answer(code, said)}",
                           "Check the sender's address in Settings with IT.")
        for address in recipients:
            code, said = client.rcpt(address)
            if code not in (250, 251):
                raise _refused(server, f"refused the address {address}: {_answer(code, said)}",
                               "Check the address recorded for the recipient, and ask who "
                               "gave it; or mail the paper.")
        code, said = client.data(message.as_bytes(policy=SMTP_POLICY))  # CRLF lines
        if code != 250:
            raise _refused(server, f"refused the message: {_answer(code, said)}",
                           "If the server names the size, mail the paper instead; otherwise "
                           "try again later or ask IT.")
        answer = _answer(code, said)
    except UserError:
        raise
    except smtplib.SMTPAuthenticationError as exc:
        raise _refused(server, f"refused the user name or the password: "
                               f"{_answer(exc.smtp_code, exc.smtp_error)}",
                       "Set the mail password again in Settings, or ask IT to check the "
                       "account.") from None
    except smtplib.SMTPServerDisconnected as exc:
        if isinstance(exc.__context__, TimeoutError):  # smtplib's reading turns one into this
            raise _refused(server, f"did not answer within {server.timeout} seconds",
                           "Try again later; if the server is always slow, ask IT, or raise "
                           "the seconds to wait in Settings.") from None
        raise _refused(server, "closed the connection before it took the message",
                       "Try again; if it happens again, ask IT to check the server.") from None
    except smtplib.SMTPResponseException as exc:
        raise _refused(server, f"refused: {_answer(exc.smtp_code, exc.smtp_error)}",
                       "Try again later, or ask IT.") from None
    except TimeoutError:
        raise _refused(server, f"did not answer within {server.timeout} seconds",
                       "Try again later; if the server is always slow, ask IT, or raise the "
                       "seconds to wait in Settings.") from None
    except ssl.SSLError as exc:
        raise _refused(server, f"could not make a secure connection ({exc.reason or exc})",
                       "Check the server's security and port in Settings with IT (STARTTLS "
                       "is usually port 587, TLS port 465).") from None
    except (ConnectionResetError, ConnectionAbortedError, BrokenPipeError):
        raise _refused(server, "dropped the connection",
                       "Try again; if it happens again, ask IT to check the server.") from None
    except smtplib.SMTPException as exc:
        raise _refused(server, f"failed: {exc}", "Try again later, or ask IT.") from None
    except OSError as exc:
        raise _refused(server, f"could not be reached ({exc.strerror or exc})",
                       "Check the server's name and port in Settings, and this computer's "
                       "network connection.") from None
    finally:
        if client is not None:
            _end(client, polite=answer is not None)
    return Handed(answer, str(message["Message-ID"]))


def _end(client: smtplib.SMTP, *, polite: bool) -> None:
    """Say QUIT after a message the server took; after a failure only close the connection,
    so that a server that stopped answering is not waited for a second time."""
    if polite:
        try:
            client.quit()
            return
        except (smtplib.SMTPException, OSError):
            pass
    client.close()


def new_message(server: MailServer, *, to_name: str, to_address: str, subject: str,
                text: str, now: datetime, from_name: str) -> EmailMessage:
    """A message from the office's sender to one address, dated ``now`` (the act's clock), with
    a Message-ID of the sender's domain and the office's reply-to address."""
    message = EmailMessage()
    message["From"] = Address(from_name, addr_spec=server.sender)
    message["To"] = Address(to_name, addr_spec=to_address)
    if server.reply_to:
        message["Reply-To"] = server.reply_to
    message["Subject"] = subject
    message["Date"] = format_datetime(now.astimezone(UTC))
    message["Message-ID"] = make_msgid(domain=server.sender.rpartition("@")[2])
    message.set_content(text)
    return message


# -- sending a paper --------------------------------------------------------------------------


@dataclass(frozen=True)
class Sent:
    """A paper sent by e-mail: the ledger's line and what the server said."""

    mailing_id: int
    address: str
    message_id: str
    answer: str
    courtesy_copy: bool
    summary: str


@dataclass(frozen=True)
class _Prepared:
    """A send checked and its message made, before the server is asked."""

    complaint_id: int
    kind: str
    recipient: EmailRecipient
    message: EmailMessage
    courtesy: bool
    disclosed: str


def _prepare(session: Session, document_id: int, recipient: str, *, account: Account,
             server: MailServer, now: datetime) -> _Prepared:
    document = session.get(IssuedDocument, document_id)
    complaint = None if document is None else session.get(Complaint, document.complaint_id)
    if document is None or complaint is None or not receives(session, account, complaint):
        raise UserError(f"There is no issued document with id {document_id}.",
                        "Refresh the case.")
    if document.voided_at is not None:
        raise UserError(f"Document {document.id} ({title_of(document.kind)}) was voided: "
                        f"{document.void_reason}.", "Send its replacement instead.")
    person = _recipient(_person(session, complaint, recipient))
    disclosed = check_disclosure(session, document, person.name)
    if not person.address:
        raise UserError(f"No e-mail address is recorded for {person.name}.",
                        "Record it on the case, with who gave it, then send the paper.")
    rule = KINDS.get(document.kind)
    courtesy = (rule is not None and rule.sent_by is not None
                and rule.sent_by is not MailMethod.EMAIL)
    number = complaint.case_number or complaint.display_number
    covering = covering_message(session, recipient_name=person.name, case_number=number,
                                kind=document.kind, language=person.language,
                                courtesy=courtesy)
    office = (settings.spanish(session, "office.name") if person.language is Language.SPANISH
              else str(settings.get(session, "office.name")))
    message = new_message(server, to_name=person.name, to_address=person.address,
                          subject=covering.subject, text=covering.text, now=now,
                          from_name=office)
    message.add_attachment(document.content, maintype="application", subtype="pdf",
                           filename=f"{number} {title_of(document.kind)}.pdf")
    return _Prepared(complaint.id, document.kind, person, message, courtesy, disclosed)


@service(Act.MAIL_PAPERS, "Sending a paper by e-mail")
def send_paper(database: Database, document_id: int, recipient: str, *, account: Account,
               clock: Clock) -> Sent:
    """Send an issued paper to a party or a recorded witness of its case by e-mail, and record
    it in the mail ledger (:mod:`this module <ethics_desk.mail.email>`).

    ``recipient`` is :func:`recipient_key` of the person; the address is the one recorded for
    them. A failure to send is one :class:`UserError` and records nothing; a send the server
    took is recorded with its answer, the Message-ID and the time."""
    now = clock()
    with database.read_session() as session:
        server = mail_server(session)
        prepared = _prepare(session, document_id, recipient, account=account, server=server,
                            now=now)
    password = credentials.password(server.host, server.user) if server.user else None
    handed = hand_over(server, prepared.message, password)
    person = prepared.recipient
    try:
        with database.unit_of_work() as session:
            document = session.get(IssuedDocument, document_id)
            if document is None:  # removed with its case while the message went out
                raise UserError(f"Document {document_id} was removed while it was being sent.",
                                "")
            ref = (respondent_key(int(person.key.partition(":")[2]))
                   if person.role == "respondent" else
                   COMPLAINANT if person.role == COMPLAINANT else person.key)
            mailing = Mailing(complaint_id=prepared.complaint_id, document_id=document_id,
                              recipient_name=person.name, recipient_role=person.role,
                              recipient_ref=ref, address=person.address,
                              method=MailMethod.EMAIL,
                              mailed_on=office_date(now, settings.time_zone(session)),
                              recorded_by=account.display, sent_at=now,
                              message_id=handed.message_id, server_answer=handed.answer,
                              courtesy_copy=prepared.courtesy)
            session.add(mailing)
            session.flush()
            summary = (f"E-mailed {quoted_title(prepared.kind)} to {person.name} at "
                       f"{person.address} (Message-ID {handed.message_id}; the server "
                       f"answered “{handed.answer}”)")
            if prepared.courtesy:
                summary += (" — a courtesy copy: the statute sends this paper by mail, and it "
                            "still goes by mail")
            if prepared.disclosed:
                summary += f" — {prepared.disclosed[0].lower()}{prepared.disclosed[1:]}"
            audit.append(session, actor=account.display, action="mail.email",
                         complaint_id=prepared.complaint_id, at=now, summary=summary,
                         detail={"mailing_id": mailing.id, "document_id": document_id,
                                 "recipient_ref": ref, "address": person.address,
                                 "given_by": person.given_by,
                                 "message_id": handed.message_id, "answer": handed.answer,
                                 "courtesy_copy": prepared.courtesy,
                                 "sent_at": now.isoformat()})
            return Sent(mailing.id, person.address, handed.message_id, handed.answer,
                        prepared.courtesy, summary)
    except Exception as exc:
        raise UserError(
            f"The mail server took the message to {person.address} (Message-ID "
            f"{handed.message_id}), but it could not be recorded here: {exc}",
            "Record the e-mail in the mail ledger by hand, with that Message-ID, so that the "
            "case shows it.") from exc
