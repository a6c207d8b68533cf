"""A batch from the print queue: its letters, their envelopes or address labels, or the
certificate of mailing, as PDF documents ready to print (no Qt).

The clerk chooses the items (normally the whole queue) and the paper; :func:`prepare_batch`
reads the items again (one no longer queued — mailed or voided since the list was read — is
left out and said so), finds each recipient's mailing address on the case, renders the papers
and records the print in the audit trail, one record per case, in one transaction:

* **letters** — each item's issued bytes, checked against their SHA-256 (``issuing.reprint_many``,
  audited as every reprint is);
* **envelopes** — one #10 envelope per item, the address printed in the usual place (letters
  already show theirs through a window envelope's window);
* **labels** — one address label per item, on sheets of 30, across then down;
* **certificate of mailing** — one certificate per case (each goes in its own case file: what
  is pending is confidential to the parties, § 2-83(h)), listing that case's items, each by the
  method its kind is normally sent by, dated the day of printing, for the Clerk to sign.

Whatever the paper, the batch goes to the printer as ONE print run
(:mod:`ethics_desk.documents.print_run`): one PDF of every document's pages in order, what they
store alike — the font programs above all — kept once, and checked page by page to draw what
each document draws (for letters: the issued bytes, so what prints is what was issued).

Printing is not mailing: every item stays in the queue until its mailing is recorded in the
mail ledger. A recipient the case has no mailing address for (the reviewers, the Board, a party
whose address is blank) gets no envelope, label or certificate line; the batch says who and why.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from datetime import date, datetime
from enum import StrEnum

from sqlalchemy import select

from ethics_desk.core.account import Account
from ethics_desk.core.clock import Clock
from ethics_desk.core.errors import UserError
from ethics_desk.core.office_time import office_date
from ethics_desk.core.permissions import Act
from ethics_desk.core.vocabulary import Language
from ethics_desk.documents import wording
from ethics_desk.documents.issuing import (
    QueueItem,
    page_count,
    print_queue,
    reprint_many,
)
from ethics_desk.documents.kinds import KINDS, title_of
from ethics_desk.documents.paper_context import party_of
from ethics_desk.documents.print_run import PrintRun, print_run
from ethics_desk.documents.render.data import Letterhead, Party, letterhead_from_settings
from ethics_desk.documents.render.letter_data import (
    CertificateOfMailingPaper,
    EnvelopePaper,
    LabelsPaper,
    MailedItem,
)
from ethics_desk.documents.render.mailing import LABELS_PER_SHEET
from ethics_desk.documents.render.templates import TemplateLibrary
from ethics_desk.models import Complainant, Complaint, MailMethod, Respondent
from ethics_desk.office import settings
from ethics_desk.staff.acting import case_reader, service
from ethics_desk.staff.scope import case_condition
from ethics_desk.storage import audit
from ethics_desk.storage.database import Database


class BatchPaper(StrEnum):
    """What to print for a batch of queued items."""

    LETTERS = "letters"
    ENVELOPES = "envelopes"
    LABELS = "labels"
    CERTIFICATE = "certificate-of-mailing"

    @property
    def label(self) -> str:
        """The paper in words, as a menu and a message name it."""
        return {BatchPaper.LETTERS: "letters", BatchPaper.ENVELOPES: "#10 envelopes",
                BatchPaper.LABELS: "address labels (30 a sheet)",
                BatchPaper.CERTIFICATE: "certificate of mailing"}[self]


AUDIT_KINDS = {BatchPaper.ENVELOPES: "envelope", BatchPaper.LABELS: "labels",
               BatchPaper.CERTIFICATE: "certificate-of-mailing"}
"""The document kind of each addressed paper: its renderer is that kind's in ``KINDS``, and its
print is audited as ``print.<kind>``."""


@dataclass(frozen=True)
class Addressee:
    """A queued item and the party it goes to, as the case records them (``None``: unknown)."""

    item: QueueItem
    party: Party | None

    @property
    def has_address(self) -> bool:
        """Whether the case has a mailing address for the recipient."""
        return self.party is not None and bool(self.party.address.strip())


@dataclass(frozen=True)
class BatchDocument:
    """One document of a batch: what the progress dialog calls it, its PDF and its pages."""

    label: str
    pdf: bytes
    pages: int


@dataclass(frozen=True)
class Batch:
    """The documents to print for a batch, their print run (the one PDF the printer gets),
    and the items left out with the reason for each."""

    paper: BatchPaper
    documents: tuple[BatchDocument, ...]
    items: tuple[QueueItem, ...]
    run: PrintRun
    left_out: tuple[str, ...] = ()

    @property
    def pages(self) -> int:
        """Pages in the whole batch."""
        return sum(document.pages for document in self.documents)


def default_method(kind: str) -> MailMethod:
    """How a kind is normally sent: the way the statute names for it (the kind's ``sent_by``),
    certified, return receipt requested, where the addressee's receipt starts a period (the
    kind's ``certified_by_default``: the (e) notice); everything else first class."""
    rule = KINDS.get(kind)
    if rule is not None and rule.sent_by is not None:
        return rule.sent_by
    if rule is not None and rule.certified_by_default:
        return MailMethod.CERTIFIED_RRR
    return MailMethod.FIRST_CLASS


def _describe(item: QueueItem) -> str:
    return f"“{item.title}” to {item.recipient or '—'} ({item.case_number})"


@case_reader("Reading the addresses of the papers to mail")
def addressees(database: Database, items: Iterable[QueueItem], *,
               account: Account) -> list[Addressee]:
    """Each item with its recipient as a party of its case (matched by name), in order.

    The issued document names its recipient; the mailing address is the one on the case now
    (complainant first, then respondents). A recipient who is not a party — a reviewer, the
    Board, the case file — has none, and so has one of a case ``account`` does not receive.
    """
    items = list(items)
    with database.read_session() as session:
        cases = set(session.scalars(select(Complaint.id).where(
            Complaint.id.in_({item.complaint_id for item in items}), case_condition(account))))
        people: dict[int, list[Party]] = {case: [] for case in cases}
        for complainant in session.scalars(select(Complainant).where(
                Complainant.complaint_id.in_(cases)).order_by(Complainant.position,
                                                              Complainant.id)):
            people[complainant.complaint_id].append(party_of(complainant))
        for respondent in session.scalars(select(Respondent).where(
                Respondent.complaint_id.in_(cases)).order_by(Respondent.position,
                                                             Respondent.id)):
            people[respondent.complaint_id].append(party_of(respondent))
    found = []
    for item in items:
        name = item.recipient.strip()
        party = next((p for p in people.get(item.complaint_id, []) if p.name.strip() == name),
                     None)
        found.append(Addressee(item, party))
    return found


def _queued(database: Database, document_ids: Iterable[int],
            account: Account) -> tuple[list[QueueItem], list[str]]:
    wanted = list(dict.fromkeys(document_ids))
    queue = {item.document_id: item for item in print_queue(database, account=account)}
    items = [queue[i] for i in wanted if i in queue]
    gone = [f"document {i}: no longer in the print queue (mailed or voided since the list "
            "was read)" for i in wanted if i not in queue]
    return items, gone


@service(Act.MAIL_PAPERS, "Printing from the print queue")
def prepare_batch(database: Database, document_ids: Iterable[int], paper: BatchPaper, *,
                  account: Account, clock: Clock) -> Batch:
    """The documents to print for the queued items ``document_ids``, in queue order.

    The print is audited (letters as reprints; envelopes, labels and certificates with one
    ``print.<kind>`` record per case, in one transaction). Nothing printable — an empty queue,
    or no recipient with a mailing address — is a :class:`UserError` saying why.
    """
    paper = BatchPaper(paper)
    now = clock()
    items, left_out = _queued(database, document_ids, account)
    if not items:
        raise UserError("There is nothing in the print queue to print.",
                        "Issue the documents from each case's Papers tab first, then refresh "
                        "the Mail screen.")
    if paper is BatchPaper.LETTERS:
        issued = reprint_many(database, [item.document_id for item in items], account=account,
                              clock=clock)
        labels = [f"{item.title} for {item.case_number}" for item in items]
        run = print_run(list(zip(labels, issued, strict=True)),
                        title=_title(paper, len(items)))
        documents = [BatchDocument(part.label, data, part.pages)
                     for part, data in zip(run.parts, issued, strict=True)]
        return Batch(paper, tuple(documents), tuple(items), run, tuple(left_out))

    addressed = []
    for found in addressees(database, items, account=account):
        if found.has_address:
            addressed.append(found)
        elif found.party is None:
            left_out.append(f"{_describe(found.item)}: not a party with a mailing address on "
                            "the case (deliver it by hand or interoffice)")
        else:
            left_out.append(f"{_describe(found.item)}: the case has no mailing address for "
                            f"{found.party.name} (enter it on the case, then print again)")
    if not addressed:
        raise UserError(f"None of the {len(items)} item(s) has a mailing address on its case, so "
                        f"there are no {paper.label} to print.",
                        "Enter the recipients' addresses on their cases, or deliver the papers "
                        "by hand.")
    with database.read_session() as session:
        letterhead = letterhead_from_settings(session)
        templates = wording.library(session)
        today = office_date(now, settings.time_zone(session))  # the office's day
    documents = list(_render(paper, addressed, letterhead, today, templates))
    run = _run(paper, documents, len(addressed))
    _audit(database, paper, addressed, actor=account.display, at=now)
    return Batch(paper, tuple(documents), tuple(a.item for a in addressed), run,
                 tuple(left_out))


def _title(paper: BatchPaper, items: int) -> str:
    """The print run's title, as the system's print queue may show it."""
    return f"Ethics Desk print run: {paper.label} for {items} item(s)"


def _run(paper: BatchPaper, documents: list[BatchDocument], items: int) -> PrintRun:
    """The documents as one print run."""
    return print_run([(d.label, d.pdf) for d in documents], title=_title(paper, items))


def _render(paper: BatchPaper, addressed: list[Addressee], letterhead: Letterhead,
            today: date, templates: TemplateLibrary) -> Iterable[BatchDocument]:
    # the kind's renderer, from the table, in the office's wording
    renderer = KINDS[AUDIT_KINDS[paper]].renderer_in(Language.ENGLISH, templates)
    if paper is BatchPaper.ENVELOPES:
        envelope = renderer
        for a in addressed:
            assert a.party is not None
            pdf = envelope.render(EnvelopePaper(letterhead, a.item.case_number, a.party))
            yield BatchDocument(f"envelope for {_describe(a.item)}", pdf, 1)
    elif paper is BatchPaper.LABELS:
        parties = tuple(a.party for a in addressed if a.party is not None)
        pdf = renderer.render(LabelsPaper(letterhead, "", parties))
        sheets = -(-len(parties) // LABELS_PER_SHEET)
        yield BatchDocument(f"{len(parties)} address label(s) on {sheets} sheet(s)", pdf, sheets)
    else:
        by_case: dict[str, list[Addressee]] = {}
        for a in addressed:
            by_case.setdefault(a.item.case_number, []).append(a)
        certificate = renderer
        for case_number, lines in by_case.items():
            mailed = tuple(MailedItem(
                document=title_of(a.item.kind),
                recipient=a.party, method=default_method(a.item.kind).label,
                mailed_on=today) for a in lines if a.party is not None)
            pdf = certificate.render(CertificateOfMailingPaper(
                letterhead, case_number, mailed, certified_on=today))
            yield BatchDocument(f"certificate of mailing for {case_number}", pdf,
                                page_count(pdf))


def _audit(database: Database, paper: BatchPaper, addressed: list[Addressee], *, actor: str,
           at: datetime) -> None:
    kind = AUDIT_KINDS[paper]
    by_case: dict[int, list[QueueItem]] = {}
    for a in addressed:
        by_case.setdefault(a.item.complaint_id, []).append(a.item)
    with database.unit_of_work() as session:
        for case_id, items in by_case.items():
            listed = "; ".join(f"“{i.title}” to {i.recipient}" for i in items)
            audit.append(session, actor=actor, action=f"print.{kind}", complaint_id=case_id,
                         summary=f"Printed the {paper.label} from the print queue for {listed}",
                         at=at, detail={"paper": paper.value,
                                        "document_ids": [i.document_id for i in items]})
