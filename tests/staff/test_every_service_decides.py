"""Every service decides for itself: no public function of the domain reads or writes the record
without the acting account, and each marked one refuses every role the table does not name.

The screens and the commands grey a control or refuse early, but the decision is the service's
(:mod:`ethics_desk.staff.acting`). This test imports every module of the domain packages and
lists each public module-level function that takes a ``database`` or a ``session`` and is not
marked (:data:`~ethics_desk.staff.acting.SERVICES`): a new function without the mark fails it,
unless it is on the allow-list below, each entry of which says why it needs no account.
"""

from __future__ import annotations

import importlib
import inspect
import pkgutil
from collections.abc import Callable, Iterator
from types import ModuleType

import pytest
from sqlalchemy import func, select

from ethics_desk.core.account import Account
from ethics_desk.core.errors import NotAllowed
from ethics_desk.core.permissions import ACT_ROLES
from ethics_desk.core.roles import Role
from ethics_desk.models import AuditRecord
from ethics_desk.staff.acting import SERVICES, Service
from ethics_desk.storage.database import Database

DOMAIN = ("board", "cases", "deadlines", "documents", "intake", "mail", "office",
          "public_information", "reports", "retention", "workflow")
"""The packages whose functions read and write the record (storage is below the staff rules and
keeps its ``actor``; the window and the commands are the doors, not the rooms)."""
DOMAIN_MODULES = ("staff.party_matches",)
"""Modules of the staff rules that read and write a case's record: the Board members who may be
its parties, matched in the services that file, name witnesses, keep the roster and add accounts."""

# -- functions that need no account --------------------------------------------------------------

REFERENCE_DATA = {
    # The office's own settings, wording and calendar: no case's content, nothing changed
    "ethics_desk.office.actions.read_settings": "the office's settings, read",
    "ethics_desk.office.settings.get": "one setting, read",
    "ethics_desk.office.settings.time_zone": "the office's time zone",
    "ethics_desk.office.settings.spanish": "one setting as a Spanish paper prints it, read",
    "ethics_desk.office.settings.office_today": "the office's date today",
    "ethics_desk.documents.wording.library": "the letter wording in use, read",
    "ethics_desk.documents.wording.enclosure": "the Ethics Code enclosure, read",
    "ethics_desk.documents.wording.code_stored": "whether the office stored the Ethics Code",
    "ethics_desk.documents.wording.wording_entries": "the list of wording files, read",
    "ethics_desk.documents.wording.wording_text": "one wording file, read",
    "ethics_desk.documents.wording.read_enclosure": "the Ethics Code enclosure, read",
    "ethics_desk.documents.wording.this_desk": "this desk's old wording files, listed",
    "ethics_desk.intake.catalogue.provision_choices": "the Ethics Code's provisions",
    "ethics_desk.cases.calendar_overview.calendar_days": "a year's closed days",
    "ethics_desk.cases.calendar_overview.required_days_missing": "holidays not yet set",
    "ethics_desk.cases.calendar_overview.missing_fiesta_years": "Fiesta days not yet set",
    "ethics_desk.cases.calendar_overview.fiesta_warning": "the banner's warning about Fiesta",
    "ethics_desk.retention.series.years_for": "the retention period of a series",
    "ethics_desk.retention.series.adopted": "the retention periods adopted",
    # Who serves on the Board is public (its members are appointed by Council): no case named
    "ethics_desk.board.roster.roster": "the Board's roster on a day",
    "ethics_desk.board.roster.members_on": "the Board's members on a day",
    "ethics_desk.board.roster.elections": "the list of elections",
    "ethics_desk.board.votes.vote_terms": "the rule and quorum of a Board vote on a day: the "
                                          "office's settings and the roster",
    "ethics_desk.board.votes.read_vote_terms": "vote_terms, in a read of its own",
    "ethics_desk.board.roster.read_roster": "the Board's roster on a day, in a read of its own",
    "ethics_desk.board.roster.read_elections": "the list of elections, in a read of its own",
    "ethics_desk.board.roster.read_pending_elections": "the (f)(3)(a) factor: the public list "
                                                       "of elections and the names given",
    "ethics_desk.office.actions.read_setting": "one of the office's settings, read",
    "ethics_desk.retention.series.read_adopted": "the retention periods adopted, read",
}

IN_A_SERVICES_TRANSACTION = {
    # Building blocks that take an open session: they never open a transaction, and only a
    # marked service or the workflow controller (which checks EVENT_ROLES for every event)
    # calls them, inside its own. The window and the commands never hold a session (the rules
    # of the house), so no door reaches these but through a service.
    **{f"ethics_desk.staff.party_matches.{name}": "finds or reads the Board members who may be "
       "a complaint's parties, inside the filing, the witness, the roster or the account "
       "service that calls it" for name in (
        "find_for_account", "find_for_complaint", "find_for_member", "link_of",
        "members_who_may_be_parties", "party_row")},
    "ethics_desk.reports.statistics.count_in": "counts the office's figures in the session "
    "of the annual report's services (annual_figures, render_report, issue_annual_report), "
    "each marked for the City Clerk's staff",
    **{f"ethics_desk.workflow.guards.{name}": "a guard of the workflow table" for name in (
        "filing_complete", "source_and_basis_stated", "is_sworn", "is_not_sworn",
        "route_known", "ethics_code_route", "campaign_finance_route", "all_reviews_recorded",
        "auditor_finds_compliance", "auditor_has_not_found_defects", "auditor_finds_defects",
        "response_filed",
        "response_to_forward", "show_cause_hearing_held", "hearing_to_schedule",
        "requested_hearing_scheduled", "response_clock_open", "determined_frivolous",
        "civil_penalty_outstanding")},
    **{f"ethics_desk.deadlines.schedule.{name}": "the deadline clocks of an act" for name in (
        "load_calendars", "start_clock", "open_deadlines", "close_clocks",
        "cancel_open_clocks", "refresh_next_due", "recompute_open", "told_dates",
        "extend_clock")},
    **{f"ethics_desk.board.findings.{name}": "what the Board may find, its vote and who did "
       "not take part, read inside an event's or a paper's transaction (§§ 2-85, 2-87)"
       for name in ("decided_on_the_merits", "disposition_vote", "findable", "noticeable",
                    "not_taking_part", "notice_clock", "opinion_copies")},
    "ethics_desk.mail.ledger.check_disclosure": "the § 2-83(h)(1) check, inside the service "
    "that records a mailing or sends a paper by e-mail, for a paper it found in the account's "
    "scope",
    **{f"ethics_desk.mail.email.{name}": "reads the office's settings and wording inside "
       "send_paper's session (a paper found in the account's scope)" for name in (
        "mail_server", "covering_message")},
    "ethics_desk.board.roster.voters_for": "the members voting, for the vote's act",
    "ethics_desk.board.roster.members_who_are_parties": "recusals, for the vote's act",
    "ethics_desk.board.roster.pending_elections_for": "the (f)(3)(a) factor, for an act",
    "ethics_desk.board.sanctions.penalties_of": "a case's penalties, for the case file",
    "ethics_desk.cases.hearing_record.marks_in": "marks of the record, for the case file",
    "ethics_desk.cases.hearing_record.marks_of_document": "marks of a paper, for its service",
    "ethics_desk.cases.steps.outstanding_steps": "a case's next steps, for the case file",
    "ethics_desk.cases.notes.notes_in": "a case's notes, for the case file",
    "ethics_desk.intake.drafts.store_step": "a draft's step, saved with the draft",
    "ethics_desk.intake.record.route_for": "the route of a complaint, at its filing",
    "ethics_desk.intake.record.apply_intake": "the intake written by the controller's act",
    "ethics_desk.office.settings.set_value": "one setting, written by save_settings",
    "ethics_desk.public_information.log.calendar_for": "a request's calendar, for its act",
    "ethics_desk.public_information.log.view_of": "a request as shown, for its service",
    "ethics_desk.public_information.log.open_requests_touching": "holds on disposal",
    "ethics_desk.public_information.log.open_requests_by_case": "holds on disposal",
    "ethics_desk.public_information.log.open_clocks_between": "the calendar's request dates",
    "ethics_desk.retention.holds.reasons_held": "holds on disposal, for its service",
    "ethics_desk.retention.holds.reasons_by_case": "holds on disposal, for its service",
    "ethics_desk.retention.holds.case_by_number": "a case named in a hold, for its service",
}

THE_APPLICATIONS_OWN_WORK = {
    # No person acts: the application upgrading a desk's own file names itself in the record
    "ethics_desk.documents.wording.bring_in_on_upgrade": "old wording stored at an upgrade",
    # The record of a list already shown through the account's scope; its viewer names the
    # account, and it reads nothing
    "ethics_desk.cases.list_reads.list_shown": "records a list the account was shown",
}

THE_OFFICES_PAPERS = {
    # Papers that hold no case: made from what the clerk typed at the counter (a complaint not
    # yet filed), or from a paper a marked service has already resolved, and the office's
    # wording. A case's papers are previewed through making.render_letter (a case reader) and
    # issued through issuing.issue, which renders them inside its own transaction.
    "ethics_desk.documents.making.render_at_counter": "the counter's papers, from what the "
    "clerk typed and the office's wording",
    "ethics_desk.documents.papers.sworn_complaint_for_intake": "the complaint being taken, "
    "as typed, for signing",
    "ethics_desk.documents.papers.info_sheet": "the information sheet of § 2-83(b), for "
    "anyone who asks",
    "ethics_desk.documents.making.render_for_records": "lays out the disposal list the "
    "Records officer's service resolved (retention.certificate.render_certificate)",
    "ethics_desk.documents.making.render_for_recovery": "lays out the recovery sheet the key's "
    "service resolved (storage.recovery_sheet)",
    "ethics_desk.documents.render.data.letterhead_from_settings": "the office's letterhead, "
    "from its settings",
}

PAPERS_IN_A_SERVICES_TRANSACTION = {
    **{f"ethics_desk.documents.{name}": "resolves a case's paper in the session of the "
       "preview or the issuing service, for a complaint it found through the account's scope"
       for name in ("kinds.kinds_offered", "making.letter_in", "making.recipients_in",
                    "builders.board.vote_record")},
    **{f"ethics_desk.{name}": "runs inside the packet's services (meeting_agenda, "
       "render_for_meeting), each marked; keeps to the account it is given" for name in (
        "board.agenda.agenda", "documents.builders.board_packet.packet_paper")},
    **{f"ethics_desk.documents.stated_dates.{name}": "runs inside a marked service's "
       "transaction (issuing, a case's papers, check)" for name in (
        "record", "stale_papers", "respondents_stated")},
}

ALLOWED = {**REFERENCE_DATA, **IN_A_SERVICES_TRANSACTION, **THE_APPLICATIONS_OWN_WORK,
           **THE_OFFICES_PAPERS, **PAPERS_IN_A_SERVICES_TRANSACTION}


# -- the domain's functions ----------------------------------------------------------------------


def _modules() -> Iterator[ModuleType]:
    for name in DOMAIN:
        package = importlib.import_module(f"ethics_desk.{name}")
        yield package
        for found in pkgutil.walk_packages(package.__path__, f"{package.__name__}."):
            yield importlib.import_module(found.name)
    for name in DOMAIN_MODULES:
        yield importlib.import_module(f"ethics_desk.{name}")


def _public_functions() -> dict[str, Callable[..., object]]:
    functions: dict[str, Callable[..., object]] = {}
    for module in _modules():
        for name, function in vars(module).items():
            if name.startswith("_") or not inspect.isfunction(function) \
                    or function.__module__ != module.__name__:
                continue
            if {"database", "session"} & set(inspect.signature(function).parameters):
                functions[f"{module.__name__}.{name}"] = function
    return functions


FUNCTIONS = _public_functions()
DOMAIN_SERVICES = {name: marked for name, marked in SERVICES.items()
                   if name.startswith(tuple(f"ethics_desk.{p}." for p in DOMAIN + DOMAIN_MODULES))}


BUILDERS = ("ethics_desk.documents.builders.", "ethics_desk.documents.paper_context.")
"""A paper's builders and their readings are handed the session of the service making the paper
(documents.making, documents.issuing, each marked), with the case it found through the
account's scope; one that took the database would open a session of its own, and is not
allowed."""


def _a_builders_reading(name: str) -> bool:
    parameters = inspect.signature(FUNCTIONS[name]).parameters
    return name.startswith(BUILDERS) and "session" in parameters and "database" not in parameters


def test_every_function_that_reads_or_writes_the_record_is_a_marked_service() -> None:
    unmarked = sorted(name for name in FUNCTIONS if name not in SERVICES and name not in ALLOWED
                      and not _a_builders_reading(name))
    assert unmarked == [], ("Each of these takes the database but not the acting account: mark "
                            "it with @service(Act.X, …) or @case_reader(…) (ethics_desk.staff."
                            "acting), or say on this test's allow-list why it needs none:\n"
                            + "\n".join(unmarked))


def test_the_allow_list_names_only_unmarked_functions_that_exist() -> None:
    assert sorted(name for name in ALLOWED if name not in FUNCTIONS) == []
    assert sorted(name for name in ALLOWED if name in SERVICES) == []


def test_the_services_of_the_roster_the_calendar_witnesses_and_settings_are_marked() -> None:
    # The acts a Board member did from the window (issue 28, finding 1)
    for name in ("ethics_desk.board.roster.add_member", "ethics_desk.deadlines.closures."
                 "add_closure", "ethics_desk.cases.witnesses.add_witness",
                 "ethics_desk.office.actions.save_settings"):
        assert DOMAIN_SERVICES[name].act is not None, name


def _placeholders(function: Callable[..., object], database: Database
                  ) -> tuple[list[object], dict[str, object]]:
    """Arguments for every required parameter but the account: the database itself, and a
    stand-in the refusal never reaches (the mark decides before the function runs)."""
    args: list[object] = []
    kwargs: dict[str, object] = {}
    for parameter in inspect.signature(function).parameters.values():
        if parameter.name == "account" or parameter.default is not inspect.Parameter.empty:
            continue
        value: object = database if parameter.name == "database" else None
        if parameter.kind is inspect.Parameter.KEYWORD_ONLY:
            kwargs[parameter.name] = value
        else:
            args.append(value)
    return args, kwargs


def _audit_count(database: Database) -> int:
    with database.read_session() as session:
        return session.scalar(select(func.count()).select_from(AuditRecord)) or 0


def _accounts() -> list[Account]:
    return [Account(100 + number, f"tried{number}", f"Tried as {role.label}", role)
            for number, role in enumerate(Role)]


def test_every_marked_service_refuses_each_role_the_table_does_not_name(
        demo_database: Database) -> None:
    before = _audit_count(demo_database)
    tried: list[tuple[str, Role]] = []
    for name, marked in sorted(DOMAIN_SERVICES.items()):
        if marked.act is None:
            continue
        function = FUNCTIONS[name]
        args, kwargs = _placeholders(function, demo_database)
        for account in _accounts():
            if account.role in ACT_ROLES.get(marked.act, frozenset()):
                continue
            with pytest.raises(NotAllowed) as refused:
                function(*args, account=account, **kwargs)
            assert refused.value.problem.startswith(marked.doing), name
            assert account.display in refused.value.problem
            tried.append((name, account.role))
    assert _audit_count(demo_database) == before  # a refusal writes nothing
    assert {name for name, _role in tried} >= {
        "ethics_desk.board.roster.add_member", "ethics_desk.deadlines.closures.add_closure",
        "ethics_desk.cases.witnesses.add_witness", "ethics_desk.office.actions.save_settings"}
    assert ("ethics_desk.board.roster.add_member", Role.MEMBER) in tried


def test_every_marked_service_refuses_a_disabled_account_of_a_role_it_serves(
        demo_database: Database) -> None:
    for name, marked in sorted(DOMAIN_SERVICES.items()):
        roles = ACT_ROLES.get(marked.act, frozenset()) if marked.act else frozenset(Role)
        function = FUNCTIONS[name]
        args, kwargs = _placeholders(function, demo_database)
        for role in [role for role in Role if role in roles]:
            disabled = Account(99, "gone", "Gone Away", role, disabled=True)
            with pytest.raises(NotAllowed, match="disabled"):
                function(*args, account=disabled, **kwargs)


def _reads_through_the_scope(marked: Service) -> bool:
    """Whether the reader asks the scope itself, or reads through another marked case reader."""
    source = inspect.getsource(inspect.unwrap(FUNCTIONS[marked.name]))
    other_readers = {name.rsplit(".", 1)[1] for name, other in DOMAIN_SERVICES.items()
                     if other.act is None and name != marked.name}
    return any(f"{rule}(" in source for rule in
               ("case_for", "receives", "case_condition", *sorted(other_readers)))


def test_every_case_reader_finds_its_case_through_the_accounts_scope() -> None:
    readers = [marked for marked in DOMAIN_SERVICES.values() if marked.act is None]
    assert readers, "no case reader is marked"
    assert [marked.name for marked in readers if not _reads_through_the_scope(marked)] == []
