"""Live play: the WebSocket of one table (the protocol is in ``docs/protocol.md``)."""

from __future__ import annotations

from fastapi import APIRouter, WebSocket

from crafthall.server.routes.common import HubDep, SettingsDep
from crafthall.server.sockets import table_socket

router = APIRouter()


@router.websocket("/ws/tables/{table_id}")
async def live(websocket: WebSocket, table_id: str, hub: HubDep, settings: SettingsDep) -> None:
    await table_socket(websocket, table_id, hub, settings)
