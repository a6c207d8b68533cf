"""Records retention: the record series and their periods, legal holds, and disposal.

The office keeps and disposes of its records by the State's retention schedule for local
governments (Texas State Library and Archives Commission, Local Schedule GR, 13 TAC § 7.125):

- :mod:`~ethics_desk.retention.series` — the record series, stated once, with the State's
  minimum period and the office's adopted (never shorter) one;
- :mod:`~ethics_desk.retention.holds` — legal holds (Local Government Code § 202.002) and the
  one check that says why a case may not be destroyed, :func:`~.holds.reasons_held`;
- :mod:`~ethics_desk.retention.disposal` — when a case becomes eligible, the Records officer's
  disposal list, the disposal itself (one recorded act) and its permanent log.

No Qt here.
"""
