"""Per-game knowledge for the search: one module per game, each a `Knowledge` subclass."""
