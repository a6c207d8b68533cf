"""The record series Ethics Desk keeps, stated once, with their retention periods.

The defaults are Local Schedule GR's (Texas State Library and Archives Commission, 13 TAC
§ 7.125), which sets the *minimum* a local government must keep each record; the City may adopt
longer periods, never shorter ones. An adopted period is an office setting
(:mod:`ethics_desk.office.settings`, keys ``retention.…``) whose least value is the State's
minimum, so it cannot be set below it.

- **GR1000-24, complaints**: two years after the complaint is resolved, or returned to the
  complainant as not sworn or as defective (§ 2-83(c), (d)(3)): a return ends the complaint.
  Every complaint under § 2-83 is a file of this series.
- **GR1000-03a, minutes of the governing body**: permanent. The Ethics Review Board's votes on a
  case (its record votes and ballots) are its minutes and are never destroyed: a disposed case
  keeps them, and keeps its case number so that they still name the case.
- **GR1000-34, Public Information Act requests and their responses**: by that series. The State
  splits it by whether an exception was sought from the Attorney General; the office's default
  here is the longer, two years after the request is closed, for both, which no sub-series
  undercuts (the requests themselves are :mod:`ethics_desk.public_information`'s).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from ethics_desk.office import settings

if TYPE_CHECKING:
    from sqlalchemy.orm import Session

    from ethics_desk.storage.database import Database

SCHEDULE = "Local Schedule GR, 13 TAC § 7.125"
"""Where the State's retention periods are."""


@dataclass(frozen=True)
class RecordSeries:
    """One record series: its number and title on Local Schedule GR, what it holds in this
    application, what starts its period, and the State's minimum in years (None: permanent).

    ``setting`` is the office setting holding the adopted period (None for a permanent series:
    nothing is longer than permanent)."""

    code: str
    title: str
    holds: str
    starts: str
    minimum_years: int | None
    setting: str | None

    @property
    def citation(self) -> str:
        """"Local Schedule GR, GR1000-24"."""
        return f"Local Schedule GR, {self.code}"

    @property
    def permanent(self) -> bool:
        """True when the series is kept permanently."""
        return self.minimum_years is None


COMPLAINTS = "GR1000-24"
MINUTES = "GR1000-03a"
PUBLIC_INFORMATION = "GR1000-34"

SERIES: dict[str, RecordSeries] = {s.code: s for s in (
    RecordSeries(COMPLAINTS, "Complaints",
                 "the complaint file of a case under § 2-83: the complaint, its parties and "
                 "witnesses, papers filed and issued with their bytes, reviews, decisions, "
                 "deadlines, hearings, sanctions and mail",
                 "the complaint's resolution (§ 2-83(d)(4)) or its return to the complainant "
                 "(§ 2-83(c), (d)(3))", settings.GR1000_24_MINIMUM_YEARS,
                 "retention.gr1000_24_years"),
    RecordSeries(MINUTES, "Minutes of the governing body",
                 "the Ethics Review Board's votes on a case and each member's ballot",
                 "—", None, None),
    RecordSeries(PUBLIC_INFORMATION, "Public information requests",
                 "Public Information Act requests and their responses (Gov't Code ch. 552)",
                 "the request's closing", settings.GR1000_34_MINIMUM_YEARS,
                 "retention.gr1000_34_years"),
)}
"""The series, in the order the Retention screen lists them."""


@dataclass(frozen=True)
class AdoptedSeries:
    """A series with the period the office has adopted for it (None: permanent)."""

    series: RecordSeries
    years: int | None

    @property
    def period(self) -> str:
        """"2 years after the complaint's resolution …" or "Permanent"."""
        if self.years is None:
            return "Permanent"
        unit = "year" if self.years == 1 else "years"
        return f"{self.years} {unit} after {self.series.starts}"

    @property
    def minimum(self) -> str:
        """The State's minimum in words."""
        if self.series.minimum_years is None:
            return "Permanent"
        return f"{self.series.minimum_years} years"


def years_for(session: Session, code: str) -> int | None:
    """The period the office has adopted for the series ``code`` (None: permanent), never
    shorter than the State's minimum."""
    series = SERIES[code]
    if series.setting is None or series.minimum_years is None:
        return None
    adopted = int(settings.get(session, series.setting))
    return max(adopted, series.minimum_years)


def adopted(session: Session) -> list[AdoptedSeries]:
    """Every series with the office's period for it."""
    return [AdoptedSeries(series, years_for(session, code)) for code, series in SERIES.items()]


def read_adopted(database: Database) -> list[AdoptedSeries]:
    """:func:`adopted`, in a read of its own (the office's settings, no case)."""
    with database.read_session() as session:
        return adopted(session)
