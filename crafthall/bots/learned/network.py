"""The network the guided search reads, evaluated with numpy only, and its model file.

A network is a small multi-layer perceptron over a seat's observation
(``Game.encode_observation`` of the seat's view, so it holds nothing the seat may not see):
hidden layers with ReLU, then two heads,

- **value**: one number in 0..1 per seat (a sigmoid), what the seat can expect from the game
  as the search values a finished one (rank first, score margin second);
- **policy**: one logit per action code (``Game.action_space_size``); the search turns the
  logits of the moves legal at a node into a prior by a softmax over those alone. A game with
  more codes than :data:`POLICY_SLOTS` (the word games: 86 thousand to 2.6 million) gets that
  many logits instead, each code reading the slot a fixed hash gives it
  (:meth:`ModelHeader.slots`): one logit a code would make their models 22-660 MB, and two legal
  moves rarely share a slot (a position's few hundred moves among 4,096 slots), while the search
  tells apart the moves that do.

A model file is an ``.npz`` of the weights (stored as float16: half the size, and the
network's judgement does not need more) and a JSON header that says what the weights fit: the
game, its rules ``version``, the table size, the observation shape and the action-space size,
with the command and seed that trained it. A model that does not fit the table it is asked
for is refused with a sentence (:class:`ModelRefused`), and the bot falls back to the game's
hand-written evaluation: a rules change makes old weights meaningless, not merely worse.
"""

from __future__ import annotations

import inspect
import json
import logging
import os
from dataclasses import asdict, dataclass, field
from functools import cache
from itertools import pairwise
from pathlib import Path
from typing import Any

import numpy as np

from crafthall.engine.errors import SetupError
from crafthall.engine.game import Game

FORMAT = 1
"""The model file's layout; a file of another format is refused."""
MODEL_FILE = "model.npz"
"""A game's shipped model, in the game's own folder."""
MODEL_OVERRIDE = "CRAFTHALL_MODEL"
"""An environment variable naming a model file the bots read instead of the shipped one: a
candidate being measured (``crafthall tournament --model``) before it is committed. Worker
processes inherit it. A model of another game or table is refused as a shipped one would be."""
POLICY_SLOTS = 4096
"""The most policy logits a model has: a game with more action codes shares them by hash."""
_HASH = np.uint64(0x9E3779B97F4A7C15)
"""Fibonacci hashing's multiplier: spreads codes that differ in low or high digits alike."""

log = logging.getLogger(__name__)


class ModelRefused(SetupError):
    """A model file that cannot serve this table: the sentence says why and what to do."""


@dataclass(frozen=True)
class ModelHeader:
    """What a model was trained for and how (the JSON header of the model file)."""

    game: str
    version: str
    """The game's rules version the model was trained under."""
    seats: int
    observation_shape: tuple[int, ...]
    action_space_size: int
    hidden: tuple[int, ...]
    policy_slots: int = 0
    """0: one policy logit per action code; otherwise the number of logits the codes share."""
    command: str = ""
    """The command that trained it, so anyone can train it again."""
    seed: int = 0
    trained: dict[str, Any] = field(default_factory=dict)
    """How much training it had: games, samples, seconds, generations."""
    format: int = FORMAT

    @property
    def logits(self) -> int:
        """How many logits the policy head has."""
        return self.policy_slots or self.action_space_size

    def slots(self, codes: np.ndarray | list[int]) -> np.ndarray:
        """The policy logit each action code reads: the code itself, or its hashed slot."""
        codes = np.asarray(codes, dtype=np.uint64)
        if not self.policy_slots:
            return codes.astype(np.intp)
        with np.errstate(over="ignore"):  # the multiplication wraps around 2^64 on purpose
            mixed = (codes + np.uint64(1)) * _HASH
        return ((mixed >> np.uint64(32)) % np.uint64(self.policy_slots)).astype(np.intp)

    def to_json(self) -> str:
        return json.dumps(asdict(self), sort_keys=True)

    @classmethod
    def from_json(cls, text: str, source: str) -> ModelHeader:
        try:
            data = json.loads(text)
            if data.get("format") != FORMAT:
                raise ModelRefused(
                    f"{source} is a model file of format {data.get('format')}, and this "
                    f"version of crafthall reads format {FORMAT}: train the model again."
                )
            data["observation_shape"] = tuple(data["observation_shape"])
            data["hidden"] = tuple(data["hidden"])
            return cls(**data)
        except (ValueError, TypeError, KeyError, AttributeError) as err:
            raise ModelRefused(f"{source} has no readable model header ({err}).") from None

    def refusal(self, game: Game, seats: int) -> str | None:
        """Why this model cannot serve ``game`` at a table of ``seats``, or ``None``."""
        if self.game != game.name:
            return f"it was trained for {self.game}, not {game.name}"
        if self.version != game.version:
            return (
                f"it was trained under rules version {self.version} and the game is now at "
                f"version {game.version}"
            )
        if self.seats != seats:
            return f"it was trained for {self.seats} seats, not {seats}"
        shape = tuple(game.observation_shape(seats))
        if self.observation_shape != shape:
            return (
                f"it reads observations of shape {self.observation_shape} and the game now "
                f"encodes {shape}"
            )
        size = game.action_space_size(seats)
        if self.action_space_size != size:
            return f"it knows {self.action_space_size} action codes and the game now has {size}"
        return None


class Network:
    """An MLP's weights and the header that says what they fit; :meth:`forward` is numpy."""

    def __init__(self, header: ModelHeader, weights: dict[str, np.ndarray]) -> None:
        self.header = header

        def layer(name: str) -> tuple[np.ndarray, np.ndarray]:
            if f"w{name}" not in weights or f"b{name}" not in weights:
                raise ModelRefused(f"The model lacks the weights of its layer '{name}'.")
            return weights[f"w{name}"].astype(np.float32), weights[f"b{name}"].astype(np.float32)

        self.hidden = [layer(str(n)) for n in range(len(header.hidden))]
        self.value_head = layer("v")
        self.policy_head = layer("p")
        self._check_shapes()

    def _check_shapes(self) -> None:
        width = int(np.prod(self.header.observation_shape))
        for weight, bias in [*self.hidden, self.value_head, self.policy_head]:
            if weight.ndim != 2 or bias.shape != (weight.shape[1],):
                raise ModelRefused("A model's layer has a bias that does not fit its weights.")
        widths = [width, *self.header.hidden]
        for (weight, _), (into, out) in zip(self.hidden, pairwise(widths), strict=True):
            if weight.shape != (into, out):
                raise ModelRefused(f"A hidden layer is {weight.shape}, not {(into, out)}.")
        last = widths[-1]
        if self.value_head[0].shape != (last, self.header.seats):
            raise ModelRefused("The model's value head does not fit its header.")
        if self.policy_head[0].shape != (last, self.header.logits):
            raise ModelRefused("The model's policy head does not fit its header.")

    def forward(self, observations: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """Values (``[n, seats]``, 0..1) and policy logits (``[n, header.logits]``) of a batch of
        observations (``[n, *observation_shape]``; one observation gives a batch of one)."""
        batch = observations.reshape(-1, int(np.prod(self.header.observation_shape)))
        hidden = batch.astype(np.float32, copy=False)
        for weight, bias in self.hidden:
            hidden = np.maximum(hidden @ weight + bias, 0.0)
        values = 1.0 / (1.0 + np.exp(-(hidden @ self.value_head[0] + self.value_head[1])))
        logits = hidden @ self.policy_head[0] + self.policy_head[1]
        return values, logits

    def weights(self) -> dict[str, np.ndarray]:
        """The weights by the names the model file stores them under."""
        named = {}
        for n, (weight, bias) in enumerate(self.hidden):
            named[f"w{n}"], named[f"b{n}"] = weight, bias
        named["wv"], named["bv"] = self.value_head
        named["wp"], named["bp"] = self.policy_head
        return named

    def parameters(self) -> int:
        return sum(int(array.size) for array in self.weights().values())


def save_model(path: Path, network: Network) -> None:
    """Write ``network`` as a model file (float16 weights and the JSON header)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    arrays: dict[str, Any] = {
        name: array.astype(np.float16) for name, array in network.weights().items()
    }
    temporary = path.with_name(path.name + ".partial.npz")
    with temporary.open("wb") as out:
        np.savez_compressed(out, header=np.array(network.header.to_json()), **arrays)
    temporary.replace(path)  # a reader never sees half a file


def load_model(path: Path) -> Network:
    """The network in the model file at ``path``; an unreadable file is refused."""
    try:
        with np.load(path, allow_pickle=False) as data:
            header = ModelHeader.from_json(str(data["header"]), str(path))
            weights = {name: data[name] for name in data.files if name != "header"}
    except (OSError, ValueError, KeyError) as err:
        raise ModelRefused(f"{path} is not a readable model file ({err}).") from None
    return Network(header, weights)


def fitted(network: Network, game: Game, seats: int, source: str = "The model") -> Network:
    """``network`` if it serves ``game`` at ``seats``, else :class:`ModelRefused`."""
    reason = network.header.refusal(game, seats)
    if reason is not None:
        raise ModelRefused(
            f"{source} cannot play {game.title} at {seats} seats: {reason}. Train one for "
            f"this table with 'crafthall train {game.name}'; until then the bots search with "
            "the hand-written evaluation."
        )
    return network


def model_path(game: Game) -> Path:
    """Where ``game``'s shipped model lives: ``model.npz`` in the folder of its rules (or the
    file :data:`MODEL_OVERRIDE` names)."""
    candidate = os.environ.get(MODEL_OVERRIDE)
    if candidate:
        return Path(candidate)
    return Path(inspect.getfile(type(game))).parent / MODEL_FILE


def shipped_network(game: Game, seats: int) -> Network | None:
    """The game's shipped model for a table of ``seats``, or ``None``: none is shipped, or
    the one shipped does not fit (said once in the log, with the reason)."""
    path = model_path(game)
    if not path.exists():
        return None
    try:
        stamp = path.stat().st_mtime_ns
        return fitted(_read(path, stamp), game, seats, str(path))
    except ModelRefused as refused:
        _say_once(str(refused))
        return None


def use_candidate(path: Path, game: Game, seats: int) -> None:
    """Make the model at ``path`` the one the bots read, here and in worker processes started
    from now on (:data:`MODEL_OVERRIDE`), once it is known to serve ``game`` at ``seats``."""
    if not path.is_file():
        raise SetupError(f"There is no model file at {path}: give the --out of a training run.")
    reason = load_model(path).header.refusal(game, seats)
    if reason is not None:
        raise SetupError(f"{path} cannot play {game.title} at {seats} seats: {reason}.")
    os.environ[MODEL_OVERRIDE] = str(path.resolve())


@cache
def _read(path: Path, stamp: int) -> Network:
    """A model file read once per change of the file (``stamp``: its modification time)."""
    return load_model(path)


@cache
def _say_once(sentence: str) -> None:
    log.warning(sentence)


def random_network(header: ModelHeader, seed: int) -> Network:
    """A network of ``header``'s shape with He-initialised weights drawn from ``seed``: where
    training starts, and what tests read."""
    rng = np.random.default_rng(seed)
    widths = [int(np.prod(header.observation_shape)), *header.hidden]
    weights: dict[str, np.ndarray] = {}
    for n, (into, out) in enumerate(pairwise(widths)):
        weights[f"w{n}"] = rng.normal(0.0, np.sqrt(2.0 / into), (into, out)).astype(np.float32)
        weights[f"b{n}"] = np.zeros(out, dtype=np.float32)
    last = widths[-1]
    weights["wv"] = rng.normal(0.0, np.sqrt(1.0 / last), (last, header.seats)).astype(np.float32)
    weights["bv"] = np.zeros(header.seats, dtype=np.float32)
    size = header.logits
    weights["wp"] = rng.normal(0.0, np.sqrt(1.0 / last), (last, size)).astype(np.float32)
    weights["bp"] = np.zeros(size, dtype=np.float32)
    return Network(header, weights)


def header_for(game: Game, seats: int, hidden: tuple[int, ...], **about: Any) -> ModelHeader:
    """The header of a new model of ``game`` at ``seats`` (``about``: command, seed...); past
    :data:`POLICY_SLOTS` action codes, the codes share that many policy logits."""
    codes = game.action_space_size(seats)
    return ModelHeader(
        game=game.name,
        version=game.version,
        seats=seats,
        observation_shape=tuple(game.observation_shape(seats)),
        action_space_size=codes,
        hidden=hidden,
        policy_slots=POLICY_SLOTS if codes > POLICY_SLOTS else 0,
        **about,
    )
