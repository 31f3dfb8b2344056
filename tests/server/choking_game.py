"""A test-only game that declares no action shapes: its rules meet a move's missing field
themselves (a ``KeyError``), as a game's rules may meet a record they cannot make sense of. A
module of its own, so that the worker processes that replay uploads register it too."""

from __future__ import annotations

from typing import ClassVar

from crafthall.engine.shapes import ActionShapes
from crafthall.games.entry import GameEntry
from tests.toygames import PlainText, ToyTurns


class ChokingTurns(ToyTurns):
    name = "toy-choking"
    title = "Toy Choking"
    actions: ClassVar[ActionShapes] = {}


ENTRY = GameEntry(game=ChokingTurns, text=PlainText, summary="toy-turns without action shapes")
