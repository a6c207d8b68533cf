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


def test_the_mail_password_goes_to_the_credential_store_and_never_to_the_database(
        qtbot: QtBot, context: AppContext, monkeypatch: pytest.MonkeyPatch) -> None:
    import keyring

    from ethics_desk.mail import credentials
    from tests.mail.test_email import MemoryKeyring

    store = MemoryKeyring()
    before = keyring.get_keyring()
    keyring.set_keyring(store)
    try:
        screen = _screen(qtbot, context)
        screen.fields["mail.server"].setText("smtp.example.org")  # type: ignore[attr-defined]
        screen.fields["mail.user"].setText("clerk-office")  # type: ignore[attr-defined]
        screen.save()
        screen.mail_password.setText("s3cret-Pa55")
        assert screen.password_button.isEnabled()
        screen.password_button.click()
    finally:
        keyring.set_keyring(before)
    assert store.kept == {(credentials.SERVICE, "clerk-office@smtp.example.org"): "s3cret-Pa55"}
    assert screen.mail_password.text() == ""
    assert "credential store" in screen.status.text()
    assert "s3cret-Pa55" not in str(read_settings(context.database))
