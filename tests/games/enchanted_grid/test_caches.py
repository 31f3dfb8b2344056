"""The views of several seats worked out together (sharing the table they all see) equal the
views one by one, and what views remember between calls is never stale: the words of the
grid's runs and the zones of each layout of Enchanters give what a fresh reading gives, all
game long and after a state is changed in place."""

from __future__ import annotations

import json
import random
from collections.abc import Iterator

import pytest

from crafthall.engine import Match
from crafthall.engine.data import State, clone
from crafthall.games import new_match
from crafthall.games.enchanted_grid import EnchantedGrid
from crafthall.games.enchanted_grid.grid import _ZONES, Board
from crafthall.games.enchanted_grid.words import WordReader
from crafthall.lexicon import Lexicon
from tests.games.enchanted_grid.helpers import WORDS, table


def game_of(match: Match) -> EnchantedGrid:
    assert isinstance(match.game, EnchantedGrid)
    return match.game


def played(seats: int, seed: int, **options: int) -> Iterator[Match]:
    """A random game with the standard dictionary, the match after each move (and before the
    first)."""
    match = new_match(
        "enchanted-grid",
        [f"P{n + 1}" for n in range(seats)],
        seed=seed,
        options={"dictionary": "standard", **options},
    )
    rng = random.Random(seed)
    yield match
    while match.active_seats():
        seat = match.active_seats()[0]
        match.apply(seat, game_of(match).sample_action(match.state, seat, rng))
        yield match


def fresh_view(match: Match, seat: int | None) -> str:
    """``seat``'s view with nothing remembered, as text (key order counts)."""
    game_of(match).reader._runs.clear()
    _ZONES.clear()
    return json.dumps(match.view(seat))


def all_views(match: Match) -> list[str]:
    """Every seat's view and a spectator's, worked out together as a server asks for them."""
    viewers = [*range(match.state["seats"]), None]
    together = match.views(viewers)
    return [json.dumps(together[s]) for s in viewers]


@pytest.mark.parametrize(("seats", "seed"), [(2, 1), (3, 2), (4, 3)])
def test_views_equal_fresh_ones_all_game_long(seats: int, seed: int) -> None:
    faced_down = False
    for match in played(seats, seed, round_cards=10):
        faced_down |= len(match.state["grid"]) != len(match.state["tops"])
        fresh = [fresh_view(match, s) for s in [*range(seats), None]]
        assert all_views(match) == fresh
        backwards = match.views([None, *reversed(range(seats))])  # the spectator first
        assert [json.dumps(backwards[s]) for s in [*range(seats), None]] == fresh
    assert faced_down  # the games showed some seat its own face-down card


def test_a_state_changed_in_place_is_seen_afresh() -> None:
    match = next(m for m in played(2, 5) if len(m.state["grid"]) > 6)
    game = game_of(match)
    state = match.state
    before = all_views(match)
    seat = state["turn"]
    game.apply(state, seat, game.sample_action(state, seat, random.Random(0)))
    after = all_views(match)
    assert after != before
    assert after == [fresh_view(match, s) for s in (0, 1, None)]
    state["counter"] += 1  # a change no move makes: the views still follow it
    assert json.loads(all_views(match)[0])["counter"] == state["counter"]


def test_a_seat_sees_its_own_face_down_card_and_no_one_else_does() -> None:
    match = table(
        {
            "grid": [
                {"at": [0, 0], "card": "U grey enchanter"},
                {"at": [1, 0], "card": "D grey", "by": 1, "face_down": True},
            ],
            "hands": [["A red"], ["E blue"]],
        }
    )
    views = [json.loads(v) for v in all_views(match)]
    hidden = [next(c for c in v["grid"] if c["face_down"]) for v in views]
    assert [c.get("card", {}).get("letter") for c in hidden] == [None, "D", None]
    hands = [v["hand"] and [c["letter"] for c in v["hand"]] for v in views]
    assert hands == [["A"], ["E"], None]


def test_the_words_of_runs_read_before_are_the_words_read_afresh() -> None:
    for match in played(3, 7):
        reader = game_of(match).reader
        tops = match.state["tops"]
        remembered = reader.all_words(tops)
        reader._runs.clear()
        assert list(remembered.items()) == list(reader.all_words(tops).items())


def test_a_run_read_again_with_other_cards_reads_them() -> None:
    reader = WordReader(WORDS, 2)
    state: State = {"grid": {}, "tops": {}, "enchanters": []}
    grid = Board(state)
    for y, card_id in enumerate((51, 80, 32)):  # G above O above D: GOD
        grid.put((0, y), {"card": card_id, "by": 0, "down": False})
    assert [w.text for w in reader.all_words(state["tops"]).values()] == ["GOD"]
    grid.lift((0, 2))  # GO
    assert [w.text for w in reader.all_words(state["tops"]).values()] == ["GO"]
    other = WordReader(Lexicon.from_words(["god"]), 2)  # another dictionary, its own reading
    assert list(other.all_words(state["tops"])) == []


def test_zones_follow_their_enchanters() -> None:
    for match in played(2, 11):
        state = clone(match.state)
        zones = Board(state).zones()
        _ZONES.clear()
        assert Board(state).zones() == zones
        for enchanter in state["enchanters"]:
            enchanter[0] += 1  # moved in place: the zones move along
        assert Board(state).zones() == tuple(((x + 1, y), c) for (x, y), c in zones)
