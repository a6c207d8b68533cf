"""The office's wording of its papers and the Ethics Code enclosure live in the database, so
every desk prints the same letters; each change is checked, audited and versioned."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest
import sqlalchemy as sa
from alembic import command
from pypdf import PdfWriter
from sqlalchemy import select

from ethics_desk.cli import main
from ethics_desk.core.account import Account
from ethics_desk.core.errors import ConflictError, UserError
from ethics_desk.core.roles import Role
from ethics_desk.documents import papers, wording
from ethics_desk.documents.kinds import template_titles
from ethics_desk.documents.render.templates import TemplateError, TemplateLibrary
from ethics_desk.maintenance.opening import open_database
from ethics_desk.maintenance.transfer import copy_records
from ethics_desk.models import AuditRecord, OfficePaper, Setting
from ethics_desk.storage.audit import verify_chain
from ethics_desk.storage.database import Database
from ethics_desk.storage.migrate import alembic_config
from ethics_desk.workflow.controller import WorkflowController
from tests.conftest import CLOCK
from tests.documents.render.helpers import flat, text_of
from tests.factories import ANA, filed_case
from tests.signing_in import sign_in_as

CLERK = Account(31, "mortiz", "María Ortiz", Role.CLERK)
SHIPPED_TITLE = "[title] Receipt for a Sworn Ethics Complaint"


def shipped(file_name: str = "receipt.txt") -> str:
    return TemplateLibrary().shipped_text(file_name)


def retitled(title: str, file_name: str = "receipt.txt") -> str:
    return shipped(file_name).replace(SHIPPED_TITLE, f"[title] {title}")


def blank_pdf(pages: int = 2) -> bytes:
    writer = PdfWriter()
    for _ in range(pages):
        writer.add_blank_page(612, 792)
    out = io.BytesIO()
    writer.write(out)
    return out.getvalue()


def actions(database: Database) -> list[str]:
    with database.read_session() as session:
        return list(session.scalars(select(AuditRecord.action).order_by(AuditRecord.seq)))


def another_desk(database: Database) -> Database:
    """The same database opened again, as a second workstation would."""
    return open_database(database.url.render_as_string(hide_password=False), clock=CLOCK)


@pytest.fixture
def case_id(controller: WorkflowController) -> int:
    return filed_case(controller)


def test_the_offices_wording_is_printed_at_every_desk(database: Database, case_id: int) -> None:
    assert wording.save_wording(database, "receipt.txt", retitled("Acknowledgment of Complaint"),
                                seen=None, account=CLERK, clock=CLOCK)
    desk = another_desk(database)
    try:
        text = flat(text_of(papers.receipt(desk, case_id, account=CLERK, clock=CLOCK)))
    finally:
        desk.dispose()
    assert "Acknowledgment of Complaint" in text
    assert "Receipt for a Sworn Ethics Complaint" not in text


def test_a_change_of_wording_is_audited_with_the_sha256_of_both_versions(
        database: Database) -> None:
    wording.save_wording(database, "receipt.txt", retitled("First"), seen=None, account=CLERK,
                         clock=CLOCK)
    _text, first = wording.wording_text(database, "receipt.txt")
    wording.save_wording(database, "receipt.txt", retitled("Second"), seen=first, account=CLERK,
                         clock=CLOCK)
    with database.read_session() as session:
        records = session.scalars(select(AuditRecord).where(
            AuditRecord.action == "wording.change").order_by(AuditRecord.seq)).all()
        assert [json.loads(r.detail)["old_sha256"] for r in records] == [None, first]
        assert json.loads(records[1].detail)["new_sha256"] == wording.sha256(
            retitled("Second").encode())
        assert all(r.actor == CLERK.display and "receipt.txt" in r.summary for r in records)
        assert verify_chain(session) == []


def test_going_back_to_the_shipped_wording_removes_the_offices_and_is_audited(
        database: Database) -> None:
    wording.save_wording(database, "receipt.es.txt",
                         shipped("receipt.es.txt") + "\n# una nota de la oficina\n",
                         seen=None, account=CLERK, clock=CLOCK)
    _text, seen = wording.wording_text(database, "receipt.es.txt")
    assert seen is not None
    assert wording.reset_wording(database, "receipt.es.txt", seen=seen, account=CLERK,
                                 clock=CLOCK)
    assert wording.wording_text(database, "receipt.es.txt") == (shipped("receipt.es.txt"), None)
    assert actions(database)[-1] == "wording.reset"
    assert not wording.reset_wording(database, "receipt.es.txt", seen=None, account=CLERK,
                                     clock=CLOCK)


def test_saving_the_wording_already_printed_writes_nothing(database: Database) -> None:
    before = actions(database)
    assert not wording.save_wording(database, "receipt.txt", shipped(), seen=None, account=CLERK,
                                    clock=CLOCK)
    assert actions(database) == before


@pytest.mark.parametrize(("change", "named"), [
    (lambda text: text.replace("Please give your case number, ${case_number}.",
                               "Please give your case number, ${case_numbr}."), "${case_numbr}"),
    (lambda text: text + "\n[extra] costs $5\n", "“$5”"),
    (lambda text: "stray line\n" + text, "before the first [section]"),
    (lambda text: text.replace("[intro]", "[introduction]"), "[intro]"),
])
def test_wording_that_could_not_print_is_refused_when_saved_naming_the_fault(
        database: Database, change: object, named: str) -> None:
    assert callable(change)
    before = actions(database)
    with pytest.raises(TemplateError) as raised:
        wording.save_wording(database, "receipt.txt", change(shipped()), seen=None,
                             account=CLERK, clock=CLOCK)
    assert named in str(raised.value)
    assert "The office's wording of “receipt.txt”" in raised.value.problem
    assert wording.wording_text(database, "receipt.txt")[1] is None
    assert actions(database) == before


def test_only_the_wording_of_a_paper_ethics_desk_prints_can_be_stored(
        database: Database) -> None:
    with pytest.raises(UserError, match="not the wording of any paper"):
        wording.save_wording(database, "letter-to-the-mayor.txt", "[title] x", seen=None,
                             account=CLERK, clock=CLOCK)


def test_wording_another_desk_changed_meanwhile_is_refused_and_theirs_stays(
        database: Database) -> None:
    desk = another_desk(database)
    try:
        _text, seen_here = wording.wording_text(database, "receipt.txt")
        _text, seen_there = wording.wording_text(desk, "receipt.txt")
        wording.save_wording(desk, "receipt.txt", retitled("Theirs"), seen=seen_there,
                             account=ANA, clock=CLOCK)
        with pytest.raises(ConflictError) as raised:
            wording.save_wording(database, "receipt.txt", retitled("Mine"), seen=seen_here,
                                 account=CLERK, clock=CLOCK)
    finally:
        desk.dispose()
    assert "Ana Ruiz" in raised.value.problem and "still here" in raised.value.fix
    assert "Theirs" in wording.wording_text(database, "receipt.txt")[0]


def test_the_wording_list_names_every_paper_in_each_of_its_languages(
        database: Database) -> None:
    wording.save_wording(database, "receipt.txt", retitled("Ours"), seen=None, account=CLERK,
                         clock=CLOCK)
    entries = {e.file_name: e for e in wording.wording_entries(database, template_titles())}
    assert set(entries) == set(wording.shipped_files())
    assert entries["receipt.txt"].office and entries["receipt.txt"].changed_by == CLERK.display
    assert not entries["receipt.es.txt"].office
    assert entries["receipt.txt"].title == entries["receipt.es.txt"].title


def test_the_stored_ethics_code_is_the_enclosure_everywhere_until_it_is_removed(
        database: Database) -> None:
    code = blank_pdf(3)
    assert wording.set_enclosure(database, code, "C:\\Codes\\Ethics Code 2026.pdf", seen=None,
                                 account=CLERK, clock=CLOCK) == 3
    found = wording.read_enclosure(database)
    assert (found.content, found.label, found.placeholder, found.pages) == \
        (code, "Ethics Code 2026.pdf", False, 3)
    assert actions(database)[-1] == "enclosure.change"
    assert wording.clear_enclosure(database, seen=found.sha256, account=CLERK, clock=CLOCK)
    assert wording.read_enclosure(database).placeholder
    assert actions(database)[-1] == "enclosure.clear"


@pytest.mark.parametrize(("content", "problem"), [
    (b"%PDF-1.4 this is not really a PDF", "not a readable PDF"),
    (b"a Word document", "not a readable PDF"),
])
def test_an_enclosure_that_is_not_a_readable_pdf_is_refused_when_stored(
        database: Database, content: bytes, problem: str) -> None:
    before = actions(database)
    with pytest.raises(UserError, match=problem):
        wording.set_enclosure(database, content, "code.pdf", seen=None, account=CLERK,
                              clock=CLOCK)
    assert actions(database) == before
    assert wording.read_enclosure(database).placeholder


def test_a_password_protected_enclosure_is_refused_when_stored(database: Database) -> None:
    writer = PdfWriter()
    writer.add_blank_page(612, 792)
    writer.encrypt("secret")
    out = io.BytesIO()
    writer.write(out)
    with pytest.raises(UserError, match="password-protected"):
        wording.set_enclosure(database, out.getvalue(), "code.pdf", seen=None, account=CLERK,
                              clock=CLOCK)


def test_an_enclosure_another_desk_replaced_meanwhile_is_refused(database: Database) -> None:
    wording.set_enclosure(database, blank_pdf(1), "first.pdf", seen=None, account=ANA,
                          clock=CLOCK)
    with pytest.raises(ConflictError, match="Ethics Code enclosure"):
        wording.set_enclosure(database, blank_pdf(2), "mine.pdf", seen=None, account=CLERK,
                              clock=CLOCK)
    assert wording.read_enclosure(database).label == "first.pdf"


def _old_desk(folder: Path, database: Database, code: Path | None = None) -> None:
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "receipt.txt").write_text(retitled("Old desk title"), encoding="utf-8")
    (folder / "notes.txt").write_text("not a paper", encoding="utf-8")
    if code is not None:
        code.write_bytes(blank_pdf(2))
        with database.unit_of_work() as session:
            session.add(Setting(key=wording.OLD_ENCLOSURE_SETTING, value=json.dumps(str(code))))


def test_a_desks_old_wording_files_and_enclosure_path_are_brought_into_the_database(
        database: Database, tmp_path: Path) -> None:
    folder = tmp_path / "templates"
    _old_desk(folder, database, tmp_path / "Ethics Code.pdf")
    found = wording.this_desk(database, folder)
    assert [p.name for p in found.wording] == ["receipt.txt"]  # not notes.txt: no such paper
    assert found.enclosure_path == str(tmp_path / "Ethics Code.pdf")
    done = wording.bring_in_this_desk(database, account=CLERK, clock=CLOCK, folder=folder)
    assert done == ["receipt.txt", wording.ENCLOSURE]
    assert "Old desk title" in wording.wording_text(database, "receipt.txt")[0]
    assert wording.read_enclosure(database).pages == 2
    with database.read_session() as session:
        assert session.get(Setting, wording.OLD_ENCLOSURE_SETTING) is None
    assert actions(database)[-2:] == ["wording.change", "enclosure.change"]
    assert wording.this_desk(database, folder) == wording.ThisDesk((), "")
    assert wording.bring_in_this_desk(database, account=CLERK, clock=CLOCK, folder=folder) == []


def test_an_old_wording_file_that_is_not_utf8_stops_the_bringing_in_naming_it(
        database: Database, tmp_path: Path) -> None:
    folder = tmp_path / "templates"
    _old_desk(folder, database)
    (folder / "defect-letter.txt").write_bytes("[title] Carta año\n".encode("cp1252"))
    with pytest.raises(UserError) as raised:
        wording.bring_in_this_desk(database, account=CLERK, clock=CLOCK, folder=folder)
    assert "defect-letter.txt" in raised.value.problem and "UTF-8" in raised.value.fix
    assert wording.wording_text(database, "receipt.txt")[1] is None


@pytest.mark.sqlite_file
def test_upgrading_a_desks_file_brings_its_old_wording_in(tmp_path: Path) -> None:
    path = tmp_path / "office.sqlite"
    engine = sa.create_engine(f"sqlite:///{path}")
    config = alembic_config()
    with engine.begin() as conn:
        config.attributes["connection"] = conn
        command.upgrade(config, "0005")
    engine.dispose()
    _old_desk_folder = wording.old_desk_folder()
    _old_desk_folder.mkdir(parents=True)
    (_old_desk_folder / "receipt.txt").write_text(retitled("Kept through the upgrade"),
                                                  encoding="utf-8")
    database = open_database(path, clock=CLOCK)
    try:
        assert "Kept through the upgrade" in wording.wording_text(database, "receipt.txt")[0]
        with database.read_session() as session:
            record = session.scalars(select(AuditRecord).where(
                AuditRecord.action == "wording.change")).one()
            assert record.actor == "Ethics Desk"
    finally:
        database.dispose()


def test_the_offices_wording_and_enclosure_are_in_every_copy_of_the_records(
        database: Database, tmp_path: Path) -> None:
    wording.save_wording(database, "receipt.txt", retitled("In the backup"), seen=None,
                         account=CLERK, clock=CLOCK)
    wording.set_enclosure(database, blank_pdf(2), "code.pdf", seen=None, account=CLERK,
                          clock=CLOCK)
    copy_records(database, tmp_path / "copy.sqlite")
    copy = open_database(tmp_path / "copy.sqlite", clock=CLOCK, create=False)
    try:
        assert "In the backup" in wording.wording_text(copy, "receipt.txt")[0]
        assert wording.read_enclosure(copy).content == blank_pdf(2)
        with copy.read_session() as session:
            assert session.scalar(select(sa.func.count()).select_from(OfficePaper)) == 2
    finally:
        copy.dispose()


def test_the_command_line_lists_the_wording_and_brings_a_desks_files_in(
        database: Database, db_arg: str, tmp_path: Path, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    sign_in_as(monkeypatch, database, Role.CLERK)
    folder = tmp_path / "templates"
    folder.mkdir()
    (folder / "receipt.txt").write_text(retitled("From the old folder"), encoding="utf-8")
    assert main(["wording", "bring-in", "--folder", str(folder), "--db", db_arg],
                clock=CLOCK) == 0
    assert "receipt.txt" in capsys.readouterr().out
    assert main(["wording", "list", "--db", db_arg], clock=CLOCK) == 0
    out = capsys.readouterr().out
    receipt = next(line for line in out.splitlines() if line.startswith("receipt.txt "))
    assert "office's wording" in receipt
    assert "PLACEHOLDER" in out


@pytest.mark.skipif(not Path("/dev/zero").exists(), reason="no /dev/zero here")
def test_an_enclosure_chosen_through_a_link_to_dev_zero_is_refused_unread(
        tmp_path: Path) -> None:
    code = tmp_path / "ethics-code.pdf"
    code.symlink_to("/dev/zero")
    with pytest.raises(UserError) as refused:
        wording.read_enclosure_file(code)
    assert refused.value.problem == (f"“{code}” is not a file: it is a device, a pipe or a "
                                     "folder (or a link to one), so it was not read.")


def test_an_enclosure_larger_than_its_limit_is_refused_before_it_is_read_whole(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(wording, "MAX_ENCLOSURE_BYTES", 1024 * 1024)
    code = tmp_path / "ethics-code.pdf"
    code.write_bytes(b"%PDF-1.4\n" + bytes(2 * 1024 * 1024))
    with pytest.raises(UserError, match="is more than 1 MB"):
        wording.read_enclosure_file(code)
    small = tmp_path / "small.pdf"
    small.write_bytes(b"%PDF-1.4 the Code")
    assert wording.read_enclosure_file(small) == b"%PDF-1.4 the Code"
