"""Notes on a case — the call from the complainant, the visit of the respondent's lawyer — are
written by whoever works the case, read by whoever receives it, kept append-only with an audit
record each, part of the case file, and on no paper sent to a party (§ 2-83(h)(1))."""

from __future__ import annotations

import pytest

from ethics_desk.cases import notes
from ethics_desk.cases.case_file import load_case
from ethics_desk.core.account import Account
from ethics_desk.core.errors import NotAllowed, UserError
from ethics_desk.core.roles import Role
from ethics_desk.core.vocabulary import NoteKind
from ethics_desk.documents.kinds import Audience
from ethics_desk.documents.making import papers_offered, recipients, render_letter
from ethics_desk.models import CaseNote
from ethics_desk.storage.database import Database
from ethics_desk.workflow.controller import WorkflowController
from tests.conftest import CLOCK, NOW
from tests.documents.render.helpers import flat, text_of
from tests.factories import CLERK, MEMBER, filed_case, reviewed_case, rows_and_records
from tests.workflow.helpers import audit_actions

CALL = "Mr. Peña's lawyer called: asks when the respondent's answer is due."

PARTY_AUDIENCES = frozenset({Audience.COMPLAINANT, Audience.RESPONDENTS, Audience.PARTIES,
                             Audience.COMPLAINANT_WITH_COPIES, Audience.NOTICED,
                             Audience.OPINION})
"""The papers that go to a complainant or a respondent."""


def _as(role: Role, number: int = 0) -> Account:
    return Account(950 + number, f"r{number}", f"Someone {role.label}", role)


def test_a_note_records_who_when_what_and_its_kind_with_its_audit_record(
        database: Database, controller: WorkflowController) -> None:
    case = filed_case(controller)
    line = notes.add_note(database, case, NoteKind.CALL, f"  {CALL}\n", account=CLERK,
                          clock=CLOCK)
    assert (line.kind, line.text, line.written_by, line.written_at) == (
        NoteKind.CALL, CALL, CLERK.display, NOW)
    assert audit_actions(database, case)[-1] == "note.add"
    assert notes.notes(database, case, account=CLERK) == [line]
    assert load_case(database, case, account=CLERK).notes == (line,)  # the case file's


def test_a_correction_is_a_new_note_and_the_first_stays_as_written(
        database: Database, controller: WorkflowController) -> None:
    case = filed_case(controller)
    first = notes.add_note(database, case, NoteKind.VISIT, "Came at 10; left a letter.",
                           account=CLERK, clock=CLOCK)
    second = notes.add_note(database, case, NoteKind.OTHER,
                            "Correction to the visit: the letter was left at 11.",
                            account=CLERK, clock=CLOCK)
    assert notes.notes(database, case, account=CLERK) == [first, second]
    assert not [name for name in dir(notes) if name.startswith(("edit", "change", "remove",
                                                                "delete"))]


def test_an_empty_or_too_long_note_is_refused_saying_what_to_do_and_nothing_is_written(
        database: Database, controller: WorkflowController) -> None:
    case = filed_case(controller)
    before = rows_and_records(database, CaseNote)
    with pytest.raises(UserError, match="The note is empty") as empty:
        notes.add_note(database, case, NoteKind.CALL, " \n ", account=CLERK, clock=CLOCK)
    assert "Type what was said" in empty.value.fix
    with pytest.raises(UserError, match="longer than"):
        notes.add_note(database, case, NoteKind.EMAIL, "x" * (notes.MAX_NOTE + 1),
                       account=CLERK, clock=CLOCK)
    assert rows_and_records(database, CaseNote) == before


def test_a_board_member_may_not_add_a_note_and_nothing_is_written(
        database: Database, controller: WorkflowController) -> None:
    case = reviewed_case(controller)
    before = rows_and_records(database, CaseNote)
    with pytest.raises(NotAllowed, match="City Clerk staff"):
        notes.add_note(database, case, NoteKind.CALL, CALL, account=MEMBER, clock=CLOCK)
    assert rows_and_records(database, CaseNote) == before


def test_whoever_receives_the_case_reads_its_notes(
        database: Database, controller: WorkflowController) -> None:
    case = reviewed_case(controller)  # forwarded for review: the reviewers receive it
    line = notes.add_note(database, case, NoteKind.CALL, CALL, account=CLERK, clock=CLOCK)
    auditor = _as(Role.AUDITOR)
    assert notes.notes(database, case, account=auditor) == [line]
    assert load_case(database, case, account=auditor).notes == (line,)


@pytest.mark.parametrize("role", [Role.AUDITOR, Role.MEMBER, Role.RECORDS, Role.ADMIN])
def test_whoever_does_not_receive_the_case_cannot_tell_it_has_notes(
        database: Database, controller: WorkflowController, role: Role) -> None:
    case = filed_case(controller)  # at the Clerk's only, § 2-83(c)
    notes.add_note(database, case, NoteKind.CALL, CALL, account=CLERK, clock=CLOCK)
    missing = case + 1000
    account = _as(role)
    with pytest.raises(UserError) as hidden:
        notes.notes(database, case, account=account)
    with pytest.raises(UserError) as none:
        notes.notes(database, missing, account=account)
    assert str(hidden.value).replace(str(case), "N") == str(none.value).replace(str(missing), "N")


def test_a_clerk_who_does_not_receive_the_case_cannot_add_a_note_to_it(
        database: Database, controller: WorkflowController) -> None:
    from dataclasses import replace

    from tests.factories import complete_intake

    intake = complete_intake()
    named = replace(intake.respondents[0], name="Maria Clerk")  # the clerk is the respondent
    case = filed_case(controller, replace(intake, respondents=[named]))
    before = rows_and_records(database, CaseNote)
    with pytest.raises(UserError) as hidden:
        notes.add_note(database, case, NoteKind.CALL, CALL, account=CLERK, clock=CLOCK)
    assert "There is no complaint" in str(hidden.value)
    assert rows_and_records(database, CaseNote) == before


def test_no_paper_sent_to_a_party_says_what_a_note_says(
        database: Database, controller: WorkflowController) -> None:
    rendered = 0
    for case in (filed_case(controller), reviewed_case(controller)):
        notes.add_note(database, case, NoteKind.CALL, CALL, account=CLERK, clock=CLOCK)
        _state, kinds = papers_offered(database, case, account=CLERK, clock=CLOCK)
        for kind, rule in kinds:
            if rule.audience not in PARTY_AUDIENCES:
                continue
            for index, _person in enumerate(recipients(database, case, kind, account=CLERK)):
                try:
                    pdf = render_letter(database, case, kind, recipient_index=index,
                                        account=CLERK, clock=CLOCK)
                except UserError:
                    continue  # a paper that needs more of the case than it has yet
                text = flat(text_of(pdf))
                assert "lawyer called" not in text and "answer is due" not in text, kind
                rendered += 1
    assert rendered >= 3
