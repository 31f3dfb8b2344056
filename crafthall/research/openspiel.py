"""Every crafthall game as an OpenSpiel Python game (the ``research`` extra, which
``make test`` installs).

>>> import pyspiel
>>> from crafthall.research.openspiel import register
>>> register()
>>> from crafthall.games import names
>>> game = pyspiel.load_game(f"crafthall_{names()[0]}", {"players": 2, "rng_seed": 7})
>>> game.num_players()
2

Game names are ``crafthall_`` and the crafthall name with ``_`` for ``-``
(``crafthall_fox_trot`` for a game ``fox-trot``). Parameters: ``players``, ``rng_seed`` (each
new initial state draws its deal from the game's generator, as OpenSpiel's sampled-stochastic
games do) and ``options`` (the table's options as JSON, e.g. ``'{"target": 30}'``).

The game type: sequential (a race's simultaneous claims are ordered by a seeded draw),
imperfect information, sampled stochastic chance (dice and shuffles happen inside the rules;
there are no chance nodes), general-sum, terminal rewards. Actions are the engine's codec
integers; the observation tensor is the engine's observation encoder on the seat's view; the
observation and information-state strings are that view as JSON (the view is what a seat
knows, so nodes keyed by it merge histories that look alike). Returns are the share of the
victory: 1 for a sole winner, 1/k for k seats sharing first place, 0 otherwise.
``resample_from_infostate`` is the engine's ``determinize``, so IS-MCTS samples worlds the seat
cannot tell apart from the true one.
"""

from __future__ import annotations

import json
import random
from typing import Any

import numpy as np
import pyspiel

from crafthall.engine.data import to_json
from crafthall.engine.game import Game
from crafthall.games import game_class, make_bot, make_game, names
from crafthall.research.table import Table

MAX_GAME_LENGTH = 20_000
"""Moves after which a game counts as broken (the same bound as crafthall's autoplay)."""


def short_name(game: str) -> str:
    return "crafthall_" + game.replace("-", "_")


def game_type(name: str) -> pyspiel.GameType:
    rules = make_game(name)
    return pyspiel.GameType(
        short_name=short_name(name),
        long_name=f"crafthall {rules.title}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.SAMPLED_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.GENERAL_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=rules.max_seats,
        min_num_players=rules.min_seats,
        provides_information_state_string=True,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification={
            "players": max(2, rules.min_seats),
            "rng_seed": 0,
            "options": "{}",
        },
    )


class CrafthallGame(pyspiel.Game):
    """One crafthall game for OpenSpiel; :func:`register` makes a subclass per game."""

    crafthall_name = ""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        name = self.crafthall_name
        kind = game_type(name)
        given = _plain({**kind.parameter_specification, **(params or {})})
        self.players = int(given["players"])
        self.rules = make_game(name, json.loads(str(given["options"])))
        self.rules.check_seats(self.players)
        self.deals = random.Random(int(given["rng_seed"]))
        info = pyspiel.GameInfo(
            num_distinct_actions=self.rules.action_space_size(self.players),
            max_chance_outcomes=0,
            num_players=self.players,
            min_utility=0.0,
            max_utility=1.0,
            max_game_length=MAX_GAME_LENGTH,
        )
        super().__init__(kind, info, {"players": self.players, **_plain(params or {})})

    def new_initial_state(self) -> CrafthallState:
        return CrafthallState(self, self.deals.getrandbits(63))

    def make_py_observer(
        self, iig_obs_type: Any = None, params: dict[str, Any] | None = None
    ) -> ViewObserver:
        return ViewObserver(self.rules, self.players)


def _plain(params: dict[str, Any]) -> dict[str, Any]:
    """Parameters as plain Python values (pyspiel may hand over GameParameter objects)."""
    return {key: getattr(value, "value", lambda v=value: v)() for key, value in params.items()}


class CrafthallState(pyspiel.State):
    def __init__(self, game: CrafthallGame, seed: int) -> None:
        super().__init__(game)
        self.table = Table(game.rules, game.players, seed)

    def current_player(self) -> int:
        if self.table.over:
            return int(pyspiel.PlayerId.TERMINAL)
        seat = self.table.to_act
        assert seat is not None
        return seat

    def _legal_actions(self, player: int) -> list[int]:
        return self.table.legal() if player == self.table.to_act else []

    def _apply_action(self, action: int) -> None:
        self.table.step(action)

    def _action_to_string(self, player: int, action: int) -> str:
        if player != self.table.to_act:
            return f"action {action}"
        return to_json(self.table.decode(action))

    def is_terminal(self) -> bool:
        return self.table.over

    def returns(self) -> list[float]:
        return self.table.returns()

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> Any:
        """A state ``player_id`` cannot tell from this one, hidden cards and future redrawn."""
        rng = random.Random(int(probability_sampler() * 2**53))
        twin = self.clone()
        twin.table = self.table.determinized(player_id, rng)
        return twin

    def __str__(self) -> str:
        return to_json(self.table.view(None))


class ViewObserver:
    """OpenSpiel's observer: the encoder's array and the view's JSON for one seat."""

    def __init__(self, rules: Game, players: int) -> None:
        shape = rules.observation_shape(players)
        self.tensor = np.zeros(int(np.prod(shape)), np.float32)
        self.dict = {"observation": self.tensor.reshape(shape)}

    def set_from(self, state: CrafthallState, player: int) -> None:
        self.tensor[:] = state.table.observation(player).ravel()

    def string_from(self, state: CrafthallState, player: int) -> str:
        return to_json(state.table.view(player))


def register(games: list[str] | None = None) -> None:
    """Register the games with OpenSpiel (each once; calling again does nothing). Without a
    list, every game that has a codec; a game named without one is refused with a sentence."""
    known = set(pyspiel.registered_names())
    for name in games or [name for name in names() if game_class(name).has_codec()]:
        make_game(name).require_codec()
        if short_name(name) not in known:
            # A class per game, as OpenSpiel's own Python games register themselves.
            kind = type(f"Crafthall_{short_name(name)}", (CrafthallGame,), {"crafthall_name": name})
            pyspiel.register_game(game_type(name), kind)


class CrafthallBot(pyspiel.Bot):
    """A crafthall bot (``random``, ``greedy``, ``search``, a game's own levels) as an
    OpenSpiel bot, to play against OpenSpiel's algorithms (``evaluate_bots``)."""

    def __init__(self, game: CrafthallGame, level: str, seed: int) -> None:
        pyspiel.Bot.__init__(self)
        self.bot = make_bot(game.rules, level, seed)

    def step(self, state: CrafthallState) -> int:
        table = state.table
        seat = table.to_act
        assert seat is not None, "the game is over"
        return table.game.encode_action(table.state, seat, self.bot.choose(table.state, seat))

    def restart_at(self, state: CrafthallState) -> None:
        pass

    def inform_action(self, state: CrafthallState, player: int, action: int) -> None:
        pass


class SampledRollouts:
    """An evaluator for OpenSpiel's MCTS and IS-MCTS: random playouts drawn by the engine's
    ``sample_action``, which never lists every legal action (far faster than OpenSpiel's
    ``RandomRolloutEvaluator`` on word games with thousands of legal words)."""

    def __init__(self, rollouts: int = 1, seed: int = 0) -> None:
        self.rollouts = rollouts
        self.random = random.Random(seed)

    def evaluate(self, state: CrafthallState) -> np.ndarray:
        total = np.zeros(state.table.seats)
        for _ in range(self.rollouts):
            table = state.table.copy()
            while table.to_act is not None:
                table.play(table.game.sample_action(table.state, table.to_act, self.random))
            total += table.returns()
        return total / self.rollouts

    def prior(self, state: CrafthallState) -> list[tuple[int, float]]:
        legal = state.legal_actions()
        return [(action, 1 / len(legal)) for action in legal]


def play(game: CrafthallGame, bots: list[Any]) -> list[float]:
    """One game between OpenSpiel bots (one per seat, any with ``step(state)``); the returns."""
    state = game.new_initial_state()
    while not state.is_terminal():
        state.apply_action(bots[state.current_player()].step(state))
    returns: list[float] = state.returns()
    return returns
