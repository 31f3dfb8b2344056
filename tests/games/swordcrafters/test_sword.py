"""The sword model: slotting, length, quality, magic."""

from __future__ import annotations

from crafthall.games.swordcrafters.scoring import quality_points
from crafthall.games.swordcrafters.sword import (
    can_place,
    check_sword,
    gem_count,
    length,
    longest_run,
    new_sword,
    open_sides,
    quality,
)

# The picture in docs/rules/swordcrafters.md.
DOC_SWORD = [
    ["blank", "red", "red", "red"],
    ["blue", "blue", "blue"],
    ["yellow", "yellow"],
    ["purple", "green", "green"],
]


def test_level_one_is_always_open() -> None:
    assert open_sides(new_sword()) == [0, 1, 2, 3]


def test_a_tile_needs_both_neighbours_one_level_below() -> None:
    sword = [["red"], ["blue"], [], []]
    assert not can_place(sword, 0)  # side 4 is empty
    sword[3].append("green")
    assert can_place(sword, 0)
    assert can_place(sword, 2)


def test_doc_example() -> None:
    assert not can_place(DOC_SWORD, 1)  # side 2 level 4 needs side 3 at level 3
    assert can_place(DOC_SWORD, 2)  # side 3 level 3: sides 2 and 4 reach 2
    assert length(DOC_SWORD) == 4
    assert quality(DOC_SWORD) == 3
    assert check_sword(DOC_SWORD) is None


def test_opposite_side_does_not_support() -> None:
    sword = [["red"], [], ["red", "red"], []]
    assert check_sword(sword) is not None
    assert not can_place([["red"], [], [], []], 0)


def test_shortest_side_is_always_open() -> None:
    sword = [["red"] * 3, ["red"] * 2, ["red"] * 2, ["red"] * 3]
    assert 1 in open_sides(sword) and 2 in open_sides(sword)


def test_runs_need_matching_gems_and_blank_breaks_them() -> None:
    assert longest_run(["red", "red", "blue", "red"]) == 2
    assert longest_run(["red", "blank", "red"]) == 1
    assert longest_run(["blank", "blank"]) == 0
    assert longest_run([]) == 0


def test_adjacent_means_same_side_only() -> None:
    sword = [["red"], ["red"], ["red"], ["red"]]
    assert quality(sword) == 1
    assert quality_points(sword) == 0


def test_quality_points_are_five_per_extra_gem() -> None:
    for n, points in [(1, 0), (2, 5), (3, 10), (4, 15), (5, 20), (6, 25)]:
        sword = [["green"] * n, ["blank"] * max(n - 1, 0), [], ["blank"] * max(n - 1, 0)]
        assert quality_points(sword) == points


def test_magic_counts_the_whole_sword() -> None:
    assert gem_count(DOC_SWORD, ("red", "blue")) == 6
    assert gem_count(DOC_SWORD, ("yellow", "purple")) == 3
