"""Self-play training of a game's network, with JAX on the CPU (the optional ``train`` extra).

The loop, one generation at a time:

1. play ``games_per_generation`` games of the searcher against itself (:mod:`.selfplay`) on
   training deals, and keep their records in a replay buffer of the newest ``buffer`` ones;
2. take ``steps`` Adam steps on minibatches drawn from the buffer: the value head's squared
   error against each seat's value of the result, plus the policy head's cross-entropy against
   the search's visits (a softmax over the legal codes only), plus a little weight decay;
3. save a checkpoint (weights, optimiser, buffer, random generators: ``--resume`` goes on
   exactly where it stopped) and the model file in the runtime's format;
4. every ``check_every`` generations, play the guided search against a yardstick level on
   deals of their own, both seat orders, and say how often it finished ahead.

Everything is drawn from ``seed``: the deals (:func:`training_deal`), the searches, the
initial weights and the minibatches. Deals of training and of the checks lie at 10^9 and
above, so a tournament at a seed below that plays deals the network has never seen.
"""

from __future__ import annotations

import functools
import multiprocessing
import pickle
import random
import time
from collections.abc import Callable, Iterator
from concurrent.futures import Executor, ProcessPoolExecutor
from contextlib import contextmanager
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any, TypeVar

import jax
import jax.numpy as jnp
import numpy as np

from crafthall.bots.base import Bot
from crafthall.bots.ismcts import SearchPolicy
from crafthall.bots.learned.network import ModelHeader, Network, random_network, save_model
from crafthall.bots.learned.selfplay import Samples, SelfPlay, play_game
from crafthall.bots.levels import LADDER, Level, LevelBot
from crafthall.engine.game import Game

TRAINING_DEALS = 10**9
CHECK_DEALS = 2 * 10**9
SEED_STRIDE = 10**6

Params = dict[str, jax.Array]
Result = TypeVar("Result")


def training_deal(seed: int, game_number: int) -> int:
    """The deal of the ``game_number``-th training game of a run seeded ``seed``."""
    return TRAINING_DEALS + seed * SEED_STRIDE + game_number


def check_deal(seed: int, number: int) -> int:
    """The deal of the ``number``-th game of a strength check (never a training deal)."""
    return CHECK_DEALS + seed * SEED_STRIDE + number


@dataclass(frozen=True)
class Schedule:
    """How long and how hard to train."""

    games_per_generation: int = 8
    steps: int = 60
    batch: int = 256
    buffer: int = 40_000
    learning_rate: float = 1e-3
    weight_decay: float = 1e-4
    check_every: int = 5
    """Generations between two strength checks (0: none)."""
    check_games: int = 4
    """Games of a strength check (rounded up to both seat orders of each deal)."""
    check_iterations: int = 270
    """The guided search's budget in a strength check."""
    play: SelfPlay = field(default_factory=SelfPlay)


@dataclass
class Progress:
    """What a run has done so far (kept in the checkpoint)."""

    generation: int = 0
    games: int = 0
    samples: int = 0
    seconds: float = 0.0
    loss: float = float("nan")
    value_loss: float = float("nan")
    policy_loss: float = float("nan")
    checks: list[dict[str, Any]] = field(default_factory=list)


@dataclass(frozen=True)
class Yardstick:
    """The bot a strength check plays against: its level's name, and how to make one from
    the game and a seed (a module-level function or a ``functools.partial`` of one when the
    checks run in worker processes)."""

    name: str
    make: Callable[[Game, int], Bot]


Report = Callable[[Progress, str], None]
"""Told after each generation (and each check, with a sentence)."""


class Trainer:
    """One run: the network's parameters, Adam's moments, the buffer and the generators."""

    def __init__(
        self,
        game: Game,
        policy: SearchPolicy,
        header: ModelHeader,
        schedule: Schedule,
        yardstick: Yardstick | None = None,
        jobs: int = 1,
        rebuild: Callable[[], tuple[Game, SearchPolicy]] | None = None,
    ) -> None:
        self.game, self.policy, self.header, self.schedule = game, policy, header, schedule
        self.yardstick = yardstick
        self.jobs = jobs
        """Processes playing the games; the results are the same for any number."""
        self.rebuild = rebuild or functools.partial(_as_given, game, policy)
        """Makes the game and policy again in a worker process (a game holding locks or open
        files cannot be sent to one)."""
        start = random_network(header, header.seed)
        self.params: Params = {k: jnp.asarray(v) for k, v in start.weights().items()}
        self.moments = _zeros(self.params), _zeros(self.params)
        self.adam_steps = 0
        self.batches = np.random.default_rng(header.seed)
        width = int(np.prod(header.observation_shape))
        self.buffer = Samples.empty(width, header.logits, header.seats)
        self.progress = Progress()
        self._step = jax.jit(_make_step(schedule.learning_rate, schedule.weight_decay))

    # --- the loop ---------------------------------------------------------------------------

    def run(self, seconds: float, out: Path, checkpoint: Path, report: Report) -> None:
        """Train for ``seconds`` more (whole generations, at least one; the clock starts once
        the worker processes are up), writing the model to ``out``."""
        with self._players() as players:
            stop = time.monotonic() + seconds
            while True:  # whole generations, at least one
                started = time.monotonic()
                self.generation(players)
                self.progress.seconds += time.monotonic() - started
                every = self.schedule.check_every
                checked = ""
                if self.yardstick and every and self.progress.generation % every == 0:
                    checked = self.check(self.yardstick, players)
                self.save(checkpoint)
                save_model(out, self.network())
                report(self.progress, checked)
                if time.monotonic() >= stop:
                    break

    @contextmanager
    def _players(self) -> Iterator[Executor | None]:
        """Worker processes for the games when ``jobs`` > 1 (spawned: JAX's threads do not
        survive a fork), else None and the games are played here."""
        if self.jobs <= 1:
            yield None
            return
        context = multiprocessing.get_context("spawn")
        with ProcessPoolExecutor(
            self.jobs, context, initializer=_start_player, initargs=(self.rebuild,)
        ) as pool:
            yield pool

    def _played(
        self, players: Executor | None, play: Callable[[Any], Result], jobs: list[Any]
    ) -> list[Result]:
        """``play`` of every job, in order: in the worker processes, or here without any."""
        if players is None:
            _start_player(functools.partial(_as_given, self.game, self.policy))
            return list(map(play, jobs))
        return list(players.map(play, jobs))

    def generation(self, players: Executor | None = None) -> None:
        """Play a generation's games with the latest network, then learn from the buffer."""
        network = self.network() if self.progress.generation > 0 else None
        first = self.progress.games
        numbers = range(first, first + self.schedule.games_per_generation)
        jobs = [(self.header, n, network, self.schedule.play) for n in numbers]
        for played in self._played(players, _play_training_game, jobs):
            self.buffer = self.buffer.joined(played, self.schedule.buffer)
            self.progress.games += 1
            self.progress.samples += len(played)
        self.learn(self.schedule.steps)
        self.progress.generation += 1

    def learn(self, steps: int) -> None:
        """``steps`` Adam steps on minibatches of the buffer."""
        totals = np.zeros(3)
        for _ in range(steps):
            rows = self.batches.integers(0, len(self.buffer), min(self.schedule.batch, 4096))
            batch = tuple(jnp.asarray(a[rows].astype(np.float32)) for a in self.buffer.arrays())
            self.adam_steps += 1
            self.params, self.moments, losses = self._step(
                self.params, self.moments, self.adam_steps, batch
            )
            totals += np.asarray(losses)
        mean = totals / max(steps, 1)
        self.progress.loss, self.progress.value_loss, self.progress.policy_loss = map(float, mean)

    def check(self, yardstick: Yardstick, players: Executor | None = None) -> str:
        """Play the guided search (``check_iterations`` a move) against ``yardstick`` on deals
        of its own, in every seat; a sentence on how often it finished ahead."""
        expert = self.policy.for_level(LADDER["expert"]).tune(LADDER["expert"]).iterations
        share = self.schedule.check_iterations / max(1, expert)
        network = self.network()
        seats = self.header.seats
        jobs = [
            (seats, check_deal(self.header.seed, number), trained, share, network, yardstick)
            for number in range((self.schedule.check_games + seats - 1) // seats)
            for trained in range(seats)
        ]
        outcomes = self._played(players, _play_check_game, jobs)
        ahead, games = sum(outcomes), len(outcomes)
        self.progress.checks.append(
            {
                "generation": self.progress.generation,
                "seconds": round(self.progress.seconds),
                "against": yardstick.name,
                "games": games,
                "ahead": ahead,
            }
        )
        return (
            f"generation {self.progress.generation}: the guided search finished ahead of "
            f"{yardstick.name} in {ahead:g} of {games} games ({ahead / games:.0%})"
        )

    # --- the network and the checkpoint ---------------------------------------------------

    def network(self) -> Network:
        """The current parameters as a numpy network with the run's header."""
        trained = {
            "generations": self.progress.generation,
            "games": self.progress.games,
            "samples": self.progress.samples,
            "seconds": round(self.progress.seconds),
            "checks": self.progress.checks,
        }
        header = replace(self.header, trained=trained)
        return Network(header, {k: np.asarray(v) for k, v in self.params.items()})

    def save(self, path: Path) -> None:
        """Everything :meth:`resume` needs to go on exactly from here."""
        state = {
            "header": self.header.to_json(),
            "schedule": repr(self.schedule),
            "params": {k: np.asarray(v) for k, v in self.params.items()},
            "moments": [{k: np.asarray(v) for k, v in m.items()} for m in self.moments],
            "adam_steps": self.adam_steps,
            "batches": self.batches.bit_generator.state,
            "buffer": self.buffer.arrays(),
            "progress": self.progress,
        }
        path.parent.mkdir(parents=True, exist_ok=True)
        temporary = path.with_name(path.name + ".partial")
        with temporary.open("wb") as out:
            pickle.dump(state, out, protocol=pickle.HIGHEST_PROTOCOL)
        temporary.replace(path)

    def resume(self, path: Path) -> None:
        """Go on from the checkpoint at ``path`` (written by :meth:`save` of this run)."""
        with path.open("rb") as saved:
            state = pickle.load(saved)  # a file this command wrote, never one from elsewhere
        header = ModelHeader.from_json(state["header"], str(path))
        if replace(header, command="") != replace(self.header, command=""):
            raise ValueError(
                f"{path} was made for another run ({header.game}, seed {header.seed}, "
                f"hidden {header.hidden}); resume with the same game, seed and network size."
            )
        self.params = {k: jnp.asarray(v) for k, v in state["params"].items()}
        moments = [{k: jnp.asarray(v) for k, v in m.items()} for m in state["moments"]]
        self.moments = moments[0], moments[1]
        self.adam_steps = state["adam_steps"]
        self.batches.bit_generator.state = state["batches"]
        self.buffer = Samples(*state["buffer"])
        self.progress = state["progress"]


def _zeros(params: Params) -> Params:
    return {k: jnp.zeros_like(v) for k, v in params.items()}


# --- the games, played here or in a worker process ------------------------------------------

_PLAYER: dict[str, Any] = {}
"""The game and search policy of this process's games (set once per worker process)."""


def _as_given(game: Game, policy: SearchPolicy) -> tuple[Game, SearchPolicy]:
    return game, policy


def _start_player(rebuild: Callable[[], tuple[Game, SearchPolicy]]) -> None:
    game, policy = rebuild()
    _PLAYER.update(game=game, policy=policy)


def _play_training_game(job: tuple[ModelHeader, int, Network | None, SelfPlay]) -> Samples:
    """The ``number``-th self-play game of a run: its deal and its searches' random numbers
    come from the run's seed and the number alone, so any process plays it the same."""
    header, number, network, settings = job
    game, policy = _PLAYER["game"], _PLAYER["policy"]
    rng = random.Random(f"self-play {header.seed} {number}")
    deal = training_deal(header.seed, number)
    return play_game(game, header, deal, rng, policy, network, settings)


def checked_level(share: float) -> Level:
    """The level a strength check plays: ``master``'s search (its leaf values too) with
    ``share`` of expert's iterations."""
    master = LADDER["master"]
    assert master.guide is not None
    return replace(
        master,
        name="trained",
        description="the network being trained",
        guide=replace(master.guide, share=share),
    )


def _play_check_game(job: tuple[int, int, int, float, Network, Yardstick]) -> float:
    """One game of a strength check: the guided search in seat ``trained`` (with ``share`` of
    expert's iterations), the yardstick's bots in the others."""
    seats, deal, trained, share, network, yardstick = job
    game, policy = _PLAYER["game"], _PLAYER["policy"]
    level = checked_level(share)
    bots = {seat: yardstick.make(game, deal * 7 + seat) for seat in range(seats)}
    bots[trained] = LevelBot(game, deal, level, policy, network=network)
    return _finished_ahead(game, seats, deal, bots, trained)


def _finished_ahead(game: Game, seats: int, deal: int, bots: dict[int, Bot], seat: int) -> float:
    """1 if ``seat`` finished the game alone in front, 0.5 if it shared first place, else 0."""
    state = game.setup(seats, deal)
    picker = random.Random(deal)
    while (result := game.result(state)) is None:
        active = game.active_seats(state)
        mover = active[0] if len(active) == 1 else picker.choice(active)
        game.apply(state, mover, bots[mover].choose(state, mover))
    if seat not in result.winners:
        return 0.0
    return 1.0 / len(result.winners)


def forward(params: Params, observations: jax.Array, hidden: int) -> tuple[jax.Array, jax.Array]:
    """The network of :class:`~crafthall.bots.learned.network.Network`, in JAX."""
    activations = observations
    for n in range(hidden):
        activations = jax.nn.relu(activations @ params[f"w{n}"] + params[f"b{n}"])
    values = jax.nn.sigmoid(activations @ params["wv"] + params["bv"])
    logits = activations @ params["wp"] + params["bp"]
    return values, logits


def _make_step(rate: float, decay: float) -> Callable[..., Any]:
    """One Adam step of the loss on a batch (jitted by the caller)."""
    beta1, beta2, epsilon = 0.9, 0.999, 1e-8

    def loss(params: Params, batch: tuple[jax.Array, ...]) -> tuple[jax.Array, jax.Array]:
        observations, masks, targets, values = batch
        hidden = sum(1 for name in params if name.startswith("w") and name[1:].isdigit())
        predicted, logits = forward(params, observations, hidden)
        value_loss = jnp.mean(jnp.sum((predicted - values) ** 2, axis=1))
        masked = jnp.where(masks > 0, logits, -1e9)
        policy_loss = -jnp.mean(jnp.sum(targets * jax.nn.log_softmax(masked), axis=1))
        l2 = sum(jnp.sum(w**2) for name, w in params.items() if name.startswith("w"))
        total = value_loss + policy_loss + decay * l2
        return total, jnp.stack([total, value_loss, policy_loss])

    def step(
        params: Params, moments: tuple[Params, Params], count: int, batch: tuple[jax.Array, ...]
    ) -> tuple[Params, tuple[Params, Params], jax.Array]:
        grads, losses = jax.grad(loss, has_aux=True)(params, batch)
        first, second = moments
        first = {k: beta1 * first[k] + (1 - beta1) * g for k, g in grads.items()}
        second = {k: beta2 * second[k] + (1 - beta2) * g**2 for k, g in grads.items()}
        correction = jnp.sqrt(1 - beta2**count) / (1 - beta1**count)
        params = {
            k: p - rate * correction * first[k] / (jnp.sqrt(second[k]) + epsilon)
            for k, p in params.items()
        }
        return params, (first, second), losses

    return step
