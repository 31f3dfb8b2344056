"""A finished table's chat, both rooms, shown with its replay."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter
from sqlalchemy.exc import SQLAlchemyError

from crafthall.server.routes.common import ApiError, HubDep, TableDep

router = APIRouter(tags=["records"])


@router.get("/api/tables/{table_id}/chat", summary="A finished game's chat, both rooms")
async def table_chat(table: TableDep, hub: HubDep) -> dict[str, Any]:
    if table.status != "finished":
        raise ApiError(
            409,
            "game-not-finished",
            "The chat opens with the replay once the game is over; until then each room is "
            "seen only by its own people, at the table.",
        )
    try:
        return {"messages": await hub.chat.replay(table.id)}
    except SQLAlchemyError:
        raise ApiError(
            503, "storage-unavailable", "The chat cannot be read right now; try again soon."
        ) from None
