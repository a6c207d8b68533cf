"""Ethics Desk: the City Clerk's application for sworn ethics complaints under City Code § 2-83.

The package is the domain core (records, deadlines, workflow, documents). Nothing outside
``ethics_desk.ui`` imports Qt.
"""

__version__ = "0.1.0"
