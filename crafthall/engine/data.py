"""Plain-data types shared by every game: states, actions, events and views are JSON values."""

from __future__ import annotations

import json
import marshal
import pickle
from typing import Any, TypeAlias, TypedDict, cast

State: TypeAlias = dict[str, Any]
Action: TypeAlias = dict[str, Any]
Event: TypeAlias = dict[str, Any]
View: TypeAlias = dict[str, Any]


class ViewFrame(TypedDict):
    """The keys every game's view starts with (:meth:`crafthall.engine.game.Game.frame`)."""

    game: str
    seat: int | None
    """The viewer's seat; ``None``: a spectator."""
    active: list[int]
    """The seats that may act now."""
    phase: str
    prompt: str
    """A sentence for the viewer on what to do now; empty when it has nothing to do."""
    scores: list[int]
    """One per seat, as the viewer may see them."""


def frame_of(view: View) -> ViewFrame:
    """A game's view read through its frame's keys, so that a misspelled one is an error."""
    return cast(ViewFrame, view)


def clone(value: State) -> State:
    """A deep copy of plain data. ``marshal`` is the fastest deep copy CPython offers for
    the built-in types (30-50% quicker than pickle on the games' states); anything else
    (a class of a game's own, a dict subclass) goes through pickle."""
    try:
        copied: State = marshal.loads(marshal.dumps(value))
    except ValueError:  # not built-in types only
        copied = pickle.loads(pickle.dumps(value, pickle.HIGHEST_PROTOCOL))
    return copied


def to_json(value: Any) -> str:
    """Compact, key-sorted JSON: one canonical text per value."""
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
