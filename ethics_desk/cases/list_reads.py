"""Every list that shows parties' names is a read on record: one audit record per list shown.

The inbox, its search results, the calendar's list of a day's deadlines, the Mail screen and
the Board packet's agenda show a case's number beside its parties' names, so showing such a
list is a read of those cases (§ 2-83(h)): :func:`list_shown` records who was shown which list,
when, and which cases (their ids, in the record's detail; never the names, nor the words
searched for, which a disposal could not empty from a record of no one case). One record per
list shown, not per row.

A list shown again with the same cases (a refresh, the screen coming back into view, the inbox
reading a page it let go of) is not recorded again: the record is made when the set of cases
shown to that person in that list changes. This desk remembers the last set recorded for each
list (and, in the inbox, each page of it) while the program runs.

The record is :data:`ACTION`, a read (:func:`ethics_desk.cases.access.is_access`), written
through :func:`ethics_desk.storage.queued_records.record`: a reader never waits for a writer
(while another desk writes it is queued, fsynced, for the next writer), and a database that
takes no more data still shows its lists. No Qt here.
"""

from __future__ import annotations

import threading
from collections.abc import Iterable

from ethics_desk.cases.access import LIST_SHOWN
from ethics_desk.storage import queued_records
from ethics_desk.storage.audit import Viewer
from ethics_desk.storage.database import Database

ACTION = LIST_SHOWN
"""The audit action of a list of cases shown (in each listed case's access history)."""
INBOX = "inbox"
SEARCH = "search results"
CALENDAR_DAY = "calendar day"
MAIL_QUEUE = "mail queue"
MEETING_AGENDA = "meeting agenda"

_last: dict[tuple[str, str, str, int], frozenset[int]] = {}
_lock = threading.Lock()  # the inbox reads its pages in worker threads


def list_shown(database: Database, listed: str, case_ids: Iterable[int], *, viewer: Viewer,
               part: int = 0) -> bool:
    """Record that ``viewer`` is shown the list ``listed`` (:data:`INBOX`, :data:`SEARCH` …)
    holding the cases ``case_ids``, in one audit record naming their ids — unless the last
    record of this list (its ``part``: the inbox's first row shown) for this person named the
    same cases, or it holds none. True when a record was made (written, or queued)."""
    cases = frozenset(case_id for case_id in case_ids if case_id)
    key = (database.url.render_as_string(hide_password=True), viewer.actor, listed, part)
    with _lock:
        if _last.get(key) == cases:
            return False
    if cases:  # not remembered until it is on record: a failure is recorded next time
        queued_records.record(database, [queued_records.Pending(
            viewer.clock(), viewer.actor, ACTION,
            f"Was shown the {listed}: {len(cases)} case(s)",
            detail={"list": listed, "cases": sorted(cases)})],
            before_the_check=True)  # a list is not held up by a large file's opening check
    with _lock:
        _last[key] = cases
    return bool(cases)
