"""The terms of a Board vote on a meeting's date: the office's settings and the roster, over
the arithmetic of :mod:`ethics_desk.core.vote_count`.

§ 2-83(f)(2) and (f)(6) need "at least two-thirds (2/3) of those present". For the Board's
other actions on a case (its disposition under (d)(4)) § 2-83 sets no rule, and the ordinary
one applies: a majority — more than half — of those present. A member who recuses takes no
part and is not counted as present for the vote; an abstention is counted as present (it has
the effect of a no). A member who is a party to the complaint must recuse.

§ 2-83 sets no quorum either. The office's settings (:mod:`ethics_desk.office.settings`, each
marked for the City Attorney's review) decide it: by default a majority of the members the
roster shows serving on the meeting's date, recused members not counted toward it; and the vote
that imposes a sanction under (g), by default the (f)(6) record vote of two-thirds of those
present. :func:`vote_terms` reads them with the roster; the workflow refuses a vote without a
quorum, and every tally (:attr:`VoteResult.summary`, printed on the Board's papers) states
those present, the quorum, the recused, the yes votes needed and the votes cast.

Which rule an action needs is the action's own (``BoardAction.vote_rule``) unless the office's
setting relaxes the sanctions' rule; :class:`VoteRule` is part of the vocabulary and re-exported
here.
"""

from __future__ import annotations

from datetime import date

from sqlalchemy.orm import Session

from ethics_desk.core.vote_count import VoteTerms, terms_for
from ethics_desk.models import BoardAction
from ethics_desk.office import settings
from ethics_desk.office.settings import (
    BOARD_QUORUM,
    BOARD_RECUSED_IN_QUORUM,
    BOARD_SANCTION_VOTE,
)
from ethics_desk.storage.database import Database


def vote_terms(session: Session, action: BoardAction, day: date) -> VoteTerms:
    """The terms of a vote on ``action`` at a meeting on ``day``: the members serving then on
    the roster, and the office's settings for the quorum and the sanctions' vote."""
    from ethics_desk.board.roster import members_on

    return terms_for(action, len(members_on(session, day)),
                     quorum=int(settings.get(session, BOARD_QUORUM)),
                     recused_in_quorum=str(settings.get(session, BOARD_RECUSED_IN_QUORUM)),
                     sanction_vote=str(settings.get(session, BOARD_SANCTION_VOTE)))


def read_vote_terms(database: Database, action: BoardAction, day: date) -> VoteTerms:
    """:func:`vote_terms` in a read of its own: the office's settings and the public roster."""
    with database.read_session() as session:
        return vote_terms(session, action, day)
