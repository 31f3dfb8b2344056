"""The server's HTTP and WebSocket routes, one router per area.

- :mod:`.lobby`: the games, creating, listing and joining tables;
- :mod:`.records`: finished games' records and replays, uploaded records;
- :mod:`.play`: the live WebSocket of a table;
- :mod:`.pages`: the health check and the pages a browser opens;
- :mod:`.boards`: each game's own browser files (its board, styles and components);
- :mod:`.accounts`: signing up, in and out, and an account's seats;
- :mod:`.players`: player pages, leaderboards, levels and a game's rating changes.

Routes reach the hub and the settings through :mod:`.common` (the application's state).
"""

from __future__ import annotations

from crafthall.server.routes import accounts, boards, lobby, pages, play, players, records

ROUTERS = (
    lobby.router,
    records.router,
    play.router,
    pages.router,
    boards.router,
    accounts.router,
    players.router,
)

__all__ = ["ROUTERS"]
