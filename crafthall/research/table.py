"""One game played by integer actions: the part every research adapter shares.

Actions are the engine's codec integers, observations its observation encoder's arrays, and
returns each seat's share of the victory (1 for a sole winner, 1/k for k seats sharing first
place, 0 otherwise). Where several seats may act at once (a race), the seat that
acts next is drawn by a generator seeded with the table, as in :mod:`crafthall.arena.autoplay`,
so learning libraries see a plain turn order.

>>> from crafthall.games import make_game, names
>>> table = Table(make_game(names()[0]), seats=2, seed=4)
>>> table.to_act, len(table.legal()) > 0, table.returns()
(0, True, [0.0, 0.0])
"""

from __future__ import annotations

import random
from typing import Any

import numpy as np

from crafthall.engine.data import Action, Event, State, View, clone
from crafthall.engine.errors import IllegalAction
from crafthall.engine.game import Game, Result


class Table:
    def __init__(self, game: Game, seats: int, seed: int) -> None:
        game.check_seats(seats)
        game.require_codec()
        self.game = game
        self.seats = seats
        self.state: State = game.setup(seats, seed)
        self.picker = random.Random(seed)
        self.moves = 0
        self.to_act = self._pick()
        self._legal: list[int] | None = None

    def _pick(self) -> int | None:
        """The seat that acts next (``None`` once the game is over)."""
        active = self.game.active_seats(self.state)
        if not active or self.game.result(self.state) is not None:
            return None
        return active[0] if len(active) == 1 else self.picker.choice(active)

    @property
    def over(self) -> bool:
        return self.to_act is None

    def legal(self) -> list[int]:
        """The legal actions of the seat to act, as sorted codec integers."""
        if self.to_act is None:
            return []
        if self._legal is None:
            seat, game = self.to_act, self.game
            codes = {
                game.encode_action(self.state, seat, a)
                for a in game.legal_actions(self.state, seat)
            }
            self._legal = sorted(codes)
        return self._legal

    def mask(self) -> np.ndarray:
        """An int8 mask over the whole action space: 1 where an action is legal now."""
        mask = np.zeros(self.game.action_space_size(self.seats), dtype=np.int8)
        mask[self.legal()] = 1
        return mask

    def decode(self, code: int) -> Action:
        if self.to_act is None:
            raise IllegalAction("game-over", "The game is over; no more actions are taken.")
        return self.game.decode_action(self.state, self.to_act, code)

    def step(self, code: int) -> list[Event]:
        """Play the action numbered ``code`` for the seat to act."""
        return self.play(self.decode(code))

    def play(self, action: Action) -> list[Event]:
        """Play ``action`` (a crafthall action, as a bot returns) for the seat to act."""
        if self.to_act is None:
            raise IllegalAction("game-over", "The game is over; no more actions are taken.")
        events = self.game.apply(self.state, self.to_act, action)  # validates before changing
        self.moves += 1
        self.to_act = self._pick()
        self._legal = None
        return events

    def view(self, seat: int | None) -> View:
        return self.game.view(self.state, seat)

    def observation(self, seat: int) -> np.ndarray:
        return self.game.encode_observation(self.view(seat))

    def result(self) -> Result | None:
        return self.game.result(self.state)

    def returns(self) -> list[float]:
        result = self.result()
        if result is None:
            return [0.0] * self.seats
        share = 1 / len(result.winners)
        return [share if seat in result.winners else 0.0 for seat in range(self.seats)]

    def copy(self) -> Table:
        twin = object.__new__(Table)
        twin.__dict__.update(self.__dict__)
        twin.state = clone(self.state)
        twin.picker = random.Random()
        twin.picker.setstate(self.picker.getstate())
        return twin

    def __deepcopy__(self, memo: dict[int, Any]) -> Table:
        return self.copy()  # the rules (and their dictionary) are shared, never copied

    def determinized(self, seat: int, rng: random.Random) -> Table:
        """A copy where all ``seat`` cannot see (hands, decks, the future) is drawn afresh."""
        twin = self.copy()
        twin.state = self.game.determinize(self.state, seat, rng)
        twin.picker.seed(rng.getrandbits(63))
        return twin
