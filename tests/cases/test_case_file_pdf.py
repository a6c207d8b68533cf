"""The whole case file as one PDF: its bookmarks name every part and every issued paper in order
and open the right page, its pages are the parts' pages, the issued papers in it are the
recorded ones, it is made only by the roles the table names and only of the cases they may see,
and its making is recorded once the file is written — never a partial file."""

from __future__ import annotations

import hashlib
import io
import json
from pathlib import Path

import pytest
from pypdf import PdfReader
from sqlalchemy import select

from ethics_desk.cases.case_file_pdf import (
    ACTION,
    CONFIDENTIAL,
    PARTS,
    CaseFilePdf,
    case_file_case,
    make_case_file,
    outline_of,
    save_case_file,
    write_case_file,
)
from ethics_desk.cli import main
from ethics_desk.core.account import Account
from ethics_desk.core.errors import NotAllowed, UserError
from ethics_desk.core.permissions import ACT_ROLES, Act
from ethics_desk.core.roles import Role
from ethics_desk.documents.issuing import issued_for_case, stored_bytes
from ethics_desk.models import Attachment, AuditRecord, Complaint, IssuedDocument
from ethics_desk.staff.accounts import DEMO_LOGINS, list_accounts
from ethics_desk.storage.database import Database
from tests.conftest import CLOCK
from tests.documents.render.helpers import pages_text
from tests.signing_in import sign_in_to_the_demonstration

WITH_A_VOID_PAPER = "ERB-2026-017"  # reply filed: pending, a respondent's notice voided (in
# the demonstration as built for its day; the bookmarks' test finds its case itself)
FILED_ONLY = "ERB-2026-040"  # filed, not yet forwarded for review: the Clerk's alone
NAMED_IN_A_REQUEST = "ERB-2026-013"  # a logged Public Information Act request names it


def _account(database: Database, role: Role) -> Account:
    return next(a for a in list_accounts(database) if a.login == DEMO_LOGINS[role])


def _id(database: Database, number: str) -> int:
    return case_file_case(database, number, account=_account(database, Role.CLERK))


def _with_a_void_paper(database: Database) -> str:
    """The number of a pending case of the demonstration with a paper voided and reissued."""
    with database.read_session() as session:
        numbers = session.scalars(select(Complaint.case_number).join(
            IssuedDocument, IssuedDocument.complaint_id == Complaint.id).where(
            IssuedDocument.voided_at.is_not(None)).order_by(Complaint.id)).all()
        return next(n for n in numbers if n is not None)


def _made(database: Database, number: str, role: Role = Role.ATTORNEY) -> CaseFilePdf:
    account = _account(database, role)
    return make_case_file(database, case_file_case(database, number, account=account),
                          account=account, clock=CLOCK)


def test_the_bookmarks_name_every_part_and_every_issued_paper_in_order_each_at_its_page(
        demo_database: Database) -> None:
    number = _with_a_void_paper(demo_database)
    made = _made(demo_database, number)
    outline = outline_of(made.pdf)
    parts = [(title, page) for title, depth, page in outline if depth == 0]
    assert [title.split(" (")[0] for title, _page in parts] == list(PARTS)
    # Each part opens where the one before it ends: the parts' pages, summed
    starts = [page for _title, page in parts]
    assert starts == [sum(list(made.part_pages.values())[:i]) for i in range(len(PARTS))]
    papers = issued_for_case(demo_database, _id(demo_database, number),
                             account=_account(demo_database, Role.CLERK))
    issued_start = dict(parts)[next(t for t, _p in parts if t.startswith("Issued papers"))]
    under_issued = [(t, p) for t, d, p in outline[outline.index(
        next(o for o in outline if o[0].startswith("Issued papers"))) + 1:] if d == 1]
    assert len(papers) == len(under_issued)
    page = issued_start
    for paper, (title, at) in zip(papers, under_issued, strict=False):
        assert title.startswith(paper.title) and paper.recipient in title
        assert title.endswith("— VOID") is paper.is_void
        assert at == page
        page += paper.page_count
    assert any(ref.is_void for ref in papers)  # the file shows a void paper as void


def test_the_page_count_is_the_parts_pages_summed(demo_database: Database) -> None:
    made = _made(demo_database, WITH_A_VOID_PAPER)
    assert made.page_count == len(PdfReader(io.BytesIO(made.pdf)).pages) == sum(
        made.part_pages.values())
    assert list(made.part_pages) == list(PARTS)


def test_the_issued_papers_in_the_file_are_the_recorded_papers_page_for_page(
        demo_database: Database) -> None:
    made = _made(demo_database, WITH_A_VOID_PAPER)
    pages = pages_text(made.pdf)
    outline = outline_of(made.pdf)
    with demo_database.read_session() as session:
        recorded = list(session.scalars(select(IssuedDocument).where(
            IssuedDocument.complaint_id == made.case_id).order_by(IssuedDocument.id)))
        papers = [stored_bytes(document) for document in recorded]
    issued = outline.index(next(o for o in outline if o[0].startswith("Issued papers")))
    for paper, (_title, _depth, start) in zip(papers, outline[issued + 1:], strict=False):
        own = pages_text(paper)
        assert pages[start:start + len(own)] == own


def test_a_pending_case_file_is_marked_confidential_and_names_who_made_it(
        demo_database: Database) -> None:
    made = _made(demo_database, WITH_A_VOID_PAPER)
    cover = pages_text(made.pdf)[0]
    assert CONFIDENTIAL in cover and WITH_A_VOID_PAPER in cover
    assert _account(demo_database, Role.ATTORNEY).display in cover


def test_a_role_without_the_act_is_refused_by_the_service(demo_database: Database) -> None:
    case_id = _id(demo_database, WITH_A_VOID_PAPER)
    for role in Role:
        if role in ACT_ROLES[Act.CASE_FILE]:
            continue
        with pytest.raises(NotAllowed):
            make_case_file(demo_database, case_id, account=_account(demo_database, role),
                           clock=CLOCK)


def test_an_attorney_is_told_a_case_outside_their_scope_does_not_exist(
        demo_database: Database) -> None:
    attorney = _account(demo_database, Role.ATTORNEY)
    answers = []
    for number in (FILED_ONLY, "ERB-2026-999"):
        with pytest.raises(UserError) as refused:
            case_file_case(demo_database, number, account=attorney)
        answers.append(str(refused.value).replace(number, "N"))
    assert answers[0] == answers[1]
    with pytest.raises(UserError) as by_id:
        make_case_file(demo_database, _id(demo_database, FILED_ONLY), account=attorney,
                       clock=CLOCK)
    assert "There is no complaint" in str(by_id.value)


def test_the_records_officer_has_only_the_files_a_logged_request_names(
        demo_database: Database) -> None:
    records = _account(demo_database, Role.RECORDS)
    assert _made(demo_database, NAMED_IN_A_REQUEST, Role.RECORDS).page_count > 0
    with pytest.raises(UserError, match="There is no case"):
        case_file_case(demo_database, WITH_A_VOID_PAPER, account=records)


def test_the_file_made_is_recorded_with_its_sha256_and_page_count(
        demo_database: Database, tmp_path: Path) -> None:
    attorney = _account(demo_database, Role.ATTORNEY)
    case_id = _id(demo_database, WITH_A_VOID_PAPER)
    out = tmp_path / "file.pdf"

    def save(data: bytes) -> str:
        write_case_file(out, data)
        return out.name

    made = save_case_file(demo_database, case_id, save, account=attorney, clock=CLOCK)
    assert hashlib.sha256(out.read_bytes()).hexdigest() == made.sha256
    with demo_database.read_session() as session:
        [record] = session.scalars(select(AuditRecord).where(
            AuditRecord.action == ACTION, AuditRecord.complaint_id == case_id)).all()
        detail = json.loads(record.detail or "{}")
        assert (record.actor, detail["sha256"], detail["page_count"], detail["file"]) == (
            attorney.display, made.sha256, made.page_count, "file.pdf")
        assert record.at == CLOCK()


def test_an_unwritable_path_leaves_no_partial_file_and_records_nothing(
        demo_database: Database, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    attorney = _account(demo_database, Role.ATTORNEY)
    case_id = _id(demo_database, WITH_A_VOID_PAPER)
    folder = tmp_path / "out"
    folder.mkdir()
    (tmp_path / "a-file").write_text("not a folder")

    def failing_replace(_source: object, _target: object) -> None:
        raise PermissionError(13, "Permission denied")

    for target in (tmp_path / "a-file" / "case.pdf", folder / "case.pdf"):
        if target.parent == folder:  # the bytes written beside it, then refused their place
            monkeypatch.setattr("os.replace", failing_replace)

        def save(data: bytes, target: Path = target) -> str:
            write_case_file(target, data)
            return target.name

        with pytest.raises(UserError) as refused:
            save_case_file(demo_database, case_id, save, account=attorney, clock=CLOCK)
        assert "Choose a folder you may write to" in refused.value.fix
        assert str(target) in refused.value.problem
    assert list(folder.iterdir()) == []
    with demo_database.read_session() as session:
        assert session.scalars(select(AuditRecord).where(AuditRecord.action == ACTION)).all() == []


def test_an_exhibit_that_is_not_a_pdf_is_named_on_its_own_page_and_embedded(
        demo_database: Database) -> None:
    case_id = _id(demo_database, WITH_A_VOID_PAPER)
    content = "Łukasz Wróbel, Иван Петров, 李小龙\n".encode()
    with demo_database.unit_of_work() as session:
        session.add(Attachment(complaint_id=case_id, file_name="witnesses.txt",
                               media_type="text/plain", size=len(content),
                               sha256=hashlib.sha256(content).hexdigest(), content=content,
                               added_at=CLOCK(), added_by="Test"))
    made = _made(demo_database, WITH_A_VOID_PAPER)
    [(_title, _depth, page)] = [o for o in outline_of(made.pdf) if "witnesses.txt" in o[0]]
    text = pages_text(made.pdf)[page]
    assert hashlib.sha256(content).hexdigest() in text and "witnesses.txt" in text
    assert PdfReader(io.BytesIO(made.pdf)).attachments["witnesses.txt"] == [content]


def test_the_command_line_writes_the_case_file(
        demo_database: Database, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    sign_in_to_the_demonstration(monkeypatch, Role.ATTORNEY)
    out = tmp_path / "case.pdf"
    db = demo_database.url.render_as_string(hide_password=False)  # a file's path or a server's
    assert main(["case-file", WITH_A_VOID_PAPER.lower(), "--out", str(out), "--db", db],
                clock=CLOCK) == 0
    said = capsys.readouterr().out
    made = PdfReader(io.BytesIO(out.read_bytes()))
    assert f"{len(made.pages)} pages" in said and WITH_A_VOID_PAPER in said
    assert main(["case-file", FILED_ONLY, "--out", str(tmp_path / "no.pdf"), "--db", db],
                clock=CLOCK) == 2
    assert capsys.readouterr().err == (f"ethics-desk: There is no case {FILED_ONLY}. "
                                       "Check the number in the inbox.\n")
    assert not (tmp_path / "no.pdf").exists()
