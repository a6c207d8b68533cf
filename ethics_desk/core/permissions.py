"""What each role may do and see: one permission table, deny by default.

Three tables, each read by everything that asks (the workflow controller, the queries that read
cases, the screens and the commands), so a screen, a command and a test get the same answer:

- :data:`EVENT_ROLES` — who may move a complaint by each event of the workflow table
  (:mod:`ethics_desk.workflow.table`). An event with no row is allowed to nobody.
- :data:`ACT_ROLES` — who may do each act outside a case's workflow (accounts, settings, the
  calendar, mail, the Board packet …). An act with no row is allowed to nobody.
- :data:`SEES_FROM` — how far a complaint must have gone before a role receives it (§ 2-83(d)):
  the City Clerk's staff from the filing; the Chair, the Vice Chair, the Compliance Auditor and
  the City Attorney's Office once it is forwarded for review under (d)(1); the other members of
  the Ethics Review Board only once it is forwarded to the Board under (d)(3), and never a
  complaint to which they are a party (§ 2-83(h)(1): a respondent learns of it as a respondent,
  from the papers sent to them). The Records officer and the Administrator receive no complaint.

No Qt here, and no database: the callers say how far the case has gone and whether the person
is a party.
"""

from __future__ import annotations

from enum import IntEnum, StrEnum

from ethics_desk.core.events import Event
from ethics_desk.core.roles import Role
from ethics_desk.core.vocabulary import CaseState, ReviewerRole

CLERK = frozenset({Role.CLERK})
REVIEWERS = frozenset({Role.AUDITOR, Role.ATTORNEY, Role.CHAIR, Role.VICE_CHAIR})
"""Those who receive a complaint for review under § 2-83(d)(1), each recording their own."""
BOARD = frozenset({Role.CHAIR, Role.VICE_CHAIR, Role.MEMBER})
KEPT_FROM_THEIR_OWN = BOARD | CLERK
"""Those kept from a complaint of which they are, or may be, a party (a complainant, respondent
or witness): the Board's members (§ 2-83(h)(1); § 2-85) and the City Clerk's staff, who would
otherwise handle a complaint against themselves — § 2-83 is silent on them; the office keeps
them out as it keeps a Board member out, and tells the person its settings name
(``clerk_party.tell``)."""


class Reach(IntEnum):
    """How far a complaint has gone, in the order § 2-83(d) forwards it."""

    AT_THE_CLERK = 1  # filed (or returned as not sworn); with the City Clerk only, (c)
    IN_REVIEW = 2  # forwarded for review, (d)(1), or to the respondent, (d)(2)
    BEFORE_THE_BOARD = 3  # forwarded to the Board, (d)(3)


class Act(StrEnum):
    """An act outside a case's workflow, as the permission table names it."""

    TAKE_COMPLAINT = "take_complaint"  # the intake at the counter, § 2-83(c)
    MAIL_PAPERS = "mail_papers"  # issue, print and record mailings (the Mail screen)
    RECORD_WITNESSES = "record_witnesses"  # the witnesses of § 2-83(h)(1) on a case
    LINK_PARTIES = "link_parties"  # whether a Board member is a party of a case, (h)(1)
    ENTER_INTO_RECORD = "enter_into_record"  # a paper entered into a hearing's record, (h)(2)
    ADD_NOTE = "add_note"  # a note on a case: a call, a visit, an e-mail (append-only)
    EDIT_CALENDAR = "edit_calendar"  # office closures and Fiesta days
    EDIT_SETTINGS = "edit_settings"  # letterhead and policy days
    EDIT_WORDING = "edit_wording"  # letter wording and the Ethics Code enclosure
    MANAGE_BOARD = "manage_board"  # the Board's roster, terms and elections
    BOARD_PACKET = "board_packet"  # a meeting's confidential packet
    EXPORT_LIST = "export_list"  # the inbox's list as a spreadsheet (.xlsx or .csv)
    KEEP_VIEWS = "keep_views"  # one's own saved views of the inbox: save, rename, delete
    SHARE_VIEWS = "share_views"  # a saved view of the inbox shared with the whole office
    OWN_CALENDAR = "own_calendar"  # one's own deadlines sent to one's own calendar, or saved
    ACCESS_HISTORY = "access_history"  # who saw a case and when
    CASE_FILE = "case_file"  # the whole case file as one PDF, within the cases one may see
    AUDIT_TRAIL = "audit_trail"  # the audit trail browsed, filtered and exported, each in scope
    PUBLIC_INFORMATION = "public_information"  # Public Information Act requests
    RETENTION = "retention"  # the retention schedule, the disposal list and disposal
    LEGAL_HOLD = "legal_hold"  # place and release legal holds, Local Gov't Code § 202.002
    MANAGE_ACCOUNTS = "manage_accounts"  # add, disable, reset accounts
    BACKUP_AND_CHECK = "backup_and_check"  # backups, restores, ethics-desk check
    STATISTICS = "statistics"  # the office's counts for a period: no names, no case named
    ANNUAL_REPORT = "annual_report"  # the year's report, public and for the Board, issued


EVENT_ROLES: dict[Event, frozenset[Role]] = {
    # The City Clerk takes, returns and forwards the complaint, § 2-83(c)–(d)
    Event.FILE: CLERK,
    Event.DISCARD: CLERK,
    Event.RETURN_UNSWORN: CLERK,
    Event.FORWARD_FOR_REVIEW: CLERK,
    # Each reviewer records their own review, § 2-83(d)(1); the Clerk's staff enter a review
    # that arrives on paper (:data:`OWN_REVIEW` keeps a reviewer to their own)
    Event.RECORD_REVIEW: CLERK | REVIEWERS,
    # The outcome of the review and the campaign-finance cure, recorded by the Clerk,
    # § 2-83(d)(2)–(3); § 2-82(b)(2) (the City Clerk verifies the cure)
    Event.ACCEPT: CLERK,
    Event.RETURN_DEFECTIVE: CLERK,
    Event.FORWARD_CAMPAIGN_FINANCE: CLERK,
    Event.RECORD_CURE: CLERK,
    Event.NOT_CURED: CLERK,
    # The Clerk forwards, receives and files the papers of the proceeding, § 2-83(d)(3), (e)
    Event.FORWARD_TO_BOARD: CLERK,
    Event.RECORD_RESPONDENT_RECEIPT: CLERK,
    # Time granted to a respondent, the Board's or its Chair's, recorded by the Clerk, § 2-87(a)
    Event.GRANT_MORE_TIME: CLERK,
    Event.RECORD_COMPLAINANT_RECEIPT: CLERK,
    Event.FILE_RESPONSE: CLERK,
    Event.FORWARD_RESPONSE: CLERK,  # § 2-83(e), last paragraph
    Event.FILE_REPLY: CLERK,
    Event.REQUEST_HEARING: CLERK,
    Event.SCHEDULE_HEARING: CLERK,
    Event.RECORD_HEARING: CLERK,
    # The notice of a rule not alleged is the Board's, sent by the Clerk's staff, § 2-85(c)
    Event.GIVE_RULE_NOTICE: CLERK,
    # The Board's own acts, entered by the Clerk as its record, § 2-83(d)(4), (f), (g)
    Event.ORDER_SHOW_CAUSE: CLERK,
    Event.RECORD_SHOW_CAUSE_HEARING: CLERK,
    Event.RECORD_FRIVOLOUS_VOTE: CLERK,
    Event.IMPOSE_SANCTIONS: CLERK,
    # The Clerk's office receives a civil penalty's payment and records its waiver, § 2-83(g)(2)(a)
    Event.RECORD_PENALTY_PAYMENT: CLERK,
    Event.WAIVE_PENALTY: CLERK,
    Event.RESOLVE: CLERK,
    # The complainant's withdrawal is received and recorded by the Clerk, § 2-83(d)(4)
    Event.WITHDRAW: CLERK,
}

ACT_ROLES: dict[Act, frozenset[Role]] = {
    Act.TAKE_COMPLAINT: CLERK,
    Act.MAIL_PAPERS: CLERK,
    Act.RECORD_WITNESSES: CLERK,
    # Whether a Board member is a complainant, a respondent or a witness of a complaint, and so
    # may not receive it as a member (§ 2-83(h)(1)), is the City Clerk's decision: the Clerk
    # takes the complaint and knows its parties (§ 2-83(c)) — and may tell no one else of it
    Act.LINK_PARTIES: CLERK,
    Act.ENTER_INTO_RECORD: CLERK,
    # A note of a call, a visit or an e-mail about a case is added by whoever works the case:
    # the City Clerk's staff, whose every step of the workflow is (a reviewer records only their
    # own review). Whoever receives the case reads its notes, as they read the rest of it
    # (SEES_FROM); no one changes or removes one — a correction is a new note.
    Act.ADD_NOTE: CLERK,
    Act.EDIT_CALENDAR: CLERK,
    Act.EDIT_SETTINGS: CLERK,
    Act.EDIT_WORDING: CLERK,
    Act.MANAGE_BOARD: CLERK,
    Act.BOARD_PACKET: CLERK | BOARD,
    # The inbox's list exported as a spreadsheet: by whoever sees the inbox, which is every
    # role, because it holds only the complaints that person receives (SEES_FROM, the same
    # query and scope as the list on the screen) and so tells no one of a complaint they may
    # not know of, § 2-83(h)(1). Each export is a disclosure on record, naming every case.
    Act.EXPORT_LIST: frozenset(Role),
    # A saved view of the inbox is a filter and an order under a name: it names no complaint
    # and shows only the complaints the person choosing it receives (SEES_FROM), so whoever has
    # an inbox — every role — keeps views of their own.
    Act.KEEP_VIEWS: frozenset(Role),
    # A shared view appears in everyone's list of views. The City Clerk's staff run the inbox
    # for the office (every step of the workflow is theirs) and so decide which views the
    # office shares; anyone else keeps their views to themselves, and the office's list does
    # not grow with every person's own.
    Act.SHARE_VIEWS: CLERK,
    # One's own deadlines in one's own calendar (Outlook invitations, or one .ics file): the
    # deadlines of the complaints that person receives (SEES_FROM), each named by its case
    # number and step, never a party — so whoever has an inbox, every role, may ask for theirs.
    Act.OWN_CALENDAR: frozenset(Role),
    Act.ACCESS_HISTORY: CLERK,
    # The audit trail, browsed across cases (:mod:`ethics_desk.maintenance.audit_trail` decides
    # each one's scope, deny by default; a record outside it is neither listed nor counted):
    # - the Compliance Auditor: the records of the complaints they receive (SEES_FROM, from the
    #   forwarding for review, § 2-83(d)(1)), their own records, and the office's records that
    #   name no case (accounts, sign-ins, settings, the calendar, wording, backups, the roster);
    # - the Records officer, who keeps every case's retention (its number and dates, never its
    #   content): their own records, the office's records that name no case, and the retention
    #   and Public Information Act records that are theirs to keep — never a case's own records,
    #   whose summaries name its parties (§ 2-83(h)(1));
    # - the Administrator, who receives no complaint: their own records and the office's
    #   records that name no case.
    # No one else: the Clerk's staff read a case's history in the case window (ACCESS_HISTORY);
    # the trail of another's cases is no Board member's or reviewer's business.
    Act.AUDIT_TRAIL: frozenset({Role.AUDITOR, Role.RECORDS, Role.ADMIN}),
    # Requests for complaint records go to the Public Information Act, § 2-83(h)(3); while a
    # complaint is pending, a request about it is the Records officer's and the City Attorney's
    # only, (h)(1). The counter hands a written request to the Records officer, who logs it.
    Act.PUBLIC_INFORMATION: frozenset({Role.RECORDS, Role.ATTORNEY}),
    # The whole case file as one PDF: for the City Attorney's Office (litigation, the Board's
    # counsel) and the Records officer (a request under § 2-83(h)(3)), each within its scope —
    # the Attorney the cases it receives, the Records officer the cases a logged request names
    # (ethics_desk.cases.case_file_pdf._case_in_scope). And the City Clerk's staff: the Clerk
    # keeps the case file and already sees every part of it (every paper, the ledger, the
    # access history); it is they who assemble the file when the Attorney or the Records
    # officer asks for it on paper. Any other case is answered as one that does not exist.
    Act.CASE_FILE: frozenset({Role.ATTORNEY, Role.RECORDS}) | CLERK,
    Act.RETENTION: frozenset({Role.RECORDS}),
    # A hold is placed for litigation, an audit or a request (Local Government Code § 202.002):
    # by the Records officer, or by the City Attorney's Office, which handles the litigation
    Act.LEGAL_HOLD: frozenset({Role.RECORDS, Role.ATTORNEY}),
    Act.MANAGE_ACCOUNTS: frozenset({Role.ADMIN}),
    Act.BACKUP_AND_CHECK: frozenset({Role.ADMIN}),
    # The office's statistics (ethics_desk.reports.statistics): counts of the whole office, no
    # name and no case number. The City Clerk's staff, who take and keep every complaint
    # (§ 2-83(c)–(e)) and already see each case the counts are made of; and the Administrator,
    # who runs the office's systems and reports on them, reading counts only, never a case's
    # content. No one else: a count by provision or by route over a short period can point at a
    # complaint still pending, which § 2-83(h)(1) keeps from everyone but its parties and
    # witnesses — the reviewers and the Board receive a complaint only once it is forwarded to
    # them ((d)(1), (d)(3)), and would learn from the counts of those they do not yet receive;
    # the Records officer answers requests for records and needs no count of them. The public
    # figures, with the small counts suppressed, are the annual report's.
    Act.STATISTICS: CLERK | frozenset({Role.ADMIN}),
    # The office's annual report (ethics_desk.reports.annual_report): the City Clerk's staff,
    # who keep every complaint (§ 2-83(c)–(e)) and sign and issue the office's papers — the
    # report goes out over the City Clerk's signature. Not the Administrator, who may count
    # the figures but signs nothing for the office; not the Board, to whom the confidential
    # version is addressed and who would otherwise issue a paper about itself.
    Act.ANNUAL_REPORT: CLERK,
}

TRAIL_OFFICE_ACTS: tuple[str, ...] = (
    "account.", "setting.", "calendar.", "wording.", "enclosure.", "reference.", "provisions.",
    "backup.", "database.", "record_key.", "export.key", "board.roster", "board.member_add",
    "board.term_", "board.election_", "view.audit", "export.audit")
"""The families of the office's own acts that name no case, by the start of their audit action
(accounts and sign-ins, settings, the calendar, the letters' wording, reference data, backups
and the record key, the Board's roster, the trail's own reads and exports)."""

TRAIL_NO_CASE: dict[Role, tuple[str, ...]] = {
    Role.AUDITOR: TRAIL_OFFICE_ACTS,
    Role.RECORDS: (*TRAIL_OFFICE_ACTS, "retention.", "pia."),
    Role.ADMIN: TRAIL_OFFICE_ACTS,
}
"""Which audit records that name no case each role reads in the trail (``Act.AUDIT_TRAIL``),
by the start of their action; a role not named reads none (deny by default). A list of cases
shown (``view.list``) names its cases by id and is never among them."""

TRAIL_CASE_RECORDS: frozenset[Role] = frozenset({Role.AUDITOR})
"""The roles that read a case's own audit records in the trail: those of the cases they
receive (:data:`SEES_FROM`)."""

HOLDS_ANY_CASE: frozenset[Role] = frozenset({Role.RECORDS})
"""Who may name any filed case in a legal hold, by its number: the Records officer, who keeps
the retention of every case (its number and dates, never its content). Another role that may
place a hold (:data:`ACT_ROLES`) names only the cases it receives, so a hold tells no one of a
case they may not know of (§ 2-83(h)(1))."""

OWN_REVIEW: dict[Role, ReviewerRole] = {
    Role.AUDITOR: ReviewerRole.COMPLIANCE_AUDITOR,
    Role.ATTORNEY: ReviewerRole.CITY_ATTORNEY,
    Role.CHAIR: ReviewerRole.CHAIR,
    Role.VICE_CHAIR: ReviewerRole.VICE_CHAIR,
}
"""The one review of § 2-83(d)(1) each reviewer's role records: their own."""

SEES_FROM: dict[Role, Reach] = {
    Role.CLERK: Reach.AT_THE_CLERK,
    Role.AUDITOR: Reach.IN_REVIEW,
    Role.ATTORNEY: Reach.IN_REVIEW,
    Role.CHAIR: Reach.IN_REVIEW,
    Role.VICE_CHAIR: Reach.IN_REVIEW,
    Role.MEMBER: Reach.BEFORE_THE_BOARD,
}
"""How far a complaint must have gone before each role receives it; a role with no row
(the Records officer, the Administrator) receives none."""

_IN_REVIEW = frozenset({CaseState.UNDER_REVIEW, CaseState.CAMPAIGN_FINANCE, CaseState.ACCEPTED,
                        CaseState.RETURNED_DEFECTIVE})
_BEFORE_THE_BOARD = frozenset({CaseState.AWAITING_RESPONSE, CaseState.RESPONSE_FILED,
                               CaseState.REPLY_FILED, CaseState.SHOW_CAUSE})


def reach_of(state: CaseState, *, reached_the_board: bool = False) -> Reach | None:
    """How far a complaint in ``state`` has gone (None: a draft or a discarded draft, which
    no one but the Clerk's staff sees). A resolved complaint has gone as far as it went:
    ``reached_the_board`` says whether it was forwarded under (d)(3) before it was resolved."""
    if state in (CaseState.DRAFT, CaseState.DISCARDED):
        return None
    if state in _BEFORE_THE_BOARD or (state is CaseState.RESOLVED and reached_the_board):
        return Reach.BEFORE_THE_BOARD
    if state in _IN_REVIEW or state is CaseState.RESOLVED:
        return Reach.IN_REVIEW
    return Reach.AT_THE_CLERK


def may_fire(role: Role, event: Event) -> bool:
    """Whether ``role`` may move a complaint by ``event`` (no row: no one may)."""
    return role in EVENT_ROLES.get(event, frozenset())


def who_may_fire(event: Event) -> str:
    """The roles that may move a complaint by ``event``, in words ("nobody" for none)."""
    roles = [role.label for role in Role if role in EVENT_ROLES.get(event, frozenset())]
    return " or ".join(roles) if roles else "nobody"


def who_may(act: Act) -> str:
    """The roles that may do ``act``, in words ("nobody" for none)."""
    roles = [role.label for role in Role if role in ACT_ROLES.get(act, frozenset())]
    return " or ".join(roles) if roles else "nobody"


def may(role: Role, act: Act) -> bool:
    """Whether ``role`` may do ``act`` (no row: no one may)."""
    return role in ACT_ROLES.get(act, frozenset())


def may_see(role: Role, reach: Reach | None, *, is_party: bool = False) -> bool:
    """Whether ``role`` receives a complaint that has gone as far as ``reach``.

    A draft (``reach`` None) is the Clerk's staff's alone. A member of the Board who is, or may
    be, a party to the complaint (a complainant, respondent or witness, until the Clerk decides:
    :mod:`ethics_desk.board.party_links`) never receives it as a member, § 2-83(h)(1).
    """
    if is_party and role in KEPT_FROM_THEIR_OWN:
        return False
    if reach is None:
        return role is Role.CLERK
    start = SEES_FROM.get(role)
    return start is not None and reach >= start
