"""The main window: navigation between the screens, menus with shortcuts, the status bar.

The status bar names the database and the person signed in, and — only when they need
attention — how the automatic backups stand (:mod:`ethics_desk.maintenance.auto_backup`: the last
one failed, or is older than a day); the day's backup runs off the GUI thread
(:mod:`ethics_desk.ui.daily_backup`) once the window is shown.

It remembers its geometry between runs and, for each account, the screen that person last used
(so each person's window opens on their own last screen, never the previous person's), and emits
:attr:`ready` once it is shown and populated (``ethics-desk --quit-when-ready`` exits on it).
File → Sign out (Ctrl+L) asks the desk (:mod:`ethics_desk.ui.desk`) to close it and every case
and show the sign-in dialog for the next person.
"""

from __future__ import annotations

import functools
import threading
from collections.abc import Callable
from typing import TYPE_CHECKING

from PySide6.QtCore import QEvent, QSettings, QSize, Qt, QTimer, Signal
from PySide6.QtGui import QAction, QCloseEvent, QIcon, QKeySequence, QShowEvent
from PySide6.QtWidgets import (
    QHBoxLayout,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QMainWindow,
    QMessageBox,
    QSizePolicy,
    QStackedWidget,
    QVBoxLayout,
    QWidget,
)

from ethics_desk import __version__
from ethics_desk.ui.accessibility import StatusLine
from ethics_desk.ui.context import AppContext
from ethics_desk.ui.focus import first_tab_stop
from ethics_desk.ui.models.inbox_loader import QUERY_WAIT_SECONDS, wait_for_queries
from ethics_desk.ui.office_display import set_office_style, set_office_zone
from ethics_desk.ui.read_only import ReadOnlyBanner
from ethics_desk.ui.screens.inbox_screen import InboxScreen
from ethics_desk.ui.screens.lazy import LazyScreen
from ethics_desk.ui.sizing import fit_to_screen

if TYPE_CHECKING:  # built when first shown; imported then, not at start-up
    from ethics_desk.ui.daily_backup import DailyBackup
    from ethics_desk.ui.first_start import FirstStartPage
    from ethics_desk.ui.key_from_sheet_dialog import KeyFromSheetDialog
    from ethics_desk.ui.recovery_sheet_dialog import RecoverySheetDialog
    from ethics_desk.ui.screens.new_complaint import NewComplaintScreen
    from ethics_desk.ui.screens.settings_screen import SettingsScreen

SCREENS = ("new", "inbox", "calendar", "mail", "settings", "board", "retention",
           "requests", "audit", "statistics")

SCREEN_ACTS: dict[str, str | None] = {
    "new": "take_complaint", "inbox": None, "calendar": None, "mail": "mail_papers",
    "settings": "edit_settings", "board": "board_packet", "retention": "legal_hold",
    "requests": "public_information", "audit": "audit_trail", "statistics": "statistics",
}
"""The act of the permission table (:class:`ethics_desk.core.permissions.Act`, by value) a
screen is for; a person whose role may not do it does not see the screen (None: everyone, each
seeing only the complaints they receive)."""

def screen_number(key: str) -> str:
    """The digit that goes to screen ``key`` with Ctrl (and is its View menu entry's Alt-key):
    1 to 9 in the navigation's order, then 0 for the tenth."""
    return str((SCREENS.index(key) + 1) % 10)


CALENDAR_SYNC_MS = 15 * 60 * 1000
"""How often an open window sends the signed-in person's calendar what it is owed (a date
moved, a deadline met), when they asked for their deadlines as invitations."""

CHECK_LOOK_MS = 250
"""How often the window looks whether a large file's check at the opening has ended (it runs
in the background while the person signs in and starts work), to show what it found."""
BACKUP_LOOK_MS = 60 * 60 * 1000
"""How often an open window looks again at the automatic backups (hourly): a desk left open
past midnight takes the new day's copy, and a copy grown older than a day shows."""


def screen_icon(key: str) -> QIcon:
    """The screen's icon in the navigation (``resources/icons/screens``: GNOME's Adwaita
    icons, CC-BY-SA 3.0 or LGPL 3, their licence beside them), at 24 and 48 pixels."""
    from ethics_desk.core.resources import resource_path

    icon = QIcon()
    for size in (24, 48):
        icon.addFile(str(resource_path("icons", "screens", f"{key}-{size}.png")),
                     QSize(size, size))
    return icon


class MainWindow(QMainWindow):
    """The application frame that every screen plugs into."""

    ready = Signal()
    backup_status_shown = Signal(str)  # the automatic backups' line, once the look is done
    sign_out_requested = Signal()  # File → Sign out: the desk closes the window and every case
    closed = Signal()  # the window was closed (Quit, or by the desk at a sign-out)

    def __init__(self, context: AppContext) -> None:
        super().__init__()
        self.context = context
        self.apply_date_style()
        self.setWindowTitle("Ethics Desk — City Code § 2-83 complaints")
        self.wizard: QWidget | None = None
        self.restored = False
        """Whether a backup was restored (Ethics Desk then closes)."""
        self.recovery_sheet_dialog: RecoverySheetDialog | None = None
        """The last recovery sheet dialog opened (File → Recovery sheet…, or at sign-in)."""
        self.key_from_sheet_dialog: KeyFromSheetDialog | None = None
        """The last File → Bring the key from a recovery sheet… opened."""
        self.first_start_page: FirstStartPage | None = None
        """The first start's page (:mod:`ethics_desk.ui.first_start`), once opened."""
        self.case_windows: dict[int, QWidget] = {}
        self.stack = QStackedWidget(self)
        self.navigation = QListWidget(self)
        self.navigation.setObjectName("navigation")
        self.navigation.setAccessibleName("Screens")
        self.navigation.setAccessibleDescription(
            "Choose a screen with the arrow keys; Ctrl and its number goes there directly")
        self.navigation.setIconSize(QSize(24, 24))
        self.navigation.setFixedWidth(190)
        # The inbox is what the clerk sees first; the others are built when first shown.
        self.inbox_screen = InboxScreen(context, self)
        self.inbox_screen.case_requested.connect(self.open_case)
        self._new = LazyScreen(self._build_new_screen, self)
        self._calendar = LazyScreen(self._build_calendar_screen, self)
        self._mail = LazyScreen(self._build_mail_screen, self)
        self._settings = LazyScreen(self._build_settings_screen, self)
        self._board = LazyScreen(self._build_board_screen, self)
        self._retention = LazyScreen(self._build_retention_screen, self)
        self._requests = LazyScreen(self._build_requests_screen, self)
        self._audit = LazyScreen(self._build_audit_screen, self)
        self._statistics = LazyScreen(self._build_statistics_screen, self)
        pages: list[tuple[str, str, QWidget]] = [
            ("new", "New complaint", self._new), ("inbox", "Inbox", self.inbox_screen),
            ("calendar", "Calendar", self._calendar), ("mail", "Mail", self._mail),
            ("settings", "Settings", self._settings), ("board", "Board", self._board),
            ("retention", "Retention", self._retention),
            ("requests", "Records requests", self._requests),
            ("audit", "Audit trail", self._audit),
            ("statistics", "Statistics", self._statistics),
        ]
        for key, label, widget in pages:
            item = QListWidgetItem(screen_icon(key), label)
            item.setData(Qt.ItemDataRole.UserRole, key)
            self.navigation.addItem(item)
            self.stack.addWidget(widget)
        # Arrowing through the list shows each screen and leaves the cursor in the list; Enter
        # (or a click, a double-click) on a screen's name puts it in the screen's first field.
        self.navigation.currentRowChanged.connect(self.stack.setCurrentIndex)
        self.navigation.itemActivated.connect(lambda _item: self.focus_screen())
        self.navigation.itemClicked.connect(lambda _item: self.focus_screen())
        body = QWidget(self)
        outer = QVBoxLayout(body)
        outer.setContentsMargins(0, 0, 0, 0)
        self.read_only_banner = ReadOnlyBanner(body)
        outer.addWidget(self.read_only_banner)
        layout = QHBoxLayout()
        layout.addWidget(self.navigation)
        layout.addWidget(self.stack, 1)
        outer.addLayout(layout, 1)
        self.setCentralWidget(body)
        self.database_label = QLabel(f"Database: {context.description}")
        self.database_label.setObjectName("databaseLabel")
        self.staff_label = QLabel()
        self.staff_label.setObjectName("staffLabel")
        self.statusBar().addWidget(self.database_label, 1)
        self.backup_label = StatusLine(self, urgent=True)
        self.backup_label.setObjectName("backupStatus")
        self.backup_label.setAccessibleName("Backup status")
        # As wide as the bar leaves it (a long line never widens the window), wrapped onto a
        # second line rather than cut; it is the tooltip and the accessible description too.
        self.backup_label.setWordWrap(True)
        self.backup_label.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Preferred)
        self.backup_label.hide()  # nothing when all is well
        self.statusBar().addWidget(self.backup_label, 2)
        self.statusBar().addPermanentWidget(self.staff_label)
        self._daily_backup: DailyBackup | None = None
        self._backup_timer = QTimer(self)
        self._backup_timer.setInterval(BACKUP_LOOK_MS)
        self._backup_timer.timeout.connect(self.start_daily_backup)
        self._calendar_sync: threading.Thread | None = None
        self._calendar_timer = QTimer(self)
        self._calendar_timer.setInterval(CALENDAR_SYNC_MS)
        self._calendar_timer.timeout.connect(self.sync_calendar)
        self._check_timer = QTimer(self)
        self._check_timer.setInterval(CHECK_LOOK_MS)
        self._check_timer.timeout.connect(self._look_at_the_check)
        self._build_menus()
        self._offer_what_the_role_allows()
        self.show_read_only()
        self.refresh_staff()
        self._restore()

    # -- set-up -----------------------------------------------------------------------------

    def _build_new_screen(self) -> NewComplaintScreen:
        from ethics_desk.ui.screens.new_complaint import NewComplaintScreen

        screen = NewComplaintScreen(self.context, self)
        screen.start_requested.connect(lambda: self.open_intake(None))
        screen.resume_requested.connect(self.open_intake)
        screen.info_sheet_requested.connect(self.show_info_sheet)
        return screen

    def _build_calendar_screen(self) -> QWidget:
        from ethics_desk.ui.screens.calendar_screen import CalendarScreen

        screen = CalendarScreen(self.context, self)
        screen.case_requested.connect(self.open_case)
        return screen

    def _build_mail_screen(self) -> QWidget:
        from ethics_desk.ui.screens.mail_screen import MailScreen

        screen = MailScreen(self.context, self)
        screen.case_requested.connect(self.open_case)
        return screen

    def _build_board_screen(self) -> QWidget:
        from ethics_desk.ui.screens.board_screen import BoardScreen

        return BoardScreen(self.context, self)

    def _build_retention_screen(self) -> QWidget:
        from ethics_desk.ui.screens.retention_screen import RetentionScreen

        return RetentionScreen(self.context, self)

    @property
    def retention_screen(self) -> QWidget:
        """The Retention screen (built on first use)."""
        return self._retention.content()

    def _build_requests_screen(self) -> QWidget:
        from ethics_desk.ui.screens.requests_screen import RequestsScreen

        return RequestsScreen(self.context, self)

    def _build_audit_screen(self) -> QWidget:
        from ethics_desk.ui.screens.audit_screen import AuditScreen

        return AuditScreen(self.context, self)

    def _build_statistics_screen(self) -> QWidget:
        from ethics_desk.ui.screens.statistics_screen import StatisticsScreen

        return StatisticsScreen(self.context, self)

    @property
    def statistics_screen(self) -> QWidget:
        """The Statistics screen (built on first use)."""
        return self._statistics.content()

    @property
    def audit_screen(self) -> QWidget:
        """The Audit trail screen (built on first use)."""
        return self._audit.content()

    @property
    def requests_screen(self) -> QWidget:
        """The Records requests screen (built on first use)."""
        return self._requests.content()

    @property
    def board_screen(self) -> QWidget:
        """The Board screen (built on first use)."""
        return self._board.content()

    def _build_settings_screen(self) -> SettingsScreen:
        from ethics_desk.ui.screens.settings_screen import SettingsScreen

        screen = SettingsScreen(self.context, self)
        screen.saved.connect(lambda _keys: self.refresh_staff())
        screen.saved.connect(lambda _keys: self.apply_date_style())
        return screen

    @property
    def new_screen(self) -> NewComplaintScreen:
        """The New complaint screen (built on first use)."""
        from ethics_desk.ui.screens.new_complaint import NewComplaintScreen

        screen = self._new.content()
        assert isinstance(screen, NewComplaintScreen)
        return screen

    @property
    def calendar_screen(self) -> QWidget:
        """The Calendar screen (built on first use)."""
        return self._calendar.content()

    @property
    def settings_screen(self) -> SettingsScreen:
        """The Settings screen (built on first use)."""
        from ethics_desk.ui.screens.settings_screen import SettingsScreen

        screen = self._settings.content()
        assert isinstance(screen, SettingsScreen)
        return screen

    def _action(self, text: str, shortcut: QKeySequence | QKeySequence.StandardKey | str | None,
                slot: Callable[[], object], name: str) -> QAction:
        action = QAction(text, self)
        action.setObjectName(name)
        if shortcut is not None:
            action.setShortcut(QKeySequence(shortcut))
        action.triggered.connect(lambda _checked=False: slot())
        return action

    def _build_menus(self) -> None:
        bar = self.menuBar()
        file_menu = bar.addMenu("&File")
        self.new_action = self._action("&New complaint…", QKeySequence.StandardKey.New,
                                       lambda: self.open_intake(None), "actionNew")
        file_menu.addAction(self.new_action)
        file_menu.addAction(self._action("&Resume a draft…", "Ctrl+R",
                                         lambda: self.go("new"), "actionResume"))
        file_menu.addSeparator()
        file_menu.addAction(self._action("E&xport the list…", "Ctrl+Shift+E", self.export_list,
                                         "actionExportList"))
        file_menu.addAction(self._action("Print the &information sheet…", "Ctrl+Shift+I",
                                         self.show_info_sheet, "actionInfoSheet"))
        file_menu.addAction(self._action("Restore a &backup…", None, self.restore_backup,
                                         "actionRestore"))
        file_menu.addAction(self._action("Recovery &sheet…", None, self.show_recovery_sheet,
                                         "actionRecoverySheet"))
        file_menu.addAction(self._action("Bring the &key from a recovery sheet…", None,
                                         self.bring_key_from_sheet, "actionKeyFromSheet"))
        file_menu.addSeparator()
        file_menu.addAction(self._action("Change my &password…", None, self.change_password,
                                         "actionPassword"))
        file_menu.addAction(self._action("Sign &out", "Ctrl+L", self.sign_out_requested.emit,
                                         "actionSignOut"))
        file_menu.addAction(self._action("&Quit", QKeySequence.StandardKey.Quit, self.close,
                                         "actionQuit"))
        edit_menu = bar.addMenu("&Edit")
        edit_menu.addAction(self._action("&Find a case…", "Ctrl+K", self.find_case,
                                         "actionFindCase"))
        edit_menu.addAction(self._action("&Settings…", QKeySequence.StandardKey.Preferences,
                                         lambda: self.go("settings"), "actionSettings"))
        edit_menu.addAction(self._action("Staff &accounts…", None, self.show_accounts,
                                         "actionAccounts"))
        edit_menu.addAction(self._action("&First start…", None, self.show_first_start,
                                         "actionFirstStart"))
        view_menu = bar.addMenu("&View")
        for row, key in enumerate(SCREENS):
            label, number = self.navigation.item(row).text(), screen_number(key)
            view_menu.addAction(self._action(f"&{number} {label}", f"Ctrl+{number}",
                                             functools.partial(self.go, key), f"actionGo_{key}"))
        view_menu.addSeparator()
        view_menu.addAction(self._action("&Save this inbox view…", None, self.save_view,
                                         "actionSaveView"))
        view_menu.addAction(self._action("&Manage inbox views…", None, self.manage_views,
                                         "actionManageViews"))
        view_menu.addAction(self._action("My deadlines in &Outlook…", None, self.my_calendar,
                                         "actionMyCalendar"))
        help_menu = bar.addMenu("&Help")
        help_menu.addAction(self._action("&Manual", QKeySequence.StandardKey.HelpContents,
                                         self.show_manual, "actionManual"))
        help_menu.addAction(self._action("City Code &§ 2-83 text", "Shift+F1",
                                         self.show_statute, "actionStatute"))
        help_menu.addAction(self._action("&How to file an ethics complaint", None,
                                         self.show_info_sheet, "actionHowToFile"))
        help_menu.addSeparator()
        help_menu.addAction(self._action("&About Ethics Desk", None, self.show_about,
                                         "actionAbout"))

    def allows(self, key: str) -> bool:
        """Whether the signed-in person's role may see the screen ``key``."""
        from ethics_desk.core.permissions import Act

        act = SCREEN_ACTS.get(key)
        return act is None or self.context.may(Act(act))

    def _offer_what_the_role_allows(self) -> None:
        """Hide the screens and menu entries the signed-in person's role may not use
        (the permission table; the domain refuses them anyway), each entry declaring the act
        it leads to (:mod:`ethics_desk.ui.acts`; the others read, move or close)."""
        from ethics_desk.core.permissions import Act
        from ethics_desk.ui.acts import declare

        declare(None, *self.findChildren(QAction, options=Qt.FindChildOption.FindDirectChildrenOnly))
        for row, key in enumerate(SCREENS):
            allowed = self.allows(key)
            self.navigation.item(row).setHidden(not allowed)
            action = self.findChild(QAction, f"actionGo_{key}")
            if action is not None:
                action.setVisible(allowed)
                action.setEnabled(allowed)
        for name, act in (("actionNew", Act.TAKE_COMPLAINT), ("actionResume", Act.TAKE_COMPLAINT),
                          ("actionSettings", Act.EDIT_SETTINGS),
                          # whoever sees the inbox: it exports only the cases they receive
                          ("actionExportList", Act.EXPORT_LIST),
                          # whoever has an inbox keeps views of it
                          ("actionSaveView", Act.KEEP_VIEWS),
                          ("actionManageViews", Act.KEEP_VIEWS),
                          # whoever has an inbox may have its deadlines in their calendar
                          ("actionMyCalendar", Act.OWN_CALENDAR),
                          ("actionAccounts", Act.MANAGE_ACCOUNTS),
                          ("actionFirstStart", Act.MANAGE_ACCOUNTS),
                          ("actionRestore", Act.BACKUP_AND_CHECK),
                          ("actionRecoverySheet", Act.BACKUP_AND_CHECK),
                          ("actionKeyFromSheet", Act.BACKUP_AND_CHECK)):
            action = self.findChild(QAction, name)
            if action is not None:
                declare(act, action)
                allowed = self.context.may(act)
                action.setVisible(allowed)
                action.setEnabled(allowed)

    WRITING_ACTIONS = ("actionNew", "actionResume", "actionPassword")
    """The menu entries whose point is a change: offered disabled, the read-only mode's sentence
    their tooltip, while the database takes no more data (Restore a backup stays: it is the
    fix)."""

    def show_read_only(self) -> None:
        """The read-only mode as the storage layer sees it now: the banner at the top saying
        what happened and what to do, and the menu entries that would write disabled with its
        sentence (:mod:`ethics_desk.ui.read_only`); nothing when the database takes changes."""
        reason = self.context.read_only()
        if self.context.checking() and not self._check_timer.isActive():
            self._check_timer.start()  # shown again when the file's check ends
        was = self.read_only_banner.reason
        self.read_only_banner.show_reason(reason)
        if reason is None and was is not None:  # put right meanwhile (a check held, a restore)
            self._offer_what_the_role_allows()
        for name in self.WRITING_ACTIONS:
            action = self.findChild(QAction, name)
            if action is None:
                continue
            if reason is not None:
                action.setEnabled(False)
            elif name == "actionPassword":
                action.setEnabled(True)
            action.setToolTip(reason.sentence if reason is not None else "")
            action.setStatusTip(reason.sentence if reason is not None else "")

    def _look_at_the_check(self) -> None:
        """Once the file's check at the opening has ended, show what it found, and write the
        records queued meanwhile (the sign-in, the cases opened) if it held."""
        if not self.context.checking():
            self._check_timer.stop()
            self.show_read_only()
            if self.context.read_only() is None:
                self.context.database.write_queued()

    def changeEvent(self, event: QEvent) -> None:
        """Each time the window becomes the active one again, look again at the read-only mode:
        another desk's check may have failed, or a restore put the database right."""
        super().changeEvent(event)
        if event.type() == QEvent.Type.ActivationChange and self.isActiveWindow() \
                and hasattr(self, "read_only_banner"):
            self.show_read_only()

    def _restore(self) -> None:
        store = QSettings()
        geometry = store.value("window/geometry")
        if geometry is None or not self.restoreGeometry(geometry):
            fit_to_screen(self, 1320, 800)  # first run; fits the screen at 150 % too
        screen = str(store.value(self._screen_key(), "inbox"))
        self.go(screen if screen in SCREENS else "inbox")

    def _screen_key(self) -> str:
        """Where the signed-in person's last screen is remembered (logins are plain: a-z, 0-9,
        ``.``, ``_``, ``-``)."""
        return f"accounts/{self.context.signed_in.login}/screen"

    def showEvent(self, event: QShowEvent) -> None:
        """Put the cursor in the screen's first field; announce readiness once the first paint
        can happen."""
        super().showEvent(event)
        if not event.spontaneous():
            self.focus_screen()
        QTimer.singleShot(0, self.ready.emit)

    def closeEvent(self, event: QCloseEvent) -> None:
        """Close any open intake first (it saves its draft) and the case windows, then
        remember the window, and the signed-in person's screen."""
        if self.wizard is not None and self.wizard.isVisible():
            self.wizard.close()
        for window in self.case_windows.values():
            window.close()
        self.stop_daily_backup()
        store = QSettings()
        store.setValue("window/geometry", self.saveGeometry())
        if self.context.account is not None:
            store.setValue(self._screen_key(), self.current_screen())
        super().closeEvent(event)
        self.closed.emit()

    # -- navigation -------------------------------------------------------------------------

    def go(self, key: str) -> None:
        """Show a screen by its key (new, inbox, calendar, mail, settings, board, retention,
        requests, audit, statistics), the cursor in its first field (Ctrl+1…9 and 0, the menus)."""
        if not self.allows(key):  # a screen the role does not have: the inbox, as at start
            key = "inbox"
        shown = self.stack.currentWidget()
        already = self.current_screen() == key and shown is not None and shown.isVisible()
        self.navigation.setCurrentRow(SCREENS.index(key))
        if key == "new" and self._new.is_built:
            self.new_screen.refresh()
        elif key == "inbox" and (already or self.isVisible()):
            self.inbox_screen.refresh()
        if self.isVisible():  # on start-up, showEvent does it once the screen is built
            self.focus_screen()

    def focus_screen(self) -> None:
        """Put the cursor in the shown screen's first field (its ``first_field()``, else its
        first Tab stop), never on the navigation or a container."""
        shown = self.stack.currentWidget()
        if shown is None:
            return
        screen = shown.content() if isinstance(shown, LazyScreen) else shown
        first = getattr(screen, "first_field", None)
        target = first() if callable(first) else None
        if not isinstance(target, QWidget):
            target = first_tab_stop(screen)
        if target is not None:
            target.setFocus(Qt.FocusReason.OtherFocusReason)

    def current_screen(self) -> str:
        """The key of the screen shown."""
        return SCREENS[self.stack.currentIndex()]

    def apply_date_style(self) -> None:
        """Date fields show dates in the office's style (Settings), from the next one made, and
        every screen shows and takes times in the office's time zone."""
        set_office_style(self.context.date_style())
        set_office_zone(self.context.time_zone())

    # -- the automatic backups (a SQLite database; a server is IT's to back up) --------------

    def start_daily_backup(self) -> None:
        """Take the day's verified backup off the GUI thread if none is taken yet (the first
        start of the day), then show on the status bar how the backups stand; look again
        every hour while the window is open. A failure never stops the desk."""
        from ethics_desk.ui.daily_backup import DailyBackup

        if self._daily_backup is not None:
            if self._daily_backup.running:
                return
            self._daily_backup.deleteLater()  # the last hour's, finished
        database = self.context.database  # opened here, on the GUI thread, if not yet
        self._daily_backup = DailyBackup(database, actor=self.context.actor,
                                         clock=self.context.clock, parent=self,
                                         remind_of_the_sheet=self._may_make_the_sheet())
        self._daily_backup.done.connect(self.show_backup_status)
        self._daily_backup.start()
        if not self._backup_timer.isActive():
            self._backup_timer.start()

    @property
    def daily_backup(self) -> DailyBackup | None:
        """The last automatic backup started (its ``done`` carries the status bar's line)."""
        return self._daily_backup

    def start_calendar_sync(self) -> threading.Thread | None:
        """Send the person's calendar what it is owed now, then every
        :data:`CALENDAR_SYNC_MS` while the window is open (:meth:`sync_calendar`); the
        thread sending now, if one was started."""
        thread = self.sync_calendar()
        if not self._calendar_timer.isActive():
            self._calendar_timer.start()
        return thread

    def sync_calendar(self) -> threading.Thread | None:
        """Send the signed-in person's calendar what it is owed, on a thread of its own, if
        they may and asked for invitations (:func:`ethics_desk.ui.my_calendar.
        send_owed_quietly`: a failure is logged, never shown or raised); the thread, or None
        when none was started (one is still sending, or the role has no calendar)."""
        from ethics_desk.core.permissions import Act

        if not self.context.may(Act.OWN_CALENDAR) or (
                self._calendar_sync is not None and self._calendar_sync.is_alive()):
            return None
        database, account, clock = self.context.database, self.context.signed_in, self.context.clock

        def send() -> None:
            # imported here, on the sending thread: the mail and iCalendar modules take about
            # half a second to load, which the window's first paint after a sign-in must not wait
            from ethics_desk.ui.my_calendar import send_owed_quietly

            send_owed_quietly(database, account, clock)

        self._calendar_sync = threading.Thread(
            target=send, name=f"calendar of {account.login}",
            daemon=True)  # quitting never waits for it
        self._calendar_sync.start()
        return self._calendar_sync

    def stop_daily_backup(self) -> None:
        """Stop looking, and stop a copy under way (at close: closing never waits seconds for
        it; nothing half-made is kept, and the next start of the day takes the copy); stop
        sending the calendar on the hour (a message under way ends on its own)."""
        self._calendar_timer.stop()
        self._backup_timer.stop()
        if self._daily_backup is not None:
            self._daily_backup.stop()

    def show_backup_status(self, line: str) -> None:
        """Show the backups' line on the status bar ("The last backup failed on …"), or
        nothing when all is well."""
        self.backup_label.setText(line)
        self.backup_label.setToolTip(line)
        self.backup_label.setAccessibleDescription(line)
        self.backup_label.setVisible(bool(line))
        self.backup_status_shown.emit(line)

    def refresh_staff(self) -> None:
        """Show who is signed in, and as what."""
        account = self.context.signed_in
        self.staff_label.setText(f"Signed in: {account.display}, {account.role.label}")

    # -- actions ----------------------------------------------------------------------------

    def open_intake(self, draft_id: int | None) -> None:
        """Open the intake wizard, new or resuming a draft."""
        from ethics_desk.ui.errors import show_user_error
        from ethics_desk.ui.intake.wizard import IntakeWizard

        refused = self.context.read_only(wait=True)
        if refused is not None:  # the wizard saves as the clerk types: nothing could be kept
            show_user_error(self, refused.error())
            return
        if self.wizard is not None and self.wizard.isVisible():
            self.wizard.raise_()
            self.wizard.activateWindow()
            return
        wizard = IntakeWizard(self.context, draft_id, self)
        wizard.finished.connect(lambda _result: self.refresh_screens())
        self.wizard = wizard
        wizard.show()

    def open_case(self, case_id: int) -> QWidget | None:
        """Open a case in its own window (or bring it forward if it is open already).

        The case is read first, as the signed-in person (audited, § 2-83(h)): one they do not
        receive is answered as one that does not exist, and no window is made, so that no
        part of it reads anything (None)."""
        from ethics_desk.cases.case_file import load_case
        from ethics_desk.ui.case.case_window import CaseWindow
        from ethics_desk.ui.errors import FAILED, attempt

        window = self.case_windows.get(case_id)
        if window is not None and window.isVisible():
            window.raise_()
            window.activateWindow()
            return window
        opened = attempt(self, lambda: load_case(self.context.database, case_id,
                                                 account=self.context.signed_in,
                                                 opened=self.context.clock,
                                                 shown_on=self.context.today()))
        if opened is FAILED:
            return None
        window = CaseWindow(self.context, case_id, opened=opened)  # shown as just read
        window.changed.connect(lambda _id: self.refresh_screens())
        window.resume_draft.connect(self.open_intake)
        window.case_requested.connect(self.open_case)  # found there with Ctrl+K
        self.case_windows[case_id] = window
        window.show()
        return window

    def save_view(self) -> None:
        """View → Save this inbox view…: the inbox is shown, then its filters, order and
        columns are saved under a name (:meth:`InboxScreen.save_view_dialog`)."""
        self.go("inbox")
        self.inbox_screen.save_view_dialog()

    def manage_views(self) -> None:
        """View → Manage inbox views…: rename, share or delete one's own saved views."""
        self.go("inbox")
        self.inbox_screen.manage_views_dialog()

    def my_calendar(self) -> QWidget:
        """View → My deadlines in Outlook…: one's deadlines as invitations, or one file."""
        from ethics_desk.ui.my_calendar import MyCalendarDialog

        dialog = MyCalendarDialog(self.context, self)
        dialog.open()
        return dialog

    def export_list(self) -> None:
        """File → Export the list… (Ctrl+Shift+E): the inbox's list, as shown, to an Excel
        workbook or a CSV file (the inbox is shown first, so its list is the one exported)."""
        self.go("inbox")
        self.inbox_screen.export_list()

    def find_case(self) -> QWidget:
        """Edit → Find a case… (Ctrl+K): any case the person receives, from every screen."""
        from ethics_desk.ui.find_case import find_a_case

        return find_a_case(self.context, self, self.open_case)

    def refresh_screens(self) -> None:
        """Show what a change in a case window changed (drafts, inbox, calendar)."""
        for screen in (self.stack.widget(i) for i in range(self.stack.count())):
            refresh = getattr(screen, "refresh", None)
            if callable(refresh):
                refresh()

    def change_password(self) -> None:
        """File → Change my password."""
        from ethics_desk.ui.sign_in import ChangePasswordDialog

        dialog = ChangePasswordDialog(self.context, self.context.signed_in, parent=self)
        if dialog.exec() == ChangePasswordDialog.DialogCode.Accepted and dialog.account:
            self.context.account = dialog.account
            self.statusBar().showMessage("Your password was changed.", 8000)

    def show_accounts(self) -> None:
        """Edit → Staff accounts (an Administrator)."""
        from ethics_desk.ui.accounts_dialog import AccountsDialog

        AccountsDialog(self.context, self).exec()

    def restore_backup(self) -> None:
        """File → Restore a backup… (an Administrator): once a backup is restored, Ethics Desk
        closes, so that no screen, session or sign-in read from the replaced database goes on;
        starting it again opens the restored one."""
        from ethics_desk.ui.restore_dialog import RestoreDialog

        dialog = RestoreDialog(self.context, self)
        dialog.restoring.connect(self.let_go_of_the_database)
        if dialog.exec() == RestoreDialog.DialogCode.Accepted and dialog.report is not None:
            self.restored = True
            QTimer.singleShot(0, self.close)

    def _may_make_the_sheet(self) -> bool:
        """Whether the signed-in person may make the recovery sheet (an Administrator)."""
        from ethics_desk.core.permissions import Act

        return self.context.may(Act.BACKUP_AND_CHECK)

    def offer_first_start(self) -> bool:
        """At an Administrator's sign-in while the office has no Clerk's account: the first
        start's page (False when it is not due)."""
        from ethics_desk.ui.first_start import first_start_due

        if not first_start_due(self.context):
            return False
        self.show_first_start()
        return True

    def show_first_start(self) -> None:
        """Edit → First start… (an Administrator): the first start's steps, each said done or
        not; not modal."""
        from ethics_desk.ui.first_start import FirstStartPage

        page = self.first_start_page
        if page is None:
            page = FirstStartPage(self.context, self, accounts=self.show_accounts,
                                  sheet=self.show_recovery_sheet,
                                  sign_out=self.sign_out_requested.emit)
            self.first_start_page = page
        page.refresh()
        page.show()
        page.raise_()
        page.activateWindow()

    def offer_recovery_sheet(self) -> bool:
        """At an Administrator's sign-in, when the database's recovery sheet has never been
        made: the dialog asking to print or save it (False when nothing is asked)."""
        from ethics_desk.core.errors import UserError
        from ethics_desk.storage.recovery_sheet import sheet_missing_for

        if not self._may_make_the_sheet():
            return False
        try:
            missing = sheet_missing_for(self.context.database)
        except UserError:
            return False  # the database's own trouble is told elsewhere
        if missing is None:
            return False
        self.show_recovery_sheet()
        return True

    def show_recovery_sheet(self) -> None:
        """File → Recovery sheet… (an Administrator): print or save the sheet of the record key;
        the dialog is window-modal and does not block (:attr:`recovery_sheet_dialog`)."""
        from ethics_desk.ui.recovery_sheet_dialog import RecoverySheetDialog

        dialog = RecoverySheetDialog(self.context, self)
        dialog.accepted.connect(self._recovery_sheet_made)
        self.recovery_sheet_dialog = dialog
        dialog.open()

    def _recovery_sheet_made(self) -> None:
        """The status bar stops asking for the sheet, and says it was made."""
        from ethics_desk.storage.recovery_sheet import WINDOW_REMINDER

        line = self.backup_label.text()
        if WINDOW_REMINDER in line:
            self.show_backup_status(line.replace(WINDOW_REMINDER, "").strip())
        self.statusBar().showMessage(
            "The recovery sheet was made: lock it away, apart from the backups.", 10000)

    def bring_key_from_sheet(self) -> None:
        """File → Bring the key from a recovery sheet… (an Administrator, on a new computer):
        the record key typed from the sheet, or read from its PDF, kept on this computer; the
        dialog is window-modal and does not block (:attr:`key_from_sheet_dialog`)."""
        from ethics_desk.ui.key_from_sheet_dialog import KeyFromSheetDialog

        dialog = KeyFromSheetDialog(self.context, self)
        dialog.accepted.connect(lambda: self.statusBar().showMessage(
            f"The record key {dialog.key_id} is kept on this computer: restore the newest "
            "backup now (File → Restore a backup…).", 15000))
        self.key_from_sheet_dialog = dialog
        dialog.open()

    def let_go_of_the_database(self) -> None:
        """Before a restore: close the intake (it keeps its draft) and the case windows, and
        every connection of this window to the database."""
        if self.wizard is not None and self.wizard.isVisible():
            self.wizard.close()
        for window in list(self.case_windows.values()):
            window.close()
        wait_for_queries(QUERY_WAIT_SECONDS)  # the inbox's reads finish with their connections
        self.context.database.dispose()

    def show_manual(self) -> QWidget:
        """Help → Manual (F1): the manual, at the page of the screen shown."""
        from ethics_desk.ui.manual_window import show_manual

        self._manual = show_manual(self.current_screen(), self)
        return self._manual

    def show_statute(self) -> None:
        """Help → § 2-83 text."""
        from ethics_desk.ui.statute_dialog import StatuteDialog

        StatuteDialog(self).exec()

    def show_info_sheet(self) -> None:
        """The (b) information sheet, previewed for printing."""
        from ethics_desk.ui.documents import show_info_sheet

        show_info_sheet(self.context, self)

    def show_about(self) -> None:
        """Help → About."""
        QMessageBox.about(self, "About Ethics Desk",
                          f"<b>Ethics Desk {__version__}</b><br>The City Clerk's application for "
                          "sworn ethics complaints under City Code § 2-83.<br><br>Database: "
                          f"{self.context.database.description}")
