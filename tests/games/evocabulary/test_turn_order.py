"""Whose turn it is: the engine's one check, whose sentence names the player to play."""

from __future__ import annotations

import pytest

from crafthall.engine import IllegalAction
from tests.games.evocabulary.helpers import table
from tests.support import assert_refused


def test_a_move_out_of_turn_is_refused_naming_who_is_to_play() -> None:
    match = table([["s", "a", "t"], ["e"] * 7])
    refused = assert_refused(match, 1, {"type": "draw"}, "not-your-turn")
    assert refused.message == "It is not your turn: P1 is to play."


def test_an_activation_keeps_the_turn_with_the_player_who_laid_the_spell() -> None:
    match = table([["s", "a", "t"], ["e"] * 7])
    match.apply(0, {"type": "start", "word": "sat", "cards": ["s", "a", "t"]})
    assert match.state["phase"] == "activation"
    refused = assert_refused(match, 1, {"type": "done"}, "not-your-turn")
    assert refused.message == "It is not your turn: P1 is to play."


def test_the_rules_refuse_a_seat_out_of_turn_without_a_match() -> None:
    match = table([["s", "a", "t"], ["e"] * 7])
    with pytest.raises(IllegalAction) as caught:
        match.game.apply(match.state, 1, {"type": "draw"})
    assert caught.value.code == "not-your-turn"
    assert caught.value.message == "It is not your turn: seat 1 is to play."
