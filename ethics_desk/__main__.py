"""``python -m ethics_desk``: the same entry point as the ``ethics-desk`` command."""

from ethics_desk.cli import main

raise SystemExit(main())
