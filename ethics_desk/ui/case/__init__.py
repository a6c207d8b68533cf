"""The case view: one window per case, its records, and the actions the controller allows."""
