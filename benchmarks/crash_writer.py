"""One clerk's desk, run by the crash drill (``benchmarks/crash_drill.py``) until it is killed.

``python benchmarks/crash_writer.py --db FILE [--seed S] [--now ISO] [--acts N]``

It signs in as the City Clerk staff account whose login and password are in
``ETHICS_DESK_USER`` and ``ETHICS_DESK_PASSWORD`` (as a scheduled job signs in) and then does
the Clerk's real work, through the domain exactly as the window does it, one act after another
with a pinned clock (``--now``), until it is killed (or has done ``--acts`` acts):

* **draft** and **file** a complaint (§ 2-83(c)): the intake saved as a draft, then filed — the
  next case number taken, the "promptly" clock of § 2-83(d)(1) started; about one in ten is not
  sworn;
* **return** an unsworn complaint to the complainant (§ 2-83(c), last paragraph);
* **forward** a sworn one to the four reviewers (§ 2-83(d)(1)): four reviews, their clocks;
* **review**: enter one reviewer's determination that arrived on paper (§ 2-83(d)(1)); the
  Compliance Auditor sometimes finds a defect;
* **accept** the complaint for the Board, or **return it as defective** (§ 2-83(d)(3));
* **preview** and **issue** a paper the case calls for — the filing receipt, the notice of
  filing to each respondent (§ 2-83(d)(1)), the return of an unsworn complaint, the defect
  letter — and **mail** each issued paper first class (the mail ledger).

Each act is chosen at random (``--seed``) among the work the records show waiting, so a writer
started again after a crash picks up where the last one died: a draft left unfiled is filed, a
paper issued but never mailed is mailed. Every write is one transaction with its audit record
(:meth:`ethics_desk.storage.database.Database.write` and the domain's units of work).

Its standard output is the drill's evidence, one JSON object a line, flushed at once:
``{"doing": ACT, ...}`` before the work of a commit begins, and after the commit
``{"commit": ACT, "action": ..., "audit_seq": N, ...}`` naming what was committed (the audit
record's number and action, and the case, review, document or mailing it wrote), so that the
drill can look for each of them after the kill. Anything going wrong is written to standard
error and ends the process with status 1.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import random
import sys
from collections.abc import Callable
from dataclasses import dataclass
from datetime import date, datetime, timedelta
from functools import partial
from pathlib import Path
from typing import Any
from zoneinfo import ZoneInfo

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from sqlalchemy import select  # noqa: E402 - after the path of a checkout is known
from sqlalchemy.orm import Session, selectinload  # noqa: E402

from ethics_desk.cli.common import PASSWORD_ENV, USER_ENV  # noqa: E402
from ethics_desk.core.account import Account  # noqa: E402
from ethics_desk.core.clock import Clock, fixed_clock  # noqa: E402
from ethics_desk.core.office_time import DEFAULT_OFFICE_ZONE, office_date, office_zone  # noqa: E402
from ethics_desk.core.parties import recipient_key  # noqa: E402
from ethics_desk.core.permissions import Act, may  # noqa: E402
from ethics_desk.documents.issuing import issue  # noqa: E402
from ethics_desk.documents.making import render_letter  # noqa: E402
from ethics_desk.intake.record import (  # noqa: E402
    AttachmentData,
    ComplainantData,
    DocumentData,
    Intake,
    OathData,
    RespondentData,
)
from ethics_desk.mail.ledger import record_mailing  # noqa: E402
from ethics_desk.maintenance.opening import open_database  # noqa: E402
from ethics_desk.models import (  # noqa: E402
    Affirmation,
    AuditRecord,
    CaseState,
    Complaint,
    DefectItem,
    Determination,
    DocumentList,
    IssuedDocument,
    KnowledgeBasis,
    Mailing,
    MailMethod,
    Provision,
    Review,
    ReviewerRole,
    ViolationPeriod,
)
from ethics_desk.staff.accounts import sign_in  # noqa: E402
from ethics_desk.storage.audit import Viewer  # noqa: E402
from ethics_desk.storage.database import Database  # noqa: E402
from ethics_desk.workflow import (  # noqa: E402
    Accept,
    FileComplaint,
    ForwardForReview,
    RecordReview,
    ReturnDefective,
    ReturnUnsworn,
)
from ethics_desk.workflow.controller import WorkflowController  # noqa: E402

OFFICE = ZoneInfo("America/Chicago")
NOW = datetime(2026, 11, 30, 10, 0, tzinfo=OFFICE)
"""The desk's pinned time unless ``--now`` says otherwise (the office's Monday morning)."""

PAPERS: dict[CaseState, str] = {
    CaseState.RETURNED_UNSWORN: "unsworn-return",
    CaseState.UNDER_REVIEW: "filing-notice",
    CaseState.RETURNED_DEFECTIVE: "defect-letter",
}
"""The paper a case in each state calls for (besides the filing receipt of every sworn case)."""

COMPLAINANTS = (
    ("José Peña", "411 W. Nueva St.\nSan Antonio, TX 78207", "(210) 555-0143"),
    ("Zoë Ðorđević", "2200 Fredericksburg Rd.\nSan Antonio, TX 78201", "210-555-0188"),
    ("María Guadalupe Ríos", "P.O. Box 12\nSan Antonio, TX 78298", "210.555.0102"),
)
RESPONDENTS = (
    ("Nguyễn Thị Minh Khai", "Director", "Parks and Recreation"),
    ("Łukasz Nowak", "Assistant City Manager", "City Manager's Office"),
    ("Aoife O'Brien", "Inspector", "Development Services"),
)


@dataclass(frozen=True)
class Work:
    """One act waiting on the records: what it is called and how to do it."""

    act: str
    do: Callable[[], None]


class Desk:
    """The signed-in clerk's desk: finds the waiting work and does one act of it at a time."""

    def __init__(self, database: Database, account: Account, clock: Clock,
                 rng: random.Random) -> None:
        self.database = database
        self.account = account
        self.clock = clock
        self.rng = rng
        self.controller = WorkflowController(database, account, clock=clock)
        self.today = office_date(clock(), office_zone(DEFAULT_OFFICE_ZONE))  # the office's day
        self.viewer = Viewer.of(account, clock)

    # -- reporting ------------------------------------------------------------------------------

    @staticmethod
    def say(line: dict[str, Any]) -> None:
        """One line of evidence for the drill, flushed at once."""
        sys.stdout.write(json.dumps(line, ensure_ascii=False) + "\n")
        sys.stdout.flush()

    def committed(self, act: str, action: str, **facts: Any) -> None:
        """Report a commit: the audit record it ended with (which must be ``action``) and the
        facts it wrote, read back after the commit (this desk is the file's only writer)."""
        with self.database.read_session() as session:
            head = session.execute(select(AuditRecord.seq, AuditRecord.action,
                                          AuditRecord.complaint_id)
                                   .order_by(AuditRecord.seq.desc()).limit(1)).one()
        if head.action != action:
            raise RuntimeError(f"{act}: the last audit record is {head.action}, not {action}")
        self.say({"commit": act, "action": action, "audit_seq": head.seq,
                  "complaint_id": head.complaint_id, **facts})

    # -- the work waiting -----------------------------------------------------------------------

    def waiting(self) -> list[Work]:
        """Every act the records show waiting, and always a new complaint at the counter."""
        work = [Work("file", self.file_new)]
        with self.database.read_session() as session:
            cases = session.scalars(select(Complaint).options(
                selectinload(Complaint.oath), selectinload(Complaint.complainants),
                selectinload(Complaint.respondents))
                .where(Complaint.state.in_((CaseState.DRAFT, CaseState.FILED,
                                            CaseState.UNDER_REVIEW, CaseState.RETURNED_UNSWORN,
                                            CaseState.RETURNED_DEFECTIVE)))).all()
            issued = {(d.complaint_id, d.kind, d.recipient) for d in session.execute(
                select(IssuedDocument.complaint_id, IssuedDocument.kind,
                       IssuedDocument.recipient))}
            receipts = {c for c, kind, _ in issued if kind == "receipt"}
            for case in cases:
                work += self._for_case(session, case, issued, receipts)
            unmailed = session.scalars(select(IssuedDocument.id).where(
                ~select(Mailing.id).where(Mailing.document_id == IssuedDocument.id).exists()))
            work += [Work("mail", partial(self.mail, d)) for d in unmailed]
        return work

    def _for_case(self, session: Session, case: Complaint, issued: set[tuple[int, str, str]],
                  receipts: set[int]) -> list[Work]:
        """The acts one case is waiting for."""
        cid, state = case.id, case.state
        sworn = bool(case.oath and case.oath.sworn)
        if state is CaseState.DRAFT:
            return [Work("file", lambda: self.file_draft(cid))]
        work = []
        if sworn and cid not in receipts:
            work.append(Work("issue", lambda: self.paper(cid, "receipt", 0)))
        kind = PAPERS.get(state)
        if kind is not None:
            if kind == "filing-notice":
                names = [r.name for r in case.respondents]
            else:
                names = [c.name for c in case.complainants]
            work += [Work("issue", partial(self.paper, cid, kind, i))
                     for i, name in enumerate(names) if (cid, kind, name) not in issued]
        if state is CaseState.FILED:
            work.append(Work("forward", lambda: self.forward(cid)) if sworn
                        else Work("return-unsworn", lambda: self.return_unsworn(cid)))
        elif state is CaseState.UNDER_REVIEW:
            reviews = {r.role: r for r in session.scalars(
                select(Review).where(Review.complaint_id == cid))}
            open_roles = [role for role in ReviewerRole if reviews[role].determination is None]
            if open_roles:
                work.append(Work("review", lambda: self.review(cid, self.rng.choice(open_roles))))
            elif reviews[ReviewerRole.COMPLIANCE_AUDITOR].determination is \
                    Determination.DOES_NOT_COMPLY:
                work.append(Work("return-defective", lambda: self.return_defective(cid)))
            else:
                work.append(Work("accept", lambda: self.accept(cid)))
        return work

    def one_act(self) -> None:
        """Choose one waiting act at random and do it."""
        self.rng.choice(self.waiting()).do()

    # -- the acts -------------------------------------------------------------------------------

    def intake(self) -> Intake:
        """A complaint as the clerk takes it at the counter: every element of § 2-83(c); about
        one in ten not sworn before the notary, one in five on information and belief."""
        rng = self.rng
        name, address, phone = rng.choice(COMPLAINANTS)
        respondents = [RespondentData(name=n, title=t, department=d,
                                      address="P.O. Box 839966\nSan Antonio, TX 78283")
                       for n, t, d in rng.sample(RESPONDENTS, rng.choice((1, 1, 2)))]
        with self.database.read_session() as session:
            provisions = list(session.scalars(select(Provision.id).where(
                Provision.campaign_finance_route.is_(False)).order_by(Provision.id).limit(8)))
        belief = rng.random() < 0.2
        sworn = rng.random() >= 0.1
        sworn_on = self.today - timedelta(days=rng.randint(0, 6))
        oath = OathData(
            affirmation=Affirmation.GOOD_REASON_TO_BELIEVE if belief
            else Affirmation.TRUE_AND_CORRECT,
            knowledge=KnowledgeBasis.INFORMATION_AND_BELIEF if belief
            else KnowledgeBasis.PERSONAL_KNOWLEDGE,
            source_and_basis="Told by two employees of the department, who saw it." if belief
            else "",
            sworn=sworn, notary_name="Ana María Treviño" if sworn else "",
            notary_commission_number="13245678-9" if sworn else "",
            notary_commission_expires=date(2028, 5, 31) if sworn else None,
            county="Bexar" if sworn else "", sworn_on=sworn_on if sworn else None)
        start = self.today - timedelta(days=rng.randint(20, 60))
        return Intake(
            complainant=ComplainantData(name=name, address=address, phone=phone),
            respondents=respondents,
            nature="Used City vehicles for a private catering business.",
            provision_ids=[rng.choice(provisions)] if provisions else [],
            provision_unsure=not provisions,
            facts="On three Saturdays the respondent drove a City truck to private events.",
            violation_period=ViolationPeriod.RANGE, violation_start=start,
            violation_end=start + timedelta(days=14),
            documents=[DocumentData(DocumentList.IN_POSSESSION, "Photographs of the truck",
                                    attachment=AttachmentData(
                                        "truck.pdf", "application/pdf",
                                        b"%PDF-1.4 " + rng.randbytes(64))),
                       DocumentData(DocumentList.NOT_IN_POSSESSION, "Fleet GPS logs",
                                    "Fleet Services Division")],
            oath=oath)

    def file_new(self) -> None:
        """A complaint at the counter: its draft saved, then filed (two transactions, as the
        intake wizard saves the draft before the clerk files it)."""
        self.say({"doing": "draft"})
        draft = self.controller.save_draft(self.intake())
        self.committed("draft", "draft.create", draft_id=draft.complaint_id)
        self.file_draft(draft.complaint_id)

    def file_draft(self, case_id: int) -> None:
        """(c): the Clerk records receipt; the case number is assigned."""
        self.say({"doing": "file", "case_id": case_id})
        result = self.controller.fire(case_id, FileComplaint())
        self.committed("file", "event.file", case_number=result.case_number)

    def return_unsworn(self, case_id: int) -> None:
        """(c), last paragraph: not sworn, so returned to the complainant."""
        self.say({"doing": "return-unsworn", "case_id": case_id})
        self.controller.fire(case_id, ReturnUnsworn())
        self.committed("return-unsworn", "event.return_unsworn")

    def forward(self, case_id: int) -> None:
        """(d)(1): copies to the Chair, Vice Chair, Compliance Auditor and City Attorney."""
        self.say({"doing": "forward", "case_id": case_id})
        self.controller.fire(case_id, ForwardForReview())
        self.committed("forward", "event.forward_for_review")

    def review(self, case_id: int, role: ReviewerRole) -> None:
        """(d)(1): one reviewer's determination, entered by the Clerk from the paper."""
        defective = role is ReviewerRole.COMPLIANCE_AUDITOR and self.rng.random() < 0.25
        determination = Determination.DOES_NOT_COMPLY if defective \
            else Determination.SUBSTANTIALLY_COMPLIES
        defects = ((DefectItem.C6_FACTS_AND_DATES, "No dates are given."),) if defective else ()
        self.say({"doing": "review", "case_id": case_id, "role": role.value})
        self.controller.fire(case_id, RecordReview(role=role, determination=determination,
                                                   defects=defects))
        self.committed("review", "event.record_review", role=role.value)

    def accept(self, case_id: int) -> None:
        """(d)(3): substantially complies; accepted for the Board."""
        self.say({"doing": "accept", "case_id": case_id})
        self.controller.fire(case_id, Accept(notes="Substantially complies with § 2-83(c)."))
        self.committed("accept", "event.accept")

    def return_defective(self, case_id: int) -> None:
        """(d)(3): returned with a letter explaining the defects."""
        self.say({"doing": "return-defective", "case_id": case_id})
        self.controller.fire(case_id, ReturnDefective(notes="Defect letter to follow."))
        self.committed("return-defective", "event.return_defective")

    def paper(self, case_id: int, kind: str, index: int) -> None:
        """A paper as the Papers tab makes it: previewed (the preview is audited, § 2-83(h)),
        then issued — frozen bytes with their SHA-256."""
        if not may(self.account.role, Act.MAIL_PAPERS):
            raise RuntimeError(f"{self.account.login} may not issue papers")
        self.say({"doing": "preview", "case_id": case_id, "kind": kind})
        pdf = render_letter(self.database, case_id, kind, recipient_index=index,
                            account=self.account, clock=self.clock)
        self.committed("preview", f"preview.{kind}", kind=kind)
        self.say({"doing": "issue", "case_id": case_id, "kind": kind})
        ref = issue(self.database, case_id, kind, recipient_index=index, account=self.account,
                    clock=self.clock, previewed=hashlib.sha256(pdf).hexdigest())
        self.committed("issue", "document.issue", document_id=ref.document_id,
                       sha256=ref.sha256)

    def mail(self, document_id: int) -> None:
        """The mail ledger: an issued paper sent first class to its recipient's address."""
        with self.database.read_session() as session:
            document = session.get(IssuedDocument, document_id)
            assert document is not None
            complaint = session.get(Complaint, document.complaint_id)
            assert complaint is not None
            parties: list[tuple[str, int | None, str, str]] = [
                ("complainant", None, p.name, p.address) for p in complaint.complainants]
            parties += [("respondent", p.id, p.name, p.address) for p in complaint.respondents]
            role, respondent_id, name, address = next(
                p for p in parties if p[2] == document.recipient)
        self.say({"doing": "mail", "document_id": document_id})
        mailing = record_mailing(self.database, document_id, recipient_name=name,
                                 recipient_role=role,
                                 recipient_ref=recipient_key(role, respondent_id),
                                 address=address, method=MailMethod.FIRST_CLASS,
                                 mailed_on=self.today, account=self.account,
                                 clock=self.clock)
        self.committed("mail", "mail.record", document_id=document_id, mailing_id=mailing)


def main() -> int:
    """Sign in, then do the Clerk's work until killed (or ``--acts`` acts are done)."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--db", required=True, help="the drill's database file")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--now", default=NOW.isoformat(),
                        help="the pinned time of every act (ISO 8601, with its offset)")
    parser.add_argument("--acts", type=int, default=0, help="stop after this many (0: never)")
    args = parser.parse_args()
    try:
        clock = fixed_clock(datetime.fromisoformat(args.now))
        database = open_database(args.db, clock=clock, create=False)
        account = sign_in(database, os.environ.get(USER_ENV, ""),
                          os.environ.get(PASSWORD_ENV, ""), clock=clock)
        desk = Desk(database, account, clock, random.Random(args.seed))
        desk.committed("sign-in", "account.sign_in", login=account.login)
        done = 0
        while not args.acts or done < args.acts:
            desk.one_act()
            done += 1
        database.dispose()
    except Exception as exc:  # the drill reads the reason from standard error
        print(f"the writer failed: {type(exc).__name__}: {exc}", file=sys.stderr)
        raise
    return 0


if __name__ == "__main__":
    sys.exit(main())
