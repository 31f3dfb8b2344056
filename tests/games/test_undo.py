"""Which moves may be taken back: none that drew chance or revealed a hidden card."""

from __future__ import annotations

import pytest

from crafthall.engine import clone
from crafthall.games import make_bot, names
from tests.support import start


@pytest.mark.parametrize("name", names())
def test_a_move_that_took_from_a_secret_store_or_the_generator_is_not_undoable(name: str) -> None:
    match = start(name, 2, seed=17)
    game = match.game
    bot = make_bot(game, "random", 3)
    seen_final = 0
    for _ in range(400):
        active = match.active_seats()
        if not active:
            break
        before = clone(match.state)
        match.apply(active[0], bot.choose(match.state, active[0]))
        revealed = before.get("rng") != match.state.get("rng") or any(
            before.get(key) != match.state.get(key) for key in game.secret_stores
        )
        assert game.undoable(before, match.state) is not revealed
        seen_final += revealed
    assert seen_final, "no move in this game drew chance or revealed a card"
