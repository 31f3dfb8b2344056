"""The registry of games. Adding a game is one folder under ``games/`` and one line here."""

from __future__ import annotations

from importlib import import_module

from crafthall.engine.errors import SetupError
from crafthall.engine.game import Game
from crafthall.games.entry import GameEntry

_MODULES: dict[str, str] = {
    "wordcraft": "crafthall.games.wordcraft",
    "wordsmith": "crafthall.games.wordsmith",
    "swordcrafters": "crafthall.games.swordcrafters",
    "evocabulary": "crafthall.games.evocabulary",
    "enchanted-grid": "crafthall.games.enchanted_grid",
}


def names() -> list[str]:
    return list(_MODULES)


def entry(name: str) -> GameEntry:
    """The registered game called ``name`` (``enchanted_grid`` and ``enchanted-grid`` both work)."""
    key = name.strip().lower().replace("_", "-")
    if key not in _MODULES:
        raise SetupError(f"There is no game called '{name}'. Games: {', '.join(names())}.")
    found: GameEntry = import_module(_MODULES[key]).ENTRY
    return found


def game_class(name: str) -> type[Game]:
    return entry(name).game
