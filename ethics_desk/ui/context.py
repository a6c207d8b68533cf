"""What every screen shares: the open database, the staff member at the desk, the controller."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import datetime

from ethics_desk import settings
from ethics_desk.db import Database
from ethics_desk.workflow import WorkflowController


@dataclass
class AppContext:
    """The application's state outside any one screen."""

    database: Database
    clock: Callable[[], datetime] = field(default=lambda: datetime.now().astimezone())

    @property
    def staff_name(self) -> str:
        """Who is at the desk (Settings → Staff member at the desk)."""
        with self.database.read_session() as session:
            return str(settings.get(session, "staff.name")) or "Clerk"

    def controller(self) -> WorkflowController:
        """A workflow controller acting for the staff member at the desk now."""
        return WorkflowController(self.database, self.staff_name, clock=self.clock)

    def now(self) -> datetime:
        """The current time (fixed in tests)."""
        return self.clock()
