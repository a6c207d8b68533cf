"""Qt item models over the domain's queries (they hold what is visible and fetch the rest lazily)."""
