"""Effects: what each event writes, inside the transaction of the user's action.

Each effect validates the data its event carries (raising ``RuleError`` with the citation),
writes the rows, starts or stops clocks through ``ethics_desk.deadlines.schedule``, and returns
the :class:`~ethics_desk.workflow.context.Outcome`. The controller adds the audit record in the
same transaction. The table (:mod:`ethics_desk.workflow.table`) names each effect in its row;
they are grouped by the stage of § 2-83 they belong to: :mod:`.filing` (the counter, (a)–(c),
and a withdrawal), :mod:`.review` ((d)(1)–(3), the campaign-finance route of (d)(2)),
:mod:`.response` ((d)(3) forwarding, (e): responses, replies, hearings) and :mod:`.board`
((d)(4), (f), (g), § 2-85(c)), with the checks they share in :mod:`.shared`.
"""
