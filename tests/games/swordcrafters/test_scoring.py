"""End-game scoring: the rulebook's tie table, longest sword, quality once, magic places."""

from __future__ import annotations

from typing import Any

from crafthall.games.swordcrafters.scoring import score_table, shared_places
from tests.support import play_out, start

POINTS = [9, 6, 3]


def test_rulebook_tie_table_no_ties() -> None:
    assert shared_places([5, 4, 3], POINTS) == [9, 6, 3]


def test_rulebook_tie_table_one_tie() -> None:
    assert shared_places([5, 5, 3], POINTS) == [7, 7, 3]  # 15 / 2 rounded down


def test_rulebook_tie_table_multiple_tied() -> None:
    assert shared_places([4, 4, 4], POINTS) == [6, 6, 6]  # 18 / 3


def test_tie_for_second_and_fourth_place_gets_nothing() -> None:
    assert shared_places([6, 3, 3, 1], POINTS) == [9, 4, 4, 0]
    assert shared_places([6, 5, 4, 3], POINTS) == [9, 6, 3, 0]
    assert shared_places([6, 2, 2, 2], POINTS) == [9, 3, 3, 3]


# --- a count of 0: no place (rules version 2), or a place (version 1, zero_magic_place) --------

V1 = {"zero_magic_place": True}
"""Rules version 1's reading: a sword with none of a card's gems still takes a place."""


def test_the_rulebooks_tie_table_reads_the_same_either_way() -> None:
    """The tie table names no counts and no player in it is shown with none of the gems, so
    both readings score its three rows alike."""
    for counts, points in (([5, 4, 3], [9, 6, 3]), ([5, 5, 3], [7, 7, 3]), ([4, 4, 4], [6, 6, 6])):
        assert shared_places(counts, POINTS) == points
        assert shared_places(counts, POINTS, zero_place=True) == points


def test_a_count_of_zero_takes_no_place_and_leaves_the_places_below_unawarded() -> None:
    assert shared_places([3, 3, 0], POINTS) == [7, 7, 0]  # 3rd place (3 VP) goes to nobody
    assert shared_places([3, 0, 0], POINTS) == [9, 0, 0]  # 2nd and 3rd go to nobody
    assert shared_places([5, 2, 0, 0], POINTS) == [9, 6, 0, 0]
    assert shared_places([0, 4, 0, 4], POINTS) == [0, 7, 0, 7]  # ties above 0 share as before
    assert shared_places([2, 0], POINTS) == [9, 0]
    assert shared_places([0, 0], POINTS) == [0, 0]
    assert shared_places([0, 0, 0, 0], POINTS) == [0, 0, 0, 0]


def test_version_one_reading_ranks_zeros_like_any_count() -> None:
    assert shared_places([3, 3, 0], POINTS, zero_place=True) == [7, 7, 3]
    assert shared_places([3, 0, 0], POINTS, zero_place=True) == [9, 4, 4]  # (6 + 3) // 2
    assert shared_places([0, 0, 0], POINTS, zero_place=True) == [6, 6, 6]  # 18 // 3
    assert shared_places([2, 0], POINTS, zero_place=True) == [9, 6]
    assert shared_places([5, 2, 0, 0], POINTS, zero_place=True) == [9, 6, 1, 1]  # 3 // 2


def played_out(swords: list[list[list[str]]], options: dict[str, bool] | None = None) -> Any:
    """A whole game from fixed swords; the one grid is all blank tiles, so every magic count
    stands to the end. Cards 1 (red + blue), 10 (green + yellow), 15 (purple + orange)."""
    fixed = {
        "first_player": 0,
        "tiles": ["blank"] * (15 if len(swords) == 4 else 11),
        "magic": [1, 10, 15],
        "swords": swords,
    }
    match = play_out(start("swordcrafters", len(swords), fixed=fixed, options=options))
    result = match.result()
    assert result is not None
    return result


def test_two_players_one_with_no_gems_of_a_card_scores_nothing_for_it() -> None:
    """At 2 players the second place used to be 6 VP for holding none of the card's gems
    (card 15 here: neither sword has purple or orange, 7 VP each for nothing)."""
    swords = [
        [["red", "blue", "red"], [], [], []],
        [["green", "yellow"], [], [], []],
    ]
    result = played_out(swords)
    assert result.details["magic_counts"] == [[3, 0], [0, 2], [0, 0]]
    assert result.details["magic"] == [[9, 0], [0, 9], [0, 0]]
    old = played_out(swords, V1)
    assert old.details["magic_counts"] == result.details["magic_counts"]
    assert old.details["magic"] == [[9, 6], [6, 9], [7, 7]]
    # Only magic differs: 6 + 7 = 13 VP each under version 1's reading, for no gem.
    gained = [o - n for o, n in zip(old.details["total"], result.details["total"], strict=True)]
    assert gained == [13, 13]


def test_three_players_tied_at_zero_take_no_place() -> None:
    swords = [
        [["red", "blue", "red"], [], [], []],
        [["blue", "blue", "blue"], [], [], []],
        [["green", "yellow", "green"], [], [], []],
    ]
    result = played_out(swords)
    assert result.details["magic_counts"] == [[3, 3, 0], [0, 0, 3], [0, 0, 0]]
    assert result.details["magic"] == [[7, 7, 0], [0, 0, 9], [0, 0, 0]]
    old = played_out(swords, V1)
    assert old.details["magic"] == [[7, 7, 3], [4, 4, 9], [6, 6, 6]]


def test_four_players_tied_at_zero_below_a_tie_above_it() -> None:
    swords = [
        [["red", "red"], [], [], []],
        [["purple"], [], [], []],
        [["blue", "red"], [], [], []],
        [["orange"], [], [], []],
    ]
    result = played_out(swords)
    assert result.details["magic_counts"] == [[2, 0, 2, 0], [0, 0, 0, 0], [0, 1, 0, 1]]
    assert result.details["magic"] == [[7, 0, 7, 0], [0, 0, 0, 0], [0, 7, 0, 7]]
    old = played_out(swords, V1).details["magic"]
    assert old == [[7, 1, 7, 1], [4, 4, 4, 4], [1, 7, 1, 7]]  # (3 + 0) // 2, 18 // 4


def sword(side1: list[str], *, fill: str = "blank") -> list[list[str]]:
    """A sword whose side 1 is ``side1`` and whose other sides hold blank tiles."""
    support = [fill] * max(len(side1) - 1, 0)
    return [list(side1), list(support), [], list(support)]


def test_longest_sword_every_tied_player_scores_ten() -> None:
    swords = [sword(["red"] * 3), sword(["blue"] * 3), sword(["green"] * 2)]
    table = score_table(swords, [15])
    assert table["lengths"] == [3, 3, 2]
    assert table["longest"] == [10, 10, 0]


def test_quality_scores_once_for_the_best_run() -> None:
    two_runs = [["red", "red", "red"], ["blue", "blue"], [], ["blue", "blue"]]
    table = score_table([two_runs, sword(["red"])], [15])
    assert table["quality"] == [10, 0]


def test_total_adds_longest_quality_and_three_cards() -> None:
    # Cards 1 (red+blue), 6 (blue+green), 15 (purple+orange).
    a = sword(["red", "red", "red"])
    b = sword(["blue", "green"])
    table = score_table([a, b], [1, 6, 15])
    assert table["magic_counts"] == [[3, 1], [0, 2], [0, 0]]
    assert table["magic"] == [[9, 6], [0, 9], [0, 0]]  # a count of 0 takes no place
    assert table["total"] == [10 + 10 + 9, 6 + 9]
    old = score_table([a, b], [1, 6, 15], zero_place=True)
    assert old["magic"] == [[9, 6], [6, 9], [7, 7]]  # version 1: a tie at 0 shares 9 + 6
    assert old["total"] == [10 + 10 + 9 + 6 + 7, 6 + 9 + 7]


def test_a_sword_changed_in_place_is_scored_afresh() -> None:
    """A sword's figures are remembered by its tiles, never by the list holding them: a
    tile slotted into the same list changes the score at once."""
    a = sword(["red", "red"])
    b = sword(["blue"])
    assert score_table([a, b], [1])["total"] == [10 + 5 + 9, 6]
    a[0].append("blank")
    a[1].extend(["red", "red", "red"])
    table = score_table([a, b], [1])
    assert table["lengths"] == [4, 1]
    assert table["quality_runs"] == [3, 1]
    assert table["magic_counts"] == [[5, 1]]
