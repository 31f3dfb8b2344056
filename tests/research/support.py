"""What the research tests share: the games that declare a codec (the adapters need one)."""

from __future__ import annotations

from crafthall.games import game_class, names

CODEC_GAMES = [name for name in names() if game_class(name).has_codec()]
