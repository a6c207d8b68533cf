"""A representative disposal list and log of destruction: two eligible cases, one held, one
destroyed (Local Schedule GR; Local Government Code § 202.002)."""

from __future__ import annotations

from datetime import UTC, date, datetime

from ethics_desk.documents.render.data import Letterhead
from ethics_desk.documents.render.retention_certificate import (
    DestroyedCase,
    ListedCase,
    RetentionPaper,
    SeriesLine,
)


def retention_sample() -> RetentionPaper:
    """The Records officer's paper of 30 November 2028."""
    return RetentionPaper(
        letterhead=Letterhead(), list_day=date(2028, 11, 30),
        produced_at=datetime(2028, 11, 30, 16, 0, tzinfo=UTC),
        produced_by="Rosa Records (records)",
        series=(SeriesLine("GR1000-24", "Complaints",
                           "2 years after the complaint's resolution (§ 2-83(d)(4))", "2 years"),
                SeriesLine("GR1000-03a", "Minutes of the governing body", "Permanent",
                           "Permanent")),
        eligible=(ListedCase("ERB-2026-004", date(2026, 11, 2), date(2028, 11, 2)),
                  ListedCase("ERB-2026-007", date(2026, 11, 30), date(2028, 11, 30))),
        held=(ListedCase("ERB-2026-002", date(2026, 10, 1), date(2028, 10, 1),
                         "Litigation hold 1 (Peña v. City of San Antonio), placed by "
                         "Alma Attorney (attorney) on 2027-03-01"),),
        log=(DestroyedCase("ERB-2026-001", "GR1000-24 Complaints", date(2026, 9, 14),
                           datetime(2028, 9, 15, 15, 30, tzinfo=UTC), "Rosa Records (records)",
                           "complainants: 1; respondents: 2; deadlines: 6; reviews: 4",
                           "Local Schedule GR, GR1000-24; Local Government Code § 202.002",
                           "The Board's votes (GR1000-03a)."),),
        record_anchor=(4211, "9c1e0d2f6a7b8c90" * 4))
