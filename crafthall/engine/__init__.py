"""The game-agnostic core: the Game interface, errors, the seeded generator, records, matches."""

from crafthall.engine.data import Action, Event, State, View, clone, to_json
from crafthall.engine.errors import IllegalAction, RecordError, SetupError, require
from crafthall.engine.game import Game, Result, action_type
from crafthall.engine.match import Match
from crafthall.engine.options import GameOptions, parse_options
from crafthall.engine.record import Header, Move, Seat
from crafthall.engine.rng import Rng, new_rng_state
from crafthall.engine.shapes import ActionShape, ActionShapes, Cell, check_action

__all__ = [
    "Action",
    "ActionShape",
    "ActionShapes",
    "Cell",
    "Event",
    "Game",
    "GameOptions",
    "Header",
    "IllegalAction",
    "Match",
    "Move",
    "RecordError",
    "Result",
    "Rng",
    "Seat",
    "SetupError",
    "State",
    "View",
    "action_type",
    "check_action",
    "clone",
    "new_rng_state",
    "parse_options",
    "require",
    "to_json",
]
