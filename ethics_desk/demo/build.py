"""A demonstration database: about forty fictitious complaints in every state of § 2-83.

Everything except the Board roster is made the way the office makes it — drafts saved and events
fired through :class:`~ethics_desk.workflow.WorkflowController` — so every row, deadline and audit
record is real. The controller's clock walks forward through the last four months: complaints are
filed, forwarded, reviewed, mailed, answered and decided on later business days, and the Board
meets on the second and fourth Tuesdays. On the day the demonstration is built its deadlines are
a realistic mix of met, missed, open, due soon and overdue.

People, offices and facts are fictitious. Names carry accents and non-Latin letters on purpose:
search, letters and envelopes must cope with them. The result is deterministic for a given
``seed`` and ``today``.
"""

from __future__ import annotations

import io
import random
import unicodedata
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from datetime import date, datetime, timedelta
from functools import lru_cache, partial
from typing import Any

from reportlab.pdfgen import canvas
from sqlalchemy import func, select

from ethics_desk.core.account import Account
from ethics_desk.core.errors import UserError
from ethics_desk.core.office_time import (
    DEFAULT_OFFICE_ZONE,
    at_office_time,
    office_date,
    office_zone,
)
from ethics_desk.core.parties import recipient_key
from ethics_desk.core.roles import Role
from ethics_desk.core.vote_count import two_thirds_of
from ethics_desk.deadlines import BusinessCalendar, add_business_days
from ethics_desk.deadlines.schedule import load_calendars
from ethics_desk.documents.issuing import RESPONDENT_NOTICE, issue, void_and_reissue
from ethics_desk.documents.kinds import rule_for
from ethics_desk.documents.making import recipients
from ethics_desk.documents.paper_context import Recipient
from ethics_desk.documents.render.letter_data import CodeProvided
from ethics_desk.documents.stated_dates import reissue_reason, stale_in
from ethics_desk.intake.record import (
    AttachmentData,
    ComplainantData,
    DocumentData,
    Intake,
    OathData,
    RespondentData,
)
from ethics_desk.mail.ledger import RESPONSE_COPY, record_mailing, record_outcome
from ethics_desk.models import (
    Affirmation,
    BoardMember,
    BoardRole,
    BoardTerm,
    Complaint,
    CureKind,
    DefectItem,
    Determination,
    Disposition,
    DocumentList,
    Election,
    FrivolousFactor,
    KnowledgeBasis,
    MailMethod,
    MailOutcome,
    PartyRole,
    Provision,
    Respondent,
    ReviewerRole,
    SanctionFactor,
    SanctionKind,
    ViolationPeriod,
    VoteChoice,
)
from ethics_desk.storage import audit
from ethics_desk.storage.database import Database
from ethics_desk.workflow import (
    Accept,
    BallotData,
    Delivery,
    DiscardDraft,
    FileComplaint,
    FileReply,
    FileResponse,
    Finding,
    ForwardCampaignFinance,
    ForwardForReview,
    ForwardToBoard,
    ImposeSanctions,
    NotCured,
    OrderShowCause,
    Payload,
    RecordCure,
    RecordFrivolousVote,
    RecordReview,
    RecordShowCauseHearing,
    RequestHearing,
    Resolve,
    ReturnDefective,
    ReturnUnsworn,
    SanctionData,
    VoteData,
    Withdraw,
)
from ethics_desk.workflow.controller import WorkflowController

CLERKS = ("Rosa Elena Cantú", "Marcus Bell")
"""The (fictitious) staff at the desk; each act is recorded under one of them."""

CLERK_LOGINS = {"Rosa Elena Cantú": "rcantu", "Marcus Bell": "mbell"}
"""Their logins: the papers are issued and mailed by their accounts, of the Clerk's staff."""

_METHODS = {"hand": MailMethod.HAND_DELIVERY, "email": MailMethod.EMAIL,
            "first_class": MailMethod.FIRST_CLASS, "certified": MailMethod.CERTIFIED_RRR,
            "certified_out": MailMethod.CERTIFIED_RRR}
"""How the (e) notice goes to a respondent in a story (certified_out: the card is still out)."""

CITY_HALL = "City Hall, 100 Military Plaza\nSan Antonio, TX 78205"
HEARING_PLACE = "Municipal Plaza Building, Room B, 114 W. Commerce St., San Antonio, Texas"
HEARING_HOUR = 10
PENALTY_DAYS = 30
"""The days the demonstration's Board gives to pay a civil penalty (§ 2-83(g)(2)(a) sets none)."""
OFFICE_ZONE = office_zone(DEFAULT_OFFICE_ZONE)
AFTER_HEARING = (HEARING_HOUR + 1) * 60
OPENING_MINUTE = 8 * 60 + 5
CLOSING_MINUTE = 17 * 60 + 50

COMPLIANCE_AUDITOR = "Rubén Castañeda"
CITY_ATTORNEY = "Deborah Klein, Assistant City Attorney"
NOTARIES = ("Ana María Treviño", "Beatriz Olvera", "Kenneth Lutz", "Guadalupe Ibarra")

ROSTER: tuple[tuple[str, BoardRole], ...] = (
    ("Adriana Villarreal", BoardRole.CHAIR),
    ("Thomas Whitfield", BoardRole.VICE_CHAIR),
    ("Graciela Sánchez-Ortiz", BoardRole.MEMBER),
    ("Kwame Mensah", BoardRole.MEMBER),
    ("Patricia O'Rourke", BoardRole.MEMBER),
    ("Ramón Elizondo", BoardRole.MEMBER),
    ("Mei-Ling Tsai", BoardRole.MEMBER),
    ("Harold Beckett", BoardRole.MEMBER),
    ("Fatima Al-Sayed", BoardRole.MEMBER),
    ("Jerome Washington", BoardRole.MEMBER),
    ("Trần Thu Hà", BoardRole.MEMBER),
)
"""The eleven members serving; a twelfth, whose term has ended, is on the roster too."""
FORMER_MEMBER = "Carolyn Drummond"


# -- the people and the matters ----------------------------------------------------------------


@dataclass(frozen=True)
class _Person:
    """A complainant: (c)(1)–(2)."""

    name: str
    address: str
    phone: str
    email: str = ""


@dataclass(frozen=True)
class _Official:
    """A respondent: (c)(3)–(4)."""

    name: str
    title: str
    department: str
    address: str = CITY_HALL


@dataclass(frozen=True)
class _Matter:
    """What a complaint alleges: the provisions, the nature, the facts and the documents.

    ``facts`` may name ``{start}`` and ``{end}``, the dates of the alleged violation.
    """

    respondents: tuple[_Official, ...]
    sections: tuple[str, ...]
    nature: str
    facts: str
    exhibit: str
    held_elsewhere: tuple[str, str]
    period: ViolationPeriod = ViolationPeriod.RANGE


COMPLAINANTS: tuple[_Person, ...] = (
    _Person("José Peña", "411 W. Nueva St.\nSan Antonio, TX 78207", "(210) 555-0143",
            "jose.pena@example.org"),
    _Person("Zoë Ødegård", "2310 McCullough Ave., Apt. 4B\nSan Antonio, TX 78212", "210-555-0117",
            "zoe.odegard@example.net"),
    _Person("María José Núñez", "815 Guadalupe St.\nSan Antonio, TX 78207", "210.555.0188"),
    _Person("Łukasz Wróbel", "5602 Callaghan Rd.\nSan Antonio, TX 78228", "(210) 555-0102",
            "lwrobel@example.com"),
    _Person("Søren Kierkegård", "127 King William St.\nSan Antonio, TX 78204", "210-555-0164"),
    _Person("Chloé Dubois", "3401 Broadway, Unit 210\nSan Antonio, TX 78209", "(210) 555-0129",
            "chloe.dubois@example.org"),
    _Person("Иван Петров", "9910 Perrin Beitel Rd.\nSan Antonio, TX 78217", "210-555-0151"),
    _Person("李小龙", "6300 Wurzbach Rd., Apt. 1502\nSan Antonio, TX 78240", "(210) 555-0176",
            "xiaolong.li@example.com"),
    _Person("Robert Garza", "1422 S. Zarzamora St.\nSan Antonio, TX 78207", "210-555-0110"),
    _Person("Linda Whitaker", "P.O. Box 12087\nSan Antonio, TX 78212", "(210) 555-0133",
            "lwhitaker@example.net"),
    _Person("Marcus Johnson", "318 Pruitt Ave.\nSan Antonio, TX 78204", "210-555-0195"),
    _Person("Teresa Flores", "7015 Ingram Rd.\nSan Antonio, TX 78238", "(210) 555-0107"),
    _Person("Kevin O'Brien", "2019 Basse Rd.\nSan Antonio, TX 78213", "210-555-0140 ext. 12",
            "kobrien@example.com"),
    _Person("Sandra Villanueva", "4120 Culebra Rd.\nSan Antonio, TX 78228", "210-555-0122"),
    _Person("Gloria Ramírez", "1106 Pleasanton Rd.\nSan Antonio, TX 78214", "(210) 555-0158"),
    _Person("David Kim", "17803 La Cantera Pkwy., Apt. 3307\nSan Antonio, TX 78257",
            "210-555-0181", "dkim@example.org"),
    _Person("Anthony Delgado", "542 Rigsby Ave.\nSan Antonio, TX 78210", "210-555-0169"),
    _Person("Rebecca Salazar", "208 E. Mistletoe Ave.\nSan Antonio, TX 78212", "(210) 555-0114"),
    _Person("Darnell Hayes", "3310 E. Commerce St.\nSan Antonio, TX 78220", "210-555-0137"),
    _Person("Elena Cárdenas", "2702 W. Martin St.\nSan Antonio, TX 78207", "(210) 555-0192",
            "ecardenas@example.net"),
)

_NGUYEN = _Official("Nguyễn Thị Minh Khai", "Director of Parks and Recreation",
                    "Parks and Recreation Department",
                    "950 E. Hildebrand Ave.\nSan Antonio, TX 78212")
_DANG = _Official("Đặng Văn Lâm", "Building Inspector", "Development Services Department",
                  "1901 S. Alamo St.\nSan Antonio, TX 78204")
_ORTEGA = _Official("Raymond Ortega", "Council Member, District 3", "City Council")
_ELLISON = _Official("Margaret Ellison", "Planning Commissioner", "Planning Commission",
                     "1901 S. Alamo St.\nSan Antonio, TX 78204")
_CASTELLANOS = _Official("Victor Castellanos", "Purchasing Manager", "Finance Department",
                         "111 Soledad St.\nSan Antonio, TX 78205")
_FAIRCHILD = _Official("Denise Fairchild", "Assistant Director of Aviation",
                       "Aviation Department", "9800 Airport Blvd.\nSan Antonio, TX 78216")
_MONTEMAYOR = _Official("Rudy Montemayor", "Code Enforcement Officer",
                        "Development Services Department",
                        "1901 S. Alamo St.\nSan Antonio, TX 78204")
_BRISENO = _Official("Angela Briseño", "Council Member, District 7", "City Council")
_LYLE = _Official("Gregory Lyle", "Former Assistant City Manager", "City Manager's Office",
                  "8200 IH-10 West, Suite 600\nSan Antonio, TX 78230")
_STROUD = _Official("Bradley Stroud", "Registered lobbyist", "Stroud Strategies LLC",
                    "300 Convent St., Suite 1330\nSan Antonio, TX 78205")
_QUINTANILLA = _Official("Héctor Quintanilla", "Zoning Commissioner", "Zoning Commission",
                         "1901 S. Alamo St.\nSan Antonio, TX 78204")
_RHODES = _Official("Pamela Rhodes", "Library Board Trustee", "San Antonio Public Library",
                    "600 Soledad St.\nSan Antonio, TX 78205")
_ARREDONDO = _Official("Luis Arredondo", "Fire Captain", "Fire Department",
                       "315 S. Santa Rosa Ave.\nSan Antonio, TX 78207")
_TILLMAN = _Official("Sharon Tillman", "Director of Transportation", "Transportation Department")
_YBARRA = _Official("Jorge Ybarra", "Historic and Design Review Commissioner",
                    "Historic and Design Review Commission",
                    "1901 S. Alamo St.\nSan Antonio, TX 78204")
_REYES = _Official("Tony Reyes", "Field Supervisor", "Animal Care Services Department",
                   "4710 State Hwy 151\nSan Antonio, TX 78227")
_NAVARRO = _Official("Elizabeth Navarro", "Candidate for Mayor", "Navarro for Mayor campaign",
                     "1015 S. Alamo St.\nSan Antonio, TX 78210")
_WHITMORE = _Official("Daniel Whitmore", "Candidate for Mayor", "Whitmore for San Antonio",
                      "4040 Broadway, Suite 210\nSan Antonio, TX 78209")
_BENAVIDES = _Official("Sofía Benavides", "Council Member, District 5, candidate for re-election",
                       "City Council")
_TREVINO = _Official("Marco Treviño", "Candidate for Council, District 1",
                     "Treviño for District 1", "722 N. St. Mary's St.\nSan Antonio, TX 78205")
_KOWALCZYK = _Official("Patrick Kowalczyk", "Candidate for Council, District 8",
                       "Kowalczyk for District 8", "11402 Vance Jackson Rd.\nSan Antonio, TX 78230")

_ETHICS: tuple[_Matter, ...] = (
    _Matter((_NGUYEN,), ("2-49",), "Used City vehicles and staff for a private catering business.",
            "From {start} to {end} the respondent had a City pickup truck and two seasonal "
            "employees deliver food and tables to private events booked by her catering "
            "business, on City time.", "Photographs of the City truck at two private events",
            ("Fleet GPS logs for the truck", "Fleet Services Division")),
    _Matter((_DANG,), ("2-43", "2-44"),
            "Approved inspections for a contractor owned by his brother-in-law.",
            "Between {start} and {end} the respondent passed eleven framing and electrical "
            "inspections for Lâm & Sons Construction, owned by his wife's brother, without "
            "disclosing the relationship or asking to be recused.",
            "Inspection reports signed by the respondent",
            ("The respondent's recusal forms, if any", "Development Services Department")),
    _Matter((_ORTEGA,), ("2-43",),
            "Voted on a zoning case in which his spouse's employer had an interest.",
            "On {start} the respondent moved and voted to approve zoning case Z-2026-10700221 "
            "for a tract owned by the company that employs his spouse as vice president.",
            "Council meeting minutes and the agenda item",
            ("The company's officer list", "Texas Secretary of State"),
            ViolationPeriod.SINGLE_DATE),
    _Matter((_ELLISON,), ("2-45",),
            "Accepted suite tickets to a Spurs game from an applicant before the Commission.",
            "On {start} the respondent attended a Spurs game in a suite paid for by the developer "
            "whose plat came before the Planning Commission nine days later.",
            "Photograph posted on social media from the suite",
            ("The suite's guest list", "The developer's office"), ViolationPeriod.SINGLE_DATE),
    _Matter((_CASTELLANOS,), ("2-46", "2-61"),
            "Gave one bidder the bid tabulation before the award was announced.",
            "From {start} to {end} the respondent exchanged e-mails with a bidder on the "
            "janitorial services solicitation and sent it the other bidders' prices.",
            "E-mails forwarded to the complainant by a former employee of the bidder",
            ("The solicitation file", "Finance Department, Purchasing Division")),
    _Matter((_FAIRCHILD,), ("2-48",),
            "Worked as a paid consultant for an airport concessionaire she oversees.",
            "Since {start} the respondent has been paid a monthly retainer by a concessionaire "
            "whose lease she administers at San Antonio International Airport.",
            "The concessionaire's brochure naming the respondent as an adviser",
            ("The respondent's outside employment requests", "Human Resources Department"),
            ViolationPeriod.ONGOING_SINCE),
    _Matter((_MONTEMAYOR,), ("2-44",),
            "Asked a property owner for money to overlook code violations.",
            "On {start} the respondent told the complainant that the violations at her rental "
            "house would \"go away\" for $300 in cash.",
            "Text messages from the respondent's personal phone",
            ("The case file for the address", "Development Services Department"),
            ViolationPeriod.SINGLE_DATE),
    _Matter((_BRISENO,), ("2-50", "2-49"),
            "Had Council office staff prepare campaign flyers on City time.",
            "From {start} to {end} two staff members of the District 7 office designed and "
            "printed campaign flyers on City computers during work hours.",
            "Copies of the flyers with the office printer's footer",
            ("The printer logs", "Information Technology Services Department")),
    _Matter((_LYLE,), ("2-56",),
            "Represented a developer before the City within a year of leaving City service.",
            "On {start} and again on {end} the respondent met with City staff on behalf of a "
            "developer on a project he supervised as Assistant City Manager.",
            "Meeting sign-in sheets",
            ("Calendar entries of the staff he met", "City Manager's Office")),
    _Matter((_STROUD,), ("2-63", "2-66"),
            "Lobbied Council members without registering or reporting.",
            "From {start} to {end} the respondent met with four Council offices about the "
            "short-term rental ordinance for a paying client, and filed no registration or "
            "quarterly report.", "Council office visitor logs",
            ("The client's engagement letter", "The respondent's firm")),
    _Matter((_QUINTANILLA,), ("2-47",),
            "Represented a private applicant before his own Commission.",
            "On {start} the respondent appeared for the applicant in a variance request before "
            "the Zoning Commission, on which he sits.", "Hearing video and minutes",
            ("The applicant's agent authorization", "Development Services Department"),
            ViolationPeriod.SINGLE_DATE),
    _Matter((_RHODES,), ("2-52",),
            "Steered a library furniture contract to her nephew's firm.",
            "Between {start} and {end} the respondent recommended her nephew's firm for the "
            "branch furniture contract without disclosing the relationship.",
            "Board minutes recording her recommendation",
            ("The contract file", "Finance Department, Purchasing Division")),
    _Matter((_ARREDONDO,), ("2-49",),
            "Used City e-mail and equipment to run a private roofing business.",
            "From {start} to {end} the respondent sent quotes for his roofing business from his "
            "City e-mail account during shifts.", "Quotes received from the City account",
            ("The e-mail account records", "Information Technology Services Department")),
    _Matter((_TILLMAN, _CASTELLANOS), ("2-61", "2-46"),
            "Contacts with a proposer during the solicitation period for the traffic signal "
            "contract.",
            "From {start} to {end} the respondents met privately with one proposer and shared "
            "the scoring matrix while the solicitation was open.",
            "Calendar invitation naming the proposer",
            ("The solicitation's contact log", "Transportation Department")),
    _Matter((_YBARRA,), ("2-46",),
            "Disclosed confidential information about a pending designation.",
            "On {start} the respondent told a buyer that a historic designation would be "
            "recommended for a property, before the staff report was public.",
            "The buyer's e-mail quoting the respondent",
            ("The staff report drafts", "Office of Historic Preservation"),
            ViolationPeriod.SINGLE_DATE),
    _Matter((_BRISENO,), ("141",), "Had an interest in a City contract.",
            "Since {start} a company in which the respondent owns a third has held a City "
            "landscaping contract.", "Records of the company's ownership",
            ("The contract", "City Clerk's Office, contracts register"),
            ViolationPeriod.ONGOING_SINCE),
    _Matter((_ELLISON,), ("ch. 171",),
            "Took part in a plat decision without filing the affidavit of substantial interest.",
            "On {start} the respondent voted on a plat for land in which she holds a substantial "
            "interest, without filing an affidavit or abstaining.",
            "Deed records for the tract", ("The Commission's affidavit file", "Planning Commission"),
            ViolationPeriod.SINGLE_DATE),
    _Matter((_REYES,), (), "Took a dog from the shelter for himself without the adoption process.",
            "On {start} the respondent took a dog from the City shelter to his home and "
            "recorded it as transferred to a rescue partner.", "Shelter intake record",
            ("The transfer log", "Animal Care Services Department"), ViolationPeriod.SINGLE_DATE),
)

_CAMPAIGN: tuple[_Matter, ...] = (
    _Matter((_NAVARRO,), ("2-306",),
            "Did not file the campaign bank account statement for the month.",
            "The respondent's campaign received its bank statement on {start} and had filed no "
            "copy with the City Clerk by {end}.", "Screenshot of the Clerk's filing portal",
            ("The bank statement", "The campaign's bank")),
    _Matter((_WHITMORE,), ("2-307",),
            "Filed the campaign finance report on paper instead of electronically, and late.",
            "The report due on {start} was delivered on paper on {end} and has not been filed "
            "electronically.", "Copy of the paper report", ("The filing log", "City Clerk's Office")),
    _Matter((_BENAVIDES,), ("2-306",),
            "Did not file two monthly campaign bank account statements.",
            "No statement for the campaign account has been filed since {start}; the account "
            "was active through {end}.", "The Clerk's list of filings for the campaign",
            ("The bank statements", "The campaign's bank")),
    _Matter((_TREVINO,), ("2-307",), "Did not file the 30-day pre-election report electronically.",
            "The report due on {start} was not on the Clerk's electronic filing system on "
            "{end}.", "Screenshot of the filing system", ("The filing log", "City Clerk's Office")),
    _Matter((_KOWALCZYK,), ("2-306", "2-307"),
            "Neither the bank statement nor the electronic report was filed.",
            "The candidate's statement received {start} and the report due {end} were not "
            "filed.", "The Clerk's list of filings", ("The bank statement", "The campaign's bank")),
)


# -- planning ---------------------------------------------------------------------------------


@dataclass
class _Step:
    """One act in a case's story: when, and what the clerk does then."""

    when: datetime
    order: int
    act: Callable[[], None]
    optional: bool = False
    """An afterthought (a delivery recorded days after the mailing): it does not count in
    fitting the story before ``today``, and is left out if it would fall on ``today`` or
    later — the item is still out."""


@dataclass
class _Case:
    """What the steps of one case learn as they run: the case's id, its respondents' ids and
    the mail ledger's id of each copy mailed, by (document kind, copy)."""

    complaint_id: int = 0
    respondent_ids: list[int] = field(default_factory=list)
    mailings: dict[tuple[str, int], int] = field(default_factory=dict)


@dataclass(frozen=True)
class _Post:
    """How one issued copy goes out, and what becomes of it.

    ``queued``: issued but not yet mailed (it waits in the print queue); ``outcome``: recorded
    ``after`` business days later (``None``: nothing heard back); the (e) notice goes certified
    with its article number (``tracking``), § 2-83(e).
    """

    method: MailMethod = MailMethod.FIRST_CLASS
    tracking: str = ""
    queued: bool = False
    outcome: MailOutcome | None = None
    after: int = 0


@dataclass(frozen=True)
class _Story:
    """One demonstration case: how it goes, who files it, about what, and how recent it is.

    ``gap`` is the number of business days between the story's last step and ``today``.
    """

    plot: Callable[[_Plan], None]
    gap: int
    who: _Person
    matter: _Matter


def _at(day: date, minute: int) -> datetime:
    """The office's time ``minute`` minutes after midnight on ``day``, timezone-aware (the
    demonstration's office keeps the default ``office.time_zone``, whatever the workstation's)."""
    return at_office_time(day, minute // 60, minute % 60, OFFICE_ZONE)


def _address(person: Recipient, method: MailMethod) -> str:
    """Where a copy goes: the party's mailing address, or an e-mail address (the respondent's
    office address when the case has none)."""
    if method is not MailMethod.EMAIL:
        return person.party.address
    if person.party.email:
        return person.party.email
    first, *_, last = unicodedata.normalize("NFKD", person.name).encode("ascii", "ignore") \
        .decode().lower().replace("'", "").split()
    return f"{first}.{last}@sanantonio.example.gov"


def _spoken(day: date) -> str:
    """A date as a complainant writes it: "October 3, 2026"."""
    return f"{day:%B} {day.day}, {day.year}"


class _Plan:
    """One case's story, planned as dated steps before anything is saved.

    The cursor ``day`` moves forward as steps are added. Planning draws from the case's own
    random generator, so planning the same case again from another filing day draws the same
    choices (the demo shifts stories until they end before ``today``).
    """

    def __init__(self, demo: _Demo, index: int, story: _Story, filed: date) -> None:
        self.demo = demo
        self.rng = random.Random(f"ethics-desk-demo:{demo.seed}:{index}")
        self.who = story.who
        self.matter = story.matter
        self.intake = Intake()
        self.filed = filed
        self.day = filed
        self.steps: list[_Step] = []
        self.case = _Case()
        self._minutes: dict[date, int] = {}
        self.forwarded_on = filed
        self.receipts: dict[int, date] = {}
        self.card_back: dict[int, date] = {}
        self.copy_received = filed
        self.post_rng = random.Random(f"ethics-desk-demo:{demo.seed}:{index}:post")

    # -- time --

    @property
    def last_day(self) -> date:
        """The day of the latest step (not counting afterthoughts)."""
        return max(step.when.date() for step in self.steps if not step.optional)

    def after(self, days: int, start: date | None = None) -> date:
        """The ``days``-th business day after ``start`` (default: the cursor)."""
        return self.demo.after(start or self.day, days)

    def wait(self, low: int, high: int | None = None) -> date:
        """Move the cursor ``low``..``high`` business days on; returns the new day."""
        self.day = self.after(self.rng.randint(low, high if high is not None else low))
        return self.day

    def meeting(self, gap: int = 2) -> date:
        """Move the cursor to the Board's next meeting at least ``gap`` business days on."""
        self.day = self.demo.meeting_on_or_after(self.after(gap))
        return self.day

    def _step(self, day: date, act: Callable[[], None], not_before: int = 0) -> None:
        minute = self._minutes.get(day)
        minute = self.rng.randint(OPENING_MINUTE, 15 * 60 + 30) if minute is None else \
            min(minute + self.rng.randint(6, 45), CLOSING_MINUTE)
        minute = max(minute, not_before)
        self._minutes[day] = minute
        self.day = max(self.day, day)
        self.steps.append(_Step(_at(day, minute), len(self.steps), act))

    def fire(self, day: date, make: Callable[[], Payload], *, not_before: int = 0,
             then: Callable[[str], None] | None = None) -> None:
        """Fire the event ``make()`` builds on ``day`` (built then: it may need stored ids),
        no earlier than ``not_before`` minutes after midnight; ``then(clerk)`` is what the same
        clerk does next, at once (issuing and mailing the papers the event calls for)."""
        clerk = self.rng.choice(CLERKS)

        def act() -> None:
            self.demo.fire(clerk, self.case, make())
            if then is not None:
                then(clerk)
        self._step(day, act, not_before)

    # -- papers and mail --

    def post(self, day: date, method: MailMethod = MailMethod.FIRST_CLASS, *,
             outcome: MailOutcome | None = MailOutcome.DELIVERED,
             may_wait: bool = True) -> _Post:
        """How a copy issued on ``day`` goes out. A paper issued in the last two business days
        before ``today`` waits in the print queue (``may_wait``); a hand delivery is received
        the same day; a mailed one is delivered (or ``outcome``) two to five business days on.
        The (e) notice goes certified, with an article number (PS Form 3800)."""
        rng = self.post_rng
        if may_wait and day >= self.demo.before(self.demo.today, 2):
            return _Post(method, queued=True)
        tracking = f"7022 2410 000{rng.randint(1, 9)} {rng.randint(1000, 9999)} " \
                   f"{rng.randint(1000, 9999)}" if method is MailMethod.CERTIFIED_RRR else ""
        after = 0 if method is MailMethod.HAND_DELIVERY else rng.randint(2, 5)
        return _Post(method, tracking, outcome=outcome, after=after)

    def papers(self, day: date, kind: str, posts: tuple[_Post, ...], *,
               response_of: int | None = None) -> Callable[[str], None]:
        """Issue ``kind`` to each of its recipients on the case (``posts``, one per recipient,
        in the table's order) and record each mailing; a later delivery or return is planned
        as an afterthought. ``response_of``: the copy of that respondent's response only."""
        for copy, post in enumerate(posts):
            if post.outcome is not None and post.after:
                self._afterthought(self.after(post.after, day), kind, copy, post.outcome)

        def act(clerk: str) -> None:
            self.demo.issue_papers(clerk, self.case, day, kind, posts,
                                   None if response_of is None else self.rid(response_of))
        return act

    def _afterthought(self, day: date, kind: str, copy: int, outcome: MailOutcome) -> None:
        """Record what became of a mailed copy on ``day`` (left out if ``day`` is not past)."""
        clerk = self.post_rng.choice(CLERKS)
        minute = self.post_rng.randint(OPENING_MINUTE, 15 * 60 + 30)
        self.steps.append(_Step(_at(day, minute), len(self.steps), lambda: self.demo.outcome(
            clerk, self.case, kind, copy, outcome, day), optional=True))

    def certificate(self) -> None:
        """The certificate of mailing for everything mailed on the case so far, signed by the
        Clerk and issued to the case file; it waits in the print queue to be printed, signed
        and filed."""
        day = self.day
        minute = min(self._minutes.get(day, OPENING_MINUTE) + self.post_rng.randint(1, 5),
                     CLOSING_MINUTE + 5)
        clerk = self.post_rng.choice(CLERKS)
        self.steps.append(_Step(_at(day, minute), len(self.steps), lambda: self.demo.issue_papers(
            clerk, self.case, day, "certificate-of-mailing", (_Post(queued=True),), None)))

    def rid(self, index: int) -> int:
        """The stored id of the case's ``index``-th respondent (known once the draft is saved)."""
        return self.case.respondent_ids[index]

    def complete(self, *, sworn: bool = True, belief: bool = False) -> Intake:
        """Everything § 2-83(c) asks for the case's matter, as of its filing day.

        ``belief``: on information and belief, with its source and basis; ``sworn=False``: the
        complainant would not swear to it before the notary.
        """
        rng, who, matter = self.rng, self.who, self.matter
        start = self.filed - timedelta(days=rng.randint(14, 75))
        end = min(start + timedelta(days=rng.randint(3, 40)), self.filed - timedelta(days=1))
        period = matter.period
        documents = [
            DocumentData(DocumentList.IN_POSSESSION, matter.exhibit, attachment=AttachmentData(
                "exhibit-a.pdf", "application/pdf", _exhibit_pdf(matter.exhibit))),
            DocumentData(DocumentList.NOT_IN_POSSESSION, *matter.held_elsewhere)]
        if rng.random() < 0.3:
            documents.append(DocumentData(DocumentList.UNAVAILABLE,
                                          "Notes of a meeting the complainant did not attend",
                                          "unknown"))
        oath = OathData(
            affirmation=Affirmation.GOOD_REASON_TO_BELIEVE if belief else
            Affirmation.TRUE_AND_CORRECT,
            knowledge=KnowledgeBasis.INFORMATION_AND_BELIEF if belief else
            KnowledgeBasis.PERSONAL_KNOWLEDGE,
            source_and_basis="Told by two employees of the department, who saw it happen, and "
                             "the documents attached." if belief else "",
            sworn=sworn)
        if sworn:
            oath = replace(
                oath, notary_name=rng.choice(NOTARIES), county="Bexar", sworn_on=self.filed,
                notary_commission_number=f"13{rng.randint(1_000_000, 9_999_999)}-"
                                         f"{rng.randint(1, 9)}",
                notary_commission_expires=self.filed + timedelta(days=rng.randint(120, 1400)))
        return Intake(
            complainant=ComplainantData(name=who.name, address=who.address, phone=who.phone,
                                        email=who.email),
            respondents=[RespondentData(name=r.name, title=r.title, department=r.department,
                                        address=r.address) for r in matter.respondents],
            nature=matter.nature,
            provision_ids=[self.demo.provisions[s] for s in matter.sections],
            provision_unsure=not matter.sections,
            facts=matter.facts.format(start=_spoken(start), end=_spoken(end)),
            violation_period=period, violation_start=start,
            violation_end=end if period is ViolationPeriod.RANGE else None,
            documents=documents, oath=oath)

    # -- the acts of § 2-83 --

    def draft(self, intake: Intake) -> None:
        """The clerk starts the intake at the counter and saves the draft."""
        clerk = self.rng.choice(CLERKS)
        self.intake = intake
        self._step(self.day, lambda: self.demo.save_draft(clerk, self.case, intake))

    def file(self, intake: Intake) -> None:
        """(c): the intake is completed, sworn (or not) and filed the same visit; a sworn
        complaint's filing receipt is mailed to the complainant (§ 2-83(a), (c))."""
        self.draft(intake)
        day = self.day
        self.fire(day, FileComplaint, then=self.papers(day, "receipt", (self.post(day),))
                  if intake.oath.sworn else None)

    def discard(self, reason: str) -> None:
        """A draft nobody will file."""
        day = self.wait(0, 2)
        self.fire(day, lambda: DiscardDraft(reason=reason))

    def return_unsworn(self) -> None:
        """(c), last ¶: returned to the complainant."""
        day = self.wait(1, 2)
        self.fire(day, lambda: ReturnUnsworn(returned_on=day),
                  then=self.papers(day, "unsworn-return", (self.post(day),)))

    def forward(self, low: int = 1, high: int = 1, *, transmittal: bool = False) -> date:
        """(d)(1): copies to the four reviewers, the same day, by interoffice hand delivery.

        ``transmittal``: the confidential transmittal is issued to each reviewer too — for two
        of the cases under review only (four copies a case: the build stays quick).
        """
        day = self.wait(low, high)
        names = self.demo.reviewer_names
        self.forwarded_on = day
        by_hand = tuple(self.post(day, MailMethod.HAND_DELIVERY) for _ in ReviewerRole)
        self.fire(day, lambda: ForwardForReview(forwarded_on=day, reviewer_names=names),
                  then=self.papers(day, "reviewer-transmittal", by_hand) if transmittal
                  else None)
        return day

    def review(self, role: ReviewerRole, determination: Determination, *, low: int = 1,
               high: int = 5, defects: tuple[tuple[DefectItem, str], ...] = (),
               on_face: bool = True, notes: str = "") -> date:
        """(d)(1): one reviewer's independent determination, some days after receipt."""
        day = self.after(self.rng.randint(low, high), self.forwarded_on)
        name = self.demo.reviewer_names[role]
        found = defects if determination is Determination.DOES_NOT_COMPLY or not on_face else ()
        self.fire(day, lambda: RecordReview(role=role, determination=determination,
                                            states_allegation_on_face=on_face, defects=found,
                                            completed_on=day, reviewer_name=name, notes=notes))
        return day

    def reviews(self, determination: Determination = Determination.SUBSTANTIALLY_COMPLIES, *,
                high: int = 5, roles: tuple[ReviewerRole, ...] = tuple(ReviewerRole)) -> date:
        """Several reviewers, each on their own day; the cursor moves to the last one.
        Returns the day of the last review."""
        last = self.forwarded_on
        for role in roles:
            found = determination if role is ReviewerRole.COMPLIANCE_AUDITOR else \
                self.rng.choice((Determination.COMPLIES, Determination.SUBSTANTIALLY_COMPLIES))
            last = max(last, self.review(role, found, high=high))
        return last

    def accept(self, low: int = 1, high: int = 2) -> None:
        """(d)(3): accepted for the Board."""
        day = self.wait(low, high)
        self.fire(day, lambda: Accept(decided_on=day, notes="Substantially complies with "
                                      "§ 2-83(c); states a violation of the Ethics Code."))

    def return_defective(self) -> None:
        """(d)(3): returned with the letter explaining the defects."""
        day = self.wait(1, 3)
        self.fire(day, lambda: ReturnDefective(returned_on=day, notes="Defect letter signed by "
                                               f"the Compliance Auditor, {COMPLIANCE_AUDITOR}."),
                  then=self.papers(day, "defect-letter", (self.post(day),)))

    def _deliveries(self, day: date, methods: tuple[str, ...]) -> tuple[Delivery, ...]:
        deliveries = []
        for index, method in enumerate(methods):
            rid = self.rid(index)
            if method == "hand":
                deliveries.append(Delivery(rid, received_on=day, method=MailMethod.HAND_DELIVERY,
                                           detail="hand delivered at the respondent's office"))
            elif method == "email":
                deliveries.append(Delivery(rid, received_on=day, method=MailMethod.EMAIL,
                                           detail="by e-mail; receipt acknowledged the same day"))
            else:
                mail = MailMethod.CERTIFIED_RRR if method.startswith("certified") else \
                    MailMethod.FIRST_CLASS
                deliveries.append(Delivery(rid, mailed_on=day, method=mail))
        return tuple(deliveries)

    def _mailed(self, day: date, methods: tuple[str, ...]) -> None:
        """The respondents' receipt days; a return receipt comes back a few days later."""
        presumed = self.demo.calendar.next_business_day(day + timedelta(days=3))
        for index, method in enumerate(methods):
            self.receipts[index] = day if method in ("hand", "email") else presumed
        for index, method in enumerate(methods):
            if method == "certified":  # the green card comes back: an actual receipt
                signed = self.after(self.rng.randint(1, 3), day)
                back = self.after(self.rng.randint(1, 3), signed)
                self.receipts[index] = signed
                self.card_back[index] = back
                clerk = self.rng.choice(CLERKS)
                # recorded in the mail ledger, which restarts the response clock from the day
                # the card was signed through the workflow (RecordRespondentReceipt)
                self._step(back, partial(self.demo.outcome, clerk, self.case, RESPONDENT_NOTICE,
                                         index, MailOutcome.DELIVERED, signed))

    def to_board(self, methods: tuple[str, ...], low: int = 1, high: int = 3) -> None:
        """(d)(3), (e): to the Board and each respondent with the (e) notice and the Code.

        ``methods`` per respondent: hand, email, first_class, certified (the return receipt comes
        back) or certified_out (still out).
        """
        day = self.wait(low, high)
        self.fire(day, lambda: ForwardToBoard(forwarded_on=day,
                                              deliveries=self._deliveries(day, methods)),
                  then=self.papers(day, RESPONDENT_NOTICE, tuple(
                      self.post(day, _METHODS[method], outcome=None, may_wait=False)
                      for method in methods)))
        self._mailed(day, methods)

    def cf_forward(self, low: int = 2, high: int = 6, *, reviewed_on: date | None = None) -> None:
        """(d)(2): a campaign-finance complaint forwarded to the respondent; these stories
        forward it once the reviews they hold are in (``reviewed_on``, the last review), though
        (d)(2) waits for none."""
        day = max(self.after(self.rng.randint(low, high), self.forwarded_on),
                  reviewed_on or self.forwarded_on)
        methods = ("certified_out",)
        self.fire(day, lambda: ForwardCampaignFinance(forwarded_on=day,
                                                      deliveries=self._deliveries(day, methods)),
                  then=self.papers(day, "cf-forward", tuple(
                      self.post(day, MailMethod.CERTIFIED_RRR, outcome=None, may_wait=False)
                      for _ in self.matter.respondents)))
        self.day = max(self.day, day)

    def cure(self, kind: CureKind) -> None:
        """(d)(2), § 2-82(b)(2): the statement or amended report filed in time, verified."""
        filed = self.wait(2, 6)
        day = self.wait(1, 2)
        self.fire(day, lambda: RecordCure(kind=kind, filed_on=filed, timely=True,
                                          verified_by=f"{CLERKS[0]}, Deputy City Clerk",
                                          verified_on=day),
                  then=self.papers(day, "cf-cure-notice", (self.post(day),)))

    def not_cured(self) -> None:
        """(d)(2): nothing filed in time; on to the Board."""
        day = self.wait(6, 9)
        self.fire(day, lambda: NotCured(decided_on=day, notes="No statement or amended report "
                                        "was filed in time (§ 2-82(b)(2))."))

    def response(self, index: int = 0, *, low: int = 4, high: int = 10,
                 copy: str = "mail") -> None:
        """(e)(1): a sworn response, forwarded; a copy to the complainant starts the reply."""
        day = self.after(self.rng.randint(low, high), self.receipts[index])
        if index in self.card_back:  # filed after the return receipt came back
            day = max(day, self.after(1, self.card_back[index]))
        self.copy_received = day if copy == "hand" else \
            self.demo.calendar.next_business_day(day + timedelta(days=3))
        method = MailMethod.FIRST_CLASS if copy == "mail" else MailMethod.HAND_DELIVERY
        self.fire(day, lambda: FileResponse(
            respondent_id=self.rid(index), received_on=day, sworn=True, forwarded_on=day,
            copy_mailed_on=day if copy == "mail" else None,
            copy_received_on=day if copy == "hand" else None,
            notes="Sworn response with exhibits; forwarded to the Compliance Auditor, the City "
                  "Attorney's Office and the Board (§ 2-83(e))"),
            # the copy's receipt runs the reply clock as the event recorded it: nothing more
            then=self.papers(day, RESPONSE_COPY, (self.post(day, method, outcome=None,
                                                            may_wait=False),),
                             response_of=index))

    def reply(self, low: int = 1, high: int = 5) -> None:
        """(e)(3): the complainant's sworn reply; a copy to the respondents."""
        day = self.after(self.rng.randint(low, high), self.copy_received)
        self.fire(day, lambda: FileReply(received_on=day, sworn=True,
                                         copy_to_respondents_on=day))

    def hearing_request(self, party: PartyRole) -> None:
        """(e)(4): a party (the complainant, or the first respondent) asks for a hearing."""
        day = self.wait(1, 3)
        name = self.intake.respondents[0].name if party is PartyRole.RESPONDENT else ""
        self.fire(day, lambda: RequestHearing(party=party, party_name=name, received_on=day))

    def resolve(self, disposition: Disposition, notes: str, *, returned: bool = False) -> None:
        """(d)(4): the Board's resolution at its next meeting, by its vote (a majority of those
        present); a complaint withdrawn by the complainant needs no vote. The notice of
        resolution is mailed to each respondent (``returned``: it comes back undelivered)."""
        outcome = MailOutcome.RETURNED if returned else MailOutcome.DELIVERED
        if disposition is Disposition.WITHDRAWN:  # received at the counter, any day
            day = self.wait(2, 6)
            self.fire(day, lambda: Withdraw(received_on=day, notes=notes),
                      then=self.papers(day, "resolution-notice", tuple(
                          self.post(day, outcome=outcome) for _ in self.matter.respondents)))
            return
        day = self.meeting()
        vote = self.demo.vote(day, self.rng, carried=True, record=False)
        self.fire(day, lambda: Resolve(disposition=disposition, decided_on=day, notes=notes,
                                       vote=vote(), findings=self.alleged()
                                       if disposition is Disposition.VIOLATION_FOUND else ()),
                  then=self.papers(day, "resolution-notice", tuple(
                      self.post(day, outcome=outcome) for _ in self.matter.respondents)))

    def alleged(self) -> tuple[Finding, ...]:
        """Each provision the complaint alleges against each respondent, as the Board's
        findings of a violation (§ 2-85(b))."""
        from ethics_desk.board.findings import alleged_against
        from ethics_desk.models import Complaint

        with self.demo.database.read_session() as session:
            complaint = session.get(Complaint, self.case.complaint_id)
            assert complaint is not None
            return tuple(Finding(respondent_id, provision_id) for respondent_id, ids
                         in alleged_against(complaint).items() for provision_id in sorted(ids))

    def show_cause(self, *, carried: bool = True, pending: bool = False,
                   election: bool = False) -> date:
        """(f)(2), (f)(4): the vote, the explanation and the hearing set for a later meeting.

        A ``pending`` hearing is set after ``today`` (it is still to come). ``election``: the
        complaint was timed against a candidate (the (f)(3)(a), (b), (d) factors).
        """
        explanation, factors = SHOW_CAUSE_ELECTION if election else SHOW_CAUSE_REPEATED
        day = self.meeting()
        hearing = self.demo.meeting_on_or_after(
            max(day + timedelta(days=14), self.demo.today + timedelta(days=1)) if pending
            else day + timedelta(days=14))
        vote = self.demo.vote(day, self.rng, carried=carried, record=False)
        self.fire(day, lambda: OrderShowCause(
            vote=vote(), explanation=explanation, factors=factors,
            hearing_at=_at(hearing, HEARING_HOUR * 60), place=HEARING_PLACE))
        return hearing

    def show_cause_hearing(self, day: date, *, concluded: bool = True) -> None:
        """(f)(5): the complainant heard, with counsel."""
        self.fire(day, lambda: RecordShowCauseHearing(
            held_on=day, appeared="The complainant, with counsel; the respondent",
            counsel="Ramiro Ybarra, attorney for the complainant", concluded=concluded),
            not_before=AFTER_HEARING)

    def frivolous_vote(self, day: date, *, carried: bool) -> None:
        """(f)(6): the record vote after the hearing."""
        vote = self.demo.vote(day, self.rng, carried=carried, record=True)
        self.fire(day, lambda: RecordFrivolousVote(vote=vote(), particulars=FRIVOLOUS_PARTICULARS),
                  not_before=AFTER_HEARING)

    def sanctions(self, day: date) -> None:
        """(g): by the Board's record vote of two-thirds of those present (the office's default,
        § 2-83(f)(6)), after weighing each (g)(1) factor; a civil penalty within $500.00, due
        :data:`PENALTY_DAYS` days after the meeting."""
        vote = self.demo.vote(day, self.rng, carried=True, record=True)
        self.fire(day, lambda: ImposeSanctions(
            sanctions=(SanctionData(SanctionKind.CIVIL_PENALTY, amount_cents=35_000),
                       SanctionData(SanctionKind.ATTORNEYS_FEES, amount_cents=187_500),
                       SanctionData(SanctionKind.REFERRAL,
                                    agency="Bexar County Criminal District Attorney's Office "
                                           "(perjury, § 2-83(g)(3))")),
            factors_considered={
                SanctionFactor.SERIOUSNESS: "A sworn complaint known to be groundless, filed days before "
                               "an election and publicised by the complainant.",
                SanctionFactor.DETERRENCE: "A penalty below the maximum, with the respondent's fees.",
                SanctionFactor.JUSTICE: "The complainant's earlier complaints were filed in good faith."},
            vote=vote(), penalty_due_on=day + timedelta(days=PENALTY_DAYS)))


SHOW_CAUSE_ELECTION: tuple[str, dict[FrivolousFactor, str]] = (
    "The minutes attached to the complaint show that the respondent abstained on the item; the "
    "complaint was filed nine days before the election and announced at a press conference the "
    "day before it was filed.",
    {FrivolousFactor.TIMING: "Filed nine days before the election in which the respondent is a "
                             "candidate.",
     FrivolousFactor.PUBLICITY: "Announced by the complainant at a press conference.",
     FrivolousFactor.OPPOSING_CANDIDATE: "The complainant is treasurer of an opposing "
                                         "candidate's campaign.",
     FrivolousFactor.KNEW_GROUNDLESS: "The complainant's own exhibit shows the abstention."})
"""A show-cause order against a complaint timed against a candidate (§ 2-83(f)(3)(a)–(e))."""
SHOW_CAUSE_REPEATED: tuple[str, dict[FrivolousFactor, str]] = (
    "The complaint repeats allegations the Board dismissed on the evidence earlier this year, "
    "and the records the complainant attached contradict them.",
    {FrivolousFactor.RELATIONSHIP: "The complainant and the respondent are in litigation over a "
                                   "property line.",
     FrivolousFactor.KNEW_GROUNDLESS: "The complainant received the Board's earlier opinion.",
     FrivolousFactor.MOTIVES: "The complainant wrote that the complaint would \"cost the "
                              "respondent the job\"."})
"""A show-cause order against a complaint repeating dismissed allegations (§ 2-83(f)(3)(c), (e), (f))."""
FRIVOLOUS_PARTICULARS = (
    "Groundless: the respondent abstained, as the complainant's own exhibit shows; brought in bad "
    "faith, for its effect on the election (§ 2-83(f)(1), (f)(3)(a), (b), (d), (e)).")

DEFECTS: tuple[tuple[DefectItem, str], ...] = (
    (DefectItem.C6_FACTS_AND_DATES, "The statement gives no fact showing that the respondent "
                                    "took part in the decision."),
    (DefectItem.C7_DOCUMENTS, "The e-mails the complaint relies on are neither attached nor "
                              "listed with their location."),
    (DefectItem.FACE_ALLEGATION, "The conduct described, if true, is not a violation of a law "
                                 "the Board administers."),
)


# -- the demonstration ------------------------------------------------------------------------


class _StoryTime:
    """The demonstration's clock (a :data:`~ethics_desk.core.clock.Clock`), moved forward by
    the demonstration as its stories are played."""

    def __init__(self, now: datetime) -> None:
        self.now = now

    def __call__(self) -> datetime:
        return self.now


@lru_cache(maxsize=64)
def _exhibit_pdf(description: str) -> bytes:
    """A one-page PDF standing for a complainant's exhibit (byte-for-byte reproducible)."""
    buffer = io.BytesIO()
    page = canvas.Canvas(buffer, invariant=True)
    page.setTitle(f"Exhibit A: {description}")
    page.setFont("Helvetica-Bold", 14)
    page.drawString(72, 740, "Exhibit A")
    page.setFont("Helvetica", 11)
    page.drawString(72, 716, description[:95])
    page.drawString(72, 690, "Demonstration document: fictitious, for Ethics Desk's demonstration "
                             "database.")
    page.showPage()
    page.save()
    return buffer.getvalue()


class _Demo:
    """Plans every case, then plays all their steps in time order through the controller."""

    def __init__(self, database: Database, today: date, seed: int) -> None:
        self.database = database
        self.today = today
        self.seed = seed
        self.clock = _StoryTime(_at(today, OPENING_MINUTE))
        self.controllers = {name: WorkflowController.unrestricted(database, name, clock=self.clock)
                            for name in CLERKS}
        self.accounts = {name: Account(0, CLERK_LOGINS[name], name, Role.CLERK)
                         for name in CLERKS}
        with database.read_session() as session:
            self.calendar: BusinessCalendar = load_calendars(session).city
            self.provisions = {section: provision_id for section, provision_id in
                               session.execute(select(Provision.section, Provision.id))}
        self.member_ids: dict[str, int] = {}
        self.reviewer_names = {
            ReviewerRole.CHAIR: ROSTER[0][0], ReviewerRole.VICE_CHAIR: ROSTER[1][0],
            ReviewerRole.COMPLIANCE_AUDITOR: COMPLIANCE_AUDITOR,
            ReviewerRole.CITY_ATTORNEY: CITY_ATTORNEY}

    # -- days --

    def after(self, day: date, days: int) -> date:
        """The ``days``-th business day after ``day``, counted as the deadline engine counts."""
        return add_business_days(self.calendar, day, days)[0]

    def before(self, day: date, days: int) -> date:
        """The ``days``-th business day before ``day``."""
        for _ in range(days):
            day -= timedelta(days=1)
            while not self.calendar.is_business_day(day):
                day -= timedelta(days=1)
        return day

    def business_days_between(self, start: date, end: date) -> int:
        """How many business days fall after ``start``, up to and including ``end``."""
        count, day = 0, start
        while day < end:
            day = self.calendar.next_business_day(day, inclusive=False)
            count += day <= end
        return count

    def meeting_on_or_after(self, day: date) -> date:
        """The Board meets on the second and fourth Tuesdays (the next business day if closed)."""
        while True:
            if day.weekday() == 1 and (day.day - 1) // 7 in (1, 3):
                return self.calendar.next_business_day(day)
            day += timedelta(days=1)

    # -- acting --

    def save_draft(self, clerk: str, case: _Case, intake: Intake) -> None:
        """Save a new draft and learn its ids."""
        result = self.controllers[clerk].save_draft(intake)
        case.complaint_id = result.complaint_id
        with self.database.read_session() as session:
            case.respondent_ids = list(session.scalars(
                select(Respondent.id).where(Respondent.complaint_id == result.complaint_id)
                .order_by(Respondent.position)))

    def fire(self, clerk: str, case: _Case, payload: Payload) -> None:
        """Fire one event on the case, as ``clerk`` at the clock's time."""
        self.controllers[clerk].fire(case.complaint_id, payload)

    def issue_papers(self, clerk: str, case: _Case, day: date, kind: str,
                     posts: tuple[_Post, ...], response_of: int | None) -> None:
        """Preview, issue and mail ``kind`` to its first ``len(posts)`` recipients (the (e)
        notice only to the respondents the story serves), as the Papers tab does: the
        (e) notice saying how the Ethics Code was provided, each copy's mailing in the ledger (the
        recipient's address from the case), a hand delivery received at once."""
        database, complaint_id = self.database, case.complaint_id
        people = recipients(database, complaint_id, kind, account=self.accounts[clerk])
        chosen = [(i, person) for i, person in enumerate(people)
                  if response_of is None or person.respondent_id == response_of][:len(posts)]
        assert len(chosen) == len(posts), f"{kind}: {len(chosen)} recipients, {len(posts)} posts"
        for copy, ((index, person), post) in enumerate(zip(chosen, posts, strict=True)):
            # The demonstration office stores no Ethics Code: the Clerk e-mails its link to the
            # respondent and records so with the (e) notice (§ 2-83(e)).
            provided = (CodeProvided(day, "link to the Ethics Code e-mailed to the respondent")
                        if rule_for(kind).encloses_code else None)
            ref = issue(database, complaint_id, kind, recipient_index=index,
                        account=self.accounts[clerk], clock=self.clock, code_provided=provided)
            if post.queued:
                continue
            case.mailings[(kind, copy)] = record_mailing(
                database, ref.document_id, recipient_name=person.name,
                recipient_role=person.role,
                recipient_ref=recipient_key(person.role, person.respondent_id),
                address=_address(person, post.method), method=post.method,
                tracking_number=post.tracking, mailed_on=day, account=self.accounts[clerk],
                clock=self.clock)
            if post.method is MailMethod.HAND_DELIVERY and post.outcome is not None:
                self.outcome(clerk, case, kind, copy, post.outcome, day)

    def outcome(self, clerk: str, case: _Case, kind: str, copy: int, outcome: MailOutcome,
                on: date) -> None:
        """Record in the mail ledger what became of a copy mailed on the case (a delivery of
        the (e) notice restarts the respondent's clock through the workflow, § 2-83(e))."""
        record_outcome(self.database, case.mailings[(kind, copy)], outcome, on,
                       account=self.accounts[clerk], clock=self.clock)
        if kind == RESPONDENT_NOTICE and outcome is MailOutcome.DELIVERED:
            today = office_date(self.clock(), office_zone(DEFAULT_OFFICE_ZONE))
            self.reissue_stale(clerk, case, today)  # the day the card comes back

    def reissue_stale(self, clerk: str, case: _Case, day: date) -> None:
        """A signed return receipt restarts the respondent's clock from the day it was signed,
        so the (e) notice may now state a response date that no longer holds: the Clerk voids
        it and mails the corrected notice the day the card comes back, as the case window asks
        (otherwise ``check`` warns of a paper stating a wrong date)."""
        account = self.accounts[clerk]
        for stale in stale_in(self.database, case.complaint_id, account=account):
            people = recipients(self.database, case.complaint_id, stale.kind, account=account)
            index, person = next((i, p) for i, p in enumerate(people)
                                 if p.name == stale.recipient)
            provided = (CodeProvided(day, "link to the Ethics Code e-mailed to the respondent "
                                          "again with the corrected notice")
                        if rule_for(stale.kind).encloses_code else None)
            ref = void_and_reissue(self.database, stale.document_id, account=account,
                                   reason=reissue_reason(stale), clock=self.clock,
                                   recipient_index=index, code_provided=provided)
            record_mailing(self.database, ref.document_id, recipient_name=person.name,
                           recipient_role=person.role,
                           recipient_ref=recipient_key(person.role, person.respondent_id),
                           address=_address(person, MailMethod.FIRST_CLASS),
                           method=MailMethod.FIRST_CLASS, mailed_on=day, account=account,
                           clock=self.clock)

    def vote(self, day: date, rng: random.Random, *, carried: bool,
             record: bool) -> Callable[[], VoteData]:
        """A Board vote, decided now and built when cast (the members' ids are known then).

        The members present and how each voted, under the two-thirds-of-those-present rule.
        """
        names = [name for position, (name, role) in enumerate(ROSTER)
                 if self.appointed_on(position, role) <= day]  # those serving on the day
        chosen = set(rng.sample(names, rng.randint(min(7, len(names)), len(names))))
        present = [name for name in names if name in chosen]
        recused = rng.random() < 0.3
        counted = len(present) - recused
        needed = two_thirds_of(counted)
        yes = rng.randint(needed, counted) if carried else rng.randint(max(needed - 3, 0),
                                                                          needed - 1)
        abstain = min(counted - yes, rng.randint(0, 1))
        choices = [VoteChoice.RECUSED] * recused + [VoteChoice.YES] * yes + \
            [VoteChoice.ABSTAIN] * abstain + [VoteChoice.NO] * (counted - yes - abstain)
        rng.shuffle(choices)

        def cast() -> VoteData:
            return VoteData(meeting_on=day, is_record_vote=record, ballots=tuple(
                BallotData(name, choice, member_id=self.member_ids[name])
                for name, choice in zip(present, choices, strict=True)))
        return cast

    # -- building --

    def appointed_on(self, position: int, role: BoardRole) -> date:
        """The day the member at ``position`` of :data:`ROSTER` began to serve: one every 45
        days from two years ago; the Chair and Vice Chair served as members long before."""
        appointed = self.today - timedelta(days=720 - 45 * position)
        return appointed if role is BoardRole.MEMBER else appointed - timedelta(days=400)

    def add_roster(self) -> None:
        """The Board roster (inserted directly: there is no workflow event for it), audited.

        Eleven members serving (the Chair and Vice Chair served as members first) and one
        former member whose term has ended.
        """
        start = self.today - timedelta(days=720)
        with self.database.unit_of_work() as session:
            members = []
            for position, (name, role) in enumerate(ROSTER):
                member = BoardMember(is_staff=False)
                member.set_name(name)
                appointed = self.appointed_on(position, role)
                if role is BoardRole.MEMBER:
                    member.terms = [BoardTerm(role=role, starts_on=appointed)]
                else:  # served as a member, then elected to office
                    elected = self.today - timedelta(days=300)
                    member.terms = [BoardTerm(role=BoardRole.MEMBER, starts_on=appointed,
                                              ends_on=elected - timedelta(days=1)),
                                    BoardTerm(role=role, starts_on=elected)]
                members.append(member)
            former = BoardMember(is_staff=False)
            former.set_name(FORMER_MEMBER)
            former.terms = [BoardTerm(role=BoardRole.MEMBER, starts_on=start - timedelta(days=730),
                                      ends_on=self.today - timedelta(days=200))]
            session.add_all([*members, former])
            session.add_all(self.elections())
            session.flush()
            self.member_ids = {m.name: m.id for m in members}
            audit.append(session, actor=CLERKS[0], action="board.roster", at=self.clock.now,
                         summary=f"Ethics Review Board roster entered: {len(members)} members "
                                 f"serving and 1 former member; elections list of 2 "
                                 f"(demonstration data)",
                         detail={"members": [m.name for m in (*members, former)]})

    def elections(self) -> list[Election]:
        """The office's elections list (§ 2-83(f)(3)(a)): one held last spring, one to come."""
        def saturday_near(day: date) -> date:
            return day + timedelta(days=(5 - day.weekday()) % 7)
        candidates = "\n".join(o.name for o in (_ORTEGA, _BENAVIDES, _NAVARRO, _WHITMORE,
                                                  _TREVINO, _KOWALCZYK))
        return [Election(held_on=saturday_near(self.today - timedelta(days=210)),
                         name="Special Election, City Council District 2",
                         candidates="Alicia Montemayor\nGerald Pruitt"),
                Election(held_on=saturday_near(self.today + timedelta(days=150)),
                         name="General Election (Mayor and City Council)",
                         candidates=candidates)]

    def fit(self, index: int, story: _Story) -> _Plan:
        """Plan ``story`` so that its last step falls about ``story.gap`` business days ago."""
        target = self.before(self.today, max(story.gap, 1))
        filed = target
        for _ in range(20):
            plan = _Plan(self, index, story, filed)
            story.plot(plan)
            if plan.last_day <= target:
                return plan
            filed = self.before(filed, self.business_days_between(target, plan.last_day))
        raise AssertionError(f"demonstration case {index} does not fit before {self.today}")

    def run(self, plans: list[_Plan],
            progress: Callable[[str], object] | None = None) -> None:
        """Play every step of every case in time order, moving the clock to each one
        (``progress`` told the day played, once a day)."""
        steps = sorted(((step.when, number, step.order, step.act)
                        for number, plan in enumerate(plans) for step in plan.steps
                        if not step.optional or step.when.date() < self.today),
                       key=lambda item: item[:3])
        said: date | None = None
        for when, _number, _order, act in steps:
            if progress is not None and when.date() != said:
                said = when.date()
                progress(f"the cases' day {said.isoformat()} (to {self.today.isoformat()})")
            self.clock.now = when
            act()


def _stories() -> list[_Story]:
    """Every demonstration case, in the order the stories are told (not the order filed)."""
    ethics = iter(_ETHICS * 3)
    campaign = iter(_CAMPAIGN * 3)
    people = iter(COMPLAINANTS * 3)
    stories: list[_Story] = []

    def story(gap: int, *, cf: bool = False, who: _Person | None = None,
              matter: _Matter | None = None
              ) -> Callable[[Callable[[_Plan], None]], Callable[[_Plan], None]]:
        """Register a plot, with its complainant and matter drawn now (once, not per plan)."""
        drawn_who, drawn_matter = next(people), next(campaign if cf else ethics)

        def register(plot: Callable[[_Plan], None]) -> Callable[[_Plan], None]:
            stories.append(_Story(plot, gap, who or drawn_who, matter or drawn_matter))
            return plot
        return register

    def accepted(p: _Plan, *, belief: bool = False) -> None:
        p.file(p.complete(belief=belief))
        p.forward(1, 2)
        p.reviews(Determination.SUBSTANTIALLY_COMPLIES)
        p.accept()

    def awaiting(p: _Plan, methods: tuple[str, ...] = ("certified",), **kw: Any) -> None:
        accepted(p, **kw)
        p.to_board(methods)

    def responded(p: _Plan, methods: tuple[str, ...] = ("certified",), copy: str = "mail",
                  **kw: Any) -> None:
        awaiting(p, methods, **kw)
        p.response(copy=copy)

    def replied(p: _Plan, methods: tuple[str, ...] = ("certified",)) -> None:
        responded(p, methods)
        p.reply()

    def cf_forwarded(p: _Plan, reviews: int = 4) -> None:
        p.file(p.complete())
        p.forward()
        last = p.reviews(Determination.COMPLIES, roles=tuple(ReviewerRole)[:reviews])
        if reviews == len(ReviewerRole):  # the story's forward; (d)(2) would allow it sooner
            p.cf_forward(reviewed_on=last)

    # Drafts: one just started, one complete and waiting for the notary; one abandoned.
    @story(1)
    def _draft_started(p: _Plan) -> None:
        p.draft(Intake(complainant=ComplainantData(name=p.who.name, address=p.who.address),
                       respondents=[RespondentData(name=p.matter.respondents[0].name)],
                       nature=p.matter.nature))

    @story(0)
    def _draft_waiting_for_notary(p: _Plan) -> None:
        intake = p.complete()
        p.draft(replace(intake, oath=OathData(affirmation=intake.oath.affirmation,
                                              knowledge=intake.oath.knowledge)))

    @story(18)
    def _discarded(p: _Plan) -> None:
        p.draft(p.complete())
        p.discard("The complainant decided not to file.")

    # Filed, waiting: one sworn (to be forwarded "promptly"), one unsworn (to be returned).
    @story(1)
    def _filed(p: _Plan) -> None:
        p.file(p.complete())

    @story(0)
    def _filed_unsworn(p: _Plan) -> None:
        p.file(p.complete(sworn=False))

    # Returned as not sworn; the second complainant came back and filed a sworn complaint.
    @story(28)
    def _returned_unsworn(p: _Plan) -> None:
        p.file(p.complete(sworn=False))
        p.return_unsworn()

    @story(52, who=COMPLAINANTS[4], matter=_ETHICS[13])
    def _returned_then_refiled(p: _Plan) -> None:
        p.file(p.complete(sworn=False))
        p.return_unsworn()

    @story(6, who=COMPLAINANTS[4], matter=_ETHICS[13])
    def _refiled_sworn(p: _Plan) -> None:
        awaiting(p, ("hand", "hand"))

    # Under review: none, some and all reviews in; a campaign-finance complaint.
    @story(2)
    def _review_started(p: _Plan) -> None:
        p.file(p.complete(belief=True))
        p.forward(transmittal=True)

    @story(4)
    def _review_half_done(p: _Plan) -> None:
        p.file(p.complete())
        p.forward(1, 2, transmittal=True)
        p.review(ReviewerRole.COMPLIANCE_AUDITOR, Determination.SUBSTANTIALLY_COMPLIES)
        p.review(ReviewerRole.CITY_ATTORNEY, Determination.COMPLIES, high=3)

    @story(2)
    def _reviews_in(p: _Plan) -> None:
        p.file(p.complete())
        p.forward()
        p.reviews(Determination.COMPLIES, high=6)

    @story(1, cf=True)
    def _cf_under_review(p: _Plan) -> None:
        p.file(p.complete())
        p.forward()
        p.review(ReviewerRole.COMPLIANCE_AUDITOR, Determination.COMPLIES, high=2)

    # Returned as defective, with a letter naming each defect by its (c) item.
    def defective(p: _Plan) -> None:
        p.file(p.complete())
        p.forward()
        defects = DEFECTS[: p.rng.randint(1, 3)]
        p.review(ReviewerRole.COMPLIANCE_AUDITOR, Determination.DOES_NOT_COMPLY,
                 defects=defects, on_face=defects[-1][0] is not DefectItem.FACE_ALLEGATION)
        p.review(ReviewerRole.CITY_ATTORNEY, Determination.DOES_NOT_COMPLY, defects=defects[:1])
        p.review(ReviewerRole.CHAIR, Determination.SUBSTANTIALLY_COMPLIES)
        p.review(ReviewerRole.VICE_CHAIR, Determination.DOES_NOT_COMPLY, defects=defects[:1],
                 high=7)
        p.return_defective()

    for gap in (9, 31, 57):
        story(gap)(defective)

    # Campaign finance: still under review (two reviews in); forwarded to the respondent,
    # waiting for the cure; cured; not cured.
    for gap, reviews in ((3, 2), (14, 4), (38, 4)):
        story(gap, cf=True)(partial(cf_forwarded, reviews=reviews))

    def cured(p: _Plan, kind: CureKind) -> None:
        cf_forwarded(p)
        p.cure(kind)

    story(16, cf=True)(lambda p: cured(p, CureKind.BANK_STATEMENT))
    story(44, cf=True)(lambda p: cured(p, CureKind.AMENDED_REPORT))

    @story(5, cf=True)
    def _cf_not_cured(p: _Plan) -> None:
        cf_forwarded(p)
        p.not_cured()

    @story(4, cf=True)
    def _cf_not_cured_to_board(p: _Plan) -> None:
        cf_forwarded(p)
        p.not_cured()
        p.to_board(("email",))
        p.hearing_request(PartyRole.RESPONDENT)

    # Accepted, not yet forwarded to the Board (one within the ten days, one past them).
    story(3)(accepted)
    story(9)(accepted)

    # Awaiting the respondents' sworn responses; the first with its certificate of mailing.
    @story(2)
    def _notice_certified_out(p: _Plan) -> None:
        awaiting(p, ("certified_out",))
        p.certificate()

    story(7)(lambda p: awaiting(p, ("certified",), belief=True))
    story(12, matter=_ETHICS[13])(lambda p: awaiting(p, ("first_class", "hand")))

    # A response filed: the complainant's reply clock runs.
    story(1)(responded)
    story(9)(lambda p: responded(p, ("email",), copy="hand"))

    @story(3, matter=_ETHICS[13])
    def _one_of_two_responded(p: _Plan) -> None:
        awaiting(p, ("certified", "first_class"))
        p.response(1, low=6, high=11)

    # A reply filed: the case waits for the Board.
    story(6)(replied)
    story(11)(lambda p: replied(p, ("hand",)))

    @story(2)
    def _reply_and_hearing_request(p: _Plan) -> None:
        replied(p)
        p.hearing_request(PartyRole.COMPLAINANT)

    # Show cause: a hearing still to come, and one held but continued.
    @story(3)
    def _show_cause_pending(p: _Plan) -> None:
        responded(p)
        p.show_cause(pending=True)

    @story(2)
    def _show_cause_continued(p: _Plan) -> None:
        replied(p)
        p.show_cause_hearing(p.show_cause(), concluded=False)

    # Resolved, every way a case ends.
    def resolved(p: _Plan, disposition: Disposition, notes: str) -> None:
        replied(p)
        p.resolve(disposition, notes)

    for gap, disposition, notes in (
            (24, Disposition.DISMISSED, "Dismissed: the conduct alleged is outside the Board's "
                                        "jurisdiction (§ 2-83(c))."),
            (15, Disposition.NO_VIOLATION, "No violation: the evidence does not show the conduct "
                                           "alleged (§ 2-87)."),
            (40, Disposition.NO_VIOLATION, "No violation: the respondent's sworn response and "
                                           "records answer every allegation (§ 2-87)."),
            (12, Disposition.VIOLATION_FOUND, "Violation found; letter of notification to the "
                                              "respondent's appointing authority (§ 2-87)."),
            (33, Disposition.VIOLATION_FOUND, "Violation found; letter of reprimand (§ 2-87).")):
        story(gap)(partial(resolved, disposition=disposition, notes=notes))

    @story(20)
    def _show_cause_failed(p: _Plan) -> None:
        responded(p)
        p.show_cause(carried=False)
        p.resolve(Disposition.NO_VIOLATION, "No violation found after the respondent's sworn "
                                            "response (§ 2-87).")

    @story(26, matter=_ETHICS[8])  # the former official has moved: the notice comes back
    def _withdrawn(p: _Plan) -> None:
        awaiting(p, ("hand",))
        p.resolve(Disposition.WITHDRAWN, "Withdrawn by the complainant in writing.",
                  returned=True)

    @story(8, matter=_ETHICS[2])
    def _not_frivolous_then_dismissed(p: _Plan) -> None:
        responded(p)
        hearing = p.show_cause(election=True)
        p.show_cause_hearing(hearing)
        p.frivolous_vote(hearing, carried=False)
        p.resolve(Disposition.DISMISSED, "Dismissed on the evidence; similar charges are barred "
                                         "(§ 2-87).")

    @story(5, matter=_ETHICS[2])
    def _frivolous(p: _Plan) -> None:
        replied(p)
        hearing = p.show_cause(election=True)
        p.show_cause_hearing(hearing)
        p.frivolous_vote(hearing, carried=True)
        p.sanctions(p.meeting())

    return stories


def _public_information_requests(database: Database, records: Account, demo: _Demo,
                                 today: date) -> None:
    """Two requests under the Public Information Act (§ 2-83(h)(3)): a reporter's e-mail about
    a pending complaint, received three business days ago, and a mailed request for the
    Board's minutes whose receipt is presumed from its postmark (Gov't Code § 552.301(a-1))."""
    from ethics_desk.core.vocabulary import RequestChannel
    from ethics_desk.public_information import NewRequest, log_request, record_ruling_asked

    with database.read_session() as session:
        pending = [number for number, state in session.execute(
            select(Complaint.case_number, Complaint.state).order_by(Complaint.id))
            if number and state.is_pending]
    demo.clock.now = max(demo.clock.now, _at(today, OPENING_MINUTE + 30))
    received, back = today, 0
    while back < 3:
        received -= timedelta(days=1)
        back += demo.calendar.is_business_day(received)
    log_request(database, NewRequest(
        requester_name="Elena Castañeda, San Antonio Report", channel=RequestChannel.EMAIL,
        asked_for="The ethics complaint filed this month against the Parks and Recreation "
                  "Department, with its exhibits", received_on=received,
        requester_email="ecastaneda@example.org",
        requester_address="P.O. Box 15225\nSan Antonio, TX 78212",
        case_numbers=tuple(pending[:1])), account=records, clock=demo.clock)
    minutes = log_request(database, NewRequest(
        requester_name="Tomás Villarreal", channel=RequestChannel.MAIL,
        asked_for="The Ethics Review Board's minutes and votes of the last three meetings",
        postmarked_on=today - timedelta(days=14), requester_address="2310 W. Commerce St.\n"
        "San Antonio, TX 78207", other_records=("Minutes of the Ethics Review Board",)),
        account=records, clock=demo.clock)
    record_ruling_asked(database, minutes.request_id, account=records, asked_on=today,
                        told_on=today, clock=demo.clock, exceptions=(
                            "§ 552.101 — information confidential by law: the minutes' "
                            "discussion of complaints pending under City Code § 2-83(h)(1)",))


def _recovery_sheet(database: Database, demo: _Demo) -> None:
    """The demonstration's record key is recorded as having its recovery sheet, as an office's
    is on the day it sets a database up, so that ``check`` and the window do not remind of a
    sheet never made. No sheet is printed or saved: the demonstration's records are
    fictitious, and nothing of it is worth restoring on another computer (the audit record
    says so). A demonstration on a server has no sheet (the server keeps its own key)."""
    from ethics_desk.staff.accounts import DEMO_LOGINS
    from ethics_desk.storage.addresses import sqlite_path
    from ethics_desk.storage.journal import key_id_of
    from ethics_desk.storage.recovery_sheet import record_made

    if sqlite_path(database.url) is None:
        return
    with database.engine.connect() as conn:
        key_id = key_id_of(conn)
    if key_id is not None:
        record_made(database, key_id, actor=DEMO_LOGINS[Role.ADMIN], clock=demo.clock,
                    where="the demonstration's: not printed, its records are fictitious")


def build_demo(database: Database, *, today: date, seed: int = 2083,
               progress: Callable[[str], object] | None = None) -> list[tuple[str, str]]:
    """Fill an empty database with the demonstration, its stories ending by ``today`` (the
    caller's, from its clock); returns (case number, state) per case. ``progress`` is told
    what is being built as it goes (a terminal shows it: it takes a while).

    Drafts are listed as "Draft N". Refuses (``UserError``) a database that has complaints.
    """
    with database.read_session() as session:
        if session.scalar(select(func.count()).select_from(Complaint)):
            raise UserError(f"{database.description} already has complaints; demonstration cases "
                            "would be mixed with them.",
                            "Build the demonstration in a new file (--db demo.sqlite).")
    demo = _Demo(database, today, seed)
    plans = [demo.fit(index, story) for index, story in enumerate(_stories())]
    first = min(step.when for plan in plans for step in plan.steps)
    demo.clock.now = _at(demo.before(first.date(), 1), 16 * 60)
    if progress is not None:
        progress("the Board's roster")
    demo.add_roster()
    demo.run(plans, progress)
    from ethics_desk.staff.accounts import create_demo_accounts

    if progress is not None:
        progress("the staff accounts")
    accounts = create_demo_accounts(database, clock=demo.clock)
    records = next(account for account in accounts if account.role is Role.RECORDS)
    if progress is not None:
        progress("the records requests")
    _public_information_requests(database, records, demo, today)
    _recovery_sheet(database, demo)
    with database.read_session() as session:
        rows = session.execute(select(Complaint.id, Complaint.case_number, Complaint.state)
                               .order_by(Complaint.id))
        return [(number or f"Draft {complaint_id}", state.value)
                for complaint_id, number, state in rows]
