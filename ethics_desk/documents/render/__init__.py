"""The documents of Ethics Desk: frozen data in, PDF bytes out (ReportLab), wording from templates.

``base.Renderer`` is what every document extends; ``data`` and ``letter_data`` hold what the
documents show. Which renderer draws which kind is a column of the one table of document kinds,
:data:`ethics_desk.documents.kinds.KINDS`; nothing else names a renderer.
"""
