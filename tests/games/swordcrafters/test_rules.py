"""Slicing, selecting, the first-player tile, crafting, turn order and the end of the game."""

from __future__ import annotations

import itertools
import json

import pytest

from crafthall.engine import Match, SetupError
from crafthall.engine.errors import RecordError
from crafthall.games import match_from_lines
from tests.games.swordcrafters.helpers import PUBLISHED, craft_all, fixed_match, slice_at, take
from tests.support import assert_refused, start


def slice_4p_round() -> Match:
    """The scripted 4-player round: five groupings A..E, C holding the first-player tile."""
    match = fixed_match(4)
    slice_at(match, True, 2)  # seat 0: left / right halves
    slice_at(match, False, 2, "B")  # seat 1: right half in two
    slice_at(match, False, 2, "A")  # seat 2: left half in two
    slice_at(match, True, 1, "A")  # seat 3: top-left quarter in two columns
    return match


# --- slicing ----------------------------------------------------------------------------------


def test_whole_grid_is_one_grouping_and_every_full_line_cuts_it() -> None:
    match = fixed_match(4)
    view = match.view(0)
    assert [g["rect"] for g in view["grid"]["groups"]] == [[0, 0, 4, 4]]
    assert len(match.legal_actions(0)) == 6  # 3 vertical and 3 horizontal lines


def test_each_slice_makes_exactly_one_more_grouping() -> None:
    match = slice_4p_round()
    groups = match.view(None)["grid"]["groups"]
    assert [g["rect"] for g in groups] == [
        [0, 0, 2, 1],
        [0, 1, 2, 2],
        [0, 2, 2, 4],
        [2, 0, 4, 2],
        [2, 2, 4, 4],
    ]
    assert [g["first_player_tile"] for g in groups] == [False, False, True, False, False]
    assert match.view(None)["phase"] == "select"


@pytest.mark.parametrize(
    ("action", "code"),
    [
        ({"type": "slice", "from": [0, 0], "to": [2, 2]}, "slice-not-straight"),
        ({"type": "slice", "from": [0, 1], "to": [0, 1]}, "slice-empty"),
        ({"type": "slice", "from": [0, 5], "to": [4, 5]}, "slice-off-grid"),
        ({"type": "slice", "from": [0, 0], "to": [4, 0]}, "slice-on-edge"),
        ({"type": "slice", "from": [0, 2], "to": [2, 2]}, "slice-incomplete"),
        ({"type": "slice", "from": "top", "to": [2, 2]}, "bad-action"),
        ({"type": "slice", "from": [0, 2], "to": [4, 2], "by": "Ann"}, "bad-action"),
        ({"type": "take", "group": "A"}, "wrong-phase"),
        ({"type": "jump"}, "bad-action"),
    ],
)
def test_refused_first_slices(action: dict[str, object], code: str) -> None:
    assert_refused(fixed_match(4), 0, action, code)


def test_slice_through_two_groupings_is_refused() -> None:
    match = fixed_match(4)
    slice_at(match, True, 2)
    err = assert_refused(
        match, 1, {"type": "slice", "from": [2, 0], "to": [2, 4]}, "slice-crosses-groupings"
    )
    assert "A and B" in err.message


def test_slice_along_an_existing_cut_is_refused() -> None:
    match = fixed_match(4)
    slice_at(match, True, 2)
    assert_refused(match, 1, {"type": "slice", "from": [0, 2], "to": [4, 2]}, "slice-along-cut")


def test_slice_partly_along_a_cut_does_not_make_two_groupings() -> None:
    match = fixed_match(4)
    slice_at(match, True, 2)
    slice_at(match, False, 2, "A")  # now A (top left), B (right), C (bottom left)
    err = assert_refused(
        match, 2, {"type": "slice", "from": [2, 0], "to": [2, 4]}, "slice-incomplete"
    )
    # The sentence says what to do instead: the same line, across grouping B only.
    assert "grouping B" in err.message and "the horizontal line below row 2" in err.message
    assert "[" not in err.message  # no raw grid coordinates
    assert err.details["cut"] == {"from": [2, 2], "to": [2, 4]}
    err = assert_refused(
        match, 2, {"type": "slice", "from": [1, 2], "to": [1, 3]}, "slice-incomplete"
    )
    assert "stops" in err.message and "the horizontal line below row 1" in err.message
    assert "[" not in err.message
    slice_at(match, False, 2, "B")  # the right half alone is a legal slice


def test_one_tile_groupings_allowed_by_default() -> None:
    """The rulebook asks only that a slice "create exactly two new groupings": by default a
    slice may leave a grouping of one tile, and `legal_actions` lists it."""
    match = fixed_match(4)
    assert match.game.options.model_dump()["min_grouping"] == 1
    slice_at(match, True, 1)  # A: the first column (4 tiles), B: the rest
    one_tile = {"type": "slice", "from": [1, 0], "to": [1, 1]}
    assert one_tile in match.legal_actions(1)
    assert match.view(None)["min_grouping"] == 1
    match.apply(1, one_tile)
    groups = match.view(None)["grid"]["groups"]
    assert groups[0]["rect"] == [0, 0, 1, 1] and groups[0]["tiles"] == ["red"]


def cut_round_the_first_player_tile(options: dict[str, object] | None = None) -> Match:
    """Two players, three slices: A the left half, B the cell above the first-player tile
    (row 1, column 2), C the right column, and D the first-player tile over one sword tile."""
    match = fixed_match(2, options=options)
    slice_at(match, True, 2)  # A: columns 1-2, B: columns 3-4
    slice_at(match, True, 3, "B")  # B: column 3, C: column 4
    slice_at(match, False, 1, "B")  # column 3 in two: the top cell, and the two below
    groups = match.view(None)["grid"]["groups"]
    assert [g["rect"] for g in groups] == [[0, 0, 3, 2], [0, 2, 1, 3], [0, 3, 3, 4], [1, 2, 3, 3]]
    assert groups[3]["first_player_tile"] and groups[3]["tiles"] == ["orange"]
    return match


FP_ALONE: dict[str, object] = {"type": "slice", "from": [2, 2], "to": [2, 3]}
"""The cut under the first-player tile in grouping D: above it the tile alone, below orange."""


def slices(actions: list[dict[str, object]]) -> list[tuple[object, object]]:
    return sorted((str(a["from"]), str(a["to"])) for a in actions)


def test_the_first_player_tile_is_never_cut_out_alone_by_default() -> None:
    """ "A slice MUST ALWAYS create exactly two new groupings of sword tiles": the first-player
    tile is no sword tile, so a grouping of that tile alone is none. Grouping D (the tile over
    an orange gem) has no legal slice; A and C still have theirs, B is one tile."""
    match = cut_round_the_first_player_tile()
    assert match.game.options.model_dump()["first_tile_alone"] is False
    legal = match.legal_actions(1)
    assert slices(legal) == slices(
        [
            {"from": [0, 1], "to": [3, 1]},  # A: the vertical line after column 1
            {"from": [1, 0], "to": [1, 2]},  # A: below row 1
            {"from": [2, 0], "to": [2, 2]},  # A: below row 2
            {"from": [1, 3], "to": [1, 4]},  # C: below row 1
            {"from": [2, 3], "to": [2, 4]},  # C: below row 2
        ]
    )
    assert FP_ALONE not in legal
    err = assert_refused(match, 1, FP_ALONE, "first-player-tile-alone")
    assert err.message == (
        "That slice leaves the first-player tile alone in a grouping; a slice makes two "
        "groupings of sword tiles, and the first-player tile is no sword tile, so it keeps "
        "at least one sword tile with it."
    )
    match.apply(1, {"type": "slice", "from": [2, 3], "to": [2, 4]})
    groups = match.view(None)["grid"]["groups"]
    assert all(g["tiles"] for g in groups)  # every grouping holds a sword tile


def test_the_first_player_tile_with_one_sword_tile_is_a_grouping() -> None:
    """Cut out with one sword tile, the first-player tile is in a grouping of sword tiles."""
    match = fixed_match(2)
    slice_at(match, True, 2)
    slice_at(match, True, 3, "B")  # B: column 3 (blue, the tile, orange)
    slice_at(match, False, 2, "B")  # B: yellow over the tile; C: orange
    groups = match.view(None)["grid"]["groups"]
    pair = next(g for g in groups if g["first_player_tile"])
    assert pair["rect"] == [0, 2, 2, 3] and pair["tiles"] == ["blue"]


def test_version_one_reading_cuts_the_first_player_tile_out_alone() -> None:
    """The option ``first_tile_alone`` keeps rules version 1, where the tile alone was a
    grouping: the same position lists that one slice more, and it is played."""
    match = cut_round_the_first_player_tile({"first_tile_alone": True})
    legal = match.legal_actions(1)
    default = cut_round_the_first_player_tile().legal_actions(1)
    assert slices(legal) == slices([*default, FP_ALONE])
    match.apply(1, FP_ALONE)
    alone = [g for g in match.view(None)["grid"]["groups"] if g["rect"] == [1, 2, 2, 3]]
    assert alone[0]["first_player_tile"] and alone[0]["tiles"] == []


def test_published_rule_refuses_the_first_player_tile_alone_as_too_small() -> None:
    """With ``min_grouping=2`` the tile alone is a grouping of one tile, refused as any other."""
    match = fixed_match(4, options=PUBLISHED)
    slice_at(match, False, 1)  # A: row 1, B: rows 2-4
    slice_at(match, False, 2, "B")  # B: row 2 (green, yellow, the tile, yellow)
    slice_at(match, True, 2, "B")  # B: green, yellow; C: the tile, yellow
    pair = match.view(None)["grid"]["groups"][2]
    assert pair["rect"] == [1, 2, 2, 4] and pair["first_player_tile"]
    assert match.view(None)["min_grouping"] == 2
    cut = {"type": "slice", "from": [1, 3], "to": [2, 3]}
    err = assert_refused(match, 3, cut, "grouping-too-small")
    assert "at least 2" in err.message


def test_published_rule_relaxed_for_two_players_still_keeps_the_tile_company() -> None:
    """Four groupings of three tiles in a line, one of them the first-player tile at the end of
    row 2: the minimum relaxes to 1, yet the tile is not cut out alone (unless the table keeps
    version 1's reading)."""
    for options, count in ((PUBLISHED, 7), ({**PUBLISHED, "first_tile_alone": True}, 8)):
        match = fixed_match(2, options=options)
        slice_at(match, True, 3)  # A: columns 1-3, B: column 4
        slice_at(match, False, 1, "A")  # A: row 1 of columns 1-3
        slice_at(match, False, 2, "C")  # C: row 2 (green, yellow, the tile), D: row 3
        groups = match.view(None)["grid"]["groups"]
        assert [g["rect"] for g in groups] == [
            [0, 0, 1, 3],
            [0, 3, 3, 4],
            [1, 0, 2, 3],
            [2, 0, 3, 3],
        ]
        assert match.view(None)["min_grouping"] == 1
        legal = match.legal_actions(1)
        assert len(legal) == count  # 2 lines in each of 4 groupings, less the tile's
        cut = {"type": "slice", "from": [1, 2], "to": [2, 2]}  # the tile off row 2
        assert (cut in legal) == (count == 8)
        if count == 7:
            assert_refused(match, 1, cut, "first-player-tile-alone")


def test_published_rule_refuses_a_one_tile_grouping() -> None:
    match = fixed_match(4, options=PUBLISHED)
    slice_at(match, True, 1)
    err = assert_refused(
        match, 1, {"type": "slice", "from": [1, 0], "to": [1, 1]}, "grouping-too-small"
    )
    assert "at least 2" in err.message
    assert {"type": "slice", "from": [1, 0], "to": [1, 1]} not in match.legal_actions(1)


def test_published_rule_relaxes_the_minimum_for_two_players_only_when_stuck() -> None:
    match = fixed_match(2, options=PUBLISHED)
    for line in (1, 2, 3):
        group = "ABC"[line - 1]
        slice_at(match, True, line, group)
    view = match.view(None)
    assert all(g["rect"][3] - g["rect"][1] == 1 for g in view["grid"]["groups"])
    assert view["min_grouping"] == 1
    assert len(match.legal_actions(1)) == 8  # 2 lines in each of 4 columns
    slice_at(match, False, 1, "A")
    assert match.view(None)["grid"]["groups"][0]["rect"] == [0, 0, 1, 1]


def test_published_rule_no_relaxation_while_a_two_tile_slice_exists() -> None:
    match = fixed_match(2, options=PUBLISHED)
    slice_at(match, True, 2)
    assert match.view(None)["min_grouping"] == 2


# --- turn order -------------------------------------------------------------------------------


def phase_seats(match: Match, phase: str) -> list[int]:
    seats = []
    while match.view(None)["phase"] == phase:
        seat = match.active_seats()[0]
        seats.append(seat)
        match.apply(seat, match.legal_actions(seat)[-1])
    return seats


@pytest.mark.parametrize(
    ("seats", "first", "order"),
    [(2, 1, [1, 0, 1, 0]), (3, 1, [1, 2, 0]), (4, 3, [3, 0, 1, 2])],
)
def test_slice_and_select_order(seats: int, first: int, order: list[int]) -> None:
    match = fixed_match(seats, first=first)
    assert phase_seats(match, "slice") == order
    assert len(match.view(None)["grid"]["groups"]) == len(order) + 1
    assert phase_seats(match, "select") == order


def test_a_move_out_of_turn_is_refused_naming_who_is_to_play() -> None:
    """The engine's turn check is the only one: its sentence names the player to act, in
    every phase (a slicer, a picker, the crafter)."""
    match = fixed_match(3, first=1)
    cut = {"type": "slice", "from": [0, 1], "to": [3, 1]}
    err = assert_refused(match, 0, cut, "not-your-turn")
    assert err.message == "It is not your turn: P2 is to play."
    phase_seats(match, "slice")
    err = assert_refused(match, 2, {"type": "take", "group": "A"}, "not-your-turn")
    assert err.message == "It is not your turn: P2 is to play."
    match = crafting_match()
    err = assert_refused(match, 1, {"type": "place", "gem": "red", "side": 1}, "not-your-turn")
    assert err.message == "It is not your turn: P1 is to play."


def test_two_player_game_makes_five_groupings_and_nobody_acts_twice_in_a_row() -> None:
    match = fixed_match(2)
    slicers = phase_seats(match, "slice")
    assert all(a != b for a, b in itertools.pairwise(slicers))
    assert len(match.view(None)["grid"]["groups"]) == 5
    takers = phase_seats(match, "select")
    assert takers == [0, 1, 0, 1]
    assert sum(g["taker"] is None for g in match.view(None)["grid"]["groups"]) == 1


def test_first_player_is_drawn_by_the_rng() -> None:
    firsts = {start("swordcrafters", 4, seed=seed).view(None)["first"] for seed in range(20)}
    assert firsts == {0, 1, 2, 3}
    assert start("swordcrafters", 4, seed=3).state == start("swordcrafters", 4, seed=3).state


# --- selecting and the first-player tile ------------------------------------------------------


def test_taking_a_grouping_and_the_leftover_goes_to_the_box() -> None:
    match = slice_4p_round()
    take(match, "D")
    assert match.view(None)["hands"][0] == ["purple", "purple", "blank", "red"]
    err = assert_refused(match, 1, {"type": "take", "group": "D"}, "grouping-taken")
    assert "take one of: A, B, C, E" in err.message
    assert "another player" in err.message and "seat" not in err.message
    assert err.details["taker"] == 0
    assert_refused(match, 1, {"type": "take", "group": "Q"}, "no-such-grouping")
    take(match, "C")
    take(match, "A")
    events = take(match, "B")
    returned = [e for e in events if e["type"] == "returned"]
    assert returned == [
        {
            "type": "returned",
            "group": "E",
            "gems": ["orange", "orange", "green", "blue"],
            "first_player_tile": False,
        }
    ]
    view = match.view(None)
    assert view["box"] == 4
    assert view["hands"][1] == ["blue", "blue", "yellow"]  # the first-player tile is not a tile
    assert view["phase"] == "craft"


def test_taker_of_the_first_player_tile_starts_next_round() -> None:
    match = slice_4p_round()
    for group in ("A", "B", "C", "D"):  # seat 2 takes C, which holds the tile
        take(match, group)
    assert match.view(None)["next_first"] == 2
    match = fixed_match(4, rounds=2)
    slice_at(match, True, 2)
    slice_at(match, False, 2, "B")
    slice_at(match, False, 2, "A")
    slice_at(match, True, 1, "A")
    for group in ("A", "B", "C", "D"):
        take(match, group)
    craft_all(match)
    view = match.view(None)
    assert view["round"] == 2 and view["first"] == 2 and view["active"] == [2]


def test_first_player_tile_left_over_passes_clockwise() -> None:
    match = fixed_match(4, rounds=2, first=3)
    slice_at(match, True, 2)
    slice_at(match, False, 2, "B")
    slice_at(match, False, 2, "A")
    slice_at(match, True, 1, "A")
    for group in ("A", "B", "D", "E"):  # C with the first-player tile is left over
        take(match, group)
    assert match.view(None)["next_first"] == 0
    craft_all(match)
    assert match.view(None)["first"] == 0


# --- crafting ---------------------------------------------------------------------------------


def crafting_match() -> Match:
    match = slice_4p_round()
    for group in ("D", "C", "A", "B"):
        take(match, group)
    return match


def test_crafting_goes_from_the_first_player_and_refuses_bad_slots() -> None:
    match = crafting_match()
    assert match.active_seats() == [0]
    err = assert_refused(match, 0, {"type": "place", "gem": "green", "side": 1}, "tile-not-in-hand")
    assert "purple" in err.message
    err = assert_refused(match, 0, {"type": "place", "side": 1}, "bad-action")
    assert "'gem'" in err.message
    assert_refused(match, 0, {"type": "place", "gem": "ruby", "side": 1}, "bad-action")
    assert_refused(match, 0, {"type": "place", "gem": "red", "side": 5}, "no-such-side")
    assert_refused(match, 0, {"type": "slice", "from": [0, 1], "to": [4, 1]}, "wrong-phase")
    match.apply(0, {"type": "place", "gem": "purple", "side": 1})
    match.apply(0, {"type": "place", "gem": "purple", "side": 1})  # a side grows alone
    match.apply(0, {"type": "place", "gem": "red", "side": 4})
    match.apply(0, {"type": "place", "gem": "blank", "side": 1})
    view = match.view(None)
    assert view["swords"][0] == [["purple", "purple", "blank"], [], [], ["red"]]
    assert view["open_sides"][0] == [1, 2, 3, 4]
    assert view["active"] == [1]


def test_order_of_assembly_decides_quality() -> None:
    """The same tiles on the same side score differently by the order they were slotted."""
    scores = []
    for order in (["purple", "purple", "blank"], ["purple", "blank", "purple"]):
        match = crafting_match()
        for gem in order:
            match.apply(0, {"type": "place", "gem": gem, "side": 1})
        match.apply(0, {"type": "place", "gem": "red", "side": 2})
        scores.append(match.view(None)["score_table"]["quality_runs"][0])
    assert scores == [2, 1]


def test_legal_placements_are_gem_by_open_side() -> None:
    match = crafting_match()
    actions = match.legal_actions(0)
    assert len(actions) == 3 * 4  # purple, blank, red on any of 4 sides


# --- the end ----------------------------------------------------------------------------------


def test_game_ends_when_a_full_grid_cannot_be_laid() -> None:
    match = fixed_match(4, rounds=1)
    slice_at(match, True, 2)
    slice_at(match, False, 2, "B")
    slice_at(match, False, 2, "A")
    slice_at(match, True, 1, "A")
    for group in ("A", "B", "C", "D"):
        take(match, group)
    assert match.result() is None
    craft_all(match)
    result = match.result()
    assert result is not None
    assert match.active_seats() == []
    assert match.view(None)["phase"] == "over"
    assert_refused(match, 0, {"type": "take", "group": "A"}, "game-over")


def test_full_box_gives_six_rounds_for_four_and_eight_for_fewer() -> None:
    from tests.support import play_out

    for seats, rounds in ((4, 6), (3, 8), (2, 8)):
        match = play_out(start("swordcrafters", seats, seed=seats), "random", seed=1)
        assert match.state["round"] == rounds
        assert len(match.state["pile"]) == 91 - rounds * (15 if seats == 4 else 11)


# --- set-up -----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "fixed",
    [
        {"colour": "red"},
        {"first_player": 4},
        {"tiles": ["red"] * 3},
        {"tiles": ["ruby"] * 20},
        {"magic": [1, 1, 2]},
        {"magic": [1, 2]},
        {"swords": [[["ruby"], [], [], []]] * 4},
        {"swords": [[[], [], []]] * 4},
        {"swords": [[[], [], [], []]]},
    ],
)
def test_bad_fixed_set_ups_are_refused(fixed: dict[str, object]) -> None:
    with pytest.raises(SetupError) as caught:
        start("swordcrafters", 4, fixed=fixed)
    assert str(caught.value).endswith(".")


def test_seat_counts() -> None:
    for seats in (1, 5):
        with pytest.raises(SetupError):
            start("swordcrafters", seats)


def test_grid_is_laid_left_to_right_top_to_bottom_around_the_first_player_tile() -> None:
    cells = fixed_match(4).view(None)["grid"]["cells"]
    assert cells[0] == ["red", "red", "blue", "blue"]
    assert cells[1] == ["green", "yellow", "first", "yellow"]
    assert fixed_match(3).view(None)["grid"]["rows"] == 3


def test_an_incomplete_vertical_slice_names_the_line_after_a_column() -> None:
    match = fixed_match(4)
    slice_at(match, False, 2)  # A (top), B (bottom)
    seat = match.active_seats()[0]
    err = assert_refused(
        match, seat, {"type": "slice", "from": [0, 2], "to": [1, 2]}, "slice-incomplete"
    )
    assert "the vertical line after column 2" in err.message and "[" not in err.message


# --- rules version 1's records ----------------------------------------------------------------


def test_a_version_one_record_replays_under_its_own_readings() -> None:
    """A record of rules version 1 knows neither new option: it replays with the first-player
    tile cut out alone and zeros taking magic places, to the scores it ended with; under the
    version 2 rules its fourth slice would be refused."""
    played = cut_round_the_first_player_tile({"first_tile_alone": True, "zero_magic_place": True})
    played.apply(1, FP_ALONE)
    for group in ("A", "C", "D", "E"):  # seat 0 takes A, then D: the tile alone
        take(played, group)
    craft_all(played)
    result = played.result()
    assert result is not None
    assert result.details["magic_counts"][1] == [3, 0]  # card 2, red + green
    assert result.details["magic"][1] == [9, 6]  # version 1: 6 VP for none
    header, *moves = played.record_lines()
    old = json.loads(header)
    old.update(game_version="1", options={"min_grouping": 1})  # as version 1 wrote it
    lines = [json.dumps(old), *moves]
    again = match_from_lines(lines)
    assert again.game.options.model_dump() == {
        "min_grouping": 1,
        "first_tile_alone": True,
        "zero_magic_place": True,
    }
    assert again.result() == result
    old.update(game_version="2")
    with pytest.raises(RecordError, match="first-player tile alone"):
        match_from_lines([json.dumps(old), *moves])
