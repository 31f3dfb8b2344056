"""Random games with the standard dictionary: cards are conserved, claims are standing words,
views hide hands, the deck and face-down letters, the game ends, and records replay."""

from __future__ import annotations

import copy
import json
import random

from hypothesis import given, settings
from hypothesis import strategies as st

from crafthall.engine import Match
from crafthall.games import make_bot
from crafthall.games.enchanted_grid import EnchantedGrid, EnchantedGridGreedy
from crafthall.games.enchanted_grid.components import card
from crafthall.games.enchanted_grid.grid import unkey
from crafthall.lexicon import load
from tests.games.enchanted_grid.helpers import conserved
from tests.support import assert_replays, play_out, start


def check_views(match: Match) -> None:
    state = match.state
    for seat in [None, *range(state["seats"])]:
        view = match.view(seat)
        text = json.dumps(view)
        assert "rng" not in view
        for other in range(state["seats"]):
            if other == seat:
                continue
            shown = {c["id"] for c in (view["hand"] or [])}
            assert not shown & set(state["hands"][other])
        for cell in view["grid"]:
            if cell["face_down"]:
                assert ("card" in cell) == (cell["by"] == seat)
        assert isinstance(view["deck"], int)  # a count, never the order
        assert text.count('"face_down": true') == sum(
            1 for stack in state["grid"].values() if stack[-1]["down"]
        )


def check_indexes(match: Match) -> None:
    """The face-up tops and the zones' Enchanters kept beside the grid are the grid's."""
    grid = match.state["grid"]
    tops = {k: s[-1]["card"] for k, s in grid.items() if not s[-1]["down"]}
    assert match.state["tops"] == tops
    enchanters = sorted([*unkey(k), card(c).colour] for k, c in tops.items() if card(c).enchanter)
    assert sorted(match.state["enchanters"]) == enchanters


def check_claims(match: Match) -> None:
    game = match.game
    assert isinstance(game, EnchantedGrid)
    standing = game.reader.all_words(match.state["tops"])
    for claim in match.state["claims"]:
        key = (claim["direction"], tuple(claim["cards"]))
        assert key in standing
        assert (
            standing[key].text == claim["word"] == "".join(card(c).letter for c in claim["cards"])
        )


@settings(max_examples=12, deadline=None)
@given(
    seed=st.integers(0, 2**31),
    seats=st.integers(2, 4),
    round_cards=st.sampled_from([5, 14]),
)
def test_random_games_keep_every_invariant(seed: int, seats: int, round_cards: int) -> None:
    match = start(
        "enchanted-grid",
        seats,
        seed=seed,
        lexicon=load("standard"),
        options={"round_cards": round_cards},
    )
    picker = random.Random(seed)
    bots = {s: make_bot(match.game, "random", seed + s) for s in range(seats)}
    for _ in range(1000):
        if match.result() is not None:
            break
        (seat,) = match.active_seats()
        action = bots[seat].choose(match.state, seat)
        events = match.apply(seat, action)
        if action.get("face_down"):  # events are public: the hidden card is not in them
            assert events[0] == {**events[0], "how": "face-down", "card": None}
            assert set(events[0]) == {"type", "seat", "how", "at", "card"}
        assert conserved(match) == match.state["total"] == 120
        check_claims(match)
        check_indexes(match)
        if picker.random() < 0.2:
            check_views(match)
    result = match.result()
    assert result is not None
    assert sum(result.scores) + result.details["cards_left_on_grid"] == 120
    assert_replays(match)


def test_greedy_bots_play_a_whole_game() -> None:
    match = start("enchanted-grid", 2, seed=11, lexicon=load("standard"))
    play_out(match, "greedy", seed=2)
    result = match.result()
    assert result is not None and sum(result.scores) > 10
    assert_replays(match)


def test_greedy_takes_a_word_when_one_is_there() -> None:
    from tests.games.enchanted_grid.helpers import WORDS, table

    match = table(
        {"grid": [{"at": [0, 0], "card": "T blue"}], "hands": [["K grey", "O blue"], ["E blue"]]},
        lexicon=WORDS,
    )
    bot = make_bot(match.game, "greedy", 1)
    chosen = bot.choose(match.state, 0)
    assert card(chosen["card"]).letter == "O" and chosen["at"] in ([1, 0], [0, 1])  # TO


@settings(max_examples=4, deadline=None)
@given(seed=st.integers(0, 2**31), seats=st.integers(2, 4))
def test_greedy_sees_every_word_a_move_creates_or_breaks(seed: int, seats: int) -> None:
    """For every legal move of random positions, the greedy bot's Words Created list after the
    move is exactly the one applying the move gives (before any round end)."""
    match = start("enchanted-grid", seats, seed=seed, lexicon=load("standard"))
    game = match.game
    assert isinstance(game, EnchantedGrid)
    bots = {s: make_bot(game, "random", seed + s) for s in range(seats)}
    picker = random.Random(seed)
    checked = 0
    while match.state["phase"] == "play" and checked < 1500:
        (seat,) = match.active_seats()
        state = match.state
        if picker.random() < 0.25:
            for action in match.legal_actions(seat):
                after = copy.deepcopy(state)
                game.apply(after, seat, action)
                if after["round"] != state["round"]:
                    continue  # the round ended: the list was awarded and erased
                expected = [{"seat": c["seat"], "cards": c["cards"]} for c in after["claims"]]
                assert EnchantedGridGreedy.claims_after(game, state, seat, action) == expected
                checked += 1
        match.apply(seat, bots[seat].choose(state, seat))
    assert checked
