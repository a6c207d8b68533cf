"""Every office setting declared once, with its default; values live in the ``setting`` table.

The defaults come from public facts (``shared/facts.md``): the office must be able to change
each of them, because cities amend codes and move offices. Changes are audited.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from dataclasses import dataclass
from datetime import date, datetime
from typing import TYPE_CHECKING, Any

from ethics_desk.core.dates import DateStyle
from ethics_desk.core.errors import UserError
from ethics_desk.core.office_time import (
    DEFAULT_OFFICE_ZONE,
    check_zone_name,
    office_date,
    office_zone,
)

if TYPE_CHECKING:
    from zoneinfo import ZoneInfo

    from sqlalchemy.orm import Session

    from ethics_desk.core.clock import Clock

# The ORM and the audit trail are imported where a value is read or written from a session, so
# that the start-up screen can read a setting (stored_value) before SQLAlchemy is loaded.


@dataclass(frozen=True)
class Option:
    """One setting: its key, default, type and what it means."""

    key: str
    default: Any
    label: str
    choices: tuple[tuple[str, str], ...] = ()  # (value, as Settings shows it), when closed
    minimum: int = 0  # a number's least value
    maximum: int | None = None  # a number's greatest value (None: any)
    validate: Callable[[Any], None] | None = None  # raises a UserError for a value refused
    help: str = ""  # why the default is what it is (the Settings screen shows it as a tip)

    def check(self, value: Any) -> Any:
        """The value, refused with a message when it is not of the default's type (or not one
        of the choices, or outside its range, or refused by its own ``validate``)."""
        if self.choices and value not in [v for v, _label in self.choices]:
            raise UserError(f"{self.label} cannot be {value!r}.",
                            "Choose one of: " + "; ".join(t for _v, t in self.choices) + ".")
        expected = type(self.default)
        if expected is int and isinstance(value, bool):
            raise UserError(f"{self.label} must be a whole number.", "Enter a number such as 3.")
        if not isinstance(value, expected):
            raise UserError(f"{self.label} must be {expected.__name__}, not {value!r}.",
                            "Enter a value of the right kind.")
        if expected is int and value < self.minimum:
            if self.minimum == 0:
                raise UserError(f"{self.label} cannot be negative.", "Enter 0 or more.")
            raise UserError(f"{self.label} cannot be {value}: it must be at least "
                            f"{self.minimum}.", f"Enter {self.minimum} or more.")
        if expected is int and self.maximum is not None and value > self.maximum:
            raise UserError(f"{self.label} cannot be {value}: it must be at most "
                            f"{self.maximum}.", f"Enter {self.maximum} or less.")
        if self.validate is not None:
            self.validate(value)
        return value


PIA_CITY_DAYS = "public_information.city_days"
"""Whether the City's designated non-business days count for its Public Information Act
clocks (Gov't Code § 552.0031): "no" (the default) or "yes"."""


BOARD_QUORUM = "board.quorum"
"""The Board's quorum: 0 (the default) for a majority of the members serving on the meeting's
date; a number for a fixed quorum."""
BOARD_RECUSED_IN_QUORUM = "board.recused_in_quorum"
"""Whether a member present but recused counts toward the quorum: "no" (the default) or "yes"."""
BOARD_SANCTION_VOTE = "board.sanction_vote"
"""The vote that imposes a sanction under § 2-83(g): "two_thirds_record" (the default) or
"majority"."""
FOR_REVIEW = "Marked for the City Attorney's review."
CLERK_PARTY_TELL = "clerk_party.tell"
"""Whom the office tells when a complaint names the City Clerk or a member of the Clerk's staff
as a party (the case's warning names them)."""

SPANISH_DEFAULTS = {
    "office.name": "Oficina de la Secretaría Municipal",
    "office.city": "Ciudad de San Antonio",
    "office.signatory": "Secretaría Municipal",
    "office.signatory_title": "Secretaría Municipal",
}
"""The Spanish of the office's default name, city and signatory (``office.name_es`` …), as a
Spanish paper prints them: the vocabulary of the Spanish templates ("Secretaría Municipal" for
City Clerk). A Spanish setting left at its default while its English one was changed prints the
English one as typed (a name the office chose), never the Spanish of another office's name."""


def spanish(session: Session, key: str) -> str:
    """The Spanish papers' value of ``key`` (``office.name``): its ``_es`` setting when the office
    set one, the Spanish default when the English value is its default, else the English value as
    the office typed it."""
    english, own = get(session, key), get(session, f"{key}_es")
    if own != SPANISH_DEFAULTS[key] or english == OPTIONS[key].default:
        return str(own)
    return str(english)


def _backup_folder(value: Any) -> None:
    """The backup folder, refused when it cannot be used (imported late: not on the start-up
    path)."""
    from ethics_desk.storage.backup_files import check_folder

    check_folder(str(value))


MAIL_SERVER = "mail.server"
MAIL_PORT = "mail.port"
MAIL_SECURITY = "mail.security"
MAIL_USER = "mail.user"
MAIL_SENDER = "mail.sender"
MAIL_REPLY_TO = "mail.reply_to"
MAIL_TIMEOUT = "mail.timeout_seconds"
NO_SECURITY, STARTTLS, TLS = "none", "starttls", "tls"
"""The mail server's security: none, STARTTLS on a plain connection, or TLS from the start."""
MAX_ADDRESS = 200

_ADDRESS = re.compile(r"^[^@\s<>(),;:\"\[\]]+@[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?"
                      r"(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?)+$")


def check_address(value: str, what: str = "The e-mail address") -> str:
    """``value`` stripped, refused unless it is one plain address (``name@example.org``)."""
    value = value.strip()
    if len(value) > MAX_ADDRESS or not _ADDRESS.match(value):
        raise UserError(f"{what} “{value}” is not an e-mail address.",
                        "Enter one address such as name@example.org, without a name or "
                        "angle brackets.")
    return value


def _optional_address(value: Any) -> None:
    """A setting's address: empty, or one plain address."""
    if str(value).strip():
        check_address(str(value))


def _mail_host(value: Any) -> None:
    """The mail server's name: empty, or a name or address without a port or a path."""
    text = str(value).strip()
    if text and (any(c.isspace() for c in text) or "/" in text or ":" in text):
        raise UserError(f"The mail server “{text}” is not a server's name.",
                        "Enter only its name or address, such as smtp.example.org; the port "
                        "goes in its own field.")


GR1000_24_MINIMUM_YEARS = 2
"""Local Schedule GR's minimum for a complaint file (GR1000-24, 13 TAC § 7.125): the least an
office may adopt, and the default (:mod:`ethics_desk.retention.series` reads it here)."""
GR1000_34_MINIMUM_YEARS = 2
"""The longer of GR1000-34's minimums for a Public Information Act request file, which no
sub-series undercuts: the least an office may adopt, and the default."""

OPTIONS: dict[str, Option] = {o.key: o for o in (
    Option("security.lock_minutes", 10,
           "Idle minutes before the desk locks (0: never; § 2-83(h))"),
    Option("policy.prompt_forward_days", 1,
           "Business days allowed to forward a complaint “promptly” (§ 2-83(d)(1), office policy)"),
    Option("policy.response_forward_days", 1,
           "Business days allowed to forward a sworn response “upon receipt” to the Compliance "
           "Auditor, City Attorney's Office and Ethics Review Board (§ 2-83(e), office policy)"),
    Option("receipt.presumption_days", 3,
           "Days after mailing when receipt is presumed, if no delivery is recorded"),
    Option("office.name", "Office of the City Clerk", "Office name"),
    Option("office.city", "City of San Antonio", "City"),
    Option("office.mailing_address", "P.O. Box 839966\nSan Antonio, TX 78283-3966",
           "Mailing address"),
    Option("office.filing_address",
           "100 W. Houston Street, Concourse Level\nSan Antonio, TX 78205",
           "Where complaints are filed in person"),
    Option("office.phone", "210-207-7253", "Telephone"),
    Option("office.fax", "210-207-7032", "Fax"),
    Option("office.signatory", "City Clerk", "Who signs letters"),
    Option("office.signatory_title", "City Clerk", "Signatory's title"),
    Option("office.county", "Bexar", "County (for the notary jurat)"),
    Option("office.name_es", SPANISH_DEFAULTS["office.name"], "Office name on Spanish papers"),
    Option("office.city_es", SPANISH_DEFAULTS["office.city"], "City on Spanish papers"),
    Option("office.signatory_es", SPANISH_DEFAULTS["office.signatory"],
           "Who signs Spanish papers"),
    Option("office.signatory_title_es", SPANISH_DEFAULTS["office.signatory_title"],
           "Signatory's title on Spanish papers"),
    Option("office.time_zone", DEFAULT_OFFICE_ZONE,
           "The office's time zone (IANA name): every time on a paper or a screen is printed in "
           "it, whatever the workstation's clock is set to", validate=check_zone_name),
    Option(PIA_CITY_DAYS, "no",
           "Public Information Act clocks skip City closures too (§ 552.0031)",
           (("no", "No: State business days only"),
            ("yes", "Yes: also the City's own closed days"))),
    Option("public_information.attorney_general",
           "Office of the Attorney General\nOpen Records Division\nP.O. Box 12548\n"
           "Austin, TX 78711-2548",
           "Attorney General's address for rulings (§ 552.301)"),
    Option(BOARD_QUORUM, 0,
           "Quorum of the Ethics Review Board (0: a majority of the members serving on the "
           "meeting's date)", maximum=30,
           help="§ 2-83 sets no quorum. By default a vote needs a majority of the members the "
                "roster shows serving on the meeting's date; enter a number for a fixed quorum "
                "the Board's rules set. A vote without a quorum is refused. " + FOR_REVIEW),
    Option(BOARD_RECUSED_IN_QUORUM, "no",
           "A member present but recused counts toward the Board's quorum",
           (("no", "No: only members who take part in the vote (the default)"),
            ("yes", "Yes: every member present, recused or not")),
           help="§ 2-83 is silent. The default (No) is the conservative one: a recused member "
                "takes no part in the vote, and counting one would let a vote of two members "
                "with nine recused act for the Board. " + FOR_REVIEW),
    Option(BOARD_SANCTION_VOTE, "two_thirds_record",
           "The vote that imposes a sanction (§ 2-83(g))",
           (("two_thirds_record", "A record vote of two-thirds of those present (the default, "
                                  "§ 2-83(f)(6))"),
            ("majority", "A majority of those present")),
           help="§ 2-83(g) is silent on the vote to impose a sanction; (f)(6) ties “may "
                "recommend sanctions” to its record vote of at least two-thirds of those "
                "present, which is the default. " + FOR_REVIEW),
    Option(CLERK_PARTY_TELL, "the City Attorney's Office",
           "Whom to tell when a complaint names the City Clerk or a member of the Clerk's staff",
           help="§ 2-83 is silent on a complaint against the office that administers it. Such "
                "a person is kept from the complaint as a Board member who is a party is, and "
                "the case warns the other clerks to tell whom this setting names (the default: "
                "the City Attorney's Office). " + FOR_REVIEW),
    Option(MAIL_SERVER, "", "Mail server for papers sent by e-mail (empty: none)",
           validate=_mail_host,
           help="The office's SMTP server, such as smtp.office365.com. Until one is set, "
                "papers are only mailed or handed over, and deadlines are sent to no one's "
                "calendar. Its password is kept in each computer's credential store (Set the "
                "mail password), never in the database."),
    Option(MAIL_PORT, 587, "Mail server's port", minimum=1, maximum=65535,
           help="587 for STARTTLS (the usual), 465 for TLS from the start, 25 for none."),
    Option(MAIL_SECURITY, STARTTLS, "Mail server's security",
           ((STARTTLS, "STARTTLS (the usual, port 587)"),
            (TLS, "TLS from the start (port 465)"),
            (NO_SECURITY, "None (a server inside the office's network only)"))),
    Option(MAIL_USER, "", "Mail server's user name (empty: no sign-in)"),
    Option(MAIL_SENDER, "", "Papers are sent from (an address of the office)",
           validate=_optional_address),
    Option(MAIL_REPLY_TO, "", "Replies go to (empty: the sender)", validate=_optional_address),
    Option(MAIL_TIMEOUT, 30, "Seconds to wait for the mail server", minimum=1, maximum=300),
    Option("display.date_style", DateStyle.ISO.value, "Date fields show dates as",
           tuple((style.value, style.label) for style in DateStyle)),
    Option("backup.folder", "",
           "Backup folder (empty: a “Backups” folder beside the database)",
           validate=_backup_folder),
    Option("backup.keep_daily", 7, "Daily backups kept (the newest of each day)",
           minimum=1, maximum=366),
    Option("backup.keep_weekly", 4, "Weekly backups kept (the newest of each ISO week)",
           minimum=1, maximum=260),
    Option("backup.keep_monthly", 12, "Monthly backups kept (the newest of each month)",
           minimum=1, maximum=240),
    Option("retention.gr1000_24_years", GR1000_24_MINIMUM_YEARS,
           "Years a complaint file is kept after its resolution "
           f"(GR1000-24: at least {GR1000_24_MINIMUM_YEARS})",
           minimum=GR1000_24_MINIMUM_YEARS, maximum=99),
    Option("retention.gr1000_34_years", GR1000_34_MINIMUM_YEARS,
           "Years a Public Information Act request file is kept after the request is closed "
           f"(GR1000-34: at least {GR1000_34_MINIMUM_YEARS}, the office's default)",
           minimum=GR1000_34_MINIMUM_YEARS, maximum=99),
)}
"""The office's settings. Those under ``backup.`` are the automatic backups of a SQLite
database (:mod:`ethics_desk.maintenance.auto_backup`); a server is backed up by IT. Those under
``retention.`` are the periods the office has adopted for its record series, never shorter
than the State's minimum (:data:`ethics_desk.retention.series.SERIES` states the minimums and
names these keys; the Records officer changes them on the Retention screen)."""


def stored_value(key: str, stored: str | None) -> Any:
    """The value of ``key`` from its stored JSON text (None when not stored: the default)."""
    option = OPTIONS[key]
    if stored is None:
        return option.default
    return json.loads(stored)


def get(session: Session, key: str) -> Any:
    """The stored value, or the declared default."""
    from ethics_desk.models import Setting

    row = session.get(Setting, key)
    return stored_value(key, None if row is None else row.value)


def time_zone(session: Session) -> ZoneInfo:
    """The office's time zone (``office.time_zone``), in which every moment is printed."""
    return office_zone(get(session, "office.time_zone"))


def office_today(session: Session, clock: Clock) -> date:
    """The office's date now: the clock's moment in the office's time zone — not the
    workstation's, which may be set to another (a laptop brought back from a trip). What is
    dated by "today" — a request's receipt checked against it, a paper's date, the day a case
    becomes eligible for disposal — is the office's day."""
    return office_date(clock(), time_zone(session))


def set_value(session: Session, key: str, value: Any, *, actor: str, at: datetime) -> None:
    """Store a setting in the caller's transaction, with its audit record stamped ``at``."""
    from ethics_desk.models import Setting
    from ethics_desk.storage import audit

    if key not in OPTIONS:
        raise UserError(f"There is no setting called “{key}”.",
                        "Choose one of: " + ", ".join(sorted(OPTIONS)) + ".")
    value = OPTIONS[key].check(value)
    row = session.get(Setting, key)
    old = None if row is None else json.loads(row.value)
    if row is None:
        session.add(Setting(key=key, value=json.dumps(value, ensure_ascii=False)))
    else:
        row.value = json.dumps(value, ensure_ascii=False)
    audit.append(session, actor=actor, action="setting.change", at=at,
                 summary=f"{OPTIONS[key].label}: {old!r} → {value!r}",
                 detail={"key": key, "old": old, "new": value})
