"""The data of each paper, built from the record: one module per stage of § 2-83.

A builder takes a :class:`~ethics_desk.documents.paper_context.PaperContext` (the session, the
office's letterhead, the day, and what the paper is made for) and returns the plain data its
renderer lays out; it never renders and never writes. The table of kinds
(:data:`ethics_desk.documents.kinds.KINDS`) names each builder in its row; nothing else calls
one. A builder refuses, with a :class:`~ethics_desk.core.errors.UserError` naming the step to
take first, a paper whose facts are not yet recorded (a defect letter with no defect).
"""
