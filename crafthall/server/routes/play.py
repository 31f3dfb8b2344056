"""Live play: the WebSocket of one table (the protocol is in ``docs/protocol.md``), and its
chat once the game is over (:mod:`.chat`)."""

from __future__ import annotations

from fastapi import APIRouter, WebSocket

from crafthall.server.routes import chat
from crafthall.server.routes.common import HubDep, SettingsDep
from crafthall.server.sockets import table_socket

router = APIRouter()
router.include_router(chat.router)


@router.websocket("/ws/tables/{table_id}")
async def live(websocket: WebSocket, table_id: str, hub: HubDep, settings: SettingsDep) -> None:
    await table_socket(websocket, table_id, hub, settings)
