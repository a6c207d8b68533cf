"""Whether two spellings of a name may be the same person: a Board member and a party.

§ 2-83(h)(1) keeps a pending complaint from everyone but its parties and witnesses, so a member
of the Ethics Review Board who is a respondent, a complainant or a witness must not receive the
complaint as a member. The office's records spell people differently — "Dr. José A. Peña Jr."
on a complaint, "Pena, Jose" on the roster — so an identical spelling is not enough to find
them. :func:`may_be_same_person` says when two names *may* be one person; the City Clerk then
decides (:mod:`ethics_desk.board.party_links`). It errs towards "may be": a wrong "may be" costs
the Clerk one decision, a wrong "no" sends a complaint to the person it is about.

What does not tell two people apart here:

- case, accents and letters such as ø or ß (:func:`~ethics_desk.core.folding.fold`);
- invisible characters (zero-width space and joiners, soft hyphen, byte-order mark) and unusual
  spaces (no-break space …);
- titles (Dr., Mr., Hon. …) and suffixes (Jr., Sr., III, Esq. …);
- the order "Last, First" (or "Last First");
- hyphens, dashes, apostrophes and periods ("Garcia-Lopez", "O'Brien", "J.");
- middle names and initials ("Jose A. Pena", "J. Pena");
- a given name shortened ("Chris", "Alex") or a nickname of :data:`NICKNAMES` ("Bob", "Pepe").

Two names may be the same person when they share a surname (a last word of either, or all the
words after the given name run together, "De La Cruz" / "Delacruz") and their given names agree
(equal, one the start of the other — an initial is the start of a name — or nicknames of the
same name); a name of one word matches any name it is the surname of. Pure: no database.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable

from ethics_desk.core.folding import fold

TITLES = frozenset({
    "dr", "doctor", "mr", "mrs", "ms", "miss", "mx", "hon", "honorable", "honourable", "rev",
    "reverend", "prof", "professor", "judge", "sen", "senator", "rep", "mayor", "councilman",
    "councilwoman", "councilmember", "commissioner", "fr", "pastor", "capt", "captain", "lt",
    "sgt", "col", "sr", "sra", "srta", "lic", "ing",
})
"""Words before a name that say who the person is, not which person ("sr" is also señor)."""

SUFFIXES = frozenset({
    "jr", "junior", "sr", "senior", "ii", "iii", "iv", "esq", "esquire", "phd", "md", "jd",
    "dds", "cpa", "pe", "ret",
})
"""Words after a name (generation, degree) — a father and a son are flagged alike: the Clerk
tells them apart."""

NICKNAMES: dict[str, frozenset[str]] = {nick: frozenset(names.split()) for nick, names in {
    "bob": "robert", "bobby": "robert", "rob": "robert", "robbie": "robert", "bert": "robert albert",
    "bill": "william", "billy": "william", "will": "william", "willy": "william",
    "liam": "william", "liz": "elizabeth", "lizzie": "elizabeth", "beth": "elizabeth",
    "betty": "elizabeth", "betsy": "elizabeth", "libby": "elizabeth", "eliza": "elizabeth",
    "elisa": "elizabeth", "jim": "james", "jimmy": "james", "jamie": "james",
    "mike": "michael", "mikey": "michael", "mick": "michael", "dick": "richard",
    "rick": "richard", "ricky": "richard ricardo", "rich": "richard", "peggy": "margaret",
    "maggie": "margaret", "meg": "margaret", "kate": "katherine catherine kathleen",
    "kathy": "katherine catherine kathleen", "katie": "katherine catherine kathleen",
    "cathy": "catherine", "tony": "anthony antonio", "chuck": "charles",
    "charlie": "charles", "jack": "john", "johnny": "john", "ted": "edward theodore",
    "ed": "edward eduardo", "eddie": "edward eduardo", "ned": "edward",
    "hank": "henry", "harry": "henry", "larry": "lawrence", "jerry": "gerald jerome",
    "peg": "margaret", "sally": "sarah", "sadie": "sarah", "nancy": "ann anne",
    "polly": "mary", "molly": "mary", "patty": "patricia", "trish": "patricia",
    "sue": "susan", "susie": "susan", "becky": "rebecca", "abby": "abigail",
    "dave": "david", "steve": "steven stephen", "joe": "joseph", "joey": "joseph",
    "pepe": "jose", "chema": "jose", "paco": "francisco", "pancho": "francisco",
    "kiko": "francisco", "lupe": "guadalupe", "nacho": "ignacio", "chuy": "jesus",
    "beto": "alberto roberto humberto", "memo": "guillermo", "lalo": "eduardo",
    "tono": "antonio", "quique": "enrique", "rafa": "rafael", "lencho": "lorenzo",
    "chelo": "consuelo", "lola": "dolores", "conchita": "concepcion", "concha": "concepcion",
    "pili": "pilar", "maru": "maria", "rosy": "rosa rosario", "chayo": "rosario",
}.items()}
"""A small table of nicknames and the names they stand for (English and Spanish, as San Antonio
writes them); a shortened name ("Chris", "Alex", "Dan") needs no row: it is the start of the
name."""

_INVISIBLE = re.compile("[\u00ad\u034f\u061c\u115f\u1160\u17b4\u17b5\u180b-\u180f"
                        "\u200b-\u200f\u202a-\u202e\u2060-\u206f\u3164\ufe00-\ufe0f\ufeff"
                        "\uffa0]")
"""Characters that show nothing: zero-width space and joiners, soft hyphen, direction marks,
variation selectors, the byte-order mark (removed: they sit inside a word)."""

_NOT_A_LETTER = re.compile(r"[^0-9a-z,]+")
_APOSTROPHES = re.compile("['\u2018\u2019\u02bc\u0060\u00b4]")


def _clean(name: str) -> str:
    """Folded, invisible characters removed, every separator one space; commas kept."""
    text = _INVISIBLE.sub("", unicodedata.normalize("NFKC", name))
    text = _APOSTROPHES.sub("", fold(text))
    return " ".join(_NOT_A_LETTER.sub(" ", text).replace(",", " , ").split())


def _words(part: str) -> list[str]:
    return [w for w in part.split() if w != ","]


def name_words(name: str) -> list[str]:
    """The name's words, given name first, without titles, suffixes or punctuation:
    "Peña, Dr. José A., Jr." is ``["jose", "a", "pena"]``."""
    parts = [_words(p) for p in _clean(name).split(",")]
    if len(parts) > 1:  # a part that is only a suffix ("Pena, Jose, Jr.") is left out
        parts = [p for p in (_without_suffixes(p, keep=0) for p in parts) if p]
    if len(parts) >= 2:  # "Last, First Middle"
        parts = [parts[1], parts[0], *parts[2:]]
    words = _without_suffixes([w for p in parts for w in p], keep=1)
    while len(words) > 1 and words[0] in TITLES:
        words = words[1:]
    return words


def _without_suffixes(words: list[str], *, keep: int) -> list[str]:
    """``words`` without the suffixes at their end, keeping at least ``keep`` words."""
    end = len(words)
    while end > keep and words[end - 1] in SUFFIXES:
        end -= 1
    return words[:end]


def _forms(given: str) -> set[str]:
    return {given} | set(NICKNAMES.get(given, ()))


def _given_names_agree(a: str, b: str) -> bool:
    return any(x.startswith(y) or y.startswith(x) for x in _forms(a) for y in _forms(b))


def _in_order(a: list[str], b: list[str]) -> bool:
    """``a`` and ``b`` as written (given name first) may be the same person."""
    if len(a) == 1 or len(b) == 1:
        one, other = (a, b) if len(a) == 1 else (b, a)
        return one[0] in (other[-1], other[0]) or one[0] == "".join(other[1:] or other)
    shared_surname = (a[-1] in b[1:] or b[-1] in a[1:]
                      or "".join(a[1:]) == "".join(b[1:]))
    return shared_surname and _given_names_agree(a[0], b[0])


def may_be_same_person(a: str, b: str) -> bool:
    """Whether the names ``a`` and ``b`` may be the same person (see the module): the same name
    spelled with or without a middle initial, a title, a suffix, in "Last, First" order, with
    accents, hyphens, invisible characters or a nickname."""
    x, y = name_words(a), name_words(b)
    if not x or not y:
        return False
    if "".join(x) == "".join(y):
        return True
    return any(_in_order(p, q) for p in _orders(x) for q in _orders(y))


def _orders(words: list[str]) -> list[list[str]]:
    """The words as written and with the surname first or last ("Pena Jose" without a comma)."""
    if len(words) == 1:
        return [words]
    return [words, [*words[1:], words[0]], [words[-1], *words[:-1]]]


def possible_matches(names: Iterable[str], others: Iterable[str]) -> list[tuple[str, str]]:
    """Every pair (one of ``names``, one of ``others``) that may be the same person."""
    second = list(others)
    return [(n, o) for n in names for o in second if may_be_same_person(n, o)]
