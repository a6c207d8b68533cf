"""What a document shows, resolved into plain frozen data before it is rendered.

A renderer never touches a session: the caller reads the office settings and the case (or the
intake the clerk is still filling in) and builds one of these. The same data always renders to the
same bytes, which is what lets an issued document be reprinted identically.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, replace
from datetime import date, datetime, tzinfo
from zoneinfo import ZoneInfo

from sqlalchemy.orm import Session

from ethics_desk.core.errors import UserError
from ethics_desk.core.office_time import in_office_time, office_zone
from ethics_desk.core.vocabulary import Language
from ethics_desk.core.words import ENGLISH, MONTHS_EN
from ethics_desk.intake.record import Intake, identifier_label
from ethics_desk.models import (
    NOTARY_PUBLIC,
    Affirmation,
    Complaint,
    DocumentList,
    KnowledgeBasis,
    ViolationPeriod,
    is_notary,
)
from ethics_desk.office import settings

MONTHS = MONTHS_EN


def long_date(day: date) -> str:
    """A date as a letter writes it: "November 30, 2026" (the Spanish papers use
    :mod:`ethics_desk.core.words`'s table, as this does)."""
    return ENGLISH.long_date(day)


def clock_time(moment: datetime, zone: tzinfo) -> str:
    """A time of day as a letter writes it: "10:05 a.m. CST" (in the office's zone ``zone``)."""
    return ENGLISH.clock_time(moment, zone)


def long_datetime(moment: datetime, zone: tzinfo) -> str:
    """"November 30, 2026, at 10:05 a.m. CST" (in the office's zone ``zone``)."""
    return ENGLISH.long_datetime(moment, zone)


def period_in_words(period: ViolationPeriod | None, start: date | None,
                    end: date | None) -> str:
    """The date or period of (c)(6) in words; empty when none was given (in English; a paper
    in Spanish writes it with :meth:`Words.period` of its own table)."""
    return ENGLISH.period(period, start, end)


def _default(key: str) -> str:
    """The office setting ``key``'s default (:data:`ethics_desk.office.settings.OPTIONS`): the
    letterhead of an office that has changed nothing, stated once, there."""
    return str(settings.OPTIONS[key].default)


@dataclass(frozen=True)
class Letterhead:
    """The office as every document names it (office settings, see ``ethics_desk.office.settings``;
    each field's default is its setting's)."""

    office_name: str = _default("office.name")
    city: str = _default("office.city")
    mailing_address: str = _default("office.mailing_address")
    filing_address: str = _default("office.filing_address")
    phone: str = _default("office.phone")
    fax: str = _default("office.fax")
    signatory: str = _default("office.signatory")
    signatory_title: str = _default("office.signatory_title")
    county: str = _default("office.county")
    time_zone: str = _default("office.time_zone")
    """The office's time zone (``office.time_zone``): every time on the paper is printed in it."""
    office_name_es: str = _default("office.name_es")
    """The office's name on a Spanish paper (``office.name_es``, :func:`settings.spanish`)."""
    city_es: str = _default("office.city_es")
    signatory_es: str = _default("office.signatory_es")
    signatory_title_es: str = _default("office.signatory_title_es")

    @property
    def zone(self) -> ZoneInfo:
        """The office's time zone, in which the paper prints every moment."""
        return office_zone(self.time_zone)

    def in_language(self, language: Language) -> Letterhead:
        """The letterhead as a paper in ``language`` prints it: a Spanish paper names the office,
        the city and the signatory in Spanish (no "City Clerk" left on it)."""
        if language is not Language.SPANISH:
            return self
        return replace(self, office_name=self.office_name_es, city=self.city_es,
                       signatory=self.signatory_es, signatory_title=self.signatory_title_es)


def letterhead_from_settings(session: Session) -> Letterhead:
    """The letterhead from the office settings (their defaults where none is stored)."""
    return Letterhead(
        office_name=settings.get(session, "office.name"),
        city=settings.get(session, "office.city"),
        mailing_address=settings.get(session, "office.mailing_address"),
        filing_address=settings.get(session, "office.filing_address"),
        phone=settings.get(session, "office.phone"),
        fax=settings.get(session, "office.fax"),
        signatory=settings.get(session, "office.signatory"),
        signatory_title=settings.get(session, "office.signatory_title"),
        county=settings.get(session, "office.county"),
        time_zone=settings.get(session, "office.time_zone"),
        office_name_es=settings.spanish(session, "office.name"),
        city_es=settings.spanish(session, "office.city"),
        signatory_es=settings.spanish(session, "office.signatory"),
        signatory_title_es=settings.spanish(session, "office.signatory_title"),
    )


@dataclass(frozen=True)
class Party:
    """A complainant or respondent as a document shows them; empty strings for what is unknown."""

    name: str
    title: str = ""
    department: str = ""
    address: str = ""
    phone: str = ""
    email: str = ""

    @property
    def address_lines(self) -> tuple[str, ...]:
        """Name and address, one line each, for an address block."""
        lines = [self.name, *self.address.splitlines()]
        return tuple(line.strip() for line in lines if line.strip())


@dataclass(frozen=True)
class AttachmentRef:
    """A file attached to the complaint (c)(7): its name, size and SHA-256 as recorded."""

    file_name: str
    sha256: str
    size: int


@dataclass(frozen=True)
class ListedDocument:
    """One entry of a (c)(7) list: description, location if known, attached file if any."""

    description: str
    location: str = ""
    attachment: AttachmentRef | None = None


@dataclass(frozen=True)
class WitnessPaper:
    """A witness or potential witness the complainant identifies, § 2-83(h)(1): the name, who
    identified them ("José Peña (complainant)") and how to reach them."""

    name: str
    identified_by: str = ""
    contact: str = ""


@dataclass(frozen=True)
class OathPaper:
    """The oath as the jurat shows it; empty or ``None`` fields print as blank lines."""

    sworn_on: date | None = None
    county: str = ""
    state: str = "Texas"
    notary_name: str = ""
    """The name of the officer who administered the oath (a notary public or another)."""
    notary_commission_number: str = ""
    notary_commission_expires: date | None = None
    officer_title: str = NOTARY_PUBLIC
    """The officer's title (Gov't Code § 602.002); a commission and seal are a notary's only."""

    @property
    def by_notary(self) -> bool:
        """Whether the oath is (to be) taken before a notary public."""
        return is_notary(self.officer_title)


@dataclass(frozen=True)
class ComplaintPaper:
    """Everything the sworn complaint shows (§ 2-83(c)), from a draft intake or a filed case."""

    letterhead: Letterhead
    complainant: Party
    respondents: tuple[Party, ...]
    nature: str
    provisions: tuple[str, ...]
    facts: str
    period: str
    in_possession: tuple[ListedDocument, ...]
    not_in_possession: tuple[ListedDocument, ...]
    unavailable: tuple[ListedDocument, ...]
    affirmation: Affirmation | None
    knowledge: KnowledgeBasis | None
    source_and_basis: str
    oath: OathPaper
    acting_for_board: bool = False
    case_number: str = ""
    received_at: datetime | None = None
    witnesses: tuple[WitnessPaper, ...] = ()
    """The witnesses and potential witnesses identified, each with who identified them (h)(1)."""
    period_given: tuple[ViolationPeriod | None, date | None, date | None] = (None, None, None)
    """How the (c)(6) dates were given and the dates, from which a paper in Spanish writes
    :attr:`period` in Spanish."""

    @property
    def is_filed(self) -> bool:
        """Filed (a case number assigned), as opposed to a draft printed for signing."""
        return bool(self.case_number)


@dataclass(frozen=True)
class ReceiptPaper:
    """The filing receipt: which case, when it was received, by whom, and for whom."""

    letterhead: Letterhead
    case_number: str
    received_at: datetime
    received_by: str
    complainant: Party
    respondent_count: int
    issued_on: date
    sworn_before: str = ""
    """Before whom it was sworn: the officer's name and title ("Ana Treviño, Notary Public");
    empty for a complaint not sworn."""
    sworn_on: date | None = None
    sworn: bool = True
    """Whether the complaint was sworn: the receipt of one that was not says so, and that it is
    returned rather than forwarded for review (§ 2-83(c), last paragraph)."""


@dataclass(frozen=True)
class UnswornReturnPaper:
    """The letter returning a complaint that was not sworn (§ 2-83(c), last paragraph)."""

    letterhead: Letterhead
    case_number: str
    received_at: datetime
    complainant: Party
    issued_on: date
    note: str = ""


@dataclass(frozen=True)
class InfoSheetPaper:
    """The "How to file an ethics complaint" information sheet (§ 2-83(b)): the office only."""

    letterhead: Letterhead
    case_number: str = ""


def _split_documents(entries: Iterable[tuple[DocumentList, ListedDocument]]
                     ) -> dict[DocumentList, tuple[ListedDocument, ...]]:
    lists: dict[DocumentList, list[ListedDocument]] = {kind: [] for kind in DocumentList}
    for kind, entry in entries:
        lists[kind].append(entry)
    return {kind: tuple(entries) for kind, entries in lists.items()}


def _unique(items: Iterable[str]) -> tuple[str, ...]:
    return tuple(dict.fromkeys(item.strip() for item in items if item and item.strip()))


def _require_filed(complaint: Complaint, document: str) -> None:
    if complaint.received_at is None or not complaint.case_number:
        raise UserError(f"{document} needs a filed complaint, and {complaint.display_number} "
                        "has not been filed.", "Record its receipt first.")


def _complainant_of(complaint: Complaint) -> Party:
    if not complaint.complainants:
        return Party(name="")
    c = complaint.complainants[0]
    return Party(name=c.name, address=c.address, phone=c.phone, email=c.email)


def complaint_paper_from_intake(intake: Intake, provision_citations: list[str],
                                letterhead: Letterhead) -> ComplaintPaper:
    """The sworn complaint from the clerk's draft, printed for signing before it is filed.

    ``provision_citations`` are the citations of ``intake.provision_ids``, looked up by the caller.
    """
    c = intake.complainant
    lists = _split_documents(
        (doc.list_kind, ListedDocument(
            description=doc.description.strip() or (doc.attachment.file_name
                                                     if doc.attachment else ""),
            location=doc.location.strip(),
            attachment=AttachmentRef(doc.attachment.file_name, doc.attachment.sha256,
                                     len(doc.attachment.content))
            if doc.attachment is not None and doc.list_kind is DocumentList.IN_POSSESSION
            else None))
        for doc in intake.documents)
    o = intake.oath
    return ComplaintPaper(
        letterhead=letterhead,
        complainant=Party(name=c.name.strip(), address=c.address.strip(), phone=c.phone.strip(),
                          email=c.email.strip()),
        respondents=tuple(Party(name=r.name.strip(), title=r.title.strip(),
                                department=r.department.strip(), address=r.address.strip(),
                                email=r.email.strip()) for r in intake.respondents),
        nature=intake.nature.strip(),
        provisions=_unique(provision_citations),
        facts=intake.facts.strip(),
        period=period_in_words(intake.violation_period, intake.violation_start,
                               intake.violation_end),
        period_given=(intake.violation_period, intake.violation_start, intake.violation_end),
        in_possession=lists[DocumentList.IN_POSSESSION],
        not_in_possession=lists[DocumentList.NOT_IN_POSSESSION],
        unavailable=lists[DocumentList.UNAVAILABLE],
        affirmation=o.affirmation,
        knowledge=o.knowledge,
        source_and_basis=o.source_and_basis.strip(),
        oath=OathPaper(sworn_on=o.sworn_on, county=o.county.strip(),
                       notary_name=o.notary_name.strip(),
                       notary_commission_number=o.notary_commission_number.strip(),
                       notary_commission_expires=o.notary_commission_expires,
                       officer_title=o.officer_title.strip() or NOTARY_PUBLIC),
        acting_for_board=c.acting_for_board,
        witnesses=tuple(WitnessPaper(w.name.strip(), identifier_label(intake, index),
                                     w.contact.strip())
                        for index, w in enumerate(intake.witnesses) if w.name.strip()),
    )


def complaint_paper_from_case(complaint: Complaint, letterhead: Letterhead) -> ComplaintPaper:
    """The sworn complaint as stored: a filed case (with its case number) or a saved draft."""
    lists = _split_documents(
        (item.list_kind, ListedDocument(
            description=item.description or (item.attachment.file_name
                                             if item.attachment else ""),
            location=item.location,
            attachment=AttachmentRef(item.attachment.file_name, item.attachment.sha256,
                                     item.attachment.size) if item.attachment else None))
        for item in complaint.documents)
    oath = complaint.oath
    return ComplaintPaper(
        letterhead=letterhead,
        complainant=_complainant_of(complaint),
        respondents=tuple(Party(name=r.name, title=r.title, department=r.department,
                                address=r.address, email=r.email) for r in complaint.respondents),
        nature=complaint.nature.strip(),
        provisions=_unique(a.provision.citation for a in complaint.allegations
                           if a.provision is not None),
        facts=complaint.facts.strip(),
        period=period_in_words(complaint.violation_period, complaint.violation_start,
                               complaint.violation_end),
        period_given=(complaint.violation_period, complaint.violation_start,
                      complaint.violation_end),
        in_possession=lists[DocumentList.IN_POSSESSION],
        not_in_possession=lists[DocumentList.NOT_IN_POSSESSION],
        unavailable=lists[DocumentList.UNAVAILABLE],
        affirmation=oath.affirmation if oath else None,
        knowledge=oath.knowledge if oath else None,
        source_and_basis=oath.source_and_basis.strip() if oath else "",
        oath=OathPaper(sworn_on=oath.sworn_on, county=oath.county, state=oath.state or "Texas",
                       notary_name=oath.notary_name,
                       notary_commission_number=oath.notary_commission_number,
                       notary_commission_expires=oath.notary_commission_expires,
                       officer_title=oath.officer_title or NOTARY_PUBLIC)
        if oath else OathPaper(),
        acting_for_board=any(c.acting_for_board for c in complaint.complainants[:1]),
        case_number=complaint.case_number or "",
        received_at=in_office_time(complaint.received_at, letterhead.zone)
        if complaint.received_at else None,
        witnesses=tuple(WitnessPaper(w.name, w.identified_by, w.contact)
                        for w in complaint.witnesses),
    )


def receipt_paper_from_case(complaint: Complaint, letterhead: Letterhead,
                            issued_on: date | None = None) -> ReceiptPaper:
    """The filing receipt of a filed case (``issued_on`` defaults to the day it was received)."""
    _require_filed(complaint, "A filing receipt")
    assert complaint.received_at is not None and complaint.case_number is not None
    received = in_office_time(complaint.received_at, letterhead.zone)
    oath = complaint.oath
    sworn = oath is not None and bool(oath.sworn)
    sworn_before = ", ".join(x for x in (oath.notary_name, oath.officer_title or NOTARY_PUBLIC)
                             if x) if oath is not None and sworn else ""
    return ReceiptPaper(letterhead=letterhead, case_number=complaint.case_number,
                        received_at=received, received_by=complaint.received_by or "",
                        complainant=_complainant_of(complaint),
                        respondent_count=len(complaint.respondents),
                        issued_on=issued_on or received.date(), sworn_before=sworn_before,
                        sworn_on=oath.sworn_on if oath is not None and sworn else None,
                        sworn=sworn)


def unsworn_return_paper_from_case(complaint: Complaint, letterhead: Letterhead,
                                   issued_on: date, note: str = "") -> UnswornReturnPaper:
    """The return letter for a filed case that was not sworn (§ 2-83(c), last paragraph)."""
    _require_filed(complaint, "The return letter")
    assert complaint.received_at is not None and complaint.case_number is not None
    return UnswornReturnPaper(letterhead=letterhead, case_number=complaint.case_number,
                              received_at=in_office_time(complaint.received_at,
                                                         letterhead.zone),
                              complainant=_complainant_of(complaint), issued_on=issued_on,
                              note=note)
