"""The composition root: the command line (`main`) and the board opener (`backends`), the only modules that import
`hardware` or `simulator`. The package itself imports nothing, so a command that opens its board through
`controller.cli.backends` does not load the command line that runs it.
"""
