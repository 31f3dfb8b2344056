"""The information-set search guided by a network: PUCT priors, and values at the leaves.

It is :class:`~crafthall.bots.ismcts.Search` with two changes, as in AlphaZero:

- **Prior.** The first time a node is reached with a seat to act, the network reads that
  seat's observation (``encode_observation`` of its view of the determinized world, so what
  the seat could see there and nothing more) and its logits are kept at the node. Later visits
  pick, among the moves legal in *this* determinization, the one with the best
  ``Q + c_puct * P * sqrt(N) / (1 + n)``, where ``P`` is the softmax of the kept logits over
  those moves alone and an untried move's ``Q`` is the node's own value estimate for the seat.
- **Value.** That same reading gives each seat's value of the position, backed up instead of
  a rollout's. ``leaf_mix`` below 1 blends in the game's hand-written rollout and leaf value
  (1: the network alone; the rollout is then skipped, which is where the time goes).

The root's observation is the searching seat's own view, which ``determinize`` leaves as it
is: the network never reads what the seat cannot see, and the search, like the plain one, is
a function of the seat's view, its budget and its random generator.
"""

from __future__ import annotations

import math
import random
from collections.abc import Hashable
from dataclasses import dataclass, field

import numpy as np

from crafthall.bots.ismcts import DEFAULT_POLICY, Node, Search, SearchPolicy
from crafthall.bots.learned.network import Network
from crafthall.engine.data import Action, State
from crafthall.engine.game import Game


@dataclass(frozen=True)
class Guidance:
    """How the network guides a search."""

    network: Network
    c_puct: float = 1.5
    """Weight of the prior against the mean value (values are in 0..1)."""
    leaf_mix: float = 1.0
    """Share of the network's value at a leaf; the rest is the game's rollout and leaf value."""
    root_noise: float = 0.0
    """Share of Dirichlet noise mixed into the root's prior (self-play explores with it)."""
    noise_alpha: float = 0.3


@dataclass
class GuidedNode(Node):
    """A node that also keeps, for each seat that acted from it, the network's logits, and
    the network's value estimate of the position it was first evaluated in."""

    logits: dict[int, np.ndarray] = field(default_factory=dict)
    estimate: list[float] | None = None


class GuidedSearch(Search):
    """One network-guided IS-MCTS search for ``seat``; :meth:`run` returns its choice."""

    def __init__(
        self,
        game: Game,
        state: State,
        seat: int,
        rng: random.Random,
        guidance: Guidance,
        policy: SearchPolicy = DEFAULT_POLICY,
        root_actions: list[Action] | None = None,
        horizon: int | None = None,
        root: GuidedNode | None = None,
    ) -> None:
        super().__init__(game, state, seat, rng, policy, root_actions, horizon)
        self.guidance = guidance
        self.root: GuidedNode = root if root is not None else GuidedNode(seat, None)
        """A subtree of an earlier guided search of the seat goes on from there (as in
        :class:`~crafthall.bots.ismcts.Search`)."""
        self.noise: np.ndarray | None = None
        if guidance.root_noise > 0:
            size = guidance.network.header.logits
            draw = np.random.default_rng(rng.getrandbits(63))
            self.noise = draw.dirichlet([guidance.noise_alpha] * size)

    def iterate(self) -> None:
        game = self.game
        world = game.determinize(self.state, self.seat, self.rng)
        node = self.root
        path: list[Node] = [node]
        while True:
            result = game.result(world)
            if result is not None:
                values = self.policy.final_values(result)
                break
            mover = self.seat if node is self.root else self._mover(world)
            if mover not in node.logits:
                values = self._evaluate(node, world, mover)
                break
            moves = self._moves(world, mover, node)
            if not moves:
                values = node.estimate or self.policy.values(game, world)
                break
            node = self._select(node, world, mover, moves)
            assert node.action is not None
            game.apply(world, mover, node.action)
            path.append(node)
        for visited in path:
            visited.visits += 1
            visited.value += values[visited.seat]

    def _evaluate(self, node: GuidedNode, world: State, mover: int) -> list[float]:
        """The network's reading of ``mover``'s observation: logits kept at the node, each
        seat's value returned (blended with the rollout's by ``leaf_mix``)."""
        observation = self.game.encode_observation(self.game.view(world, mover))
        values, logits = self.guidance.network.forward(observation)
        node.logits[mover] = logits[0]
        estimate = [float(v) for v in values[0]]
        if node.estimate is None:
            node.estimate = estimate
        mix = self.guidance.leaf_mix
        if mix >= 1.0:
            return estimate
        rolled = self._rollout(world)
        return [mix * e + (1 - mix) * r for e, r in zip(estimate, rolled, strict=True)]

    def _select(
        self, node: GuidedNode, world: State, mover: int, moves: list[Action]
    ) -> GuidedNode:
        """The move with the best PUCT score among ``moves``, its node made if new."""
        priors = self._priors(node, world, mover, moves)
        keys: list[tuple[int, Hashable]] = [(mover, self.game.action_key(m)) for m in moves]
        scale = self.guidance.c_puct * math.sqrt(max(node.visits, 1))
        default = node.estimate[mover] if node.estimate is not None else 0.5
        best, best_score = 0, -math.inf
        for index, key in enumerate(keys):
            child = node.children.get(key)
            if child is None:
                score = default + scale * priors[index]
            else:
                child.available += 1
                mean = child.value / child.visits if child.visits else default
                score = mean + scale * priors[index] / (1 + child.visits)
            if score > best_score:
                best, best_score = index, score
        chosen = node.children.get(keys[best])
        if chosen is None:
            chosen = GuidedNode(mover, moves[best], available=1)
            node.children[keys[best]] = chosen
        assert isinstance(chosen, GuidedNode)
        return chosen

    def _priors(
        self, node: GuidedNode, world: State, mover: int, moves: list[Action]
    ) -> np.ndarray:
        """The softmax of the node's logits over the slots of ``moves``' codes (plus the
        root's noise where the search explores)."""
        codes = [self.game.encode_action(world, mover, move) for move in moves]
        slots = self.guidance.network.header.slots(codes)
        logits = node.logits[mover][slots]
        weights = np.exp(logits - logits.max())
        priors: np.ndarray = weights / weights.sum()
        if node is self.root and self.noise is not None:
            noise = self.noise[slots]
            share = self.guidance.root_noise
            priors = (1 - share) * priors + share * noise / max(float(noise.sum()), 1e-12)
        return priors
