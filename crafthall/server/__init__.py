"""The crafthall server: tables for every registered game, live play over WebSocket.

``create_app(settings)`` builds the ASGI application; ``crafthall serve`` runs it with uvicorn.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from crafthall.server.settings import Settings

if TYPE_CHECKING:
    from fastapi import FastAPI


def create_app(settings: Settings | None = None) -> FastAPI:
    from crafthall.server.app import create_app as build

    return build(settings)


__all__ = ["Settings", "create_app"]
