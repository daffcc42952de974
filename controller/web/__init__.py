"""The web page and its API (FastAPI, served by uvicorn in the controller's own loop): `controller.web.app`.

Importing this package loads nothing: `agora play` shows the board on its LEDs before it loads the web stack.
"""
