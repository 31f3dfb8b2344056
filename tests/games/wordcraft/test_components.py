"""The component data: 26 letter cards in 5 colours, 14 achievements, score tables."""

from __future__ import annotations

import itertools
from collections import Counter

import pytest

from crafthall.games.wordcraft.components import (
    achievement,
    achievement_points,
    achievements,
    colours,
    constants,
    difficulties,
    letters,
    requirement_types,
)


def test_twenty_six_letter_cards_with_one_qu_card() -> None:
    cards = letters()
    assert len(cards) == 26
    assert "qu" in cards and "q" not in cards
    assert "".join(sorted(card[0] for card in cards)) == "abcdefghijklmnopqrstuvwxyz"


@pytest.mark.parametrize(
    ("cards", "colour", "points"),
    [
        ("aeio", "blue", 2),
        ("hnrst", "yellow", 3),
        ("cdlmu", "green", 4),
        ("bfgpwy", "red", 5),
        (["j", "k", "qu", "v", "x", "z"], "purple", 6),
    ],
)
def test_colours_and_points(cards: str | list[str], colour: str, points: int) -> None:
    for card in cards:
        assert letters()[card].colour == colour
        assert letters()[card].points == points


def test_grid_mix_is_two_three_three_two_two() -> None:
    assert [c.per_grid for c in colours().values()] == [2, 3, 3, 2, 2]


def test_cube_constants() -> None:
    assert constants() == {
        "start": 18,
        "per_round": 3,
        "round_end_at": 2,
        "trigger_bonus": 2,
        "rounds": 3,
    }


def test_fourteen_achievements_in_four_types_and_three_difficulties() -> None:
    cards = achievements()
    assert len(cards) == 14
    assert set(Counter(c.type for c in cards.values())) == set(requirement_types())
    assert set(Counter(c.difficulty for c in cards.values())) == set(difficulties())
    # the predetermined variant draws up to 4 of one difficulty
    assert min(Counter(c.difficulty for c in cards.values()).values()) >= 4


def test_easy_table_fixed_points_from_the_rulebook() -> None:
    assert achievement_points("easy", 2) == 4
    assert achievement_points("easy", 5) == 14


@pytest.mark.parametrize("difficulty", ["easy", "medium", "hard"])
def test_tables_rise_with_cubes_and_with_difficulty(difficulty: str) -> None:
    points = [achievement_points(difficulty, n) for n in range(0, 11)]
    assert points[0] == 0
    assert all(b > a for a, b in itertools.pairwise(points))
    assert achievement_points("hard", 1) > achievement_points("easy", 1)


def test_more_than_five_cubes_start_a_new_set() -> None:
    assert achievement_points("easy", 7) == 14 + 4
    assert achievement_points("medium", 10) == 2 * achievement_points("medium", 5)


def test_the_rulebook_examples_cards_exist() -> None:
    assert achievement("A5").requirement == "starts Yellow, ends Blue"
    assert achievement("A3").requirement == "at least 2 Red letters"
    assert achievement("A12").requirement == "Red followed by Blue"
    assert achievement("A9").requirement == "exactly 5 cubes"
    assert achievement("A8").requirement == "exactly 4 cubes"


@pytest.mark.parametrize(
    ("card", "spelling", "fulfilled"),
    [
        ("A5", ["t", "r", "e", "e"], True),  # TREE: yellow ... blue
        ("A5", ["w", "a", "g", "e"], False),
        ("A3", ["w", "a", "g", "e"], True),  # W and G are red
        ("A3", ["b", "o", "o"], False),
        ("A3", ["b", "o", "b"], True),  # one card used twice counts
        ("A12", ["w", "a", "g", "e"], True),
        ("A12", ["a", "w", "e"], True),
        ("A12", ["e", "w"], False),
        ("A9", ["d", "a", "r", "t", "s"], True),
        ("A9", ["d", "a", "r", "t"], False),
        ("A8", ["qu", "i", "e", "t"], True),  # QUIET with the Qu card alone: 4 cubes
        ("A8", ["qu", "u", "i", "e", "t"], False),
        ("A4", ["j", "a", "z", "z"], True),
        ("A7", ["k", "i", "d"], True),
        ("A14", ["b", "a", "c", "k"], True),
        ("A13", ["a", "n", "d"], True),
        ("A13", ["d", "a", "n"], False),
        # the Qu card is one Purple letter; its U, when laid on the U card, is a Green letter
        ("A2", ["qu", "u", "a", "d"], True),  # QUAD with the U card: U and D are green
        ("A2", ["qu", "a", "d"], False),  # QUAD on the Qu card alone: only D
        ("A7", ["qu", "a", "d"], True),  # starts on the Qu card (Purple), ends on D
        ("A14", ["a", "c", "qu", "i", "t"], True),  # ACQUIT: C (Green) then Qu (Purple)
        ("A14", ["a", "c", "qu", "u", "i", "t"], True),
        ("A13", ["s", "qu", "u", "i", "d"], False),  # S is followed by Qu, not by U
    ],
)
def test_requirements(card: str, spelling: list[str], fulfilled: bool) -> None:
    assert achievement(card).fulfilled_by(spelling) is fulfilled
