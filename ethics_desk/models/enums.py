"""The closed vocabularies of § 2-83: defined in :mod:`ethics_desk.vocabulary`, re-exported here.

They live outside this package so that importing them does not load the ORM (start-up).
"""

from ethics_desk.vocabulary import *  # noqa: F403 - the same names as before the move
