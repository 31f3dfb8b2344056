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


def test_every_side_is_always_open() -> None:
    assert open_sides(new_sword()) == [0, 1, 2, 3]
    assert open_sides(DOC_SWORD) == [0, 1, 2, 3]


def test_a_side_may_outgrow_its_neighbours() -> None:
    """The looser slotting rule: a tile only needs the tile below it (or the hilt)."""
    sword = [["red"] * 5, [], [], []]
    assert can_place(sword, 0)
    assert length(sword) == 5
    assert check_sword(sword) is None
    assert not can_place(sword, 4)


def test_doc_example() -> None:
    assert length(DOC_SWORD) == 4
    assert quality(DOC_SWORD) == 3
    assert check_sword(DOC_SWORD) is None
    assert check_sword(DOC_SWORD[:3]) is not None


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
