"""The Witnesses tab records a witness through the real case window, with who identified them,
and keeps what was typed when the record is refused."""

from __future__ import annotations

import pytest
from pytestqt.qtbot import QtBot

from ethics_desk.cases import witnesses
from ethics_desk.ui.case.case_window import CaseWindow
from ethics_desk.ui.context import AppContext
from tests.factories import filed_case
from tests.ui.conftest import type_text
from tests.workflow.helpers import audit_actions


def test_a_witness_is_recorded_from_the_case_window(qtbot: QtBot, context: AppContext) -> None:
    case = filed_case(context.controller())
    window = CaseWindow(context, case)
    qtbot.addWidget(window)
    window.show()
    panel = window.witnesses
    window.tabs.setCurrentWidget(panel)
    type_text(qtbot, panel.name, "Rosa Díaz")
    type_text(qtbot, panel.contact, "210-555-0101")
    panel.identified_by.setCurrentIndex(0)
    panel.add_button.click()
    assert [w.name for w in witnesses.witnesses(context.database, case,
                                                account=context.signed_in)] == ["Rosa Díaz"]
    assert panel.model.rows()[0].identified_by.endswith("(complainant)")
    assert panel.name.text() == "" and "Recorded Rosa Díaz" in panel.status.text()
    assert "witness.add" in audit_actions(context.database, case)
    assert any("Rosa Díaz" in line.summary for line in window.timeline.rows())
    labels = [panel.identified_by.itemText(i) for i in range(panel.identified_by.count())]
    assert "Rosa Díaz (witness)" in labels


def test_a_refused_witness_keeps_what_was_typed(qtbot: QtBot, context: AppContext,
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    errors: list[str] = []
    monkeypatch.setattr("ethics_desk.ui.errors.show_user_error",
                        lambda parent, error, title="": errors.append(str(error)))
    case = filed_case(context.controller())
    window = CaseWindow(context, case)
    qtbot.addWidget(window)
    panel = window.witnesses
    panel.contact.setText("210-555-0101")
    panel.add_button.click()
    assert len(errors) == 1 and "needs a name" in errors[0]
    assert panel.contact.text() == "210-555-0101"
    assert witnesses.witnesses(context.database, case, account=context.signed_in) == []
