"""What every layer shares: errors a user can act on, the closed vocabularies of § 2-83, search
folding, the clock, and where the shipped resources are.
"""
