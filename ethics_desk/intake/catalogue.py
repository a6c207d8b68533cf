"""The provisions catalogue as the intake offers it: what can be cited, and which route it takes."""

from __future__ import annotations

import csv
from dataclasses import dataclass
from datetime import date
from pathlib import Path

from sqlalchemy import or_, select

from ethics_desk.core.errors import StorageError
from ethics_desk.core.folding import fold
from ethics_desk.models import Provision, Route
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

    @property
    def label(self) -> str:
        """"Ethics Code § 2-43 Conflicts of interest"."""
        prefix = f"{self.code} " if self.code in ("Ethics Code", "Campaign Finance Code") else ""
        return f"{prefix}{self.citation}"


def provision_choices(database: Database, on: date | None = None) -> list[ProvisionChoice]:
    """Provisions in force on ``on`` (every provision when ``on`` is None), in catalogue order."""
    with database.read_session() as session:
        query = select(Provision).order_by(Provision.id)
        if on is not None:
            query = query.where(or_(Provision.repealed_on.is_(None), Provision.repealed_on > on))
        return [ProvisionChoice(p.id, p.code, p.section, p.title, p.citation,
                                p.campaign_finance_route,
                                fold(f"{p.code} {p.section} {p.title} {p.note}"))
                for p in session.scalars(query)]


def suggested_route(choices: list[ProvisionChoice], chosen_ids: list[int]) -> Route:
    """(d)(2): a §§ 2-306/2-307 provision means the campaign-finance route."""
    chosen = set(chosen_ids)
    if any(c.campaign_finance_route for c in choices if c.id in chosen):
        return Route.CAMPAIGN_FINANCE
    return Route.ETHICS_CODE


def read_provisions_csv(path: Path) -> list[Provision]:
    """Provisions from a catalogue file (columns: code, section, title, division, effective, note)."""
    provisions = []
    with path.open(encoding="utf-8", newline="") as handle:
        for line, row in enumerate(csv.DictReader(handle), start=2):
            try:
                effective = date.fromisoformat(row["effective"]) if row.get("effective") else None
                provisions.append(Provision(
                    code=row["code"].strip(), section=row["section"].strip(),
                    title=row["title"].strip(), division=(row.get("division") or "").strip(),
                    effective_on=effective, note=(row.get("note") or "").strip(),
                    campaign_finance_route=row["section"].strip() in CAMPAIGN_FINANCE_SECTIONS))
            except (KeyError, ValueError) as exc:
                raise StorageError(f"{path.name}, line {line}: {exc} is not valid.",
                                   "Fix that line of the provisions catalogue.") from exc
    return provisions
