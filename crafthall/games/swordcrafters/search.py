"""What the search levels need to know about Sword Crafters: a rollout policy and a leaf value.

The leaf value is the projection the greedy bot already trusts (:mod:`.strategy`): the round's
open groupings taken by greedy pickers, every tile in hand slotted by a greedy crafter, and the
final score table read as each seat's lead, worth more the clearer it is. So the tree spends its
iterations where projection alone goes wrong: which cut leaves the others nothing good, which
grouping to deny, which order of slotting keeps a long run of one gem.

Rollouts play a few moves the way a sensible player would (slot each tile where it raises the
sword's quality and length most, cut and pick at random) before the projection takes over.
"""

from __future__ import annotations

import random
from dataclasses import replace
from typing import cast

from crafthall.bots.ismcts import SearchPolicy, margin_utility
from crafthall.bots.levels import Level
from crafthall.engine.data import Action, State
from crafthall.engine.game import Game
from crafthall.games.swordcrafters.rules import SwordCrafters
from crafthall.games.swordcrafters.state import SwordCraftersState
from crafthall.games.swordcrafters.strategy import Crafter, projected_totals


class SwordCraftersPolicy(SearchPolicy):
    margin_scale = 12.0
    """About a place in one magic race plus a longer run: a clear but not decisive lead."""
    rollout_moves = 4

    def rollout_action(self, game: Game, state: State, seat: int, rng: random.Random) -> Action:
        table = cast(SwordCraftersState, state)
        if table["phase"] != "craft":
            return game.sample_action(state, seat, rng)
        gem, side = Crafter(table["swords"][seat]).best_slot(table["hands"][seat])
        return {"type": "place", "gem": gem, "side": side + 1}

    def leaf_values(self, game: Game, state: State) -> list[float]:
        zero_place = cast(SwordCrafters, game).options.zero_magic_place
        totals = projected_totals(cast(SwordCraftersState, state), zero_place=zero_place)
        return margin_utility(totals, self.margin_scale)

    def tune(self, level: Level) -> Level:
        # About 3,000 iterations a second on one core: strong's 600 take a fifth of a second,
        # expert's 1,350 under a second even late in the game (long swords).
        budgets = {"strong": 600, "expert": 1350}
        return replace(level, iterations=budgets.get(level.name, level.iterations))


POLICY = SwordCraftersPolicy()
