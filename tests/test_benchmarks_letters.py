"""The letters benchmark checks issue 17's real target and never reports a figure it did not
measure: without LibreOffice it says how to install it, and its JSON says ``"met": null``."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def test_without_libreoffice_the_benchmark_says_how_to_install_it_and_claims_nothing(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.syspath_prepend(str(ROOT))
    from benchmarks import letters, peer_letters

    monkeypatch.setattr(peer_letters, "soffice", lambda: None)
    assert letters.main(["--count", "3", "--rounds", "1"]) == 0
    lines = capsys.readouterr().out.strip().splitlines()
    assert "apt-get install -y --no-install-recommends libreoffice-writer" in lines[0]
    result = json.loads(lines[-1])
    assert result["met"] is None and result["ratio"] is None
    assert result["libreoffice_seconds"] is None
    assert "not installed" in result["reason"]
    assert result["target_ratio"] == 20.0  # the target, not a looser one
    # Three (e) packets, each the notice and the Ethics Code enclosed, in one print run whose
    # fonts are embedded once, however many letters it holds.
    assert result["run_pages"] == result["issued_pages"] > 3
    assert letters.main(["--count", "1", "--rounds", "1"]) == 0
    one = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    assert result["run_pages"] == 3 * one["run_pages"]
    assert result["run_font_programs"] == one["run_font_programs"]


def test_the_word_letters_hold_the_notice_s_own_words() -> None:
    import io
    import zipfile

    from benchmarks import peer_letters

    [paper] = peer_letters.sample_papers(1)
    words = peer_letters.notice_words(paper)
    document = zipfile.ZipFile(io.BytesIO(peer_letters.docx(words))).read("word/document.xml")
    text = document.decode("utf-8")
    assert "Notice of Complaint and of Your Right to Respond" in text
    assert "Ethics Review Board" in text and "Nguyễn Thị Minh Khai 0" in text
    assert len(words) > 20
