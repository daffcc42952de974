"""The composition root: the command line (`main`), the board opener (`backends`) and the maker's drawings
(`drawings`), the only modules that import `hardware` or `simulator`. The package itself imports nothing, so a
command that opens its board through `controller.cli.backends` does not load the command line that runs it.
"""
