"""How a paper writes dates, times, amounts and its own frame in each language it is printed in.

A document's language is one more input of the same renderer (``Renderer(language=…)``): the
template is ``receipt.es.txt`` beside ``receipt.txt``, and what the renderer writes itself —
dates, times, "Case ERB-2026-001", "Page 1 of 2", the letterhead's "Telephone" — comes from the
:class:`Words` of that language here.

Spanish is written as a Texas city government writes it: "1 de diciembre de 2026", weekdays and
months in lower case ("jueves, 17 de diciembre de 2026"), the time "10:05 a. m. CST", and dollar
amounts in the US convention ("$500.00", the usual form in Texas Spanish and the one the statute's
amounts are written in). The statute's citations are not translated: "§ 2-83(e)(3)".

This is a small table of our own rather than Babel: two languages, one date style and one amount
style are all the papers need; the table is a few lines anyone can read and correct, and it adds
nothing for the Windows build to bundle (Babel would bring the CLDR locale data, about 30 MB, and
its "es" month names are the same ones written here).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, datetime, tzinfo

from ethics_desk.core.office_time import in_office_time
from ethics_desk.core.vocabulary import (
    CureKind,
    Language,
    SanctionKind,
    ViolationPeriod,
    VoteChoice,
    VoteRule,
    in_a_sentence,
)
from ethics_desk.core.vote_count import VoteResult

MONTHS_EN = ("January", "February", "March", "April", "May", "June", "July", "August",
             "September", "October", "November", "December")
WEEKDAYS_EN = ("Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday")
MONTHS_ES = ("enero", "febrero", "marzo", "abril", "mayo", "junio", "julio", "agosto",
             "septiembre", "octubre", "noviembre", "diciembre")
WEEKDAYS_ES = ("lunes", "martes", "miércoles", "jueves", "viernes", "sábado", "domingo")
IDENTIFIERS_ES = {"complainant": "denunciante", "respondent": "persona denunciada",
                  "witness": "testigo"}
"""The roles of :func:`ethics_desk.intake.record.identifiers` ("… (complainant)") in Spanish."""
CURES_ES = {CureKind.BANK_STATEMENT: "el estado de cuenta bancaria de la campaña",
            CureKind.AMENDED_REPORT: "el informe enmendado"}
"""What cures a campaign-finance complaint (§ 2-82(b)(2)), in Spanish."""
SANCTIONS_ES = {
    SanctionKind.CIVIL_PENALTY: "Multa civil",
    SanctionKind.ATTORNEYS_FEES: "Honorarios de abogado en que incurrió la persona denunciada",
    SanctionKind.OTHER: "Otra sanción permitida por la ley",
    SanctionKind.REFERRAL: "Notificación a una agencia",
}
"""The sanctions of § 2-83(g)(2), (g)(3) in Spanish (no official translation: the template
marks them for review)."""
BALLOTS_EN = {VoteChoice.YES: "yes", VoteChoice.NO: "no", VoteChoice.ABSTAIN: "abstained",
              VoteChoice.RECUSED: "recused"}
BALLOTS_ES = {VoteChoice.YES: "a favor", VoteChoice.NO: "en contra",
              VoteChoice.ABSTAIN: "se abstuvo", VoteChoice.RECUSED: "se recusó"}


@dataclass(frozen=True)
class Words:
    """What a renderer writes itself in one language: dates, times, amounts, the page's frame."""

    language: Language

    @property
    def spanish(self) -> bool:
        """Whether this is the Spanish table."""
        return self.language is Language.SPANISH

    def vote_rule(self, rule: VoteRule) -> str:
        """How many must vote yes, as a sentence says it: "two-thirds" / "dos tercios"
        (:attr:`~ethics_desk.core.vocabulary.VoteRule.words` in English)."""
        if not self.spanish:
            return rule.words
        return "dos tercios" if rule is VoteRule.TWO_THIRDS else "la mayoría"

    def oath_officer(self, title: str, *, by_notary: bool) -> str:
        """Before whom the complainant signs the affidavit: "the notary", or the other officer
        recorded to administer the oath by their title ("the officer who administers the oath
        (Judge, …)"), § 2-83(c). The Spanish words are for the office's review, as the
        templates' "# REVISAR" lines are."""
        if self.spanish:
            return "el notario" if by_notary else \
                f"el funcionario que le tome el juramento ({title.strip()})"
        return "the notary" if by_notary else \
            f"the officer who administers the oath ({title.strip()})"

    def long_date(self, day: date) -> str:
        """"November 30, 2026" / "30 de noviembre de 2026"."""
        if self.spanish:
            return f"{day.day} de {MONTHS_ES[day.month - 1]} de {day.year}"
        return f"{MONTHS_EN[day.month - 1]} {day.day}, {day.year}"

    def weekday_date(self, day: date) -> str:
        """"Thursday, December 17, 2026" / "jueves, 17 de diciembre de 2026"."""
        names = WEEKDAYS_ES if self.spanish else WEEKDAYS_EN
        return f"{names[day.weekday()]}, {self.long_date(day)}"

    def clock_time(self, moment: datetime, zone: tzinfo) -> str:
        """"10:05 a.m. CST" / "10:05 a. m. CST": the moment as the office's clock (``zone``,
        the ``office.time_zone`` setting) showed it, never the workstation's."""
        moment = in_office_time(moment, zone)
        hour = moment.hour % 12 or 12
        suffixes = ("a. m.", "p. m.") if self.spanish else ("a.m.", "p.m.")
        suffix = suffixes[0] if moment.hour < 12 else suffixes[1]
        name = moment.tzname() or ""
        return f"{hour}:{moment.minute:02d} {suffix}{' ' + name if name else ''}"

    def long_datetime(self, moment: datetime, zone: tzinfo) -> str:
        """"November 30, 2026, at 10:05 a.m. CST" / "30 de noviembre de 2026, a las 10:05 a. m."
        (in the office's time zone ``zone``)."""
        moment = in_office_time(moment, zone)
        at = "a las" if self.spanish else "at"
        if self.spanish and moment.hour % 12 == 1:
            at = "a la"
        return f"{self.long_date(moment.date())}, {at} {self.clock_time(moment, zone)}"

    @staticmethod
    def dollars(cents: int | None) -> str:
        """"$500.00" in both languages (the US convention for the dollar, usual in Texas)."""
        return f"${(cents or 0) / 100:,.2f}"

    def names(self, found: list[str]) -> str:
        """"A", "A and B", "A, B and C" / "A y B", "A, B y C"."""
        if len(found) <= 1:
            return "".join(found)
        return ", ".join(found[:-1]) + (" y " if self.spanish else " and ") + found[-1]

    def case(self, case_number: str) -> str:
        """"Case ERB-2026-001" / "Caso ERB-2026-001"."""
        return f"{'Caso' if self.spanish else 'Case'} {case_number}"

    def page(self, page: int, total: int) -> str:
        """"Page 1 of 2" / "Página 1 de 2"."""
        return f"Página {page} de {total}" if self.spanish else f"Page {page} of {total}"

    @property
    def telephone(self) -> str:
        """The letterhead's word before the office's number."""
        return "Teléfono" if self.spanish else "Telephone"

    @property
    def fax(self) -> str:
        """The letterhead's word before the fax number."""
        return "Fax"

    @property
    def in_person(self) -> str:
        """The letterhead's words before the address for filing in person."""
        return "En persona:" if self.spanish else "In person:"

    @property
    def confidential(self) -> str:
        """The § 2-83(h) marking on every page of a confidential paper."""
        return "CONFIDENCIAL — § 2-83(h)" if self.spanish else "CONFIDENTIAL — § 2-83(h)"

    def replaces(self, day: date) -> str:
        """The line under a corrected reissue's title: which copy it replaces."""
        if self.spanish:
            return (f"Esta copia corregida reemplaza la emitida el {self.long_date(day)}, "
                    "que queda sin efecto.")
        return (f"This corrected copy replaces the one issued on {self.long_date(day)}, "
                "which is void.")

    def tally(self, result: VoteResult) -> str:
        """A Board vote's count in words, stating present, recused, quorum, needed and cast
        (the English is the summary recorded with the vote, :meth:`VoteResult.summary`):
        "Presentes: 7 de los 11 miembros en funciones; recusados: 0; quórum: 6 (la mayoría de
        los 11 en funciones), alcanzado con 7, sin contar a los recusados; se necesitan: al menos
        5 votos a favor (dos tercios de los 7 contados como presentes); votos: 5 a favor,
        1 en contra, 1 abstención — aprobada"."""
        if not self.spanish:
            return result.summary
        q = result.quorum
        parts = [f"Presentes: {result.attending}"
                 + (f" de los {q.serving} miembros en funciones" if q is not None else ""),
                 f"recusados: {result.recused}"]
        if q is not None:
            basis = ("fijado por la Secretaría" if q.fixed
                     else f"la mayoría de los {q.serving} en funciones")
            counted = ("contando a los recusados" if q.recused_count
                       else "sin contar a los recusados")
            met = "alcanzado" if result.has_quorum else "NO alcanzado"
            parts.append(f"quórum: {q.needed} ({basis}), {met} con {result.toward_quorum}, "
                         f"{counted}")
        rule = self.vote_rule(result.rule)
        votes = "voto" if result.required == 1 else "votos"
        parts.append(f"se necesitan: al menos {result.required} {votes} a favor ({rule} de los "
                     f"{result.present} contados como presentes)")
        abstaining = "abstención" if result.abstain == 1 else "abstenciones"
        outcome = "aprobada" if result.carried else "rechazada"
        parts.append(f"votos: {result.yes} a favor, {result.no} en contra, {result.abstain} "
                     f"{abstaining} — {outcome}")
        return "; ".join(parts)

    def period(self, period: ViolationPeriod | None, start: date | None,
               end: date | None) -> str:
        """The date or period of the alleged violation (§ 2-83(c)(6)): "On October 3, 2026",
        "From … through …", "From …, and continuing" / "El 3 de octubre de 2026", "Del … al …",
        "Desde el …, y continúa"; empty when none was given."""
        if period is None or start is None:
            return ""
        first = self.long_date(start)
        if self.spanish:
            if period is ViolationPeriod.SINGLE_DATE:
                return f"El {first}"
            if period is ViolationPeriod.ONGOING_SINCE:
                return f"Desde el {first}, y continúa"
            return f"Desde el {first}" if end is None else f"Del {first} al {self.long_date(end)}"
        if period is ViolationPeriod.SINGLE_DATE:
            return f"On {first}"
        if period is ViolationPeriod.ONGOING_SINCE:
            return f"From {first}, and continuing"
        return f"From {first}" if end is None else f"From {first} through {self.long_date(end)}"

    def identified_by(self, label: str) -> str:
        """Who identified a witness, as the witness row keeps it ("José Peña (complainant)"),
        with its role in this language ("José Peña (denunciante)")."""
        if self.spanish:
            for english, spanish in IDENTIFIERS_ES.items():
                if label.endswith(f" ({english})"):
                    return f"{label[:-len(english) - 2]}({spanish})"
        return label

    @property
    def not_filed(self) -> str:
        """What a complaint not yet filed shows where its case number goes."""
        return "Aún no presentada" if self.spanish else "Not yet filed"

    def cure(self, kind: CureKind) -> str:
        """What cured a campaign-finance complaint (§ 2-82(b)(2)), in a sentence: "the amended
        report" / "el informe enmendado"."""
        if self.spanish:
            return CURES_ES[kind]
        return "the " + in_a_sentence(kind.label)

    def sanction(self, kind: SanctionKind) -> str:
        """A sanction of § 2-83(g)(2) or the (g)(3) notification, as the statute names it /
        in Spanish."""
        return SANCTIONS_ES[kind] if self.spanish else kind.label

    def amount_due(self, amount: str, pay_by: date | None) -> str:
        """"$350.00, to be paid by January 29, 2027" / "$350.00, a pagar a más tardar el 29
        de enero de 2027" (the amount alone when the Board set no date)."""
        if pay_by is None:
            return amount
        due = self.long_date(pay_by)
        return (f"{amount}, a pagar a más tardar el {due}" if self.spanish
                else f"{amount}, to be paid by {due}")

    def ballot(self, choice: VoteChoice) -> str:
        """How one member voted: "yes", "no", "abstained", "recused" / "a favor", "en contra",
        "se abstuvo", "se recusó"."""
        return (BALLOTS_ES if self.spanish else BALLOTS_EN)[choice]

    def meeting_of(self, day: date) -> str:
        """"Meeting of December 1, 2026" / "Sesión del 1 de diciembre de 2026"."""
        return (f"Sesión del {self.long_date(day)}" if self.spanish
                else f"Meeting of {self.long_date(day)}")


ENGLISH = Words(Language.ENGLISH)
SPANISH = Words(Language.SPANISH)


def words_for(language: Language) -> Words:
    """The table of ``language``."""
    return SPANISH if language is Language.SPANISH else ENGLISH
