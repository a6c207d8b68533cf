"""Keeping the office's record whole: the check, backups (by hand, daily and before a migration),
the restore, the move between a file and a server, the server's set-up, opening a database (its
migrations and reference data), the start-up first look, and the recovery sheet's paper.

It sits above the domain packages and reads them (the search index, the deadline schedule, the
office's settings, the papers); the database itself, below everything, is :mod:`ethics_desk.storage`.
"""
