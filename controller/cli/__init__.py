"""The composition root. The command line (`main`) finds the boards through the package's `agora.boards` entry points
(no module of the controller imports `hardware` or `simulator`) and hands the commands that open a board their opener
(controller.boards). `lights_out` is the service's
last step, on the command line's backends. The package itself imports nothing.
"""
