"""A demonstration database of fictitious complaints in every state of § 2-83."""
