"""The provisions catalogue as the intake offers it: what can be cited, and which route it takes."""

from __future__ import annotations

import csv
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date
from pathlib import Path

from sqlalchemy import or_, select

from ethics_desk.core.account import Account
from ethics_desk.core.clock import Clock
from ethics_desk.core.errors import StorageError, UserError
from ethics_desk.core.folding import fold
from ethics_desk.core.permissions import Act
from ethics_desk.intake.record import Intake, Problem
from ethics_desk.models import Provision, Route
from ethics_desk.models.complaint import in_force
from ethics_desk.staff.acting import service
from ethics_desk.storage import audit
from ethics_desk.storage.database import Database

CAMPAIGN_FINANCE_SECTIONS = frozenset({"2-306", "2-307"})
"""§ 2-83(d)(2): complaints alleging a violation of these sections take the campaign-finance route."""


@dataclass(frozen=True)
class ProvisionChoice:
    """One citable provision."""

    id: int
    code: str
    section: str
    title: str
    citation: str
    campaign_finance_route: bool
    search_key: str
    effective_on: date | None = None
    repealed_on: date | None = None

    def in_force_on(self, day: date) -> bool:
        """Whether the provision was law on ``day``: in effect, and not yet repealed."""
        return in_force(self.effective_on, self.repealed_on, day)

    def in_force_words(self) -> str:
        """When it was law, as the intake says it ("in force from 2018-06-21")."""
        since = f" from {self.effective_on.isoformat()}" if self.effective_on else ""
        until = f" until {self.repealed_on.isoformat()}" if self.repealed_on else ""
        return f"in force{since}{until}"

    @property
    def label(self) -> str:
        """"Ethics Code § 2-43 Conflicts of interest"."""
        prefix = f"{self.code} " if self.code in ("Ethics Code", "Campaign Finance Code") else ""
        return f"{prefix}{self.citation}"


def provision_choices(database: Database, on: date | None = None) -> list[ProvisionChoice]:
    """Provisions in force on ``on`` (every provision when ``on`` is None), in catalogue order,
    each with the dates it was law."""
    with database.read_session() as session:
        query = select(Provision).order_by(Provision.id)
        if on is not None:
            query = query.where(or_(Provision.repealed_on.is_(None), Provision.repealed_on > on),
                                or_(Provision.effective_on.is_(None),
                                    Provision.effective_on <= on))
        return [ProvisionChoice(p.id, p.code, p.section, p.title, p.citation,
                                p.campaign_finance_route,
                                fold(f"{p.code} {p.section} {p.title} {p.note}"),
                                p.effective_on, p.repealed_on)
                for p in session.scalars(query)]


def provisions_not_in_force(choices: Sequence[ProvisionChoice], intake: Intake) -> list[Problem]:
    """A warning for each provision the intake cites that was not law on a day of the alleged
    violation (its first and last day, § 2-83(c)(5), (c)(6)): the complainant cites the
    provision, so the Clerk files it as brought and the Compliance Auditor's review weighs it
    (§ 2-83(d)(3)); the intake says which and when it was law, so that a slip of the date or
    of the section is caught at the counter."""
    start = intake.violation_start
    if start is None:
        return []
    days = sorted({start, intake.violation_end or start})
    chosen = set(intake.provision_ids)
    problems = []
    for choice in choices:
        if choice.id in chosen:
            missed = [day for day in days if not choice.in_force_on(day)]
            if missed:
                when = " and ".join(day.isoformat() for day in missed)
                problems.append(Problem(
                    "provision_ids", f"{choice.citation} was not in force on {when} "
                    f"({choice.in_force_words()}): check the provision cited and the date of "
                    "the alleged violation with the complainant.", "§ 2-83(c)(5), (c)(6)",
                    warning=True))
    return problems


def suggested_route(choices: list[ProvisionChoice], chosen_ids: list[int]) -> Route:
    """(d)(2): a §§ 2-306/2-307 provision means the campaign-finance route."""
    chosen = set(chosen_ids)
    if any(c.campaign_finance_route for c in choices if c.id in chosen):
        return Route.CAMPAIGN_FINANCE
    return Route.ETHICS_CODE


def read_provisions_csv(path: Path) -> list[Provision]:
    """Provisions from a catalogue file (columns: code, section, title, division, effective,
    note, and optionally repealed), refused with the line when a row is not valid: a date that
    is not YYYY-MM-DD, a repeal not after the provision took effect, a section listed twice."""
    provisions = []
    seen: dict[tuple[str, str], int] = {}
    try:
        handle = path.open(encoding="utf-8-sig", newline="")
    except OSError as exc:
        raise UserError(f"The catalogue {path} cannot be read ({exc.strerror or exc}).",
                        "Check the file's name and that it is a CSV file saved as UTF-8.") from exc
    with handle:
        try:
            for line, row in enumerate(csv.DictReader(handle), start=2):
                provisions.append(_provision_of(path, line, row, seen))
        except UnicodeDecodeError as exc:
            raise UserError(f"{path.name} is not a CSV file saved as UTF-8.",
                            "Save it as “CSV UTF-8” and load it again.") from exc
    return provisions


def _provision_of(path: Path, line: int, row: dict[str, str | None],
                  seen: dict[tuple[str, str], int]) -> Provision:
    where = f"{path.name}, line {line}"
    try:
        code, section = (row["code"] or "").strip(), (row["section"] or "").strip()
        effective = date.fromisoformat(row["effective"] or "") if row.get("effective") else None
        repealed = date.fromisoformat(row["repealed"] or "") if row.get("repealed") else None
    except (KeyError, ValueError) as exc:
        raise StorageError(f"{where}: {exc} is not valid.",
                           "Fix that line of the provisions catalogue (dates as YYYY-MM-DD; "
                           "columns code, section, title, division, effective, note, "
                           "repealed).") from exc
    if not code or not section or not (row.get("title") or "").strip():
        raise StorageError(f"{where}: a provision needs its code, section and title.",
                           "Fill them in on that line.")
    if effective is not None and repealed is not None and repealed <= effective:
        raise StorageError(f"{where}: § {section} is repealed on {repealed.isoformat()}, not "
                           f"after it took effect on {effective.isoformat()}.",
                           "Correct one of the two dates.")
    if (code, section) in seen:
        raise StorageError(f"{where}: {code} § {section} is already on line "
                           f"{seen[(code, section)]}.", "List each section once.")
    seen[(code, section)] = line
    return Provision(code=code, section=section, title=(row.get("title") or "").strip(),
                     division=(row.get("division") or "").strip(), effective_on=effective,
                     repealed_on=repealed, note=(row.get("note") or "").strip(),
                     campaign_finance_route=section in CAMPAIGN_FINANCE_SECTIONS)


@dataclass(frozen=True)
class CatalogueChange:
    """What loading a revised catalogue changed: the citations added, revised and repealed."""

    added: tuple[str, ...]
    revised: tuple[str, ...]
    repealed: tuple[str, ...]

    def sentence(self) -> str:
        """"2 added, 1 revised, 1 repealed (§ 2-61)"."""
        def part(label: str, items: tuple[str, ...]) -> str:
            return f"{len(items)} {label}" + (f" ({', '.join(items)})" if items else "")
        return ", ".join((part("added", self.added), part("revised", self.revised),
                          part("repealed", self.repealed)))


_REVISED = ("title", "division", "effective_on", "repealed_on", "note")


@service(Act.EDIT_SETTINGS, "Loading a revised catalogue of provisions")
def load_catalogue(database: Database, revised: Sequence[Provision], *,
                   repealed_on: date | None, account: Account, clock: Clock) -> CatalogueChange:
    """Bring the catalogue the intake offers (§ 2-83(c)(5)) up to a revised one, in one
    audited transaction: a section new to it is added, one whose title, division, dates or note
    changed is revised, and a section the revised catalogue no longer lists is recorded as
    repealed on ``repealed_on`` — never deleted, since complaints cite it. Without
    ``repealed_on`` a catalogue that leaves sections out is refused, naming them."""
    now = clock()
    with database.unit_of_work() as session:
        current = {(p.code, p.section): p for p in session.scalars(select(Provision))}
        wanted = {(p.code, p.section): p for p in revised}
        dropped = [p for key, p in current.items()
                   if key not in wanted and p.repealed_on is None]
        if dropped and repealed_on is None:
            names = ", ".join(p.citation for p in dropped[:10])
            more = f" and {len(dropped) - 10} more" if len(dropped) > 10 else ""
            raise UserError(f"The revised catalogue leaves out {len(dropped)} section(s) the "
                            f"intake offers now: {names}{more}.",
                            "Give the day they were repealed (--repealed-on YYYY-MM-DD), or "
                            "add them to the file.")
        added, changed = [], []
        for key, row in wanted.items():
            old = current.get(key)
            if old is None:
                session.add(row)
                added.append(row.citation)
            elif any(getattr(old, name) != getattr(row, name) for name in _REVISED):
                for name in _REVISED:
                    setattr(old, name, getattr(row, name))
                changed.append(old.citation)
        for provision in dropped:
            provision.repealed_on = repealed_on
        change = CatalogueChange(tuple(added), tuple(changed),
                                 tuple(p.citation for p in dropped))
        audit.append(session, actor=account.display, action="provisions.load",
                     summary=f"Loaded a revised catalogue of provisions: {change.sentence()}",
                     at=now, detail={"added": list(change.added),
                                     "revised": list(change.revised),
                                     "repealed": list(change.repealed),
                                     "repealed_on": repealed_on.isoformat()
                                     if repealed_on else None})
        return change
