"""Games the search plays against itself, as training data for the network (numpy only).

Every seat is the same searcher. At each decision it records what the mover could see (the
observation of its view), which of its moves were legal, and how the search spread its visits
over them (the policy target); once the game is over every record of it gets each seat's value
of the result (the value target), as the search values a finished game.

Before there is a network (generation 0) the searcher is the game's hand-written search, so
the first network learns from the levels that exist; after that it is the network-guided
search with the latest network, which then learns from its own games. The first
``explore_moves`` moves of a game are drawn in proportion to the visits, and the root's prior
gets Dirichlet noise, so the games do not all repeat one line.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

import numpy as np

from crafthall.bots.ismcts import Budget, Choice, SearchPolicy, ismcts
from crafthall.bots.learned.guided import Guidance, GuidedSearch
from crafthall.bots.learned.network import ModelHeader, Network
from crafthall.engine.data import State
from crafthall.engine.game import Game

SAFETY_MOVES = 10_000


@dataclass(frozen=True)
class SelfPlay:
    """How the training games are played."""

    iterations: int = 160
    """Search iterations a move (the guided search's; generation 0's hand-written one too)."""
    explore_moves: int = 16
    """Moves at the start of a game drawn in proportion to their visits, not the most visited."""
    root_noise: float = 0.25
    leaf_mix: float = 0.0
    """The network's share of a leaf's value (the rest: the game's rollout and leaf value).
    0, as in the levels that play with the network: the visits the network learns from are
    then those of a search at least as good as the hand-written one, guided by the newest
    prior, while the value head learns from the outcomes until it judges positions better."""


@dataclass
class Samples:
    """Training records as arrays: one row per decision."""

    observations: np.ndarray
    masks: np.ndarray
    policies: np.ndarray
    values: np.ndarray

    @classmethod
    def empty(cls, width: int, actions: int, seats: int) -> Samples:
        return cls(
            np.zeros((0, width), np.float16),
            np.zeros((0, actions), bool),
            np.zeros((0, actions), np.float16),
            np.zeros((0, seats), np.float32),
        )

    def __len__(self) -> int:
        return len(self.values)

    def joined(self, other: Samples, capacity: int) -> Samples:
        """These records then ``other``'s, keeping the newest ``capacity``."""
        return Samples(
            *(
                np.concatenate([mine, theirs])[-capacity:]
                for mine, theirs in zip(self.arrays(), other.arrays(), strict=True)
            )
        )

    def arrays(self) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
        return self.observations, self.masks, self.policies, self.values


def play_game(
    game: Game,
    header: ModelHeader,
    deal: int,
    rng: random.Random,
    policy: SearchPolicy,
    network: Network | None,
    settings: SelfPlay,
) -> Samples:
    """One game of the searcher against itself on deal ``deal`` at ``header``'s table size;
    its records, the legal moves and the visits over the header's policy logits."""
    state = game.setup(header.seats, deal)
    observations: list[np.ndarray] = []
    masks: list[np.ndarray] = []
    visits: list[np.ndarray] = []
    for move in range(SAFETY_MOVES):
        if game.result(state) is not None:
            break
        active = game.active_seats(state)
        mover = active[0] if len(active) == 1 else rng.choice(active)
        codes = [game.encode_action(state, mover, a) for a in game.legal_actions(state, mover)]
        mask = np.zeros(header.logits, bool)
        mask[header.slots(codes)] = True
        choice = _search(game, state, mover, rng, policy, network, settings, len(codes))
        target = np.zeros(header.logits, np.float32)
        searched = [(action, count) for action, count, _ in choice.stats if count]
        for action, count in searched or [(choice.action, 1)]:
            target[header.slots([game.encode_action(state, mover, action)])[0]] += count
        observations.append(game.encode_observation(game.view(state, mover)))
        masks.append(mask)
        visits.append(target / target.sum())
        action = choice.action
        if move < settings.explore_moves and choice.stats:
            counts = [count for _, count, _ in choice.stats]
            action = rng.choices([a for a, _, _ in choice.stats], weights=counts)[0]
        game.apply(state, mover, action)
    result = game.result(state)
    if result is None:
        raise RuntimeError(f"{game.title} did not end within {SAFETY_MOVES} moves.")
    value = np.asarray(policy.final_values(result), np.float32)
    return Samples(
        np.asarray(observations, np.float16),
        np.asarray(masks, bool),
        np.asarray(visits, np.float16),
        np.tile(value, (len(visits), 1)),
    )


def _search(
    game: Game,
    state: State,
    mover: int,
    rng: random.Random,
    policy: SearchPolicy,
    network: Network | None,
    settings: SelfPlay,
    legal: int,
) -> Choice:
    """The searcher's choice; a move with one legal option is not searched."""
    budget = Budget(iterations=settings.iterations if legal > 1 else 1)
    if network is None:
        return ismcts(game, state, mover, budget, random.Random(rng.getrandbits(64)), policy)
    guidance = Guidance(network, leaf_mix=settings.leaf_mix, root_noise=settings.root_noise)
    search_rng = random.Random(rng.getrandbits(64))
    return GuidedSearch(game, state, mover, search_rng, guidance, policy).run(budget)
