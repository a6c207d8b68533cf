"""Walk Ethics Desk's accessibility tree as a screen reader on Linux (Orca) reads it: over AT-SPI.

Run by ``.ci/atspi-walk``, which starts a virtual X server, a D-Bus session with the AT-SPI bus,
and the application on a demonstration database; this walker then finds the application on the
AT-SPI desktop, walks the sign-in dialog and signs in through it (the demonstration's clerk,
its login and password set in the fields over AT-SPI, "Sign in" pressed), and, for every screen
of the main window, counts the interactive elements that
are showing (push buttons, check boxes, radio buttons, combo boxes, text fields, spin buttons,
lists, tables, trees, page tabs, links, menu items, sliders) and those of them whose name is
empty: what a screen-reader user hears as just "button" or "edit text". Then it opens a case
window (a case double-clicked in the inbox, as the clerk opens it) and walks each of its tabs,
and the intake wizard ("Start a new complaint" pressed through its AT-SPI action), and walks
its first step.

It runs under Debian's ``python3`` with ``python3-pyatspi`` (pyatspi is not on PyPI); the
application runs under the project's Python. Every element is counted once, however many
screens show it (the menu bar and the navigation list are in every one). Each unnamed element
is printed with its role, the names of the elements it sits in, and Qt's object path (its
AT-SPI accessible id, which names the widget to fix). The last line is one JSON object:
``{"screens": N, "interactive": N, "unnamed": N}``: the views walked (each screen of the main
window, each tab of the case window, the wizard's step), and the interactive elements counted
and unnamed among them.

Exit status: 0 when the walk was made (and, with ``--max-unnamed K``, at most K elements were
unnamed); 1 when more than K were unnamed; 2 when the walk itself failed (the application did
not appear, a screen did not open, the time ran out).
"""

from __future__ import annotations

import argparse
import json
import signal
import sys
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from types import FrameType
from typing import Any

try:
    import pyatspi
except ImportError:  # the bash script checks first; this is for a walker run by hand
    print("atspi-walk: pyatspi is missing. Install Debian's python3-pyatspi and run this with "
          "Debian's python3.", file=sys.stderr)
    raise SystemExit(2) from None

Accessible = Any  # pyatspi's Atspi.Accessible (no type information is shipped)

INTERACTIVE = frozenset({
    pyatspi.ROLE_PUSH_BUTTON, pyatspi.ROLE_TOGGLE_BUTTON, pyatspi.ROLE_CHECK_BOX,
    pyatspi.ROLE_RADIO_BUTTON, pyatspi.ROLE_COMBO_BOX, pyatspi.ROLE_TEXT, pyatspi.ROLE_ENTRY,
    pyatspi.ROLE_PASSWORD_TEXT, pyatspi.ROLE_SPIN_BUTTON, pyatspi.ROLE_LIST,
    pyatspi.ROLE_LIST_BOX, pyatspi.ROLE_TABLE, pyatspi.ROLE_TREE, pyatspi.ROLE_TREE_TABLE,
    pyatspi.ROLE_PAGE_TAB, pyatspi.ROLE_LINK, pyatspi.ROLE_MENU_ITEM,
    pyatspi.ROLE_CHECK_MENU_ITEM, pyatspi.ROLE_RADIO_MENU_ITEM, pyatspi.ROLE_SLIDER,
})
"""The roles a screen-reader user moves to and acts on; each must have a name."""

ITEM_VIEWS = frozenset({
    pyatspi.ROLE_LIST, pyatspi.ROLE_LIST_BOX, pyatspi.ROLE_TABLE, pyatspi.ROLE_TREE,
    pyatspi.ROLE_TREE_TABLE,
})
"""Views whose children are their rows and cells (named by the data): counted, not entered."""

POLL = 0.2
"""Seconds between two looks at the tree while waiting for it to change."""


class WalkFailed(Exception):
    """The walk could not be made (the message says what was missing)."""


class OutOfTime(BaseException):
    """The walk's --timeout ran out (not an Exception, so that no retry loop swallows it)."""


@dataclass
class Unnamed:
    """One showing interactive element without a name."""

    role: str
    path: str
    object_path: str


@dataclass
class Tally:
    """What was found, each element once (keyed by its place in the tree)."""

    seen: set[tuple[str, ...]] = field(default_factory=set)
    interactive: int = 0
    unnamed: list[Unnamed] = field(default_factory=list)
    walks: list[str] = field(default_factory=list)


DOING = ["starting"]
"""What the walk is doing (the last entry), for the message when its time runs out."""


def _on_timeout(_signum: int, _frame: FrameType | None) -> None:
    raise OutOfTime(f"the walk took longer than its --timeout, while {DOING[-1]}")


# -- reading the tree ---------------------------------------------------------------------------


def name_of(node: Accessible) -> str:
    """The element's accessible name ('' when it has none)."""
    return str(node.name or "").strip()


def object_path(node: Accessible) -> str:
    """Qt's object path of the element (its AT-SPI accessible id), or ''."""
    try:
        return str(node.get_accessible_id() or "")
    except Exception:  # an older AT-SPI without accessible ids
        return ""


def showing(node: Accessible) -> bool:
    """Whether the element is on screen (AT-SPI's "showing" state)."""
    return bool(node.getState().contains(pyatspi.STATE_SHOWING))


def children(node: Accessible) -> Iterator[Accessible]:
    """The element's children (those that can still be read)."""
    for index in range(node.childCount):
        child = node.getChildAtIndex(index)
        if child is not None:
            yield child


def descendants(node: Accessible, *, showing_only: bool = True) -> Iterator[Accessible]:
    """The element and everything below it, not entering the rows of item views."""
    yield node
    if node.getRole() in ITEM_VIEWS:
        return
    for child in children(node):
        if showing_only and not showing(child):
            continue
        yield from descendants(child, showing_only=showing_only)


def find(node: Accessible, test: Callable[[Accessible], bool], *,
         showing_only: bool = True) -> Accessible | None:
    """The first element at or under ``node`` that passes ``test``."""
    return next((n for n in descendants(node, showing_only=showing_only) if test(n)), None)


def wait_for(what: str, get: Callable[[], Any], timeout: float) -> Any:
    """Poll ``get`` until it returns something true, or fail saying ``what`` did not happen."""
    end = time.monotonic() + timeout
    while True:
        try:
            value = get()
        except Exception:  # an element that went away while it was read: look again
            value = None
        if value:
            return value
        if time.monotonic() > end:
            raise WalkFailed(f"{what} (waited {timeout:.0f} s)")
        time.sleep(POLL)


def settle(window: Accessible, timeout: float) -> None:
    """Wait until the window's showing tree stops changing (a screen being built, filled)."""
    def shape() -> tuple[tuple[int, str], ...] | None:
        try:
            return tuple((n.getRole(), name_of(n)) for n in descendants(window))
        except Exception:  # an element went away while it was read: not settled yet
            return None

    end = time.monotonic() + timeout
    previous: tuple[tuple[int, str], ...] | None = None
    while time.monotonic() < end:
        current = shape()
        if current is not None and current == previous:
            return
        previous = current
        time.sleep(2 * POLL)


def walk(window: Accessible, label: str, tally: Tally) -> None:
    """Count the showing interactive elements of ``window``; print the unnamed new ones."""
    before_interactive, before_unnamed = tally.interactive, len(tally.unnamed)

    def visit(node: Accessible, place: tuple[str, ...], names: tuple[str, ...]) -> None:
        role = node.getRole()
        name = name_of(node)
        if role in INTERACTIVE and place not in tally.seen:
            tally.seen.add(place)
            tally.interactive += 1
            if not name:
                found = Unnamed(node.getRoleName(), " › ".join(names) or "(the window)",
                                object_path(node))
                tally.unnamed.append(found)
                print(f"  unnamed {found.role}: in {found.path}"
                      + (f"  [{found.object_path}]" if found.object_path else ""))
        if role in ITEM_VIEWS:
            return
        inner = (*names, name) if name else names
        for index, child in enumerate(children(node)):
            if showing(child):
                visit(child, (*place, f"{index}:{object_path(child)}"), inner)

    DOING.append(f"walking {label}")
    print(f"{label}:")
    visit(window, (f"window:{object_path(window)}:{name_of(window)}",), ())
    tally.walks.append(label)
    print(f"  {tally.interactive - before_interactive} interactive elements not seen before, "
          f"{len(tally.unnamed) - before_unnamed} of them unnamed")


# -- driving the application ----------------------------------------------------------------------


def press(node: Accessible, *names: str) -> None:
    """Do the element's action named one of ``names`` (else its first), as Orca would."""
    action = node.queryAction()
    wanted = {n.lower() for n in names}
    index = next((i for i in range(action.nActions) if action.getName(i).lower() in wanted), 0)
    if action.nActions == 0:
        raise WalkFailed(f"the {node.getRoleName()} “{name_of(node)}” has no action")
    action.doAction(index)


def find_application(pid: int | None, name: str, timeout: float) -> Accessible:
    """The application on the AT-SPI desktop, by process id (or by name), once it has a window."""
    def look() -> Accessible | None:
        desktop = pyatspi.Registry.getDesktop(0)
        for app in children(desktop):
            if (app.get_process_id() == pid) if pid else (name_of(app) == name):
                return app if app.childCount > 0 else None
        return None

    return wait_for(f"the application ({f'process {pid}' if pid else name}) did not appear on "
                    "the AT-SPI desktop with a window", look, timeout)


def windows(app: Accessible) -> list[Accessible]:
    """The application's top-level windows that are showing."""
    return [w for w in children(app) if showing(w)]


def main_frame(app: Accessible, timeout: float) -> Accessible:
    """The main window: the frame with the navigation list."""
    def look() -> Accessible | None:
        for window in windows(app):
            if navigation_of(window) is not None:
                return window
        return None

    return wait_for("the main window with its navigation list did not appear", look, timeout)


def navigation_of(window: Accessible) -> Accessible | None:
    """The main window's navigation list (Qt object name "navigation")."""
    return find(window, lambda n: n.getRole() == pyatspi.ROLE_LIST
                and object_path(n).endswith(".navigation"))


def view_menu_item(frame: Accessible, screen: str) -> Accessible:
    """The View menu's item for a screen ("3 Calendar" for "Calendar")."""
    bar = find(frame, lambda n: n.getRole() == pyatspi.ROLE_MENU_BAR)
    if bar is None:
        raise WalkFailed("the main window has no menu bar")
    item = find(bar, lambda n: n.getRole() == pyatspi.ROLE_MENU_ITEM
                and name_of(n).split(" ", 1)[-1] == screen and name_of(n)[:1].isdigit(),
                showing_only=False)
    if item is None:
        raise WalkFailed(f"the View menu has no item for the screen “{screen}”")
    return item


def go_to(frame: Accessible, navigation: Accessible, index: int, screen: str,
          timeout: float) -> None:
    """Show a screen: the View menu's item pressed, then wait until the navigation shows it.

    The navigation list's own items answer AT-SPI's Toggle action and Selection by selecting
    the row without making it current, which does not switch the screen (Qt's item views);
    the View menu's item is the same command as the list's row, and its Press action works.
    """
    DOING.append(f"showing the screen “{screen}”")
    press(view_menu_item(frame, screen), "press", "click")
    wait_for(f"the screen “{screen}” was not shown after its View menu item was pressed",
             lambda: navigation.getChildAtIndex(index).getState()
             .contains(pyatspi.STATE_SELECTED), timeout)
    settle(frame, timeout)


def new_window(app: Accessible, before: list[Accessible], what: str,
               timeout: float) -> Accessible:
    """The top-level window that appeared since ``before`` was taken."""
    known = {object_path(w) + "|" + name_of(w) for w in before}
    window = wait_for(f"{what} did not open", lambda: next(
        (w for w in windows(app) if object_path(w) + "|" + name_of(w) not in known), None),
        timeout)
    settle(window, timeout)
    return window


KEY_HOME, KEY_DOWN, KEY_RETURN = 0xFF50, 0xFF54, 0xFF0D
"""X keysyms, typed through the AT-SPI registry (XTest) into the popup that has the keyboard."""

CASE_VIEW = "All pending"
"""The inbox view the case is opened from: every complaint filed and not finally disposed of,
never empty in the demonstration whatever the day (the saved view "Due today" is empty on a
weekend)."""


def choose(combo: Accessible, entry: str, timeout: float) -> None:
    """Choose an entry of a combo box as a keyboard user does: open it, move to it, Enter."""
    popup = next((c for c in children(combo) if c.getRole() in ITEM_VIEWS), None)
    entries = [] if popup is None else [name_of(c) for c in children(popup)]
    if entry not in entries:
        raise WalkFailed(f"the combo box “{name_of(combo)}” has no entry “{entry}” ({entries})")
    press(combo, "show menu")
    wait_for(f"the combo box “{name_of(combo)}” did not open", lambda: showing(popup), timeout)
    for key in [KEY_HOME] + [KEY_DOWN] * entries.index(entry) + [KEY_RETURN]:
        pyatspi.Registry.generateKeyboardEvent(key, None, pyatspi.KEY_SYM)
        time.sleep(0.05)
    wait_for(f"the entry “{entry}” of the combo box was not chosen",
             lambda: name_of(combo) == entry, timeout)


def open_first_case(app: Accessible, frame: Accessible, timeout: float) -> Accessible:
    """Open the first case of the inbox's view "All pending" as the clerk does (a double click)."""
    def inbox(role: int, name: str) -> Callable[[], Accessible | None]:
        return lambda: find(frame, lambda n: n.getRole() == role
                            and ".InboxScreen." in object_path(n) and object_path(n).endswith(name))

    views = wait_for("the inbox has no choice of views", inbox(pyatspi.ROLE_COMBO_BOX,
                                                                ".inboxViews"), timeout)
    choose(views, CASE_VIEW, timeout)
    table = wait_for("the inbox has no table of cases",
                     lambda: find(frame, lambda n: n.getRole() == pyatspi.ROLE_TABLE
                                  and ".InboxScreen." in object_path(n)), timeout)
    wait_for(f"the inbox's view “{CASE_VIEW}” shows no case", lambda: table.queryTable().nRows,
             timeout)
    cell = table.queryTable().getAccessibleAt(0, 0)
    box = cell.queryComponent().getExtents(pyatspi.DESKTOP_COORDS)
    before = windows(app)
    what = f"the case window of “{name_of(cell)}” (double-clicked in the inbox)"
    for attempt in range(3):  # a double click the X server did not get is made again
        pyatspi.Registry.generateMouseEvent(box.x + box.width // 2, box.y + box.height // 2,
                                            "b1d")
        try:
            return new_window(app, before, what, timeout / 3)
        except WalkFailed:
            if attempt == 2:
                raise
    raise AssertionError("unreachable")


def walk_tabs(window: Accessible, label: str, tally: Tally, timeout: float) -> int:
    """Walk a window once for each of its page tabs (pressed in turn); returns the tab count."""
    tab_list = find(window, lambda n: n.getRole() == pyatspi.ROLE_PAGE_TAB_LIST)
    tabs = [] if tab_list is None else [t for t in children(tab_list)
                                        if t.getRole() == pyatspi.ROLE_PAGE_TAB and showing(t)]
    if not tabs:
        walk(window, label, tally)
        return 1
    for tab in tabs:
        tab_name = name_of(tab)
        DOING.append(f"choosing the tab “{tab_name}” of {label}")
        press(tab, "press", "switch", "click")

        def selected(tab: Accessible = tab) -> bool:
            return bool(tab.getState().contains(pyatspi.STATE_SELECTED))

        wait_for(f"the tab “{tab_name}” of {label} was not selected after it was pressed",
                 selected, timeout)
        settle(window, timeout)
        walk(window, f"{label}, tab {tab_name}", tally)
    return len(tabs)


def sign_in(app: Accessible, tally: Tally, login: str, password: str, timeout: float) -> None:
    """Walk the sign-in dialog, then sign in as a person does with a screen reader: the login
    and the password typed into their fields, the Sign in button pressed."""
    def dialog() -> Accessible | None:
        for window in windows(app):
            if find(window, lambda n: n.getRole() == pyatspi.ROLE_PASSWORD_TEXT) is not None:
                return window
        return None

    DOING.append("waiting for the sign-in dialog")
    window = wait_for("the sign-in dialog (a window with a password field) did not appear",
                      dialog, timeout)
    settle(window, timeout)
    walk(window, f"Sign-in dialog “{name_of(window)}”", tally)
    DOING.append("signing in")
    fields = [n for n in descendants(window) if n.getRole() in (pyatspi.ROLE_TEXT,
                                                                 pyatspi.ROLE_ENTRY)
              and name_of(n).replace("&", "").lower().startswith("login")]
    secret = find(window, lambda n: n.getRole() == pyatspi.ROLE_PASSWORD_TEXT)
    button = find(window, lambda n: n.getRole() == pyatspi.ROLE_PUSH_BUTTON
                  and name_of(n).replace("&", "").lower().startswith("sign in"))
    if not fields or secret is None or button is None:
        raise WalkFailed("the sign-in dialog has no field named Login, no password field or no "
                         "“Sign in” button")
    fields[0].queryEditableText().setTextContents(login)
    secret.queryEditableText().setTextContents(password)
    press(button, "press", "click")


def run(args: argparse.Namespace) -> Tally:
    """The whole walk: the sign-in dialog, every screen, then a case window's tabs, then the
    wizard."""
    tally = Tally()
    DOING.append("waiting for the application on the AT-SPI desktop")
    app = find_application(args.pid, args.app_name, args.start_timeout)
    sign_in(app, tally, args.login, args.password, args.start_timeout)
    frame = main_frame(app, args.start_timeout)
    settle(frame, args.step_timeout)
    navigation = navigation_of(frame)
    # The screens the signed-in role has: a row of a screen it does not have is hidden (its
    # View menu item too), and stays in the list's children without AT-SPI's "visible" state.
    rows = [(index, name_of(item)) for index, item in enumerate(children(navigation))
            if item.getState().contains(pyatspi.STATE_VISIBLE)]
    if not rows:
        raise WalkFailed("the navigation list has no screens")
    screens = {screen: index for index, screen in rows}
    for index, screen in rows:
        go_to(frame, navigation, index, screen, args.step_timeout)
        walk(frame, f"Screen “{screen}”", tally)
    if args.windows:
        go_to(frame, navigation, screens["Inbox"], "Inbox", args.step_timeout)
        DOING.append("opening a case from the inbox")
        case = open_first_case(app, frame, args.step_timeout)
        walk_tabs(case, f"Case window “{name_of(case)}”", tally, args.step_timeout)
        go_to(frame, navigation, screens["New complaint"], "New complaint",
              args.step_timeout)
        start = find(frame, lambda n: n.getRole() == pyatspi.ROLE_PUSH_BUTTON
                     and name_of(n).replace("&", "").startswith("Start a new complaint"))
        if start is None:
            raise WalkFailed("the New complaint screen has no “Start a new complaint” button")
        before = windows(app)
        DOING.append("opening the intake wizard")
        press(start, "press", "click")
        wizard = new_window(app, before, "the intake wizard (Start a new complaint pressed)",
                            args.step_timeout)
        walk(wizard, f"Intake wizard “{name_of(wizard)}”, first step", tally)
    return tally


def main(argv: list[str] | None = None) -> int:
    """Parse the options, walk, print the unnamed elements and the JSON line."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--pid", type=int, help="the application's process id")
    parser.add_argument("--login", default="clerk",
                        help="the account to sign in as (the demonstration's clerk)")
    parser.add_argument("--password", default="demo",
                        help="its password (the demonstration's accounts have \"demo\")")
    parser.add_argument("--app-name", default="Ethics Desk",
                        help="the application's AT-SPI name, when no --pid is given")
    parser.add_argument("--timeout", type=float, default=90,
                        help="seconds for the whole walk, the application's start included")
    parser.add_argument("--start-timeout", type=float, default=45,
                        help="seconds to wait for the application's main window")
    parser.add_argument("--step-timeout", type=float, default=20,
                        help="seconds to wait for one screen or window")
    parser.add_argument("--no-windows", dest="windows", action="store_false",
                        help="walk the main window's screens only (no case window, no wizard)")
    parser.add_argument("--max-unnamed", type=int, metavar="K",
                        help="exit 1 when more than K interactive elements are unnamed")
    args = parser.parse_args(argv)
    signal.signal(signal.SIGALRM, _on_timeout)
    signal.alarm(max(1, int(args.timeout)))
    try:
        tally = run(args)
    except (WalkFailed, OutOfTime) as exc:
        print(f"atspi-walk: the walk failed: {exc}", file=sys.stderr)
        return 2
    except Exception as exc:  # an AT-SPI error (the application crashed, the bus went away)
        print(f"atspi-walk: the walk failed: {type(exc).__name__}: {exc}", file=sys.stderr)
        return 2
    finally:
        signal.alarm(0)
    print(json.dumps({"screens": len(tally.walks), "interactive": tally.interactive,
                      "unnamed": len(tally.unnamed)}))
    if args.max_unnamed is not None and len(tally.unnamed) > args.max_unnamed:
        print(f"atspi-walk: {len(tally.unnamed)} interactive elements have no accessible name "
              f"(at most {args.max_unnamed} allowed)", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
