"""Every window fits the screens a clerk works on — 1280 × 720 at 100 %, and 1920 × 1080 at
150 % — with its own buttons (Print, Close, Next, File…) on the screen, not below its edge:
the main window, the wizard, the case window, every action's form, the papers and their
dialogs, the Board roster's dialogs, the closures editor and its confirmation, the wait for
IT's setup of the server; and no field of any of them squeezed below the height it needs (a
wrapped note taking the room of a row)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from PySide6.QtWidgets import QAbstractButton, QComboBox, QLineEdit, QSpinBox
from pytestqt.qtbot import QtBot

from ethics_desk.ui.context import AppContext
from tests.conftest import DemoTemplate
from tests.ui.window_tour import Stop, tour

ROOT = Path(__file__).resolve().parents[2]


def _probe(tmp_path: Path, demo: str, width: int, height: int,
           scale: float) -> dict[str, object]:
    config = tmp_path / "screen.json"
    config.write_text(json.dumps({"screens": [{"name": "desk", "x": 0, "y": 0, "width": width,
                                               "height": height, "logicalDpi": 96}]}),
                      encoding="utf-8")
    env = {k: v for k, v in os.environ.items() if not k.startswith(("QT_", "PYTEST_"))}
    env.update(QT_QPA_PLATFORM=f"offscreen:configfile={config}", QT_SCALE_FACTOR=str(scale),
               PYTHONPATH=os.pathsep.join(filter(None, [str(ROOT), env.get("PYTHONPATH")])),
               HOME=str(tmp_path), XDG_CONFIG_HOME=str(tmp_path / "config"),
               XDG_DATA_HOME=str(tmp_path / "data"))
    result = subprocess.run([sys.executable, "-m", "tests.ui.fit_probe", str(demo)], cwd=ROOT,
                            env=env, capture_output=True, text=True, timeout=300, check=False)
    assert result.returncode == 0, result.stdout + result.stderr
    return json.loads(result.stdout.strip().splitlines()[-1])  # type: ignore[no-any-return]


def _inside(rect: list[int], screen: list[int]) -> bool:
    x, y, w, h = rect
    sx, sy, sw, sh = screen
    return x >= sx and y >= sy and x + w <= sx + sw and y + h <= sy + sh


@pytest.mark.parametrize(("width", "height", "scale"), [(1280, 720, 1.0), (1920, 1080, 1.5)],
                         ids=["1280x720", "1920x1080-at-150"])
def test_every_window_and_its_buttons_lie_within_the_screen(
        tmp_path: Path, demo_template: DemoTemplate, width: int, height: int,
        scale: float) -> None:
    copy = demo_template.copy(tmp_path)  # a copy of its own, as the application opens it
    database = next(copy)
    try:
        database.dispose()
        report = _probe(tmp_path, database.url.render_as_string(hide_password=False), width,
                        height, scale)
    finally:
        copy.close()
    screen = report["screen"]
    assert isinstance(screen, list) and screen[2] == round(width / scale)
    windows = report["windows"]
    assert isinstance(windows, dict)
    assert {"main window", "§ 2-83 text", "filing papers", "information sheet", "intake wizard",
            "case window", "closures and holidays", "roster: add a member", "roster: add a term",
            "roster: end a term", "papers: mailing", "papers: delivery or return",
            "papers: void and reissue", "closures: confirm a change",
            "waiting for the server's setup", "audit trail"} <= set(windows)
    assert sum(name.startswith("form: ") for name in windows) >= 15
    outside = {name: [text for text, rect in found["buttons"].items()
                      if not _inside(rect, screen)]
               for name, found in windows.items()}
    too_big = [name for name, found in windows.items() if not _inside(found["frame"], screen)]
    assert too_big == []
    assert {name: texts for name, texts in outside.items() if texts} == {}
    assert all(found["buttons"] for found in windows.values())
    # and every text in them whole in the room it is given (tests/ui/text_fit.py)
    assert {name: found["cut"] for name, found in windows.items() if found["cut"]} == {}


def test_no_field_of_any_window_is_squeezed_below_the_height_it_needs(
        qtbot: QtBot, demo_context: AppContext, tmp_path: Path) -> None:
    squeezed: list[str] = []
    seen: list[Stop] = []  # the tour's windows stay referenced while it goes on
    for stop in tour(qtbot, demo_context, tmp_path):
        seen.append(stop)
        fields = (stop.part.findChildren(QLineEdit) + stop.part.findChildren(QComboBox)
                  + stop.part.findChildren(QAbstractButton))
        squeezed += [f"{stop.name}: {type(w).__name__} {w.objectName()!r} is {w.height()} px "
                     f"high, needs {w.minimumSizeHint().height()}"
                     for w in fields if w.isVisible() and not isinstance(w.parent(), QSpinBox)
                     and w.height() < w.minimumSizeHint().height()]
    assert squeezed == [], "\n".join(squeezed)
