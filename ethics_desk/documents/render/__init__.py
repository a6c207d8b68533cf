"""The documents of Ethics Desk: frozen data in, PDF bytes out (ReportLab), wording from templates.

``registry.RENDERERS`` maps each kind (``sworn-complaint``, ``receipt`` …) to its renderer class;
``base.Renderer`` is what every document extends; ``data`` holds what the documents show.
"""
