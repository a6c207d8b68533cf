"""Sample data for the letters after filing and the mailing papers, with non-ASCII names."""

from __future__ import annotations

from dataclasses import replace
from datetime import date, datetime
from typing import Any
from zoneinfo import ZoneInfo

from ethics_desk.core.vocabulary import CureKind, SanctionKind, VoteChoice, VoteRule
from ethics_desk.core.vote_count import tally
from ethics_desk.core.words import BALLOTS_EN
from ethics_desk.documents.render.data import Letterhead, Party
from ethics_desk.documents.render.letter_data import (
    BallotLine,
    BoardTransmittalPaper,
    CampaignFinanceForwardPaper,
    CertificateOfMailingPaper,
    CureNoticePaper,
    DefectEntry,
    DefectLetterPaper,
    EnvelopePaper,
    FactorNote,
    FilingNoticePaper,
    FindingLine,
    ForwardedResponse,
    FrivolousDeterminationPaper,
    HearingNoticePaper,
    LabelsPaper,
    MailedItem,
    NoticedRule,
    ReferralPaper,
    ReplyCopyPaper,
    ResolutionNoticePaper,
    RespondentNoticePaper,
    ResponseCopyPaper,
    ResponseTransmittalPaper,
    ReviewerCopy,
    ReviewerTransmittalPaper,
    RuleNoticePaper,
    SanctionLine,
    ShowCauseOrderPaper,
    VoteRecord,
    WrittenOpinionPaper,
)

CASE = "ERB-2026-014"
FILED = date(2026, 11, 30)
COMPLAINANT = Party("José Peña", address="411 W. Nueva St.\nSan Antonio, TX 78207",
                    phone="(210) 555-0143")
RESPONDENT = Party("Nguyễn Thị Minh Khai", title="Director", department="Parks and Recreation",
                   address="P.O. Box 839966\nSan Antonio, TX 78283")
SECOND_RESPONDENT = Party("Łukasz Wójcik-Ørsted", title="Deputy Director",
                          department="Parks and Recreation",
                          address="100 Military Plaza\nSan Antonio, TX 78205")
RESPONSE_EXPLANATION = (
    "Respondent's sworn response — City Code § 2-83(e)(1)\n"
    "Trigger: the respondent's receipt of the complaint, on Thursday 2026-12-03.\n"
    "Trigger date: presumed, none was recorded (presumed received: mailed 2026-11-30 + 3 days).\n"
    "Counted 10 business days after Thursday 2026-12-03 (the trigger day is not counted), on "
    "the City of San Antonio calendar (Code Construction Act § 311.014).\n"
    "Due: Thursday 2026-12-17.")


def _common(recipient: Party) -> dict[str, Any]:
    return {"letterhead": Letterhead(), "case_number": CASE, "issued_on": date(2026, 12, 1),
            "recipient": recipient, "complainant": COMPLAINANT,
            "respondents": (RESPONDENT, SECOND_RESPONDENT), "filed_on": FILED,
            "nature": "Used City vehicles for a private catering business.",
            "provisions": ("§ 2-49 Use of City resources", "§ 2-43 Conflicts of interest")}


Y, N, A, R = VoteChoice.YES, VoteChoice.NO, VoteChoice.ABSTAIN, VoteChoice.RECUSED
SHOW_CAUSE_VOTE = VoteRecord(
    date(2026, 12, 10), "Present: 7 of the 11 members serving; recused: 0; quorum: 6 (a majority "
    "of the 11 serving), met by the 7 taking part, recused members not counted; needed: at least "
    "5 yes votes (two-thirds of the 7 counted as present); cast: 5 yes, 1 no, 1 abstaining — "
    "carried", carried=True, is_record_vote=False,
    tally=tally([Y, Y, Y, Y, Y, N, A], VoteRule.TWO_THIRDS))
FRIVOLOUS_BALLOTS = (("Ana Gómez", Y), ("Bảo Trần", Y), ("Chris Ortiz", N),
                     ("Dolores Huerta-Núñez", Y), ("Eero Väänänen", Y), ("Farah Al-Sayed", Y),
                     ("Gus Ybarra", R))
FRIVOLOUS_VOTE = VoteRecord(
    date(2027, 1, 14), "Present: 7 of the 11 members serving; recused: 1; quorum: 6 (a majority "
    "of the 11 serving), met by the 6 taking part, recused members not counted; needed: at least "
    "4 yes votes (two-thirds of the 6 counted as present); cast: 5 yes, 1 no, 0 abstaining — "
    "carried", carried=True,
    is_record_vote=True,
    ballots=tuple(BallotLine(name, BALLOTS_EN[choice], choice)
                  for name, choice in FRIVOLOUS_BALLOTS),
    tally=tally((choice for _name, choice in FRIVOLOUS_BALLOTS), VoteRule.TWO_THIRDS))
OPINION_VOTE = VoteRecord(
    date(2027, 1, 14), "Present: 6 of the 11 members serving; recused: 0; quorum: 6 (a majority "
    "of the 11 serving), met by the 6 taking part; needed: at least 4 yes votes (a majority of "
    "the 6 present); cast: 5 yes, 1 no, 0 abstaining — carried", carried=True,
    is_record_vote=False, tally=tally([Y, Y, Y, Y, Y, N], VoteRule.MAJORITY))
OPINION_REASONS = ("The City's vehicle logs show the truck at a private catering event on three "
                   "Saturdays; the respondent accepted the caterer's gift of a dinner for two.")
HEARING_AT = datetime(2027, 1, 14, 17, 30, tzinfo=ZoneInfo("America/Chicago"))
PARTICULARS = ("Groundless: the City's vehicle logs show no private use; brought in bad faith, "
               "nine days before the election (§ 2-83(f)(1), (f)(3)(a), (e)).")


def letter_sample(kind: str, **changes: Any) -> Any:
    """Representative data for each letter and mailing kind."""
    papers: dict[str, Any] = {
        "reviewer-transmittal": lambda: ReviewerTransmittalPaper(
            **_common(Party("Compliance Auditor")), forwarded_on=FILED,
            reviewers=(ReviewerCopy("Chair of the Ethics Review Board", "Ana Gómez", FILED,
                                    date(2026, 12, 7)),
                       ReviewerCopy("Vice Chair of the Ethics Review Board", "", FILED,
                                    date(2026, 12, 7)),
                       ReviewerCopy("Compliance Auditor", "", FILED, date(2026, 12, 7)),
                       ReviewerCopy("City Attorney's Office", "", FILED, date(2026, 12, 7)))),
        "filing-notice": lambda: FilingNoticePaper(**_common(RESPONDENT)),
        "defect-letter": lambda: DefectLetterPaper(
            **_common(COMPLAINANT),
            defects=(DefectEntry("§ 2-83(c)(4)", "the position or title of each person "
                                 "complained about", "The respondent's title is missing."),
                     DefectEntry("§ 2-83(c)(6)", "a statement of the facts and the dates or "
                                 "period of the alleged violation", "No dates are given."))),
        "cf-forward": lambda: CampaignFinanceForwardPaper(**_common(RESPONDENT),
                                                          forwarded_on=date(2026, 12, 1)),
        "cf-cure-notice": lambda: CureNoticePaper(
            **_common(COMPLAINANT), cure="the amended report", cure_filed_on=date(2026, 12, 4),
            verified_by="Maria Clerk", verified_on=date(2026, 12, 7),
            cure_kind=CureKind.AMENDED_REPORT),
        "board-transmittal": lambda: BoardTransmittalPaper(
            **_common(Party("Members of the Ethics Review Board")),
            members=("Ana Gómez (Chair)", "Bảo Trần (Vice Chair)", "Chris Ortiz"),
            forwarded_on=date(2026, 12, 1)),
        "response-transmittal": lambda: ResponseTransmittalPaper(
            **_common(Party("Compliance Auditor")), responses=(
                ForwardedResponse("Nguyễn Thị Minh Khai", date(2026, 12, 14),
                                  date(2026, 12, 15)),)),
        "respondent-notice": lambda: RespondentNoticePaper(
            **_common(RESPONDENT), forwarded_on=FILED, response_due=date(2026, 12, 17),
            response_explanation=RESPONSE_EXPLANATION, attachments=("truck.pdf",)),
        "response-copy": lambda: ResponseCopyPaper(
            **_common(COMPLAINANT), responding="Nguyễn Thị Minh Khai",
            response_received_on=date(2026, 12, 10), reply_due=date(2026, 12, 21),
            reply_explanation="Complainant's sworn reply — City Code § 2-83(e)(3)\n"
                              "Due: Monday 2026-12-21."),
        "reply-copy": lambda: ReplyCopyPaper(**_common(RESPONDENT),
                                             reply_received_on=date(2026, 12, 18)),
        "hearing-notice": lambda: HearingNoticePaper(
            **_common(RESPONDENT), hearing_at=HEARING_AT,
            place="City Council Chambers\n114 W. Commerce St.", requested_by="José Peña",
            requested_role="complainant", requested_on=date(2026, 12, 1)),
        "show-cause-order": lambda: ShowCauseOrderPaper(
            **_common(COMPLAINANT), ordered_on=date(2026, 12, 10), vote=SHOW_CAUSE_VOTE,
            explanation="The vehicle logs attached to the complaint show no private use, and "
                        "the complaint was filed nine days before the election.",
            factors=(FactorNote("§ 2-83(f)(3)(a)", "the timing of the complaint",
                                "Filed nine days before the election in which the respondent "
                                "is a candidate."),
                     FactorNote("§ 2-83(f)(3)(e)", "evidence that the complainant knew the "
                                "allegations were groundless",
                                "The complainant's own exhibit shows the logs.")),
            factors_not_relied_on=("§ 2-83(f)(3)(b)", "§ 2-83(f)(3)(c)", "§ 2-83(f)(3)(d)",
                                   "§ 2-83(f)(3)(f)"),
            hearing_at=HEARING_AT, place="City Council Chambers\n114 W. Commerce St."),
        "frivolous-determination": lambda: FrivolousDeterminationPaper(
            **_common(COMPLAINANT), determined_on=date(2027, 1, 14), vote=FRIVOLOUS_VOTE,
            particulars=PARTICULARS, hearing_held_on=date(2027, 1, 14),
            sanctions=(SanctionLine("§ 2-83(g)(2)(a)", "Civil penalty",
                                    "$350.00, to be paid by February 15, 2027",
                                    SanctionKind.CIVIL_PENALTY, "$350.00", date(2027, 2, 15)),
                       SanctionLine("§ 2-83(g)(2)(b)", "Attorneys' fees incurred by the "
                                    "respondent", "$1,875.00", SanctionKind.ATTORNEYS_FEES,
                                    "$1,875.00"),
                       SanctionLine("§ 2-83(g)(2)(c)", "Other sanction permitted by law",
                                    "A written reprimand", SanctionKind.OTHER),
                       SanctionLine("§ 2-83(g)(3)", "Notification of an agency",
                                    "Bexar County Criminal District Attorney — investigation "
                                    "of perjury", SanctionKind.REFERRAL)),
            sanction_factors=(FactorNote("§ 2-83(g)(1)(a)", "the seriousness of the violation",
                                         "A sworn complaint known to be groundless."),
                              FactorNote("§ 2-83(g)(1)(b)", "the sanction necessary to deter "
                                         "future violations", "A penalty below the maximum.")),
            sanctions_imposed_on=date(2027, 1, 14)),
        "referral": lambda: ReferralPaper(
            **_common(Party("Bexar County Criminal District Attorney",
                            address="101 W. Nueva St.\nSan Antonio, TX 78205")),
            referred_on=date(2027, 1, 14), determined_on=date(2027, 1, 14),
            vote=FRIVOLOUS_VOTE, particulars=PARTICULARS,
            purpose="investigation of perjury", perjury=True),
        "rule-notice": lambda: RuleNoticePaper(
            **_common(RESPONDENT), noticed=(
                NoticedRule("§ 2-45 Gifts", date(2026, 12, 1), date(2026, 12, 15)),
                NoticedRule("§ 2-43 Conflicts of interest", date(2026, 12, 1),
                            date(2026, 12, 15)))),
        "written-opinion": lambda: WrittenOpinionPaper(
            **_common(COMPLAINANT), disposition="Violation found: the Ethics Review Board found "
            "that a violation occurred", outcome="violation_found",
            decided_on=date(2027, 1, 14), reasons=OPINION_REASONS, vote=OPINION_VOTE,
            findings=(FindingLine("Nguyễn Thị Minh Khai", "§ 2-49 Use of City resources"),
                      FindingLine("Nguyễn Thị Minh Khai", "§ 2-45 Gifts", date(2026, 12, 1))),
            not_taking_part=("Gus Ybarra", "Hà Thị Lan"), opinion_due=date(2027, 3, 1)),
        "resolution-notice": lambda: ResolutionNoticePaper(
            **_common(RESPONDENT), disposition="Dismissed", decided_on=date(2027, 1, 14),
            notes="The Board found the allegation not supported by the evidence."),
        "envelope": lambda: EnvelopePaper(Letterhead(), CASE, RESPONDENT),
        "labels": lambda: LabelsPaper(Letterhead(), CASE, (COMPLAINANT, RESPONDENT,
                                                           SECOND_RESPONDENT)),
        "certificate-of-mailing": lambda: CertificateOfMailingPaper(
            Letterhead(), CASE, (
                MailedItem("Notice to a respondent under § 2-83(e)", RESPONDENT,
                           "Certified mail, return receipt requested", date(2026, 12, 1),
                           "9407 1118 9876 5432 1000 00"),
                MailedItem("Notice to a respondent under § 2-83(e)", SECOND_RESPONDENT,
                           "First class mail", date(2026, 12, 1))),
            certified_on=date(2026, 12, 1)),
    }
    return replace(papers[kind](), **changes)


CJK_PARTY = Party("李小龍 (Lee Siu-lung)", address="100 Military Plaza\nSan Antonio, TX 78205")
"""A name set in the Droid Sans fallback (embedded), kept out of the shared samples."""

LETTER_KINDS = ("reviewer-transmittal", "filing-notice", "defect-letter", "cf-forward",
                "cf-cure-notice", "board-transmittal", "respondent-notice", "response-copy",
                "reply-copy", "response-transmittal", "hearing-notice", "show-cause-order",
                "frivolous-determination", "referral", "rule-notice", "written-opinion",
                "resolution-notice", "envelope", "labels",
                "certificate-of-mailing")
