"""Set-up: the grid, the cubes, the achievements, the first player, fixed set-ups, variants."""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

from crafthall.engine import Match, Seat, SetupError
from crafthall.games import new_match
from crafthall.games.wordcraft.components import achievement, letter, requirement_types
from tests.games.wordcraft.helpers import EXAMPLE_GRID, LEXICON, table


def new(seats: int = 2, seed: int = 1, **kwargs: Any) -> Match:
    names = [Seat(f"P{n + 1}") for n in range(seats)]
    return new_match("wordcraft", names, seed=seed, lexicon=LEXICON, **kwargs)


@pytest.mark.parametrize("seed", range(8))
def test_grid_has_the_colour_mix_and_everyone_18_cubes(seed: int) -> None:
    match = new(4, seed)
    grid = match.state["grid"]
    assert len(set(grid)) == 12
    mix = Counter(letter(card).colour for card in grid)
    assert mix == {"blue": 2, "yellow": 3, "green": 3, "red": 2, "purple": 2}
    assert match.state["supply"] == [18] * 4
    assert match.state["round"] == 1
    assert all(counts == [0] * 4 for counts in match.state["cubes"].values())


@pytest.mark.parametrize("seed", range(8))
def test_one_achievement_of_each_requirement_type(seed: int) -> None:
    match = new(seed=seed)
    kinds = [achievement(card).type for card in match.state["achievements"]]
    assert sorted(kinds) == sorted(requirement_types())


def test_setup_is_seeded_and_varies() -> None:
    assert new(seed=5).state == new(seed=5).state
    layouts = {tuple(new(seed=seed).state["grid"]) for seed in range(10)}
    assert len(layouts) > 5
    firsts = {new(4, seed).state["first"] for seed in range(60)}
    assert firsts == {0, 1, 2, 3}


@pytest.mark.parametrize("seats", [1, 5])
def test_two_to_four_players(seats: int) -> None:
    with pytest.raises(SetupError, match="2 to 4"):
        new(seats)


def test_predetermined_difficulty_variant() -> None:
    for seed in range(6):
        match = new(seed=seed, options={"difficulty": ["easy", "medium", "hard", "hard"]})
        cards = match.state["achievements"]
        assert len(set(cards)) == 4
        assert Counter(achievement(c).difficulty for c in cards) == {
            "easy": 1,
            "medium": 1,
            "hard": 2,
        }
    match = new(options={"difficulty": ["Medium"] * 4})
    assert {achievement(c).difficulty for c in match.state["achievements"]} == {"medium"}


@pytest.mark.parametrize(
    "options",
    [
        {"difficulty": ["easy"]},
        {"difficulty": ["easy", "easy", "easy", "legendary"]},
        {"turn_seconds": 0},
        {"teams": [[0, 1]]},
        {"teams": [[0, 0], [1, 2]]},
        {"teams": [[0], [2]]},
        {"teams": [[0], [1], [2]]},
        {"teams": [[0], [1], [2], [3], [4]]},
        {"colour": "blue"},
    ],
)
def test_bad_options_are_refused_with_a_sentence(options: dict[str, Any]) -> None:
    with pytest.raises(SetupError) as caught:
        new(4, options=options)
    assert str(caught.value).endswith(".")


def test_teams_must_seat_exactly_the_table() -> None:
    with pytest.raises(SetupError, match="teams option places 4 players"):
        new(5, options={"teams": [[0, 2], [1, 3]]})
    match = new(6, options={"teams": [[0, 3], [1, 4], [2, 5]]})
    assert match.state["sides"] == 3
    assert match.state["side_of"] == [0, 1, 2, 0, 1, 2]
    assert match.state["supply"] == [18, 18, 18]


def test_fixed_setup_lays_the_table() -> None:
    match = table(3, achievements=["A1", "A2", "A3", "A4"], first=2)
    assert match.state["grid"] == ["a", "e", "r", "s", "t", "d", "l", "m", "g", "w", "k", "z"]
    assert sorted(match.state["grid"]) == sorted(EXAMPLE_GRID)
    assert match.state["achievements"] == ["A1", "A2", "A3", "A4"]
    assert match.active_seats() == [2]


def test_fixed_setup_keys_are_each_optional() -> None:
    match = new(2, fixed={"first_player": 1})
    assert match.active_seats() == [1]
    match = new(2, fixed={"grids": [EXAMPLE_GRID]})
    assert sorted(match.state["grid"]) == sorted(EXAMPLE_GRID)
    assert match.state["planned"] == [None, None]


@pytest.mark.parametrize(
    ("fixed", "words"),
    [
        ({"grids": [["a", "e"]]}, "must hold 2 blue"),
        ({"grids": [["q", *EXAMPLE_GRID[1:]]]}, "not a letter card"),
        ({"grids": [["a", "a", *EXAMPLE_GRID[2:]]]}, "names a card twice"),
        ({"grids": [["a", "b", *EXAMPLE_GRID[2:]]]}, "must hold"),
        ({"grids": [EXAMPLE_GRID] * 4}, "at most 3 grids"),
        ({"grids": "aet"}, "at most 3 grids"),
        ({"achievements": ["A1", "A2", "A3"]}, "4 different achievement"),
        ({"achievements": ["A1", "A2", "A3", "A99"]}, "4 different achievement"),
        ({"achievements": ["A1", "A1", "A3", "A4"]}, "4 different achievement"),
        ({"first_player": 3}, "not a player here"),
        ({"first_player": "me"}, "player number"),
        ({"deck": []}, "Unknown fixed set-up key deck"),
    ],
)
def test_bad_fixed_setups_are_refused(fixed: dict[str, Any], words: str) -> None:
    with pytest.raises(SetupError, match=words):
        new(3, fixed=fixed)


def test_a_bad_dictionary_fails_at_setup() -> None:
    with pytest.raises(SetupError, match="word list"):
        new_match("wordcraft", ["A", "B"], seed=1, options={"dictionary": "klingon"})
