"""The complaint aggregate: the filing, its parties, allegations, facts, documents and oath (§ 2-83(c))."""

from __future__ import annotations

from datetime import date, datetime
from typing import TYPE_CHECKING

from sqlalchemy import (
    Boolean,
    CheckConstraint,
    Date,
    ForeignKey,
    Index,
    Integer,
    LargeBinary,
    String,
    Text,
    UniqueConstraint,
    text,
)
from sqlalchemy.orm import Mapped, mapped_column, relationship

from ethics_desk.core.folding import fold
from ethics_desk.core.vocabulary import (
    NOTARY_PUBLIC,
    Affirmation,
    CaseState,
    DocumentList,
    KnowledgeBasis,
    Language,
    Route,
    ViolationPeriod,
)
from ethics_desk.models.base import Base, Versioned, enum_type


class Complaint(Versioned, Base):
    """A sworn complaint from the first keystroke at the counter (DRAFT) to its resolution.

    The case number ``ERB-YYYY-NNN`` is assigned when the Clerk records receipt (FILED).
    """

    __tablename__ = "complaint"
    __table_args__ = (
        UniqueConstraint("case_year", "case_seq", name="case_year_seq"),
        Index("ix_complaint_state_received", "state", "received_at"),
        Index("ix_complaint_received_at", "received_at"),
        # Only the complaints that refile one (revision 0036): the NULLs of the rest would
        # count, in SQLite's statistics, as one value shared by every row.
        Index("ix_complaint_refiling_of_id", "refiling_of_id",
              sqlite_where=text("refiling_of_id IS NOT NULL"),
              postgresql_where=text("refiling_of_id IS NOT NULL")),
        CheckConstraint("violation_end IS NULL OR violation_start IS NULL "
                        "OR violation_end >= violation_start", name="violation_period_order"),
        # A new complaint's id is drawn from its sequence first, not read back by RETURNING:
        # on the server a row read back must pass the reading policy, which a clerk's (kept
        # from the complaints naming them, through a function that cannot see the row being
        # added) would refuse.
        {"implicit_returning": False},
    )

    id: Mapped[int] = mapped_column(primary_key=True)
    case_number: Mapped[str | None] = mapped_column(String(20), unique=True)
    case_year: Mapped[int | None] = mapped_column(Integer)
    case_seq: Mapped[int | None] = mapped_column(Integer)
    state: Mapped[CaseState] = mapped_column(enum_type(CaseState), default=CaseState.DRAFT,
                                             index=True)
    route: Mapped[Route | None] = mapped_column(enum_type(Route))
    route_confirmed: Mapped[bool] = mapped_column(Boolean, default=False)
    received_at: Mapped[datetime | None] = mapped_column()
    received_by: Mapped[str | None] = mapped_column(String(120))
    created_at: Mapped[datetime] = mapped_column()
    created_by: Mapped[str] = mapped_column(String(120), default="")
    updated_at: Mapped[datetime] = mapped_column()
    updated_by: Mapped[str] = mapped_column(String(120), default="")
    # Indexed by ix_complaint_refiling_of_id, of the complaints that refile one only.
    refiling_of_id: Mapped[int | None] = mapped_column(ForeignKey("complaint.id"))
    # (c)(6): the statement of facts and the date or period of the alleged violation.
    facts: Mapped[str] = mapped_column(Text, default="")
    violation_period: Mapped[ViolationPeriod | None] = mapped_column(enum_type(ViolationPeriod))
    violation_start: Mapped[date | None] = mapped_column(Date)
    violation_end: Mapped[date | None] = mapped_column(Date)
    # (c)(5): the nature of the alleged violation, in the complainant's words.
    nature: Mapped[str] = mapped_column(Text, default="")
    next_due_on: Mapped[date | None] = mapped_column(Date, index=True)
    resolved_on: Mapped[date | None] = mapped_column(Date)
    # The inbox's listing, kept in step by ``ethics_desk.cases.listing`` so that 100,000 cases are
    # searched and sorted in SQL without joins: display names, the next clock's title, and a
    # search key (case number and every party's name, case-folded and without accents).
    complainant_names: Mapped[str] = mapped_column(String(400), default="")
    respondent_names: Mapped[str] = mapped_column(String(800), default="")
    next_due_title: Mapped[str] = mapped_column(String(300), default="")
    search_key: Mapped[str] = mapped_column(Text, default="")
    # The key's words, each after two spaces, so that the start of a word is a trigram for the
    # search index (``ethics_desk.cases.search_index.words_of``).
    search_words: Mapped[str] = mapped_column(Text, default="")

    complainants: Mapped[list[Complainant]] = relationship(
        back_populates="complaint", cascade="all, delete-orphan", order_by="Complainant.position")
    respondents: Mapped[list[Respondent]] = relationship(
        back_populates="complaint", cascade="all, delete-orphan", order_by="Respondent.position")
    allegations: Mapped[list[Allegation]] = relationship(
        back_populates="complaint", cascade="all, delete-orphan", order_by="Allegation.position")
    documents: Mapped[list[DocumentItem]] = relationship(
        back_populates="complaint", cascade="all, delete-orphan", order_by="DocumentItem.position")
    attachments: Mapped[list[Attachment]] = relationship(
        back_populates="complaint", cascade="all, delete-orphan", order_by="Attachment.id")
    oath: Mapped[Oath | None] = relationship(back_populates="complaint",
                                             cascade="all, delete-orphan", uselist=False)
    witnesses: Mapped[list[Witness]] = relationship(
        back_populates="complaint", cascade="all, delete-orphan", order_by="Witness.id")

    def __repr__(self) -> str:
        return f"<Complaint {self.case_number or f'draft #{self.id}'} {self.state}>"

    @property
    def display_number(self) -> str:
        """The case number, or the draft's number before filing."""
        return self.case_number or f"Draft {self.id}"


class _NamedParty:
    """A person whose name is searched: the folded copy is kept in step with the name."""

    if TYPE_CHECKING:
        name: Mapped[str]
        name_folded: Mapped[str]

    def set_name(self, name: str) -> None:
        """Set the name and its search key together."""
        self.name = name
        self.name_folded = fold(name)


class Complainant(Versioned, _NamedParty, Base):
    """The person filing, § 2-83(c)(1)–(2); may be a Board member or staff acting for the Board (a)."""

    __tablename__ = "complainant"

    id: Mapped[int] = mapped_column(primary_key=True)
    complaint_id: Mapped[int] = mapped_column(ForeignKey("complaint.id", ondelete="CASCADE"),
                                              index=True)
    position: Mapped[int] = mapped_column(Integer, default=0)
    name: Mapped[str] = mapped_column(String(200), default="")
    name_folded: Mapped[str] = mapped_column(String(200), default="", index=True)
    address: Mapped[str] = mapped_column(Text, default="")
    phone: Mapped[str] = mapped_column(String(40), default="")
    email: Mapped[str] = mapped_column(String(200), default="")
    email_given_by: Mapped[str] = mapped_column(String(200), default="")
    """Who gave the e-mail address ("the complainant, on the complaint form")."""
    is_board_member_or_staff: Mapped[bool] = mapped_column(Boolean, default=False)
    acting_for_board: Mapped[bool] = mapped_column(Boolean, default=False)
    preferred_language: Mapped[Language] = mapped_column(
        enum_type(Language), default=Language.ENGLISH, server_default=Language.ENGLISH.value)
    """The language of the papers addressed to the complainant, recorded at intake."""

    complaint: Mapped[Complaint] = relationship(back_populates="complainants")


class Respondent(Versioned, _NamedParty, Base):
    """Each person complained about, § 2-83(c)(3)–(4), with where to mail their notices."""

    __tablename__ = "respondent"

    id: Mapped[int] = mapped_column(primary_key=True)
    complaint_id: Mapped[int] = mapped_column(ForeignKey("complaint.id", ondelete="CASCADE"),
                                              index=True)
    position: Mapped[int] = mapped_column(Integer, default=0)
    name: Mapped[str] = mapped_column(String(200), default="")
    name_folded: Mapped[str] = mapped_column(String(200), default="", index=True)
    title: Mapped[str] = mapped_column(String(200), default="")
    department: Mapped[str] = mapped_column(String(200), default="")
    address: Mapped[str] = mapped_column(Text, default="")
    email: Mapped[str] = mapped_column(String(200), default="")
    email_given_by: Mapped[str] = mapped_column(String(200), default="")
    """Who gave the e-mail address ("the respondent, by telephone")."""
    preferred_language: Mapped[Language] = mapped_column(
        enum_type(Language), default=Language.ENGLISH, server_default=Language.ENGLISH.value)
    """The language of the papers addressed to the respondent, recorded at intake."""

    complaint: Mapped[Complaint] = relationship(back_populates="respondents")


class Witness(Versioned, _NamedParty, Base):
    """A witness or potential witness identified by a party or another witness (h)(1)."""

    __tablename__ = "witness"

    id: Mapped[int] = mapped_column(primary_key=True)
    complaint_id: Mapped[int] = mapped_column(ForeignKey("complaint.id", ondelete="CASCADE"),
                                              index=True)
    name: Mapped[str] = mapped_column(String(200), default="")
    name_folded: Mapped[str] = mapped_column(String(200), default="", index=True)
    identified_by: Mapped[str] = mapped_column(String(200), default="")
    contact: Mapped[str] = mapped_column(Text, default="")
    email: Mapped[str] = mapped_column(String(200), default="")
    """The witness's e-mail address, where a paper may be sent (§ 2-83(h)(1))."""
    email_given_by: Mapped[str] = mapped_column(String(200), default="")
    """Who gave the e-mail address."""

    complaint: Mapped[Complaint] = relationship(back_populates="witnesses")


def in_force(effective_on: date | None, repealed_on: date | None, day: date) -> bool:
    """Whether a provision in effect from ``effective_on`` and repealed on ``repealed_on`` (None:
    no such date in the catalogue) was law on ``day``."""
    return ((effective_on is None or effective_on <= day)
            and (repealed_on is None or day < repealed_on))


def provision_citation(code: str, section: str, title: str) -> str:
    """A provision as a clerk cites it: ``§ 2-43 Conflicts of interest`` (the Ethics Code's and
    the Campaign Finance Code's sections without their code), ``City Charter § 141``."""
    prefix = "" if code in ("Ethics Code", "Campaign Finance Code") else f"{code} "
    sign = "" if section.startswith("ch.") else "§ "
    return f"{prefix}{sign}{section} {title}".strip()


class Provision(Versioned, Base):
    """A section a complaint can cite, kept as data with its effective dates (resources/provisions.csv)."""

    __tablename__ = "provision"
    __table_args__ = (UniqueConstraint("code", "section", name="code_section"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    code: Mapped[str] = mapped_column(String(80))
    section: Mapped[str] = mapped_column(String(40))
    title: Mapped[str] = mapped_column(String(300))
    division: Mapped[str] = mapped_column(String(200), default="")
    effective_on: Mapped[date | None] = mapped_column(Date)
    repealed_on: Mapped[date | None] = mapped_column(Date)
    note: Mapped[str] = mapped_column(Text, default="")
    campaign_finance_route: Mapped[bool] = mapped_column(Boolean, default=False)

    @property
    def citation(self) -> str:
        """``§ 2-43 Conflicts of interest`` or ``City Charter § 141``."""
        return provision_citation(self.code, self.section, self.title)

    def in_force_on(self, day: date) -> bool:
        """Whether the provision was law on ``day`` (:func:`in_force`)."""
        return in_force(self.effective_on, self.repealed_on, day)


class Allegation(Versioned, Base):
    """One alleged violation (c)(5); ``provision_id`` is empty when the complainant is not sure."""

    __tablename__ = "allegation"

    id: Mapped[int] = mapped_column(primary_key=True)
    complaint_id: Mapped[int] = mapped_column(ForeignKey("complaint.id", ondelete="CASCADE"),
                                              index=True)
    position: Mapped[int] = mapped_column(Integer, default=0)
    provision_id: Mapped[int | None] = mapped_column(ForeignKey("provision.id"))
    respondent_id: Mapped[int | None] = mapped_column(
        ForeignKey("respondent.id", ondelete="SET NULL"))
    description: Mapped[str] = mapped_column(Text, default="")

    complaint: Mapped[Complaint] = relationship(back_populates="allegations")
    provision: Mapped[Provision | None] = relationship()


class Attachment(Versioned, Base):
    """A document in the complainant's possession, attached as filed (c)(7); bytes load on demand."""

    __tablename__ = "attachment"

    id: Mapped[int] = mapped_column(primary_key=True)
    complaint_id: Mapped[int] = mapped_column(ForeignKey("complaint.id", ondelete="CASCADE"),
                                              index=True)
    file_name: Mapped[str] = mapped_column(String(260))
    media_type: Mapped[str] = mapped_column(String(100))
    size: Mapped[int] = mapped_column(Integer)
    sha256: Mapped[str] = mapped_column(String(64))
    content: Mapped[bytes] = mapped_column(LargeBinary, deferred=True)
    added_at: Mapped[datetime] = mapped_column()
    added_by: Mapped[str] = mapped_column(String(120), default="")
    # Its text, read once when it is attached, and the pages that gave none (a scan without a
    # text layer): what full-text search finds (``ethics_desk.models.document_text``).
    extracted_text: Mapped[str] = mapped_column(Text, default="", deferred=True)
    textless_pages: Mapped[str] = mapped_column(Text, default="")

    complaint: Mapped[Complaint] = relationship(back_populates="attachments")


class DocumentItem(Versioned, Base):
    """An entry on one of the three (c)(7) lists, with its location when known."""

    __tablename__ = "document_item"

    id: Mapped[int] = mapped_column(primary_key=True)
    complaint_id: Mapped[int] = mapped_column(ForeignKey("complaint.id", ondelete="CASCADE"),
                                              index=True)
    position: Mapped[int] = mapped_column(Integer, default=0)
    list_kind: Mapped[DocumentList] = mapped_column(enum_type(DocumentList))
    description: Mapped[str] = mapped_column(Text, default="")
    location: Mapped[str] = mapped_column(Text, default="")
    attachment_id: Mapped[int | None] = mapped_column(
        ForeignKey("attachment.id", ondelete="SET NULL"))

    complaint: Mapped[Complaint] = relationship(back_populates="documents")
    attachment: Mapped[Attachment | None] = relationship()


class Oath(Versioned, Base):
    """The affidavit and the oath before a notary (c): what was sworn, by whom, before whom."""

    __tablename__ = "oath"

    id: Mapped[int] = mapped_column(primary_key=True)
    complaint_id: Mapped[int] = mapped_column(ForeignKey("complaint.id", ondelete="CASCADE"),
                                              unique=True)
    affirmation: Mapped[Affirmation | None] = mapped_column(enum_type(Affirmation))
    knowledge: Mapped[KnowledgeBasis | None] = mapped_column(enum_type(KnowledgeBasis))
    source_and_basis: Mapped[str] = mapped_column(Text, default="")
    sworn: Mapped[bool | None] = mapped_column(Boolean)  # None: not yet recorded
    officer_title: Mapped[str] = mapped_column(String(200), default=NOTARY_PUBLIC)
    """The title of the officer who administered the oath (§ 2-83(c); Gov't Code § 602.002);
    ``notary_name`` is that officer's name, the commission and seal a notary's only."""
    notary_name: Mapped[str] = mapped_column(String(200), default="")
    notary_commission_number: Mapped[str] = mapped_column(String(60), default="")
    notary_commission_expires: Mapped[date | None] = mapped_column(Date)
    county: Mapped[str] = mapped_column(String(100), default="")
    state: Mapped[str] = mapped_column(String(60), default="Texas")
    sworn_on: Mapped[date | None] = mapped_column(Date)

    complaint: Mapped[Complaint] = relationship(back_populates="oath")
