"""The home-game kit: tools for a real table, built on the rules engine (split a pot)."""
