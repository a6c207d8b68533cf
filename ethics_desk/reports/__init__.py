"""The office's reports: figures counted from the record of § 2-83, for any period.

:mod:`ethics_desk.reports.statistics` counts the office's work — complaints received and how
they ended, the time each statutory step took, the deadlines, the Board's acts and the Public
Information Act requests — with SQL aggregates in one read, never a case loaded one by one.
No Qt here; the screens, the charts and the annual report read these figures.
"""
