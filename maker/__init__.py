"""Build tools for the people who make the board: `python -m maker.drawings` draws the schematic, the drilling
template, the overlays and the piece lists from the pin map and the games. Not part of the running board, so it may
import `hardware` and `controller.games` freely; nothing in `controller`, `hardware` or `simulator` imports it.
"""
