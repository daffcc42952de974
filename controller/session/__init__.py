"""A session: one board, one game, its seats, the turn flow; and the asyncio loop that runs it."""
