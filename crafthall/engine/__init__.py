"""The game-agnostic core: the Game interface, errors, the seeded generator, records, matches."""

from crafthall.engine.data import Action, Event, State, View, clone, to_json
from crafthall.engine.errors import IllegalAction, RecordError, SetupError, require
from crafthall.engine.game import Game, Result, action_type
from crafthall.engine.match import Match
from crafthall.engine.options import GameOptions, WordGameOptions, parse_options
from crafthall.engine.record import Header, Move, Seat
from crafthall.engine.rng import Rng, new_rng_state

__all__ = [
    "Action",
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
    "WordGameOptions",
    "action_type",
    "clone",
    "new_rng_state",
    "parse_options",
    "require",
    "to_json",
]
