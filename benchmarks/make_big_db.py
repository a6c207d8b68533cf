"""Build a realistic 100,000-complaint database fast, for the inbox and start-up benchmarks.

``python benchmarks/make_big_db.py [--out PATH] [--count 100000] [--today YYYY-MM-DD]``

The schema comes from :func:`ethics_desk.maintenance.opening.open_database` (migrations, reference data and
the first audit record); the complaints, parties and open deadlines are then written with
SQLAlchemy Core bulk inserts (one ``executemany`` per chunk), not through the workflow, so that
100,000 cases take seconds rather than hours. What is written is what the workflow would have
written for the listing and the clocks:

* complaints received on City business days from 2019 to ``today``, numbered ``ERB-YYYY-NNN``
  in order of receipt, in every state of § 2-83 — recent ones in the early states, older ones
  resolved or returned, a small backlog of stale pending cases, and drafts without a number;
* complainants and respondents with realistic names, many accented or non-Latin;
* the open clocks of each pending case, dated by the deadline engine on the City calendar
  (``compute_due``), so ``ethics-desk check`` finds every open deadline on a business day and
  in agreement with the calendars;
* the listing columns (names, next deadline, search key) built exactly as
  ``ethics_desk.cases.listing`` builds them.

No audit records are added beyond those ``open_database`` wrote, so the audit chain verifies.
The last line printed is one JSON object with the figures.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import sys
import tempfile
import time
from bisect import bisect_right
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from datetime import UTC, date, datetime, timedelta
from datetime import time as day_time
from pathlib import Path
from typing import Any, cast
from zoneinfo import ZoneInfo

from sqlalchemy import Table, insert

from ethics_desk.cases.search_index import words_of
from ethics_desk.core.clock import system_clock
from ethics_desk.core.folding import fold
from ethics_desk.core.parties import respondent_key
from ethics_desk.deadlines import BusinessCalendar, ClockKind, actual_receipt, clock, compute_due
from ethics_desk.deadlines.schedule import load_calendars
from ethics_desk.maintenance.opening import open_database
from ethics_desk.models import (
    CaseState,
    Complainant,
    Complaint,
    Deadline,
    DeadlineStatus,
    Respondent,
    ReviewerRole,
    Route,
    ViolationPeriod,
)

OFFICE_TZ = ZoneInfo("America/Chicago")
FIRST_DAY = date(2019, 1, 2)
CHUNK = 20_000
DEFAULT_OUT = Path(tempfile.gettempdir()) / "ethics-desk-big.sqlite"
RARE_SURNAME = "Szczepańska"
"""A surname given to exactly three complainants (a benchmark's "rare surname" search)."""

# -- names ------------------------------------------------------------------------------------

FIRST_NAMES = (
    "José", "María", "Juan", "Ana", "Luis", "Sofía", "Ramón", "Inés", "Jesús", "Teresa", "Héctor",
    "Raúl", "Martín", "Lucía", "Andrés", "Mónica", "Óscar", "Ángel", "Verónica", "Begoña",
    "Guadalupe", "Rocío", "Joaquín", "Adrián", "Itzel", "Xóchitl", "Tomás", "Dolores", "Rubén",
    "Robert", "Linda", "Michael", "Jennifer", "David", "Sarah", "James", "Karen", "William",
    "Patricia", "Thomas", "Barbara", "Christopher", "Deborah", "Kevin", "Sandra", "Marcus",
    "Darnell", "Keisha", "Tyrone", "Latoya", "Chloé", "Zoë", "Hélène", "François", "Noémie",
    "Søren", "Bjørn", "Åsa", "Ingrid", "Łukasz", "Małgorzata", "Wojciech", "Agnieszka",
    "Jürgen", "Jörg", "Bärbel", "Renée", "Siobhán", "Seán", "Aoife", "Kwame", "Ama", "Chidi",
    "Fatima", "Omar", "Yusuf", "Priya", "Anjali", "Rahul", "Mei-Ling", "Hiroshi", "Yūko",
)
SURNAMES = (
    "Peña", "Núñez", "Muñoz", "Ramírez", "Hernández", "García", "Martínez", "López", "González",
    "Rodríguez", "Pérez", "Sánchez", "Gutiérrez", "Jiménez", "Domínguez", "Vázquez", "Ibáñez",
    "Cantú", "Treviño", "Briseño", "Castañeda", "Garza", "Villarreal", "Salazar", "Cárdenas",
    "Quintanilla", "Elizondo", "Montemayor", "Ybarra", "Zúñiga", "Olvera", "Benavides",
    "Smith", "Johnson", "Williams", "Brown", "Jones", "Miller", "Davis", "Wilson", "Anderson",
    "Taylor", "Thomas", "Moore", "Jackson", "White", "Harris", "Clark", "Lewis", "Walker",
    "Whitaker", "O'Brien", "O'Rourke", "McAllister", "Washington", "Hayes", "Bell", "Fairchild",
    "Ødegård", "Kierkegård", "Bråten", "Løvland", "Wróbel", "Wiśniewski", "Żukowski",
    "Kołodziej", "Müller", "Schäfer", "Groß", "Dubois", "Lefèvre", "Gagné", "Côté",
    "Al-Sayed", "Haddad", "Mensah", "Okonkwo", "Patel", "Chaudhary", "Tsai", "Nakamura",
)
VIETNAMESE_FAMILY = ("Nguyễn", "Trần", "Lê", "Phạm", "Huỳnh", "Võ", "Đặng", "Bùi", "Đỗ", "Hồ")
VIETNAMESE_MIDDLE = ("Văn", "Thị", "Minh", "Hữu", "Ngọc")
VIETNAMESE_GIVEN = ("An", "Bình", "Hà", "Khai", "Lâm", "Thu", "Hùng", "Lan", "Phương", "Dũng")
OTHER_SCRIPTS = (
    "Иван Петров", "Ольга Смирнова", "Дмитрий Козлов", "Наталья Иванова", "Сергей Волков",
    "李小龙", "王芳", "张伟", "刘洋", "陈静", "김민준", "이서연", "박지훈",
    "Γιώργος Παπαδόπουλος", "Ελένη Νικολάου", "محمد العلي", "فاطمة حداد",
)
STREETS = ("W. Nueva St.", "McCullough Ave.", "Guadalupe St.", "Callaghan Rd.", "Broadway",
           "Perrin Beitel Rd.", "Wurzbach Rd.", "S. Zarzamora St.", "Pruitt Ave.", "Ingram Rd.",
           "Basse Rd.", "Culebra Rd.", "Pleasanton Rd.", "Rigsby Ave.", "E. Commerce St.")
ZIPS = ("78201", "78204", "78207", "78209", "78212", "78214", "78217", "78228", "78240")
POSITIONS = (
    ("Council Member, District {n}", "City Council"),
    ("Planning Commissioner", "Planning Commission"),
    ("Zoning Commissioner", "Zoning Commission"),
    ("Building Inspector", "Development Services Department"),
    ("Code Enforcement Officer", "Development Services Department"),
    ("Purchasing Manager", "Finance Department"),
    ("Fire Captain", "Fire Department"),
    ("Police Sergeant", "Police Department"),
    ("Director of Parks and Recreation", "Parks and Recreation Department"),
    ("Field Supervisor", "Animal Care Services Department"),
    ("Assistant Director of Aviation", "Aviation Department"),
    ("Library Board Trustee", "San Antonio Public Library"),
    ("Registered lobbyist", "{surname} Strategies LLC"),
    ("Candidate for Council, District {n}", "{surname} for District {n}"),
)
NATURES = (
    ("Used City vehicles and staff for a private business.", "2-49"),
    ("Voted on a matter in which a relative had an economic interest.", "2-43"),
    ("Accepted a gift from a person doing business with the City.", "2-45"),
    ("Disclosed confidential information about a pending decision.", "2-46"),
    ("Represented a private client before the City's own board.", "2-47"),
    ("Held outside employment with a company the respondent oversees.", "2-48"),
    ("Had City staff do campaign work on City time.", "2-50"),
    ("Lobbied City officials without registering.", "2-63"),
    ("Did not file the campaign bank account statement.", "2-306"),
    ("Filed the campaign finance report late and on paper.", "2-307"),
)
FACTS = (
    "From {start} to {end} the respondent {verb}, according to records the complainant obtained "
    "and to two employees who saw it. The complainant raised the matter with the department "
    "before filing and received no answer.",
    "On {start} the respondent {verb}. Minutes of the meeting and e-mails forwarded to the "
    "complainant show that the respondent did not disclose the interest or ask to be recused.",
)
VERBS = ("used a City truck for private deliveries", "met privately with a bidder",
         "accepted suite tickets from an applicant", "voted on the brother-in-law's contract",
         "sent quotes for a private business from a City e-mail account")


def _person_name(rng: random.Random) -> str:
    roll = rng.random()
    if roll < 0.12:
        return (f"{rng.choice(VIETNAMESE_FAMILY)} {rng.choice(VIETNAMESE_MIDDLE)} "
                f"{rng.choice(VIETNAMESE_GIVEN)}")
    if roll < 0.18:
        return rng.choice(OTHER_SCRIPTS)
    first = rng.choice(FIRST_NAMES)
    if rng.random() < 0.15:
        return f"{first} {rng.choice(SURNAMES)}-{rng.choice(SURNAMES)}"
    return f"{first} {rng.choice(SURNAMES)}"


@dataclass(frozen=True)
class _Official:
    """A respondent: name and position (c)(3)–(4)."""

    name: str
    title: str
    department: str


def _officials(rng: random.Random, count: int) -> list[_Official]:
    people = []
    for _ in range(count):
        name = _person_name(rng)
        surname = name.split()[-1]
        title, department = rng.choice(POSITIONS)
        n = rng.randint(1, 10)
        people.append(_Official(name, title.format(n=n, surname=surname),
                                department.format(n=n, surname=surname)))
    return people


# -- the calendar -----------------------------------------------------------------------------


class _Days:
    """The City's business days as a list, for counting by index."""

    def __init__(self, calendar: BusinessCalendar, first: date, last: date) -> None:
        self.days: list[date] = []
        day = first
        while day <= last:
            if calendar.is_business_day(day):
                self.days.append(day)
            day += timedelta(days=1)

    def index_on_or_before(self, day: date) -> int:
        """The index of the last business day on or before ``day``."""
        return bisect_right(self.days, day) - 1

    def add(self, day: date, count: int) -> date:
        """The ``count``-th business day after ``day`` (``day`` itself a business day)."""
        return self.days[self.index_on_or_before(day) + count]


# -- the rows ---------------------------------------------------------------------------------


@dataclass
class _Rows:
    """The rows to insert, by table."""

    complaints: list[dict[str, Any]] = field(default_factory=list)
    complainants: list[dict[str, Any]] = field(default_factory=list)
    respondents: list[dict[str, Any]] = field(default_factory=list)
    deadlines: list[dict[str, Any]] = field(default_factory=list)


class _Builder:
    """Makes the rows of ``count`` complaints up to ``today``, deterministically for a seed."""

    def __init__(self, calendar: BusinessCalendar, today: date, count: int, seed: int) -> None:
        self.calendar = calendar
        self.today = today
        self.count = count
        self.rng = random.Random(seed)
        self.days = _Days(calendar, FIRST_DAY, today + timedelta(days=400))
        self.today_index = self.days.index_on_or_before(today)
        self.officials = _officials(self.rng, max(200, count // 30))
        self.rows = _Rows()
        self._due_cache: dict[tuple[ClockKind, date], tuple[date, str]] = {}
        self._respondent_id = 0
        self._complainant_id = 0
        self._deadline_id = 0
        self.now = datetime.now(UTC)

    # -- clocks -------------------------------------------------------------------------------

    def _due(self, kind: ClockKind, trigger: date, detail: str) -> tuple[date, str]:
        key = (kind, trigger)
        found = self._due_cache.get(key)
        if found is None:
            due = compute_due(clock(kind), actual_receipt(trigger, detail), self.calendar)
            found = (due.due, due.explain())
            self._due_cache[key] = found
        return found

    def _clock(self, complaint_id: int, kind: ClockKind, trigger: date, detail: str, *,
               subject: str = "", subject_label: str = "") -> tuple[date, str, int]:
        rule = clock(kind)
        due, explanation = self._due(kind, trigger, detail)
        self._deadline_id += 1
        title = f"{rule.title} — {subject_label}" if subject_label else rule.title
        self.rows.deadlines.append({
            "id": self._deadline_id, "complaint_id": complaint_id, "clock": kind.value,
            "subject": subject, "title": title, "citation": rule.citation, "trigger_on": trigger,
            "trigger_basis": "actual", "trigger_detail": detail, "trigger_mailed_on": None,
            "presumption_days": None, "length": rule.length, "extension_days": 0,
            "calendar": rule.calendar, "due_on": due, "explanation": explanation,
            "status": DeadlineStatus.OPEN, "closed_on": None, "version": 1})
        return due, title, self._deadline_id

    # -- one complaint ------------------------------------------------------------------------

    def build(self) -> _Rows:
        """Every complaint's rows, ids in order of receipt (drafts interleaved)."""
        drafts = max(3, self.count // 200)
        filed = self.count - drafts
        indexes = sorted(self.rng.randrange(0, self.today_index + 1) for _ in range(filed))
        draft_at = sorted(self.rng.randrange(0, len(indexes)) for _ in range(drafts))
        sequence: dict[int, int] = {}
        complaint_id = 0
        draft_pointer = 0
        rare = set(self.rng.sample(range(filed), min(3, filed)))
        for position, day_index in enumerate(indexes):
            while draft_pointer < len(draft_at) and draft_at[draft_pointer] == position:
                complaint_id += 1
                self._complaint(complaint_id, None, None, rare=False)
                draft_pointer += 1
            complaint_id += 1
            day = self.days.days[day_index]
            sequence[day.year] = sequence.get(day.year, 0) + 1
            self._complaint(complaint_id, day, sequence[day.year], rare=position in rare)
        while draft_pointer < len(draft_at):
            complaint_id += 1
            self._complaint(complaint_id, None, None, rare=False)
            draft_pointer += 1
        return self.rows

    def _state_for(self, age: int, route: Route) -> CaseState:
        rng = self.rng
        if age <= 1:
            return CaseState.RETURNED_UNSWORN if rng.random() < 0.05 else CaseState.FILED
        if age <= 8:
            return CaseState.UNDER_REVIEW
        if age <= 14:
            if route is Route.CAMPAIGN_FINANCE:
                return CaseState.CAMPAIGN_FINANCE
            return CaseState.RETURNED_DEFECTIVE if rng.random() < 0.15 else CaseState.ACCEPTED
        if route is Route.CAMPAIGN_FINANCE and age <= 30:
            return CaseState.RESOLVED if rng.random() < 0.5 else CaseState.CAMPAIGN_FINANCE
        if age <= 30:
            return CaseState.AWAITING_RESPONSE
        if age <= 45:
            return CaseState.SHOW_CAUSE if rng.random() < 0.05 else CaseState.RESPONSE_FILED
        if age <= 64:
            return CaseState.SHOW_CAUSE if rng.random() < 0.05 else CaseState.REPLY_FILED
        roll = rng.random()
        if roll < 0.005:  # the backlog: old cases still waiting on the Board
            return CaseState.REPLY_FILED
        if roll < 0.05:
            return CaseState.RETURNED_UNSWORN
        if roll < 0.15:
            return CaseState.RETURNED_DEFECTIVE
        return CaseState.RESOLVED

    def _complaint(self, complaint_id: int, day: date | None, seq: int | None, *,
                   rare: bool) -> None:
        rng = self.rng
        nature, section = rng.choice(NATURES)
        route = Route.CAMPAIGN_FINANCE if section in ("2-306", "2-307") else Route.ETHICS_CODE
        people = [_person_name(rng) for _ in range(2 if rng.random() < 0.12 else 1)]
        if rare:
            people[0] = f"{rng.choice(FIRST_NAMES)} {RARE_SURNAME}"
        officials = rng.sample(self.officials, 2 if rng.random() < 0.15 else 1)
        if day is None:
            state = CaseState.DRAFT if rng.random() < 0.3 else CaseState.DISCARDED
            received_at = None
            case_number = None
            age = 0
        else:
            age = self.today_index - self.days.index_on_or_before(day)
            state = self._state_for(age, route)
            minute = rng.randint(8 * 60 + 5, 17 * 60 + 50)
            local = datetime.combine(day, day_time(minute // 60, minute % 60), OFFICE_TZ)
            received_at = local.astimezone(UTC)
            case_number = f"ERB-{day.year}-{seq:03d}"
        respondent_ids = []
        for position, name in enumerate(people):
            self._complainant_id += 1
            self.rows.complainants.append({
                "id": self._complainant_id, "complaint_id": complaint_id, "position": position,
                "name": name, "name_folded": fold(name),
                "address": f"{rng.randint(100, 9999)} {rng.choice(STREETS)}\n"
                           f"San Antonio, TX {rng.choice(ZIPS)}",
                "phone": f"(210) 555-{rng.randint(100, 199):04d}", "email": "",
                "is_board_member_or_staff": False, "acting_for_board": False, "version": 1})
        for position, official in enumerate(officials):
            self._respondent_id += 1
            respondent_ids.append(self._respondent_id)
            self.rows.respondents.append({
                "id": self._respondent_id, "complaint_id": complaint_id, "position": position,
                "name": official.name, "name_folded": fold(official.name), "title": official.title,
                "department": official.department,
                "address": "City Hall, 100 Military Plaza\nSan Antonio, TX 78205", "email": "",
                "version": 1})
        opened = self._clocks(complaint_id, state, route, day, officials, respondent_ids) \
            if day is not None else []
        next_due, next_title = (None, "")
        if opened:
            first = min(opened, key=lambda item: (item[0], item[2]))
            next_due, next_title = first[0], first[1]
        start = (day or self.today) - timedelta(days=rng.randint(10, 90))
        parts = [case_number or "", f"draft {complaint_id}", *people,
                 *(official.name for official in officials)]
        self.rows.complaints.append({
            "id": complaint_id, "case_number": case_number,
            "case_year": day.year if day else None, "case_seq": seq, "state": state,
            "route": route, "route_confirmed": day is not None, "received_at": received_at,
            "received_by": "Rosa Elena Cantú" if day else None, "created_at": received_at or self.now,
            "created_by": "Rosa Elena Cantú", "updated_at": received_at or self.now,
            "updated_by": "Rosa Elena Cantú", "refiling_of_id": None,
            "facts": rng.choice(FACTS).format(start=start.isoformat(),
                                              end=(start + timedelta(days=20)).isoformat(),
                                              verb=rng.choice(VERBS)),
            "violation_period": ViolationPeriod.RANGE, "violation_start": start,
            "violation_end": start + timedelta(days=20), "nature": nature,
            "next_due_on": next_due,
            "resolved_on": day + timedelta(days=rng.randint(30, 120))
            if day and not state.is_pending and state is not CaseState.DRAFT else None,
            "version": 1,
            "complainant_names": "; ".join(n for n in people if n),
            "respondent_names": "; ".join(o.name for o in officials if o.name),
            "next_due_title": next_title,
            "search_key": (key := " | ".join(fold(p) for p in parts if p)),
            "search_words": words_of(key)})

    def _clocks(self, complaint_id: int, state: CaseState, route: Route, day: date,
                officials: Sequence[_Official],
                respondent_ids: Sequence[int]) -> list[tuple[date, str, int]]:
        """The open clocks of a case in ``state``, triggered on plausible business days."""
        rng = self.rng
        add = self.days.add
        opened: list[tuple[date, str, int]] = []
        if state is CaseState.FILED:
            opened.append(self._clock(complaint_id, ClockKind.PROMPT_FORWARD, day,
                                      "filed with the City Clerk"))
        elif state is CaseState.UNDER_REVIEW:
            forwarded = add(day, 1)
            for role in ReviewerRole:
                received = add(forwarded, rng.randint(0, 1))
                if received <= self.today and rng.random() < 0.8:
                    opened.append(self._clock(
                        complaint_id, ClockKind.REVIEW, received,
                        f"received by the {role.label} from the City Clerk",
                        subject=role.value, subject_label=role.label))
            kind = ClockKind.CF_FORWARD if route is Route.CAMPAIGN_FINANCE \
                else ClockKind.ETHICS_FORWARD
            opened.append(self._clock(complaint_id, kind, forwarded,
                                      "received by the Compliance Auditor from the City Clerk"))
        elif state is CaseState.ACCEPTED:
            opened.append(self._clock(complaint_id, ClockKind.ETHICS_FORWARD, add(day, 1),
                                      "received by the Compliance Auditor from the City Clerk"))
        elif state in (CaseState.AWAITING_RESPONSE, CaseState.RESPONSE_FILED,
                       CaseState.REPLY_FILED, CaseState.SHOW_CAUSE):
            if state is CaseState.AWAITING_RESPONSE:
                for official, respondent_id in zip(officials, respondent_ids, strict=True):
                    received = min(add(day, 13 + rng.randint(0, 3)), self.today)
                    received = self.days.days[self.days.index_on_or_before(received)]
                    opened.append(self._clock(
                        complaint_id, ClockKind.RESPONSE, received,
                        "the respondent's receipt of the complaint (return receipt)",
                        subject=respondent_key(respondent_id), subject_label=official.name))
            elif state in (CaseState.RESPONSE_FILED, CaseState.SHOW_CAUSE) and rng.random() < 0.6:
                official, respondent_id = officials[0], respondent_ids[0]
                received = self.days.days[self.days.index_on_or_before(
                    min(add(day, 28 + rng.randint(0, 2)), self.today))]
                opened.append(self._clock(
                    complaint_id, ClockKind.REPLY, received,
                    "the complainant's receipt of the response (return receipt)",
                    subject=respondent_key(respondent_id),
                    subject_label=f"to the response of {official.name}"))
            opened.append(self._clock(complaint_id, ClockKind.OPINION, day, "complaint filed"))
        return opened


# -- writing ----------------------------------------------------------------------------------


def _chunks(rows: list[dict[str, Any]]) -> Iterator[list[dict[str, Any]]]:
    for start in range(0, len(rows), CHUNK):
        yield rows[start:start + CHUNK]


def build(out: Path, count: int, today: date, seed: int) -> dict[str, Any]:
    """Create the database at ``out`` (replacing it) and return the figures."""
    for suffix in ("", "-wal", "-shm", "-journal"):
        Path(f"{out}{suffix}").unlink(missing_ok=True)
    started = time.perf_counter()
    database = open_database(out, clock=system_clock)
    try:
        with database.read_session() as session:
            calendar = load_calendars(session).city
        builder = _Builder(calendar, today, count, seed)
        rows = builder.build()
        generated = time.perf_counter()
        with database.engine.begin() as conn:
            for model, batch in ((Complaint, rows.complaints),
                                 (Complainant, rows.complainants),
                                 (Respondent, rows.respondents),
                                 (Deadline, rows.deadlines)):
                table = cast(Table, model.__table__)
                for chunk in _chunks(batch):
                    conn.execute(insert(table), chunk)
        with database.engine.connect() as conn:
            conn.exec_driver_sql("ANALYZE")
            conn.commit()
            conn.exec_driver_sql("PRAGMA wal_checkpoint(TRUNCATE)")
    finally:
        database.dispose()
    finished = time.perf_counter()
    states: dict[str, int] = {}
    for row in rows.complaints:
        states[row["state"].value] = states.get(row["state"].value, 0) + 1
    return {
        "benchmark": "make_big_db", "path": str(out), "today": today.isoformat(),
        "complaints": len(rows.complaints), "complainants": len(rows.complainants),
        "respondents": len(rows.respondents), "open_deadlines": len(rows.deadlines),
        "due_today": sum(1 for row in rows.complaints if row["next_due_on"] == today),
        "overdue": sum(1 for row in rows.complaints
                       if row["next_due_on"] is not None and row["next_due_on"] < today),
        "states": dict(sorted(states.items())),
        "generate_s": round(generated - started, 2), "total_s": round(finished - started, 2),
        "size_mb": round(out.stat().st_size / 1e6, 1),
    }


def main(argv: list[str] | None = None) -> int:
    """Parse the arguments, build, print the figures (JSON on the last line)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=DEFAULT_OUT,
                        help=f"the database file to (re)create (default {DEFAULT_OUT})")
    parser.add_argument("--count", type=int, default=100_000, help="complaints (default 100000)")
    parser.add_argument("--today", type=date.fromisoformat, default=None,
                        help="the day the data leads up to (default: today)")
    parser.add_argument("--seed", type=int, default=283)
    args = parser.parse_args(argv)
    os.environ.setdefault("TZ", "America/Chicago")
    if hasattr(time, "tzset"):
        time.tzset()
    today = args.today or datetime.now(OFFICE_TZ).date()
    figures = build(args.out.expanduser().resolve(), args.count, today, args.seed)
    print(f"Built {figures['complaints']} complaints in {figures['total_s']} s at {figures['path']}",
          file=sys.stderr)
    print(json.dumps(figures, ensure_ascii=False))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
