"""The hooks search and learning use: sampled actions, the action codec, observations,
determinizations (the letter decks, i.e. the next rounds' grids, are the only hidden cards),
and bad actions refused before the rules see them."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import numpy as np
import pytest

from crafthall.engine import Game, Match, State, clone
from crafthall.games import new_match
from crafthall.games.wordcraft.components import letter, sort_grid
from crafthall.lexicon import Lexicon, load
from tests.games.wordcraft.helpers import EXAMPLE_GRID, PASS, QUIET_GRID, table, word
from tests.support import assert_refused, positions_along

STANDARD = load("standard")
TEAMS = {"teams": [[0, 2], [1, 3]]}


def random_positions(
    seats: int, seed: int, options: dict[str, Any] | None = None, every: int = 2
) -> list[tuple[Game, State, int]]:
    """(game, state, active seat) along a random game played by ``sample_action``."""
    match = new_match(
        "wordcraft", [f"P{n}" for n in range(seats)], seed=seed, options=options, lexicon=STANDARD
    )
    return positions_along(match, every, seed, max_moves=500)


@pytest.mark.parametrize(("seats", "options"), [(2, None), (3, None), (4, TEAMS)])
def test_sample_action_is_always_listed_and_accepted(
    seats: int, options: dict[str, Any] | None
) -> None:
    for seed in range(3):
        match = new_match(
            "wordcraft",
            [f"P{n}" for n in range(seats)],
            seed=seed,
            options=options,
            lexicon=STANDARD,
        )
        game, rng = match.game, random.Random(seed)
        while match.result() is None:
            seat = rng.choice(match.active_seats())
            listed = {game.action_key(a) for a in game.legal_actions(match.state, seat)}
            for _ in range(5):
                sampled = game.sample_action(match.state, seat, rng)
                assert game.action_key(sampled) in listed, sampled
                game.apply(clone(match.state), seat, sampled)
            match.apply(seat, game.sample_action(match.state, seat, rng))


def test_sample_action_draws_varied_words_spellings_and_achievements() -> None:
    match = table(2, grids=[QUIET_GRID] * 3, achievements=["A8", "A9", "A5", "A12"])
    game, rng = match.game, random.Random(5)
    drawn = [game.sample_action(match.state, 0, rng) for _ in range(3000)]
    words = Counter(action.get("word") for action in drawn)
    listed = {a.get("word") for a in game.legal_actions(match.state, 0)}
    assert set(words) == listed  # every word, and pass (None), gets drawn
    share = words[None] / len(drawn)
    assert 0.5 / len(listed) < share < 2 / len(listed)  # pass is about one word's share
    quiet = {tuple(a["spelling"]) for a in drawn if a.get("word") == "quiet"}
    assert quiet == {("qu", "i", "e", "t"), ("qu", "u", "i", "e", "t")}
    assert {tuple(a["achievements"]) for a in drawn if a.get("word") == "quiet"} >= {(), ("A8",)}


def test_sample_action_never_draws_a_played_word_or_its_family() -> None:
    match = table(2)
    match.apply(0, word("tree"))
    match.apply(1, word("dart"))
    game = match.game
    for seed in range(300):
        action = game.sample_action(match.state, 0, random.Random(seed))
        assert action.get("word") not in {"tree", "trees", "dart", "darts"}


class FirstAlways(random.Random):
    """Draws the first choice every time: the first (cheapest) word, again and again."""

    def randrange(self, *args: Any, **kwargs: Any) -> int:
        return 0


def test_sample_action_lists_the_words_left_when_drawing_keeps_meeting_played_ones() -> None:
    match = table(2)
    for text in ("mad", "tsk"):  # the cheapest words of the grid
        match.apply(match.active_seats()[0], word(text))
    game = match.game
    action = game.sample_action(match.state, 0, FirstAlways(0))
    assert action["type"] == "word" and action["word"] not in {"mad", "tsk"}


def test_sample_action_passes_when_no_word_is_left_or_affordable() -> None:
    two_words = table(2, lexicon=Lexicon.from_words(["tree", "trees"]))
    two_words.apply(0, word("tree"))  # TREES is of its family: nothing is left
    for seed in range(50):
        assert two_words.game.sample_action(two_words.state, 1, random.Random(seed)) == PASS
    match = table(2)
    match.state["supply"][0] = 2
    assert match.game.sample_action(match.state, 0, random.Random(1)) == PASS


@pytest.mark.parametrize(("seats", "options"), [(2, None), (4, TEAMS)])
def test_codec_round_trips_every_listed_action(seats: int, options: dict[str, Any] | None) -> None:
    positions = random_positions(seats, seed=11, options=options, every=4)
    game = positions[0][0]
    size = game.action_space_size(seats)
    # the standard list has one QU at most; then pass, dispute, keep, reject
    assert size == len(STANDARD.words) * 2 * 16 + 4
    for _, state, seat in positions:
        listed = list(game.legal_actions(state, seat))
        codes = [game.encode_action(state, seat, action) for action in listed]
        assert len(set(codes)) == len(listed)  # injective
        assert all(0 <= code < size for code in codes)
        for action, code in zip(listed, codes, strict=True):
            assert game.action_key(game.decode_action(state, seat, code)) == game.action_key(action)
        mask = game.legal_action_mask(state, seat)
        assert mask.shape == (size,) and mask.sum() == len(listed)


def test_codec_tells_the_two_spellings_and_the_achievement_sets_apart() -> None:
    match = table(2, grids=[QUIET_GRID] * 3, achievements=["A8", "A9", "A5", "A12"])
    game, state = match.game, match.state
    quiet = [a for a in game.legal_actions(state, 0) if a.get("word") == "quiet"]
    assert len(quiet) == 4  # QU-I-E-T with or without A8, QU-U-I-E-T with or without A9
    codes = {game.encode_action(state, 0, action) for action in quiet}
    assert len(codes) == 4
    spoken = {"type": "word", "word": " QUIET", "spelling": ["QU", "i", "e", "t"]}
    assert game.encode_action(state, 0, spoken) in codes
    assert game.action_key(spoken) == game.action_key({**spoken, "achievements": []})
    others = game.action_space_size(2) - 4
    assert game.encode_action(state, 0, PASS) == others
    assert game.decode_action(state, 0, others) == PASS
    votes: list[dict[str, Any]] = [
        {"type": "dispute"},
        {"type": "vote", "keep": True},
        {"type": "vote", "keep": False},
    ]
    for number, action in enumerate(votes, start=1):
        assert game.encode_action(state, 0, action) == others + number
        assert game.decode_action(state, 0, others + number) == action


def test_action_key_is_canonical() -> None:
    game = table(2).game
    plain = {"type": "word", "word": "tree"}
    spoken = {"type": "word", "word": "Tree ", "spelling": ["t", "r", "e", "e"]}
    claims = {"type": "word", "word": "tree", "achievements": ["a5", "A12"]}
    assert game.action_key(plain) == game.action_key(spoken)
    assert game.action_key(claims) == game.action_key({**claims, "achievements": ["A12", "A5"]})
    assert game.action_key(claims) != game.action_key(plain)
    assert game.action_key(PASS) == game.action_key({"type": "pass", "timed_out": True})
    hash(game.action_key(claims))


@pytest.mark.parametrize(("seats", "options"), [(2, None), (3, None), (4, TEAMS)])
def test_observation_has_a_fixed_shape_and_reads_only_the_view(
    seats: int, options: dict[str, Any] | None
) -> None:
    positions = random_positions(seats, seed=3, options=options, every=3)
    game = positions[0][0]
    shape = game.observation_shape(seats)
    rng = random.Random(0)
    seen = set()
    for _, state, seat in positions:
        for who in (seat, None):
            observed = game.encode_observation(game.view(state, who))
            assert observed.shape == shape and observed.dtype == np.float32
            seen.add(observed.tobytes())
        # a determinized state gives the same view, so the same observation
        other = game.determinize(state, seat, rng)
        assert np.array_equal(
            game.encode_observation(game.view(other, seat)),
            game.encode_observation(game.view(state, seat)),
        )
    assert len(seen) > len(positions)  # it does tell positions (and seats) apart


@pytest.mark.parametrize(("seats", "options"), [(2, None), (4, TEAMS)])
def test_a_determinization_never_changes_what_a_seat_sees(
    seats: int, options: dict[str, Any] | None
) -> None:
    rng = random.Random(2)
    for game, state, _ in random_positions(seats, seed=5, options=options):
        before = clone(state)
        for seat in range(seats):
            other = game.determinize(state, seat, rng)
            assert game.view(other, seat) == game.view(state, seat)
            assert other["rng"] != state["rng"]
        assert state == before  # the true state is untouched


def _next_grid(match: Match, state: State, seat: int) -> tuple[str, ...]:
    """The grid the next round would show from ``state`` (everyone passes till then)."""
    game = match.game
    state = clone(state)
    round_now = state["round"]
    while state["round"] == round_now:
        game.apply(state, game.active_seats(state)[0], PASS)
    return tuple(state["grid"])


def test_the_next_grids_are_hidden_and_dealt_alike_from_any_true_state() -> None:
    """Two tables that look alike to seat 1 (one has its next grids laid face down by a fixed
    set-up, the other shuffles them from another seed) determinize to the same spread of next
    grids, and those grids vary."""
    fixed = table(2, grids=[EXAMPLE_GRID, QUIET_GRID, QUIET_GRID], seed=1)
    shuffled = table(2, grids=[EXAMPLE_GRID], seed=987)
    for match in (fixed, shuffled):
        match.apply(0, word("tree"))
    assert fixed.view(1) == shuffled.view(1)
    assert _next_grid(fixed, fixed.state, 1) == tuple(sort_grid(QUIET_GRID))
    spreads = []
    for first_seed, match in ((0, fixed), (1000, shuffled)):
        blues: Counter[tuple[str, ...]] = Counter()
        grids = set()
        for n in range(first_seed, first_seed + 300):
            dealt = match.game.determinize(match.state, 1, random.Random(n))
            grid = _next_grid(match, dealt, 1)
            grids.add(grid)
            blues[tuple(card for card in grid if letter(card).colour == "blue")] += 1
        assert len(grids) > 250  # the hidden part is dealt afresh
        spreads.append(blues)
    # the blue pair of the next grid: 6 pairs, equally likely; the two spreads agree
    # (chi-square of the 2 x 6 table, 5 degrees of freedom, 20.5 is the 0.1% level)
    pairs = sorted(set(spreads[0]) | set(spreads[1]))
    assert len(pairs) == 6
    chi = 0.0
    for pair in pairs:
        total = spreads[0][pair] + spreads[1][pair]
        for spread in spreads:
            expected = total / 2
            chi += (spread[pair] - expected) ** 2 / expected
    assert chi < 20.5, (chi, spreads)


@pytest.mark.parametrize(
    ("action", "field"),
    [
        ({"type": "word", "word": "tree", "colour": "red"}, "colour"),
        ({"type": "word", "word": ["t", "r", "e", "e"]}, "word"),
        ({"type": "word", "word": "tree", "achievements": "A5"}, "achievements"),
        ({"type": "word", "word": "tree", "spelling": [["t"], "r"]}, "spelling"),
        ({"type": "pass", "timed_out": 1}, "timed_out"),
        ({"type": "draw"}, "type"),
        ({"word": "tree"}, None),
    ],
)
def test_bad_actions_are_refused_and_change_nothing(action: Any, field: str | None) -> None:
    match = table(2)
    error = assert_refused(match, 0, action, "bad-action")
    assert error.details.get("field") == field
    assert match.moves == []
