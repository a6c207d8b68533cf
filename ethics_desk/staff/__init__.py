"""Who is at the desk: staff accounts, signing in, and the roles § 2-83 gives each person."""
