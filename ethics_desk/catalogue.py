"""The provisions catalogue as the intake offers it: what can be cited, and which route it takes."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date

from sqlalchemy import or_, select

from ethics_desk.db import Database
from ethics_desk.models import Provision, Route, fold


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
