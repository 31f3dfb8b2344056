"""The hooks search and learning use: sampled actions, the action codec, observations,
determinizations (the die's future, and Secret Wordsmith's hidden sheets), bad actions."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import numpy as np
import pytest

from crafthall.engine import Game, IllegalAction, Match, State, clone
from crafthall.games import new_match
from crafthall.lexicon import load
from tests.games.test_conformance import _check_listed_actions as check_listed_actions
from tests.games.wordsmith.helpers import BAG_POOL, LEXICON, ROLL, VARIANTS, claim, table
from tests.support import assert_refused, positions_along

STANDARD = load("standard")


def random_positions(
    options: dict[str, Any], seats: int, seed: int, every: int = 3
) -> list[tuple[Game, State, int]]:
    """(game, state, active seat) along a random game played by ``sample_action``."""
    match = new_match(
        "wordsmith",
        [f"P{n}" for n in range(seats)],
        seed=seed,
        options={**options, "challenges": 2},
        lexicon=STANDARD,
    )
    return positions_along(match, every, seed, max_moves=2000)


@pytest.mark.parametrize("options", VARIANTS)
def test_sample_action_is_always_listed_and_accepted(options: dict[str, Any]) -> None:
    for seats in (1, 2, 4):
        match = new_match(
            "wordsmith",
            [f"P{n}" for n in range(seats)],
            seed=seats,
            options=options,
            lexicon=STANDARD,
        )
        game, rng = match.game, random.Random(seats)
        kinds: Counter[str] = Counter()
        while match.result() is None:
            seat = rng.choice(match.active_seats())
            action = game.sample_action(match.state, seat, rng)
            legal = {game.action_key(a) for a in match.legal_actions(seat)}
            assert game.action_key(action) in legal, action
            kinds[action["type"]] += 1
            match.apply(seat, action)
        assert kinds["claim"] and kinds["pass"]
        assert kinds["roll" if options.get("mode") != "word-by-word" else "take"]


def test_sampled_claims_vary_and_passing_waits_until_no_word_fits() -> None:
    match = table(seats=2)
    rng = random.Random(4)
    drawn = [match.game.sample_action(match.state, 0, rng) for _ in range(300)]
    words = Counter(a["word"] for a in drawn if a["type"] == "claim")
    assert len(words) >= 10 and {a["type"] for a in drawn} == {"roll", "claim"}
    listed = {a["word"] for a in match.legal_actions(0) if a["type"] == "claim"}
    assert set(words) <= listed
    nothing = {"red": 0, "yellow": 0, "blue": 0, "green": 0}
    stuck = table(pool=nothing, box=nothing)
    assert not any(stuck.state["tray"].values())
    assert stuck.game.sample_action(stuck.state, 0, rng) == {"type": "pass"}


@pytest.mark.parametrize("options", [{"advanced": True}, {"secret": True}])
def test_variants_keep_listed_actions_accepted_and_the_codec_exact(
    options: dict[str, Any],
) -> None:
    """The contract test checks the default game; the Advanced Game numbers a claim per sheet
    line, and Secret Wordsmith lists claims against one's own sheet only."""
    positions = random_positions(options, seats=3, seed=7, every=5)
    for game, state, seat in positions:
        check_listed_actions(game, state, seat, 3)
    assert sum(len(list(game.legal_actions(state, seat))) for game, state, seat in positions) > 100


@pytest.mark.parametrize("options", [{}, {"advanced": True}])
def test_every_number_decodes_to_a_well_formed_action_and_back(options: dict[str, Any]) -> None:
    match = table(options=options, required="gtdpmc")
    game, state = match.game, match.state
    size = game.action_space_size(2)
    words = len(LEXICON.words) + len(LEXICON.extra_words)  # with hyphens or apostrophes
    assert size == 6 + words * (6 if options else 1)
    numbers = [*range(8), size - 1, *random.Random(2).sample(range(size), 30)]
    for number in numbers:
        action = game.decode_action(state, 0, number)
        game.check_action(action)
        assert game.encode_action(state, 0, action) == number
    with pytest.raises(IllegalAction):  # a secret claim may be any word; only words have numbers
        game.encode_action(state, 0, claim("zzxq", 0))


def test_action_keys_are_canonical() -> None:
    plain = table().game
    assert plain.action_key(claim("CAST")) == plain.action_key(claim(" cast "))
    assert plain.action_key(claim("cast", 3)) == plain.action_key(claim("cast"))
    advanced = table(options={"advanced": True}, required="gtdpmc").game
    assert advanced.action_key(claim("cast", 3)) != advanced.action_key(claim("cast", 2))
    assert plain.action_space_size(2) < advanced.action_space_size(2)


@pytest.mark.parametrize("options", VARIANTS)
def test_observations_have_one_shape_and_read_only_the_view(options: dict[str, Any]) -> None:
    shapes = set()
    for game, state, seat in random_positions(options, seats=3, seed=11, every=9):
        observed = game.encode_observation(game.view(state, seat))
        assert observed.dtype == np.float32 and np.isfinite(observed).all()
        shapes.add(observed.shape)
        twin = game.determinize(state, seat, random.Random(1))  # other secrets, same view
        assert np.array_equal(observed, game.encode_observation(game.view(twin, seat)))
    assert shapes == {game.observation_shape(3)}


@pytest.mark.parametrize("options", VARIANTS)
def test_a_determinization_never_changes_what_the_seat_sees(options: dict[str, Any]) -> None:
    for game, state, seat in random_positions(options, seats=3, seed=5, every=4):
        before = clone(state)
        for draw in range(3):
            sampled = game.determinize(state, seat, random.Random(draw))
            assert game.view(sampled, seat) == game.view(state, seat)
            assert sampled["rng"] != state["rng"] and sampled["forced"] == []
        assert state == before


def test_determinized_secret_sheets_are_playable_and_hold_as_many_words() -> None:
    options = {"secret": True, "advanced": True}
    for game, state, seat in random_positions(options, seats=3, seed=9, every=6):
        sampled = game.determinize(state, seat, random.Random(0))
        for other, player in enumerate(sampled["players"]):
            true_player = state["players"][other]
            assert len(player["order"]) == len(true_player["order"])
            assert sorted(player["order"]) == [i for i, w in enumerate(player["sheet"]) if w]
            if other == seat:
                assert player == true_player
        rng = random.Random(1)
        while game.result(sampled) is None:  # the sampled world plays on to its end
            active = game.active_seats(sampled)
            mover = rng.choice(active)
            game.apply(sampled, mover, game.sample_action(sampled, mover, rng))


# --- the same view gives the same distribution ---------------------------------------------


def secret_twins() -> tuple[Match, Match]:
    """Two Secret Wordsmith tables that look the same to seat 1: seat 2 wrote BAG on one
    and GAB on the other (the same pieces), and their generators differ."""
    twins = []
    for seed, word in ((1, "bag"), (2, "gab")):
        match = new_match(
            "wordsmith",
            ["a", "b", "c"],
            seed=seed,
            fixed={"pool": BAG_POOL},
            options={"secret": True},
            lexicon=LEXICON,
        )
        match.apply(1, claim(word))
        twins.append(match)
    return twins[0], twins[1]


def hidden_items(match: Match, seeds: range) -> tuple[Counter[str], Counter[str]]:
    """Over determinizations for seat 0: seat 1's hidden word, and seat 0's next die face."""
    words: Counter[str] = Counter()
    faces: Counter[str] = Counter()
    for seed in seeds:
        sampled = match.game.determinize(match.state, 0, random.Random(seed))
        words[sampled["players"][1]["last"]] += 1
        faces[match.game.apply(sampled, 0, ROLL)[0]["face"]] += 1
    return words, faces


def total_variation(a: Counter[str], b: Counter[str]) -> float:
    total_a, total_b = sum(a.values()), sum(b.values())
    return 0.5 * sum(abs(a[k] / total_a - b[k] / total_b) for k in set(a) | set(b))


def test_states_that_look_alike_give_the_same_distribution_of_secrets() -> None:
    first, second = secret_twins()
    assert first.state != second.state
    assert first.view(0) == second.view(0)
    words_a, faces_a = hidden_items(first, range(400))
    words_b, faces_b = hidden_items(second, range(1000, 1400))
    assert len(words_a) >= 3 and len(faces_a) == 4  # the hidden part really varies
    assert total_variation(words_a, words_b) < 0.2
    assert total_variation(faces_a, faces_b) < 0.12
    # with the same draws the two give the same state: nothing else is read
    for seed in range(5):
        assert first.game.determinize(first.state, 0, random.Random(seed)) == (
            second.game.determinize(second.state, 0, random.Random(seed))
        )


def test_open_game_hides_only_the_die_future() -> None:
    match = table(dice=["red", "blue"])
    sampled = match.game.determinize(match.state, 0, random.Random(3))
    assert sampled["players"] == match.state["players"]
    faces = Counter(
        match.game.apply(match.game.determinize(match.state, 0, random.Random(n)), 0, ROLL)[0][
            "face"
        ]
        for n in range(200)
    )
    assert set(faces) == {"red", "yellow", "blue", "green"}  # forced faces are not foreseen
    assert 40 < faces["red"] < 100  # two red faces of six


# --- bad actions ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    "action",
    [
        {"type": "claim", "word": "bag", "shout": True},
        {"type": "roll", "times": 2},
        {"type": "claim", "word": ["b", "a", "g"]},
        {"type": "claim", "word": "bag", "line": "first"},
        {"type": "claim", "word": "bag", "line": True},
        {"type": "take", "piece": ["red"]},
        {"type": "take"},
        {"type": "shout"},
        {"type": 3},
        {"word": "bag"},
    ],
)
def test_bad_actions_are_refused_and_change_nothing(action: dict[str, Any]) -> None:
    match = table()
    err = assert_refused(match, 0, action, "bad-action")
    field = err.details.get("field")
    assert field in (None, "type") or f"'{field}'" in err.message  # the sentence names it
    assert not match.moves
