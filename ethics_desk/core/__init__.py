"""What every layer shares: errors a user can act on, the closed vocabularies of § 2-83, the
clock, typed dates, a party's key, search folding, and where the shipped resources are.
"""
