"""The composition root. The command line (`main`) is the one module of the controller that imports `hardware` or
`simulator`: it hands the commands that open a board their opener (controller.boards). `lights_out` is the service's
last step, on the command line's backends. The package itself imports nothing.
"""
