"""The sworn-complaint intake wizard: one page per § 2-83(c) step, saved as the clerk types."""
