"""Round end, letter scoring, the next round, game end, ranking, and the teams variant."""

from __future__ import annotations

from crafthall.engine import Match
from crafthall.games import entry
from crafthall.games.wordcraft.scoring import next_first_player
from tests.games.wordcraft.helpers import (
    EXAMPLE_GRID,
    PASS,
    QUIET_GRID,
    cubes_on,
    spend_sixteen,
    table,
    word,
)
from tests.support import assert_refused, assert_replays


def test_two_cubes_left_triggers_the_round_end_and_two_ep() -> None:
    match = table(3)
    spend_sixteen(match, 0)
    assert match.state["supply"][0] == 2
    assert match.state["trigger"] == 0
    assert match.view(0)["scores"] == [2, 0, 0]  # the +2 EP is scored immediately
    assert match.state["last_events"][-1] == {
        "type": "round-end-triggered",
        "side": 0,
        "bonus": 2,
        "last_turns": [1, 2],
    }
    # every other player plays one last turn, then the round is scored
    assert match.active_seats() == [1]
    match.apply(1, word("tree"))
    assert match.active_seats() == [2]
    assert match.state["round"] == 1
    match.apply(2, PASS)
    assert match.state["round"] == 2
    assert match.state["trigger"] is None


def test_three_cubes_left_does_not_trigger() -> None:
    match = table(2)
    match.apply(0, word("dread"))  # 13
    match.apply(1, PASS)
    match.apply(0, word("darts", "A9"))  # 7
    match.apply(1, PASS)
    match.apply(0, word("tree"))  # 3
    assert match.state["trigger"] is None
    assert match.active_seats() == [1]


def test_achievement_cubes_count_towards_the_trigger() -> None:
    match = table(2)
    match.apply(0, word("dread"))  # 13
    match.apply(1, PASS)
    match.apply(0, word("darts", "A9"))  # 7
    match.apply(1, PASS)
    match.apply(0, word("tree", "A5"))  # 2
    assert match.state["trigger"] == 0


def test_a_second_player_reaching_two_cubes_gets_no_bonus() -> None:
    match = table(2)
    match.apply(0, word("dread"))
    match.apply(1, word("stared"))
    match.apply(0, word("darts"))
    match.apply(1, word("wage", "A3", "A12"))
    match.apply(0, word("team"))  # 18 - 5 - 5 - 4 = 4 left
    match.apply(1, word("meal"))  # 18 - 6 - 6 - 4 = 2: trigger
    assert match.state["trigger"] == 1
    match.apply(0, word("lead"))  # 0 cubes left in the last turn: no bonus, round ends
    assert match.state["bonus_ep"] == [0, 2]
    assert match.state["round"] == 2


def test_a_full_cycle_of_passes_ends_the_round() -> None:
    match = table(3)
    match.apply(0, word("tree"))
    match.apply(1, PASS)
    match.apply(2, PASS)
    assert match.state["round"] == 1  # seat 0 played since: not a full cycle yet
    match.apply(0, PASS)
    assert match.state["round"] == 2
    assert match.state["letter_ep"] == [[3 + 3 + 2, 0, 0]]  # T, R and E for seat 0
    assert match.state["bonus_ep"] == [0, 0, 0]
    kinds = [event["type"] for event in match.events]
    assert kinds[-3:] == ["all-passed", "round-scored", "new-round"]


def test_new_round_returns_letter_cubes_keeps_achievement_cubes_adds_three() -> None:
    grid2 = QUIET_GRID
    match = table(2, grids=[EXAMPLE_GRID, grid2])
    match.apply(0, word("wage", "A3", "A12"))
    match.apply(1, word("tree"))
    match.apply(0, PASS)
    match.apply(1, PASS)
    state = match.state
    assert state["round"] == 2
    assert state["supply"] == [18 - 2 + 3, 21]
    assert state["claims"]["A3"] == [1, 0] and state["claims"]["A12"] == [1, 0]
    assert state["grid"] == ["e", "i", "n", "s", "t", "d", "l", "u", "b", "p", "qu", "z"]
    assert all(counts == [0, 0] for counts in state["cubes"].values())
    assert state["used"][0]["round"] == 1  # used words stay used


def test_later_grids_are_drawn_when_not_fixed() -> None:
    match = table(2, grids=[EXAMPLE_GRID])
    match.apply(0, PASS)
    match.apply(1, PASS)
    assert len(match.state["grid"]) == 12
    assert match.state["grid"] != sorted(EXAMPLE_GRID)  # a new grid (seeded)
    assert_replays(match)


def test_next_first_player_has_fewest_achievement_cubes() -> None:
    match = table(3)
    match.apply(0, word("tree", "A5"))
    match.apply(1, word("wage"))
    match.apply(2, word("darts", "A9"))
    for seat in (0, 1, 2):
        match.apply(seat, PASS)
    assert match.state["first"] == 1
    assert match.active_seats() == [1]


def test_first_player_tie_goes_farthest_clockwise_from_the_previous_first() -> None:
    assert next_first_player([0, 0, 0, 0], previous_first=1) == 0
    assert next_first_player([1, 0, 0, 1], previous_first=2) == 1
    assert next_first_player([0, 1, 1, 0], previous_first=3) == 0
    assert next_first_player([1, 1, 0], previous_first=2) == 2  # no tie: fewest wins


def play_three_empty_rounds(match: Match) -> None:
    while match.result() is None:
        match.apply(match.active_seats()[0], PASS)


def test_game_ends_after_three_rounds_with_achievement_scoring() -> None:
    match = table(2)
    match.apply(0, word("wage", "A3", "A12"))  # W 5, A 2, G 5, E 2 = 14 EP
    play_three_empty_rounds(match)
    result = match.result()
    assert result is not None
    assert match.state["round"] == 3
    # medium 1 cube = 3, easy 1 cube = 2
    assert match.state["final"] == {"achievement_ep": [5, 0], "totals": [19, 0], "places": [1, 2]}
    assert result.scores == [19, 0] and result.winners == [0]
    assert result.details["achievement_cubes"] == [2, 0]
    assert match.active_seats() == []
    assert_refused(match, 0, PASS, "game-over")
    assert match.legal_actions(0) == []


def test_points_tie_goes_to_more_achievement_cubes() -> None:
    match = table(2)
    match.apply(0, word("tree", "A5"))  # T3 R3 E2 = 8, + 1 cube on an Easy card = 2: 10
    match.apply(1, word("mad"))  # M4 A2 D4 = 10, no achievement cube
    play_three_empty_rounds(match)
    result = match.result()
    assert result is not None
    assert result.scores == [10, 10]
    assert result.details["achievement_cubes"] == [1, 0]
    assert result.winners == [0] and result.ranks == [1, 2]


def test_full_tie_is_a_shared_victory() -> None:
    match = table(3, achievements=["A1", "A5", "A9", "A12"])
    match.apply(0, word("seat", "A1"))  # S3 E2 A2 T3 = 10 + 2 (A1), tied on every letter
    match.apply(1, word("mad"))  # M4 D4 = 8 (A tied three ways: 2) = 10
    match.apply(2, word("east", "A1"))  # S3 E2 A2 T3 = 10 + 2 (A1: two blue letters)
    play_three_empty_rounds(match)
    result = match.result()
    assert result is not None
    assert result.scores == [12, 10, 12]
    assert result.details["achievement_cubes"] == [1, 0, 1]
    assert result.winners == [0, 2] and result.ranks == [1, 3, 1]


def test_teams_share_cubes_and_score_and_either_member_plays() -> None:
    match = table(4, options={"teams": [[0, 2], [1, 3]]})
    assert match.active_seats() == [0, 2]
    match.apply(2, word("tree", "A5"))  # seat 2 plays for team 1
    assert match.state["supply"] == [13, 18]
    assert match.active_seats() == [1, 3]
    assert_refused(match, 0, word("wage"), "not-your-turn")
    match.apply(3, word("wage"))
    assert cubes_on(match, "w") == [0, 1]
    match.apply(0, PASS)
    match.apply(1, PASS)
    view = match.view(0)
    assert view["scores"] == [8, 12, 8, 12]  # letter EP banked: each seat shows its team's
    play_three_empty_rounds(match)
    result = match.result()
    assert result is not None
    assert result.winners == [1, 3] and result.ranks == [2, 1, 2, 1]
    assert result.details["teams"] == [[0, 2], [1, 3]]
    assert_replays(match)


def test_trigger_by_the_last_player_in_order_gives_everyone_before_a_last_turn() -> None:
    match = table(3, first=0)
    spend_sixteen(match, 2)  # seat 2 plays last in each cycle of the round
    assert match.state["trigger"] == 2
    assert match.state["last_turns"] == [0, 1]
    assert match.active_seats() == [0]
    match.apply(0, word("tree"))
    assert match.active_seats() == [1]
    match.apply(1, word("wage"))
    # seat 2 does not play again: the round is over after seats 0 and 1
    assert match.state["round"] == 2
    assert match.state["bonus_ep"] == [0, 0, 2]
    # nobody has achievement cubes: the tie goes farthest clockwise from seat 0, i.e. seat 2
    assert match.active_seats() == [2]


def test_trigger_by_the_first_player_gives_the_rest_of_the_table_a_last_turn() -> None:
    match = table(3, first=1)
    spend_sixteen(match, 1)
    assert match.state["last_turns"] == [2, 0]
    match.apply(2, PASS)
    match.apply(0, PASS)
    assert match.state["round"] == 2
    assert match.state["bonus_ep"] == [0, 2, 0]


def test_teams_trigger_gives_each_other_team_one_last_turn() -> None:
    teams = [[0, 3], [1, 4], [2, 5]]
    match = table(6, options={"teams": teams}, first=0)
    spend_sixteen(match, 5)  # seat 5 plays for team 3, the last team in order
    assert match.state["trigger"] == 2 and match.state["last_turns"] == [0, 1]
    assert match.active_seats() == [0, 3]
    assert_refused(match, 5, word("tree"), "not-your-turn")
    match.apply(3, word("tree"))  # any member of team 1 plays its last turn
    assert match.active_seats() == [1, 4]
    match.apply(1, PASS)
    assert match.state["round"] == 2
    assert match.state["bonus_ep"] == [0, 0, 2]
    assert match.view(0)["scores"][2] == match.view(0)["scores"][5]
    assert_replays(match)


def test_places_below_first_use_the_same_tie_break() -> None:
    match = table(3)
    match.apply(0, word("wage"))  # W 5 + G 5 + A 2 (tied with MAD) = 12
    match.apply(1, word("mad"))  # M 4 + D 4 + A 2 (tied) = 10
    match.apply(2, word("tree", "A5"))  # T 3 + R 3 + E 2 (2 cubes beat WAGE's 1) + A5 2 = 10
    play_three_empty_rounds(match)
    result = match.result()
    assert result is not None
    assert result.scores == [12, 10, 10]
    assert result.ranks == [1, 3, 2]  # seat 2 has the achievement cube: second place


def test_issue18_item14_teams_rank_as_teams() -> None:
    # two teams: the losing team's players share second place, not third
    match = table(4, options={"teams": [[0, 2], [1, 3]]})
    match.apply(0, word("wage"))  # W 5 + A 2 + G 5 + E 2 = 14 for team 1
    play_three_empty_rounds(match)
    result = match.result()
    assert result is not None
    assert result.scores == [14, 0, 14, 0]
    assert result.ranks == [1, 2, 1, 2] and result.winners == [0, 2]
    assert match.summary()["ranks"] == {"P1": 1, "P2": 2, "P3": 1, "P4": 2}
    # three teams, two tied last: they share second place
    match = table(6, options={"teams": [[0, 3], [1, 4], [2, 5]]})
    match.apply(0, word("tree"))
    play_three_empty_rounds(match)
    result = match.result()
    assert result is not None and result.ranks == [1, 2, 2, 1, 2, 2]
    # the terminal names the teams' places
    text = entry("wordcraft").text(match.game, [f"P{n + 1}" for n in range(6)])
    game_over = next(e for e in match.events if e["type"] == "game-over")
    assert game_over["places"] == [1, 2, 2]
    assert "Final places: 1. Team 1 (P1 & P4) 8 EP; 2. Team 2 (P2 & P5) 0 EP; 2. Team 3" in (
        text.describe(0, PASS, [game_over])
    )
