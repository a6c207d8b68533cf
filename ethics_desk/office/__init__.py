"""The office's own settings, and the audit of views, prints and exports outside a case."""
