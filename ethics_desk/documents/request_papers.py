"""Issuing the papers of a Public Information Act request: frozen bytes with their SHA-256.

The papers are the rows of :data:`ethics_desk.documents.kinds.KINDS` made for a request
(:attr:`~ethics_desk.documents.kinds.Scope.REQUEST`): the acknowledgement, the request to the
Attorney General for a ruling (§ 552.301(b)), the notice to the requester that one was asked
(§ 552.301(d)), the request to clarify (§ 552.222(b)), the itemized statement of estimated
charges (§ 552.2615) and the release letter. :func:`issue_paper` renders one and keeps its exact
bytes on the request with an audit record, in one transaction; a kept paper is never made
again (:func:`issued_paper` gives it back). No Qt here.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from datetime import date

from sqlalchemy.orm import Session

from ethics_desk.core.account import Account
from ethics_desk.core.clock import Clock
from ethics_desk.core.errors import UserError
from ethics_desk.core.permissions import Act
from ethics_desk.core.vocabulary import Language
from ethics_desk.documents.kinds import KINDS, Scope, request_kinds, rule_for
from ethics_desk.documents.making import render_for_request
from ethics_desk.models import InformationRequest, RequestPaper
from ethics_desk.office.settings import office_today
from ethics_desk.public_information.log import require
from ethics_desk.staff.acting import service
from ethics_desk.storage import audit
from ethics_desk.storage.database import Database


@dataclass(frozen=True)
class IssuedPaper:
    """A paper kept on a request."""

    paper_id: int
    kind: str
    title: str
    language: Language
    recipient: str
    issued_on: date
    issued_by: str
    sha256: str


def paper_choices() -> list[tuple[str, str]]:
    """Each kind of a request's paper with its title and rule, for a chooser."""
    return [(kind, f"{rule.title} ({rule.citation}) — to {rule.audience.value}")
            for kind, rule in request_kinds()]


def _office_day(database: Database, clock: Clock) -> date:
    """The office's date now, which a paper carries (:func:`ethics_desk.office.settings.office_today`)."""
    with database.read_session() as session:
        return office_today(session, clock)


@service(Act.PUBLIC_INFORMATION, "A paper of a Public Information Act request")
def preview_paper(database: Database, request_id: int, kind: str, *, account: Account,
                  clock: Clock, language: Language = Language.ENGLISH) -> bytes:
    """The paper as it would be issued today, as PDF bytes (nothing is kept)."""
    _paper, pdf = render_for_request(database, request_id, kind, account=account,
                                     today=_office_day(database, clock), language=language)
    return pdf


@service(Act.PUBLIC_INFORMATION, "Issuing a paper of a Public Information Act request")
def issue_paper(database: Database, request_id: int, kind: str, *, account: Account,
                clock: Clock, language: Language = Language.ENGLISH) -> IssuedPaper:
    """Render the paper and keep its bytes on the request, audited (``pia.issue``)."""
    who = require(account)
    rule = rule_for(kind, Scope.REQUEST)
    paper, pdf = render_for_request(database, request_id, kind, account=who,
                                    today=_office_day(database, clock), language=language)
    digest = hashlib.sha256(pdf).hexdigest()
    now = clock()

    def act(session: Session) -> IssuedPaper:
        row = session.get(InformationRequest, request_id)
        if row is None:
            raise UserError(f"There is no request with id {request_id}.", "Refresh the list.")
        kept = RequestPaper(request_id=row.id, kind=kind, language=language,
                            recipient=paper.recipient.name, issued_on=paper.issued_on,
                            issued_at=now, issued_by=who.display, sha256=digest, content=pdf)
        session.add(kept)
        session.flush()
        in_language = "" if language is Language.ENGLISH else f", in {language.label}"
        audit.append(session, actor=who.display, action="pia.issue", at=now,
                     summary=f"Issued the {rule.title} on {row.number} to "
                             f"{paper.recipient.name}{in_language}",
                     detail={"request": row.number, "kind": kind, "sha256": digest,
                             "language": language.value})
        return _issued(kept)

    return database.write(act)


@service(Act.PUBLIC_INFORMATION, "The papers of a Public Information Act request")
def issued_papers(database: Database, request_id: int, *, account: Account) -> list[IssuedPaper]:
    """The papers kept on a request, oldest first."""
    require(account)
    with database.read_session() as session:
        row = session.get(InformationRequest, request_id)
        return [] if row is None else [_issued(paper) for paper in row.papers]


@service(Act.PUBLIC_INFORMATION, "A paper of a Public Information Act request")
def issued_paper(database: Database, paper_id: int, *, account: Account) -> bytes:
    """The exact bytes of a kept paper, checked against their SHA-256."""
    require(account)
    with database.read_session() as session:
        paper = session.get(RequestPaper, paper_id)
        if paper is None:
            raise UserError(f"There is no issued paper with id {paper_id}.", "Refresh the list.")
        if hashlib.sha256(paper.content).hexdigest() != paper.sha256:
            raise UserError(f"The issued paper {paper_id} no longer matches its SHA-256.",
                            "Run ethics-desk check and tell the Administrator.")
        return paper.content


def _issued(paper: RequestPaper) -> IssuedPaper:
    return IssuedPaper(paper.id, paper.kind, KINDS[paper.kind].title if paper.kind in KINDS
                       else paper.kind, paper.language, paper.recipient, paper.issued_on,
                       paper.issued_by, paper.sha256)

