"""The web page and its API (FastAPI, served by uvicorn in the controller's own loop)."""

from controller.web.app import WebConfig, create_app

__all__ = ["WebConfig", "create_app"]
