"""What every screen shares: the open database, the person signed in, the controller.

At start-up the database may not be opened through SQLAlchemy yet: the window is built from a
:class:`~ethics_desk.maintenance.first_look.FirstLook`, and :meth:`AppContext.load` opens the database (the
ORM) right after the window is shown — or earlier, the first time a screen asks for
:attr:`AppContext.database`. A look at an office's server is not asked at first
(:func:`~ethics_desk.maintenance.first_look.server_look`): the database is opened only once the
server has said it is at this version's revision, or by the full path (:meth:`AppContext.opened`).
"""

from __future__ import annotations

from datetime import date, datetime, tzinfo
from typing import TYPE_CHECKING

from ethics_desk.core.clock import Clock
from ethics_desk.core.dates import DateStyle
from ethics_desk.core.errors import UserError
from ethics_desk.core.office_time import DEFAULT_OFFICE_ZONE, office_date, office_zone

if TYPE_CHECKING:
    from ethics_desk.cases.inbox import InboxSource
    from ethics_desk.core.account import Account
    from ethics_desk.core.permissions import Act
    from ethics_desk.maintenance.first_look import FirstLook
    from ethics_desk.storage.audit import Viewer
    from ethics_desk.storage.database import Database
    from ethics_desk.storage.read_only import ReadOnlyReason
    from ethics_desk.workflow.controller import WorkflowController


class AppContext:
    """The application's state outside any one screen.

    Give the open ``database``, or (at start-up) the ``first_look`` at a current one, and the
    application's one ``clock``: every screen, dialog and form default reads "now" and "today"
    from it (:meth:`now`, :meth:`today`), and every act is stamped by it.

    :attr:`account` is the person signed in (:mod:`ethics_desk.ui.sign_in`): every audit record
    names them (:attr:`actor`), every read is theirs (:meth:`viewer`), and what the screens
    offer and list is what their role allows (:meth:`may`, the permission table). Nothing of a
    case is shown before it is set.
    """

    def __init__(self, database: Database | None = None, *, clock: Clock,
                 first_look: FirstLook | None = None, account: Account | None = None) -> None:
        if database is None and first_look is None:
            raise TypeError("AppContext needs a database or a first look at one")
        self._database = database
        self.first_look = first_look
        self.clock = clock
        self.account = account
        self.unopened = False
        """Whether the server the sign-in dialog asked was not at this revision and the full
        path did not open it either (:func:`ethics_desk.ui.app.sign_in_at_start`): the start
        failed."""

    @property
    def database(self) -> Database:
        """The open database (opened through SQLAlchemy now if it was not yet).

        A server the first look has not heard from yet (:attr:`waiting_for_server`), or found
        not at this revision, is never opened here: that is a :class:`UserError`.
        """
        if self._database is None:
            assert self.first_look is not None
            if self.first_look.current is None:
                raise UserError("The database server has not answered yet.",
                                "Wait a moment: Ethics Desk is reaching it.")
            if not self.first_look.current:
                raise UserError("The database is not open.",
                                "Start Ethics Desk again to see what is wrong with it.")
            self._database = self.first_look.open()
        return self._database

    @property
    def waiting_for_server(self) -> bool:
        """Whether the database is a server the first look has not heard from yet."""
        return (self._database is None and self.first_look is not None
                and self.first_look.current is None)

    def opened(self, database: Database) -> None:
        """The database the full path opened, when the first look found the server not at this
        revision (:func:`ethics_desk.ui.app.sign_in_at_start`)."""
        self._database = database

    @property
    def loaded(self) -> bool:
        """Whether the database is open through SQLAlchemy (the ORM loaded)."""
        return self._database is not None

    def load(self) -> None:
        """Open the database through SQLAlchemy now, if it is not open yet."""
        _ = self.database

    @property
    def description(self) -> str:
        """Where the data is, for the status bar and messages."""
        if self._database is None and self.first_look is not None:
            return self.first_look.description
        return self.database.description

    @property
    def signed_in(self) -> Account:
        """The person signed in (a screen is never built before someone is)."""
        if self.account is None:
            raise RuntimeError("nobody is signed in")
        return self.account

    @property
    def actor(self) -> str:
        """Who the audit records name: the signed-in account, "María Ortiz (mortiz)"."""
        return self.signed_in.display

    def viewer(self) -> Viewer:
        """The signed-in person reading a case now (audited, limited to their reach)."""
        from ethics_desk.storage.audit import Viewer

        return Viewer.of(self.signed_in, self.clock)

    def may(self, act: Act) -> bool:
        """Whether the signed-in person's role may do ``act`` (the permission table)."""
        from ethics_desk.core.permissions import may

        return self.account is not None and may(self.account.role, act)

    def read_only(self, *, wait: bool = False) -> ReadOnlyReason | None:
        """Why the database takes no more data (damaged, a failed check, lost acts…), or None:
        the storage layer's answer (:meth:`~ethics_desk.storage.database.Database.read_only_reason`),
        asked afresh each time. Every action that would write is offered disabled with its
        sentence (:func:`ethics_desk.ui.read_only.refuse_while_read_only`); the service refuses
        it anyway. A large file's check still under way at the opening (:meth:`checking`) is
        not waited for unless ``wait``: what it finds is shown when it ends, and a change made
        meanwhile waits for it in the service."""
        return self.database.read_only_reason(wait=wait) if self.loaded else None

    def checking(self) -> bool:
        """Whether the database's check at the opening still reads it (a large file)."""
        return self.loaded and self.database.checking

    def lock_minutes(self) -> int:
        """The office's idle time before the desk locks (Settings; 0: never)."""
        from ethics_desk.office.actions import read_setting  # SQLAlchemy: after the sign-in

        value = read_setting(self.database, "security.lock_minutes")
        return value if isinstance(value, int) else 10

    def date_style(self) -> DateStyle:
        """How date fields show a date (Settings → Date fields show dates as)."""
        if self._database is None and self.first_look is not None:
            value = self.first_look.setting("display.date_style")
        else:
            from ethics_desk.office.actions import read_setting  # after the sign-in

            value = read_setting(self.database, "display.date_style")
        try:
            return DateStyle(value)
        except ValueError:
            return DateStyle.ISO

    def time_zone(self) -> tzinfo:
        """The office's time zone (Settings → The office's time zone), in which every time is
        shown and typed; the default, America/Chicago, if the stored one is not known here."""
        if self._database is None and self.first_look is not None:
            value = self.first_look.setting("office.time_zone")
        else:
            from ethics_desk.office.actions import read_setting  # after the sign-in

            value = read_setting(self.database, "office.time_zone")
        try:
            return office_zone(value if isinstance(value, str) else "")
        except UserError:
            return office_zone(DEFAULT_OFFICE_ZONE)

    def inbox_query(self, today: date) -> InboxSource:
        """The inbox's questions for ``today``, of the complaints the signed-in person receives
        (:func:`ethics_desk.staff.scope.case_condition`), each page shown on record."""
        from ethics_desk.cases.inbox_query import InboxQuery

        return InboxQuery(self.database, today, self.signed_in, clock=self.clock)

    def controller(self) -> WorkflowController:
        """A workflow controller acting for the signed-in person, within their role."""
        from ethics_desk.workflow.controller import WorkflowController

        return WorkflowController(self.database, self.signed_in, clock=self.clock)

    def now(self) -> datetime:
        """The current time, from the application's clock (fixed in tests)."""
        return self.clock()

    def today(self) -> date:
        """The office's date, from the application's clock (fixed in tests), in the office's
        time zone."""
        from ethics_desk.ui.office_display import office_time_zone

        return office_date(self.clock(), office_time_zone())
