"""The names of the inbox's saved views, in the order the clerk sees them, without the inbox
itself: the command line's help lists them (``ethics-desk docket --view``) before anything of
the inbox, the calendar or the database is loaded. :data:`ethics_desk.cases.inbox.SAVED_VIEWS`
gives each its filter, in this order (a test checks)."""

from __future__ import annotations

DUE_TODAY = "Due today"
OVERDUE = "Overdue"
THIS_WEEK = "This week"
AWAITING_RESPONSE = "Awaiting response"
DRAFTS = "Drafts"
CUSTOM = "Custom filter"
"""The name of a list whose filters are no saved view's (the inbox's view list shows it)."""
ALL_PENDING = "All pending"
ALL_CASES = "All cases"

SAVED_VIEW_NAMES: tuple[str, ...] = (DUE_TODAY, OVERDUE, THIS_WEEK, AWAITING_RESPONSE, DRAFTS,
                                     ALL_PENDING, ALL_CASES)
"""The saved views' names in the clerk's order; the first is shown at start-up."""
