"""`agora hub`: one page for a cafe that lists every board on a broker and lets anyone spectate a game live."""
