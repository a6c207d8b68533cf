"""A party's key — whose clock, which recipient — is written by one function and read back by
its partner; nothing else in the application spells it."""

from __future__ import annotations

import re
from pathlib import Path

from ethics_desk.core import parties
from ethics_desk.core.parties import (
    is_complainant,
    recipient_key,
    respondent_key,
    respondent_of,
    response_carried,
)

ROOT = Path(parties.__file__).resolve().parent.parent.parent
SPELLED = re.compile(r"""respondent:\{|(['"])respondent:\1|startswith\(\s*['"]respondent:""")


def test_a_respondents_key_names_the_respondent_and_is_read_back() -> None:
    assert respondent_key(7) == "respondent:7"
    assert respondent_of(respondent_key(7)) == 7
    for other in ("chair", "complainant", "respondent:", "respondent:x", "complainant:respondent:7"):
        assert respondent_of(other) is None


def test_a_recipient_is_keyed_by_role_and_the_copy_of_a_response_by_whose_it_is() -> None:
    assert recipient_key("respondent", 3) == respondent_key(3)
    assert recipient_key("complainant", 3) == "complainant:" + respondent_key(3)  # § 2-83(e)(3)
    assert recipient_key("complainant") == "complainant"
    assert recipient_key("compliance_auditor", None) == "compliance_auditor"
    assert response_carried(recipient_key("complainant", 3)) == 3
    assert response_carried(recipient_key("respondent", 3)) is None
    assert is_complainant(recipient_key("complainant", 3)) and is_complainant("complainant")
    assert not is_complainant(recipient_key("respondent", 3))


def test_no_other_module_spells_the_party_key() -> None:
    found = []
    for folder in ("ethics_desk", "benchmarks"):
        for path in sorted((ROOT / folder).rglob("*.py")):
            if path.name == "parties.py" and path.parent.name == "core":
                continue
            text = path.read_text(encoding="utf-8")
            found += [f"{path.relative_to(ROOT)}:{text[:m.start()].count(chr(10)) + 1}"
                      for m in SPELLED.finditer(text)]
    assert found == []


def test_the_case_window_takes_the_recipient_key_from_the_domain() -> None:
    panel = (ROOT / "ethics_desk" / "ui" / "case" / "papers_panel.py").read_text(encoding="utf-8")
    assert "recipient_key(" in panel and "def recipient_ref" not in panel
