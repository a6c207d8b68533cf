"""The effects of the Board's decisions (§ 2-83(d)(4), (f), (g); § 2-85(c)): the record votes,
an order to show cause and its hearing, a frivolous complaint and its sanctions, a civil
penalty paid or waived, the resolution with its findings, and notice of a rule not alleged."""

from __future__ import annotations

from datetime import date

from sqlalchemy import select

from ethics_desk.board.findings import (
    FINDING_CITATION,
    NOTICE_CITATION,
    ON_THE_MERITS,
    OPINION_CITATION,
    alleged_against,
    may_be_found_on,
    notice_clock,
)
from ethics_desk.board.roster import members_on, roster
from ethics_desk.board.votes import vote_terms
from ethics_desk.core.errors import RuleError
from ethics_desk.core.folding import fold
from ethics_desk.core.office_time import in_office_time, office_date
from ethics_desk.core.parties import rule_notice_key
from ethics_desk.core.vote_count import QUORUM_CITATION, VoteResult, tally
from ethics_desk.deadlines import ClockKind, actual_receipt
from ethics_desk.deadlines.schedule import (
    cancel_open_clocks,
    close_clocks,
    start_clock,
)
from ethics_desk.documents.render.periods import days_of
from ethics_desk.models import (
    CIVIL_PENALTY_LIMIT_CENTS,
    Ballot,
    BoardAction,
    BoardVote,
    CaseState,
    CivilPenalty,
    DeadlineStatus,
    Decision,
    DecisionKind,
    Disposition,
    Filing,
    FilingKind,
    FrivolousFactor,
    Hearing,
    HearingKind,
    Provision,
    RuleNotice,
    Sanction,
    SanctionFactor,
    SanctionFactorNote,
    SanctionKind,
    ShowCauseFactor,
    ShowCauseOrder,
    ViolationFinding,
    VoteChoice,
    in_a_sentence,
)
from ethics_desk.staff.party_matches import members_who_may_be_parties
from ethics_desk.workflow import events as ev
from ethics_desk.workflow.context import Context, Outcome
from ethics_desk.workflow.effects.shared import check_hearing_time, not_future, respondent_name


def _ballot_member(ctx: Context, ballot: ev.BallotData, serving: dict[int, str],
                   day: date, citation: str) -> tuple[int, str]:
    """The roster's member a ballot is cast by (id and name as the roster spells it), refused
    when the name is not on the roster or the member does not serve on the meeting's date:
    only members serving then are "those present" of § 2-83(f)."""
    by_name = {fold(name): member_id for member_id, name in serving.items()}
    if ballot.member_id is not None and ballot.member_id in serving:
        return ballot.member_id, serving[ballot.member_id]
    if ballot.member_id is None and fold(ballot.member_name) in by_name:
        member_id = by_name[fold(ballot.member_name)]
        return member_id, serving[member_id]
    known = {row.id: row for row in roster(ctx.session, day)}
    found = known.get(ballot.member_id) if ballot.member_id is not None else next(
        (row for row in known.values() if fold(row.name) == fold(ballot.member_name)), None)
    if found is None:
        raise RuleError(f"“{ballot.member_name}” is not on the Board's roster: only its members "
                        "serving on the meeting's date vote", citation,
                        "Correct the name, or add the member and the term on the Board screen "
                        "(Ctrl+6).")
    raise RuleError(f"{found.name} does not serve on the Board on {day.isoformat()} (the "
                    "roster's terms): only its members serving on the meeting's date vote",
                    citation, "Check the meeting date, or the member's terms on the Board "
                    "screen (Ctrl+6).")


def _record_vote(ctx: Context, vote: ev.VoteData | None,
                 action: BoardAction) -> tuple[BoardVote, VoteResult]:
    """Check and store a Board vote on ``action``, counted by its terms (the action's rule, the
    quorum and the sanctions' vote the office's settings give: :func:`vote_terms`). Only
    members on the roster serving on the meeting's date vote; a vote without a quorum is
    refused with the count."""
    citation = action.citation
    if vote is None or not vote.ballots:
        raise RuleError("Record the members present and how each voted", citation)
    if vote.meeting_on > ctx.today:
        raise RuleError("A vote cannot be recorded for a meeting that has not happened",
                        citation, "Check the meeting date.")
    terms = vote_terms(ctx.session, action, vote.meeting_on)
    if terms.record_vote_required and not vote.is_record_vote:
        raise RuleError("This action needs a record vote", terms.citation,
                        "Record each member's name and vote.")
    if any(not fold(b.member_name) and b.member_id is None for b in vote.ballots):
        raise RuleError("Every ballot needs the member's name", citation)
    serving = {row.id: row.name for row in members_on(ctx.session, vote.meeting_on)}
    if not serving:
        raise RuleError(f"No member of the Board serves on {vote.meeting_on.isoformat()} "
                        "according to the roster", citation,
                        "Check the meeting date, or add the members and their terms on the "
                        "Board screen (Ctrl+6).")
    cast = [(*_ballot_member(ctx, b, serving, vote.meeting_on, citation), b) for b in vote.ballots]
    ids = [member_id for member_id, _name, _b in cast]
    if len(set(ids)) != len(ids):
        raise RuleError("A member appears twice in the vote", citation,
                        "Give one ballot for each member present.")
    parties = members_who_may_be_parties(ctx.session, ctx.complaint.id)
    for member_id, name, ballot in cast:
        if member_id in parties and ballot.choice is not VoteChoice.RECUSED:
            raise RuleError(f"{name} is a party to this complaint and cannot vote "
                            "on it", "§ 2-83(h); § 2-85", "Record the member as recused.")
    result = tally((b.choice for b in vote.ballots), terms.rule, terms.quorum)
    if not result.has_quorum:
        raise RuleError(result.no_quorum(), f"{citation}; {QUORUM_CITATION}",
                        "A vote is recorded only when a quorum of the Board was present: "
                        "check who attended, or the quorum in Settings.")
    row = BoardVote(complaint_id=ctx.complaint.id, action=action, meeting_on=vote.meeting_on,
                    is_record_vote=vote.is_record_vote, present_count=result.present,
                    yes_count=result.yes, required_yes=result.required, carried=result.carried,
                    summary=result.summary, recorded_by=ctx.actor, recorded_at=ctx.now)
    row.ballots = [Ballot(member_name=name, member_id=member_id, choice=b.choice)
                   for member_id, name, b in cast]
    ctx.session.add(row)
    ctx.session.flush()
    return row, result


def order_show_cause(ctx: Context, p: ev.OrderShowCause) -> Outcome:
    """(f)(2), (f)(4): two-thirds of those present order the complainant to show cause."""
    if not p.explanation.strip():
        raise RuleError("The order must explain why the complaint appears to be frivolous",
                        "§ 2-83(f)(4)(a)")
    if p.hearing_at is None or not p.place.strip():
        raise RuleError("The order must give the date, time and place of the hearing",
                        "§ 2-83(f)(4)(b)")
    check_hearing_time(ctx, p.hearing_at, "show-cause hearing", "the order is given",
                        "§ 2-83(f)(4)(b)")
    c = ctx.complaint
    vote, result = _record_vote(ctx, p.vote, BoardAction.SHOW_CAUSE)
    if not result.carried:
        return Outcome(c.state, f"Motion to order the complainant to show cause failed: "
                                f"{result.summary} (§ 2-83(f)(2))",
                       {"vote_id": vote.id, "carried": False})
    hearing = Hearing(complaint_id=c.id, kind=HearingKind.SHOW_CAUSE, requested_by="board",
                      scheduled_at=p.hearing_at, place=p.place.strip())
    ctx.session.add(hearing)
    ctx.session.flush()
    order = ShowCauseOrder(complaint_id=c.id, vote_id=vote.id, hearing_id=hearing.id,
                           explanation=p.explanation.strip(), ordered_on=vote.meeting_on)
    order.factors = [ShowCauseFactor(factor=FrivolousFactor(f), note=n)
                     for f, n in sorted(p.factors.items()) if n.strip()]
    ctx.session.add(order)
    local = in_office_time(p.hearing_at, ctx.zone)
    return Outcome(CaseState.SHOW_CAUSE,
                   f"Order to show cause: {result.summary}; hearing {local:%Y-%m-%d %H:%M} at "
                   f"{p.place.strip()} (§ 2-83(f)(2), (f)(4))",
                   {"vote_id": vote.id, "carried": True, "hearing_at": local.isoformat()})


def record_show_cause_hearing(ctx: Context, p: ev.RecordShowCauseHearing) -> Outcome:
    """(f)(5): the hearing, where the complainant may be heard and accompanied by counsel."""
    c = ctx.complaint
    hearing = ctx.session.scalar(select(Hearing).where(
        Hearing.complaint_id == c.id, Hearing.kind == HearingKind.SHOW_CAUSE)
        .order_by(Hearing.id.desc()).limit(1))
    if hearing is None:
        raise RuleError("No show-cause hearing is scheduled", "§ 2-83(f)(4)")
    if p.held_on is None:
        raise RuleError("Enter the date the hearing was held", "§ 2-83(f)(5)")
    held = not_future(ctx, p.held_on, "of the hearing", "§ 2-83(f)(5)")
    hearing.held_on = held
    hearing.appeared = p.appeared.strip()
    hearing.counsel = p.counsel.strip()
    hearing.concluded = p.concluded
    state = "concluded" if p.concluded else "continued"
    return Outcome(c.state, f"Show-cause hearing held {held.isoformat()} ({state}); appeared: "
                            f"{p.appeared.strip() or 'no one'}"
                            + (f"; counsel: {p.counsel.strip()}" if p.counsel.strip() else ""),
                   {"held_on": held.isoformat(), "concluded": p.concluded})


def _merits_state(ctx: Context) -> CaseState:
    """Where a case goes back to when the Board does not find it frivolous."""
    kinds = set(ctx.session.scalars(select(Filing.kind).where(
        Filing.complaint_id == ctx.complaint.id)))
    if FilingKind.REPLY in kinds:
        return CaseState.REPLY_FILED
    if FilingKind.RESPONSE in kinds:
        return CaseState.RESPONSE_FILED
    return CaseState.AWAITING_RESPONSE


def record_frivolous_vote(ctx: Context, p: ev.RecordFrivolousVote) -> Outcome:
    """(f)(6): a record vote of two-thirds of those present finds the complaint frivolous."""
    c = ctx.complaint
    vote, result = _record_vote(ctx, p.vote, BoardAction.FRIVOLOUS)
    if not result.carried:
        back = _merits_state(ctx)
        return Outcome(back, f"Not determined frivolous: {result.summary} (§ 2-83(f)(6)); the "
                             "complaint returns to the merits",
                       {"vote_id": vote.id, "carried": False})
    if not p.particulars.strip():
        raise RuleError("State the particulars of the determination", "§ 2-83(f)(6)")
    ctx.session.add(Decision(complaint_id=c.id, kind=DecisionKind.RESOLUTION,
                             decided_on=vote.meeting_on, disposition=Disposition.FRIVOLOUS,
                             notes=p.particulars.strip(), recorded_by=ctx.actor, recorded_at=ctx.now))
    cancel_open_clocks(ctx.session, c, vote.meeting_on)
    c.resolved_on = vote.meeting_on
    return Outcome(CaseState.RESOLVED,
                   f"Determined frivolous by record vote: {result.summary} (§ 2-83(f)(6))",
                   {"vote_id": vote.id, "carried": True})


def impose_sanctions(ctx: Context, p: ev.ImposeSanctions) -> Outcome:
    """(g): the Board, by its vote, imposes sanctions after considering each (g)(1) factor; a
    civil penalty is at most $500.00 and has a due date, from which its payment is tracked.
    (g) is silent on the vote: by the office's default it is (f)(6)'s record vote of two-thirds
    of those present, to which (f)(6) ties "may recommend sanctions" (``board.sanction_vote``)."""
    if not p.sanctions:
        raise RuleError("Add at least one sanction or notification", "§ 2-83(g)(2)")
    notes = {SanctionFactor(k): v.strip() for k, v in p.factors_considered.items()}
    missing = [f for f in SanctionFactor if not notes.get(f)]
    if missing:
        raise RuleError("Before imposing a sanction the Board shall consider all three factors; "
                        "not noted: " + "; ".join(f"({f.item}) {in_a_sentence(f.label)}"
                                                  for f in missing), "§ 2-83(g)(1)",
                        "Note how the Board considered each factor.")
    lines = []
    penalty = False
    for s in p.sanctions:
        if s.kind is SanctionKind.CIVIL_PENALTY:
            if s.amount_cents is None or s.amount_cents <= 0:
                raise RuleError("Enter the amount of the civil penalty", "§ 2-83(g)(2)(a)")
            if s.amount_cents > CIVIL_PENALTY_LIMIT_CENTS:
                raise RuleError(f"A civil penalty may not exceed $500.00; ${s.amount_cents / 100:,.2f}"
                                " was entered", "§ 2-83(g)(2)(a)", "Enter $500.00 or less.")
            penalty = True
            lines.append(f"civil penalty ${s.amount_cents / 100:,.2f}")
        elif s.kind is SanctionKind.ATTORNEYS_FEES:
            if s.amount_cents is None or s.amount_cents <= 0:
                raise RuleError("Enter the attorneys' fees incurred by the respondent",
                                "§ 2-83(g)(2)(b)")
            lines.append(f"attorneys' fees ${s.amount_cents / 100:,.2f}")
        elif s.kind is SanctionKind.REFERRAL:
            if not s.agency.strip():
                raise RuleError("Name the agency notified", "§ 2-83(g)(3)")
            lines.append(f"referral to {s.agency.strip()}")
        else:
            if not s.text.strip():
                raise RuleError("Describe the other sanction", "§ 2-83(g)(2)(c)")
            lines.append(s.text.strip())
    if penalty and p.penalty_due_on is None:
        raise RuleError("Enter the date by which the civil penalty is to be paid",
                        "§ 2-83(g)(2)(a)", "Enter the due date the Board set.")
    vote, result = _record_vote(ctx, p.vote, BoardAction.SANCTIONS)
    if not result.carried:
        return Outcome(ctx.complaint.state, "Motion to impose sanctions (" + "; ".join(lines)
                       + f") failed: {result.summary} (§ 2-83(g))",
                       {"vote_id": vote.id, "carried": False})
    on = vote.meeting_on  # the Board imposes sanctions at its meeting
    if penalty and p.penalty_due_on is not None and p.penalty_due_on < on:
        raise RuleError(f"The civil penalty cannot be due ({p.penalty_due_on.isoformat()}) before "
                        f"the meeting that imposed it ({on.isoformat()})", "§ 2-83(g)(2)(a)",
                        "Check the due date.")
    for s in p.sanctions:
        sanction = Sanction(complaint_id=ctx.complaint.id, vote_id=vote.id, kind=s.kind,
                            amount_cents=s.amount_cents, text=s.text.strip(),
                            agency=s.agency.strip(), imposed_on=on)
        sanction.factors = [SanctionFactorNote(factor=f, note=notes[f]) for f in SanctionFactor]
        if s.kind is SanctionKind.CIVIL_PENALTY:
            sanction.payment = CivilPenalty(due_on=p.penalty_due_on, recorded_by=ctx.actor)
        ctx.session.add(sanction)
    due = (f"; the civil penalty is due {p.penalty_due_on.isoformat()}"
           if penalty and p.penalty_due_on is not None else "")
    return Outcome(ctx.complaint.state, "Sanctions imposed by the Board's vote "
                   f"({result.summary}): " + "; ".join(lines) + due + " (§ 2-83(g))",
                   {"vote_id": vote.id, "carried": True, "imposed_on": on.isoformat(),
                    "penalty_due_on": p.penalty_due_on.isoformat() if penalty and
                    p.penalty_due_on is not None else None,
                    "sanctions": [[s.kind.value, s.amount_cents, s.text, s.agency]
                                  for s in p.sanctions]})


def _outstanding_penalty(ctx: Context, sanction_id: int) -> tuple[Sanction, CivilPenalty]:
    """The civil penalty ``sanction_id`` of the case (0: its only one outstanding), refused
    when it is already paid or waived."""
    owed = [(s, s.payment) for s in ctx.session.scalars(select(Sanction).where(
        Sanction.complaint_id == ctx.complaint.id, Sanction.kind == SanctionKind.CIVIL_PENALTY)
        .order_by(Sanction.id)) if s.payment is not None]
    if sanction_id:
        chosen = [(s, c) for s, c in owed if s.id == sanction_id]
        if not chosen:
            raise RuleError(f"Sanction {sanction_id} is not a civil penalty of this case",
                            "§ 2-83(g)(2)(a)", "Choose one of the case's civil penalties.")
    else:
        chosen = [(s, c) for s, c in owed if c.outstanding]
        if len(chosen) > 1:
            raise RuleError("The case has more than one civil penalty outstanding",
                            "§ 2-83(g)(2)(a)", "Choose which penalty was paid or waived.")
    if not chosen or not chosen[0][1].outstanding:
        raise RuleError("That civil penalty is already paid or waived", "§ 2-83(g)(2)(a)")
    return chosen[0]


def record_penalty_payment(ctx: Context, p: ev.RecordPenaltyPayment) -> Outcome:
    """(g)(2)(a): the civil penalty paid in full, on a day not before it was imposed."""
    sanction, owed = _outstanding_penalty(ctx, p.sanction_id)
    if p.paid_on is None:
        raise RuleError("Enter the date the civil penalty was paid", "§ 2-83(g)(2)(a)")
    paid = not_future(ctx, p.paid_on, "of the payment", "§ 2-83(g)(2)(a)")
    if paid < sanction.imposed_on:
        raise RuleError("A civil penalty cannot be paid before it was imposed "
                        f"({sanction.imposed_on.isoformat()})", "§ 2-83(g)(2)(a)",
                        "Check the date of the payment.")
    amount = sanction.amount_cents or 0
    if p.amount_cents != amount:
        entered = "no amount" if p.amount_cents is None else f"${p.amount_cents / 100:,.2f}"
        raise RuleError(f"The civil penalty is ${amount / 100:,.2f}; {entered} was entered",
                        "§ 2-83(g)(2)(a)", "Record the payment when the penalty is paid in "
                        "full, for its whole amount.")
    owed.paid_on, owed.paid_cents, owed.recorded_by = paid, amount, ctx.actor
    late = (f", {(paid - owed.due_on).days} day(s) after it was due"
            if owed.due_on is not None and paid > owed.due_on else "")
    return Outcome(ctx.complaint.state, f"Civil penalty of ${amount / 100:,.2f} paid on "
                   f"{paid.isoformat()}{late} (§ 2-83(g)(2)(a))",
                   {"sanction_id": sanction.id, "paid_on": paid.isoformat(),
                    "paid_cents": amount})


def waive_penalty(ctx: Context, p: ev.WaivePenalty) -> Outcome:
    """(g)(2)(a): the civil penalty waived, recording by whom and why."""
    sanction, owed = _outstanding_penalty(ctx, p.sanction_id)
    if not p.waived_by.strip():
        raise RuleError("Enter who waived the civil penalty", "§ 2-83(g)(2)(a)",
                        "For example: the Ethics Review Board, by its vote of a date.")
    if not p.reason.strip():
        raise RuleError("Enter why the civil penalty was waived", "§ 2-83(g)(2)(a)")
    on = not_future(ctx, p.waived_on or ctx.today, "of the waiver", "§ 2-83(g)(2)(a)")
    if on < sanction.imposed_on:
        raise RuleError("A civil penalty cannot be waived before it was imposed "
                        f"({sanction.imposed_on.isoformat()})", "§ 2-83(g)(2)(a)",
                        "Check the date of the waiver.")
    owed.waived_on, owed.waived_by = on, p.waived_by.strip()
    owed.waived_reason, owed.recorded_by = p.reason.strip(), ctx.actor
    amount = sanction.amount_cents or 0
    return Outcome(ctx.complaint.state, f"Civil penalty of ${amount / 100:,.2f} waived on "
                   f"{on.isoformat()} by {owed.waived_by}: {owed.waived_reason} "
                   "(§ 2-83(g)(2)(a))",
                   {"sanction_id": sanction.id, "waived_on": on.isoformat(),
                    "waived_by": owed.waived_by, "reason": owed.waived_reason})


def resolve(ctx: Context, p: ev.Resolve) -> Outcome:
    """(d)(4): the case is resolved; the respondents are to be notified of the resolution."""
    if p.disposition in (Disposition.FRIVOLOUS, Disposition.CURED, Disposition.WITHDRAWN):
        how = {Disposition.FRIVOLOUS: "the record vote of § 2-83(f)(6)",
               Disposition.CURED: "recording the cure (§ 2-83(d)(2))",
               Disposition.WITHDRAWN: "recording the complainant's withdrawal, with the date "
                                      "it was received"}[p.disposition]
        raise RuleError(f"A “{in_a_sentence(p.disposition.label)}” resolution is recorded through {how}",
                        "§ 2-83(d)(4)")
    on = not_future(ctx, p.decided_on or ctx.today, "of the resolution", "§ 2-83(d)(4)")
    c = ctx.complaint
    if p.disposition is Disposition.VIOLATION_FOUND and not p.findings:
        raise RuleError("A finding of a violation names each provision found violated, and by "
                        "whom", FINDING_CITATION, "Tick each provision the Board found violated.")
    if p.findings and p.disposition is not Disposition.VIOLATION_FOUND:
        raise RuleError(f"Provisions found violated go with a finding of “"
                        f"{in_a_sentence(Disposition.VIOLATION_FOUND.label)}”, not “"
                        f"{in_a_sentence(p.disposition.label)}”", FINDING_CITATION,
                        "Untick the provisions, or choose “violation found”.")
    if p.vote is not None:
        vote, result = _record_vote(ctx, p.vote, BoardAction.DISPOSITION)
        if not result.carried:
            return Outcome(c.state, f"Motion to resolve the complaint as "
                                    f"{in_a_sentence(p.disposition.label)} failed: "
                                    f"{result.summary} (§ 2-83(d)(4))",
                           {"vote_id": vote.id, "carried": False})
        on = vote.meeting_on  # the Board decides at its meeting
    found = _check_findings(ctx, p.findings, on)
    decision = Decision(complaint_id=c.id, kind=DecisionKind.RESOLUTION, decided_on=on,
                        disposition=p.disposition, notes=p.notes, recorded_by=ctx.actor,
                        recorded_at=ctx.now)
    ctx.session.add(decision)
    ctx.session.flush()
    for finding, alleged, _citation in found:
        ctx.session.add(ViolationFinding(complaint_id=c.id, decision_id=decision.id,
                                         respondent_id=finding.respondent_id,
                                         provision_id=finding.provision_id, alleged=alleged))
    opinion = ""
    if p.disposition in ON_THE_MERITS:
        # § 2-87(a): the Board's decision on the merits is what its written opinion states; the
        # 90 days are met or missed by it, never cancelled (a late decision stays late).
        for clock in close_clocks(ctx.session, c, ClockKind.OPINION, on):
            timing = "on time" if clock.status is DeadlineStatus.MET else "late"
            opinion = (f"; decided {timing} for the written opinion due "
                       f"{clock.due_on.isoformat()} ({OPINION_CITATION}), which goes to the "
                       "parties (Papers tab)")
    cancel_open_clocks(ctx.session, c, on)
    c.resolved_on = on
    by_vote = "" if p.vote is None else f" by the Board's vote: {result.summary}"
    findings = "" if not found else "; violations found: " + "; ".join(
        f"{respondent_name(ctx, f.respondent_id)}, {citation}" for f, _a, citation in found)
    detail: dict[str, object] = {"disposition": p.disposition.value,
                                 "decided_on": on.isoformat(),
                                 "findings": [[f.respondent_id, f.provision_id]
                                              for f, _a, _c in found]}
    if p.vote is not None:
        detail |= {"vote_id": vote.id, "carried": True}
    return Outcome(CaseState.RESOLVED,
                   f"Resolved ({in_a_sentence(p.disposition.label)}) on {on.isoformat()}"
                   f"{by_vote}{findings}{opinion}; the respondents are to be notified "
                   "(§ 2-83(d)(4))", detail)


def _check_findings(ctx: Context, findings: tuple[ev.Finding, ...],
                    on: date) -> list[tuple[ev.Finding, bool, str]]:
    """Each provision found violated, checked (§ 2-85(b), (c)): a respondent of the case, a
    provision of the catalogue, found once; one the complaint did not allege against that
    respondent only after the written notice and the ten business days of § 2-85(c) (or the
    respondent's answer). Returns each with whether it was alleged and its citation."""
    alleged = alleged_against(ctx.complaint)
    checked: list[tuple[ev.Finding, bool, str]] = []
    seen: set[tuple[int, int]] = set()
    for finding in findings:
        name = respondent_name(ctx, finding.respondent_id)
        provision = ctx.session.get(Provision, finding.provision_id)
        if provision is None:
            raise RuleError(f"Provision {finding.provision_id} is not in the catalogue of "
                            "provisions", FINDING_CITATION, "Choose a provision from the list.")
        key = (finding.respondent_id, finding.provision_id)
        if key in seen:
            continue
        seen.add(key)
        if finding.provision_id in alleged.get(finding.respondent_id, set()):
            checked.append((finding, True, provision.citation))
            continue
        clock = notice_clock(ctx.session, ctx.complaint, finding.respondent_id,
                             finding.provision_id)
        if clock is None:
            raise RuleError(f"The complaint does not allege {provision.citation} against {name}: "
                            "before the Board finds a violation of a rule not alleged, the "
                            "respondent gets written notice of it and "
                            f"{days_of(ClockKind.UNALLEGED_RULE)} to respond", NOTICE_CITATION,
                            "Give notice of a rule not alleged first (the notice is on the "
                            "Papers tab); the violation may be found once those days have run.")
        allowed = may_be_found_on(clock)
        if on < allowed:
            raise RuleError(f"{name} was given notice of {provision.citation}, not alleged, on "
                            f"{clock.trigger_on.isoformat()}: the "
                            f"{days_of(ClockKind.UNALLEGED_RULE)} to respond "
                            f"run to {clock.due_on.isoformat()}, so the violation may be found "
                            f"on or after {allowed.isoformat()}, not on {on.isoformat()}",
                            NOTICE_CITATION,
                            f"Decide on or after {allowed.isoformat()}, or leave that provision "
                            "out of the finding.")
        checked.append((finding, False, provision.citation))
    return checked


def give_rule_notice(ctx: Context, p: ev.GiveRuleNotice) -> Outcome:
    """§ 2-85(c): written notice to a respondent of provisions the complaint does not allege
    against them; their ten business days to respond run from the day it is given, and until
    they have run (or the answer is in) the Board may not find a violation of them. Refused for
    a provision already alleged (no notice is needed, § 2-85(b)) and for one not in force on the
    alleged dates, as the catalogue gives them."""
    c = ctx.complaint
    name = respondent_name(ctx, p.respondent_id)
    if not p.provision_ids:
        raise RuleError("Choose the provision not alleged that the notice names",
                        NOTICE_CITATION, "Pick it from the provisions catalogue.")
    if p.given_on is None:
        raise RuleError("Enter the date the written notice was given to the respondent",
                        NOTICE_CITATION)
    given = not_future(ctx, p.given_on, "the notice was given", NOTICE_CITATION)
    filed = office_date(c.received_at, ctx.zone) if c.received_at else given
    if given < filed:
        raise RuleError(f"A notice cannot be given ({given.isoformat()}) before the complaint "
                        f"was filed ({filed.isoformat()})", NOTICE_CITATION,
                        f"Use a date on or after {filed.isoformat()}.")
    alleged = alleged_against(c).get(p.respondent_id, set())
    days = sorted({d for d in (c.violation_start, c.violation_end) if d is not None})
    lines = []
    for provision_id in dict.fromkeys(p.provision_ids):
        provision = ctx.session.get(Provision, provision_id)
        if provision is None:
            raise RuleError(f"Provision {provision_id} is not in the catalogue of provisions",
                            NOTICE_CITATION, "Choose a provision from the list.")
        if provision_id in alleged:
            raise RuleError(f"The complaint already alleges {provision.citation} against {name}: "
                            "the notice of § 2-85(c) is for a rule not alleged",
                            f"{NOTICE_CITATION}; {FINDING_CITATION}",
                            "Choose a provision the complaint does not allege.")
        missed = [d for d in days if not provision.in_force_on(d)]
        if missed:
            raise RuleError(f"{provision.citation} was not in force on "
                            + " and ".join(d.isoformat() for d in missed)
                            + ", the date of the alleged violation (the catalogue of provisions)",
                            NOTICE_CITATION, "Check the provision and the alleged dates.")
        ctx.session.add(RuleNotice(complaint_id=c.id, respondent_id=p.respondent_id,
                                   provision_id=provision_id, given_on=given,
                                   recorded_by=ctx.actor, recorded_at=ctx.now))
        deadline = start_clock(
            ctx.session, c, ClockKind.UNALLEGED_RULE,
            actual_receipt(given, "written notice of the rule not alleged given to the "
                                  "respondent"), ctx.calendars,
            subject=rule_notice_key(p.respondent_id, provision_id),
            subject_label=f"{name}, {provision.citation}")
        lines.append(f"{provision.citation}: response due {deadline.due_on.isoformat()}")
    return Outcome(c.state, f"Notice given to {name} on {given.isoformat()} of a rule not "
                            "alleged — " + "; ".join(lines) + f" ({NOTICE_CITATION})",
                   {"respondent_id": p.respondent_id, "given_on": given.isoformat(),
                    "provision_ids": list(dict.fromkeys(p.provision_ids))})
