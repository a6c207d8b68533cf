"""What an effect works with: the session of the user's action, the case, who and when."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date, datetime
from typing import Any
from zoneinfo import ZoneInfo

from sqlalchemy.orm import Session

from ethics_desk.core.office_time import office_date
from ethics_desk.deadlines import Receipt, actual_receipt, presumed_receipt
from ethics_desk.deadlines.schedule import Calendars, load_calendars
from ethics_desk.models import CaseState, Complaint
from ethics_desk.office import settings


@dataclass(frozen=True)
class Outcome:
    """What an effect did: the state the case is now in, and the audit summary and detail."""

    target: CaseState
    summary: str
    detail: dict[str, Any] = field(default_factory=dict)


@dataclass
class Context:
    """One event being applied inside one transaction."""

    session: Session
    complaint: Complaint
    actor: str
    now: datetime
    _calendars: Calendars | None = None

    @property
    def zone(self) -> ZoneInfo:
        """The office's time zone (``office.time_zone``), in which every moment is printed."""
        return settings.time_zone(self.session)

    @property
    def today(self) -> date:
        """The office's date: the date the office's clock shows now (``office.time_zone``)."""
        return office_date(self.now, self.zone)

    @property
    def calendars(self) -> Calendars:
        """The City and State calendars with the office's closures (loaded once per event)."""
        if self._calendars is None:
            self._calendars = load_calendars(self.session)
        return self._calendars

    def setting(self, key: str) -> Any:
        """An office setting (declared in ``ethics_desk.office.settings``)."""
        return settings.get(self.session, key)

    def receipt(self, *, received_on: date | None, mailed_on: date | None,
                detail: str) -> Receipt:
        """An actual receipt when its date is known, else one presumed from the mailing date."""
        if received_on is not None:
            return actual_receipt(received_on, detail)
        if mailed_on is None:
            mailed_on = self.today
        return presumed_receipt(mailed_on, self.calendars.city,
                                int(self.setting("receipt.presumption_days")))
