"""The web page and its API (FastAPI, served by uvicorn in the controller's own loop)."""

from controller.web.app import create_app
from controller.web.deps import WebConfig, is_loopback

__all__ = ["WebConfig", "create_app", "is_loopback"]
