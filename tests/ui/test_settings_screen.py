"""The Settings screen at two desks: each desk's save writes only what was changed there, and a
setting the other desk changed meanwhile is a message, never silently overwritten."""

from __future__ import annotations

import pytest
from pytestqt.qtbot import QtBot

from ethics_desk.office.actions import read_settings
from ethics_desk.ui.context import AppContext
from ethics_desk.ui.screens.settings_screen import SettingsScreen


def _screen(qtbot: QtBot, context: AppContext) -> SettingsScreen:
    screen = SettingsScreen(context)
    qtbot.addWidget(screen)
    screen.show()
    return screen


def test_two_desks_saving_different_settings_keep_both(
        qtbot: QtBot, context: AppContext) -> None:
    front, back = _screen(qtbot, context), _screen(qtbot, context)
    front.fields["office.phone"].setText("210-207-0000")  # type: ignore[attr-defined]
    front.save()
    back.fields["office.fax"].setText("210-207-1111")  # type: ignore[attr-defined]
    back.save()
    stored = read_settings(context.database)
    assert (stored["office.phone"], stored["office.fax"]) == ("210-207-0000", "210-207-1111")
    assert back.status.text() == "Saved 1 change(s)."


def test_a_setting_changed_at_another_desk_meanwhile_is_not_overwritten(
        qtbot: QtBot, context: AppContext, monkeypatch: pytest.MonkeyPatch) -> None:
    errors: list[str] = []
    monkeypatch.setattr("ethics_desk.ui.errors.show_user_error",
                        lambda parent, error, title="": errors.append(str(error)))
    front, back = _screen(qtbot, context), _screen(qtbot, context)
    front.fields["office.phone"].setText("210-207-0000")  # type: ignore[attr-defined]
    front.save()
    back.fields["office.phone"].setText("210-207-2222")  # type: ignore[attr-defined]
    back.save()
    assert errors and "Another desk changed Telephone" in errors[0]
    assert read_settings(context.database)["office.phone"] == "210-207-0000"
    assert back.fields["office.phone"].text() == "210-207-2222"  # type: ignore[attr-defined]
    back.load()  # Revert: the value as it is now
    assert back.fields["office.phone"].text() == "210-207-0000"  # type: ignore[attr-defined]
