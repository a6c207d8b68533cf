"""Tests of what every layer shares (the clock)."""
