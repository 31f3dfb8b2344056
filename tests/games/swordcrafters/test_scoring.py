"""End-game scoring: the rulebook's tie table, longest sword, quality once, magic places."""

from __future__ import annotations

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


def test_zero_gems_take_the_third_magic_place() -> None:
    """3, 3 and 0 of a card's gems score 7, 7, 3, as the rulebook's "One Tie" row.

    Fixed swords hold 3, 3 and 0 red or blue gems (card 1); the one grid is all blank tiles,
    so the counts stand to the end of the game.
    """
    swords = [
        [["red", "blue", "red"], [], [], []],
        [["blue", "blue", "blue"], [], [], []],
        [["green", "yellow", "green"], [], [], []],
    ]
    fixed = {"first_player": 0, "tiles": ["blank"] * 11, "magic": [1, 10, 15], "swords": swords}
    match = play_out(start("swordcrafters", 3, fixed=fixed))
    result = match.result()
    assert result is not None
    assert result.details["magic_counts"][0] == [3, 3, 0]
    assert result.details["magic"][0] == [7, 7, 3]
    assert shared_places([3, 3, 0], POINTS) == [7, 7, 3]


def test_zero_counts_share_the_places_they_cover() -> None:
    assert shared_places([3, 0, 0], POINTS) == [9, 4, 4]  # (6 + 3) / 2
    assert shared_places([0, 0, 0], POINTS) == [6, 6, 6]  # everyone tied: 18 / 3
    assert shared_places([2, 0], POINTS) == [9, 6]


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
    assert table["magic"] == [[9, 6], [6, 9], [7, 7]]  # a tie at 0 shares (9 + 6) / 2
    assert table["total"] == [10 + 10 + 9 + 6 + 7, 6 + 9 + 7]


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
