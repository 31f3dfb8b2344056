"""The rulebook's worked examples, replayed through fixed set-ups."""

from __future__ import annotations

from crafthall.engine import Match
from tests.games.wordcraft.helpers import PASS, QUIET_GRID, cubes_on, table, word
from tests.support import assert_refused, assert_replays

ORANGE, BLACK, BROWN = 0, 1, 2


def example_round() -> Match:
    """TREE (Orange), WAGE (Black), DARTS (Brown) with the rulebook's achievement cubes, then
    three more words that give the example's majorities on T, R and D, then everyone passes."""
    match = table(3)  # grid A E R S T D L M G W K Z; A5, A3, A12, A9 in play
    match.apply(ORANGE, word("tree", "A5"))  # starts yellow, ends blue
    match.apply(BLACK, word("wage", "A3", "A12"))  # 2 red letters; red followed by blue
    match.apply(BROWN, word("darts", "A9"))  # exactly 5 cubes
    match.apply(ORANGE, word("dead"))
    match.apply(BLACK, word("dread"))
    match.apply(BROWN, word("test"))
    return match


def test_tree_wage_darts_placements_and_achievements() -> None:
    match = table(3)
    match.apply(ORANGE, word("tree", "A5"))
    assert cubes_on(match, "t") == [1, 0, 0]
    assert cubes_on(match, "r") == [1, 0, 0]
    assert cubes_on(match, "e") == [2, 0, 0]
    assert match.state["claims"]["A5"] == [1, 0, 0]
    match.apply(BLACK, word("wage", "A3", "A12"))
    for card in "wag":
        assert cubes_on(match, card)[BLACK] == 1
    assert cubes_on(match, "e") == [2, 1, 0]
    assert match.state["claims"]["A3"] == [0, 1, 0]
    assert match.state["claims"]["A12"] == [0, 1, 0]
    match.apply(BROWN, word("darts", "A9"))
    for card in "darts":
        assert cubes_on(match, card)[BROWN] == 1
    assert match.state["claims"]["A9"] == [0, 0, 1]
    assert match.state["supply"] == [13, 12, 12]


def test_tree_wage_darts_letter_scoring() -> None:
    match = example_round()
    assert cubes_on(match, "t") == [1, 0, 3]
    assert cubes_on(match, "r") == [1, 1, 1]
    assert cubes_on(match, "d") == [2, 2, 1]
    assert cubes_on(match, "l") == [0, 0, 0]
    for seat in (ORANGE, BLACK, BROWN):
        match.apply(seat, PASS)
    scored = next(e for e in match.events if e["type"] == "round-scored")
    letters = scored["letters"]
    assert letters["t"] == [0, 0, 3]  # T: Brown has the most cubes and scores 3 EP
    assert letters["r"] == [3, 3, 3]  # R: a three-way tie, all score 3 EP
    assert letters["d"] == [4, 4, 0]  # D: Black and Orange score 4 EP each
    assert letters["l"] == [0, 0, 0]  # L: nobody has cubes there
    # the rest: E Orange (3 cubes), A Black (2), S Brown (2), W and G Black
    assert scored["points"] == [3 + 4 + 2, 3 + 4 + 2 + 5 + 5, 3 + 3 + 3]
    assert match.state["letter_ep"] == [[9, 19, 9]]
    # achievement cubes stay; letter cubes return to their owners
    assert match.state["claims"] == {
        "A5": [1, 0, 0],
        "A3": [0, 1, 0],
        "A12": [0, 1, 0],
        "A9": [0, 0, 1],
    }
    assert match.state["supply"] == [18 - 1 + 3, 18 - 2 + 3, 18 - 1 + 3]
    # Orange and Brown tie on fewest achievement cubes (1); Brown is farther clockwise from
    # Orange, the previous first player, so Brown starts round 2
    assert match.active_seats() == [BROWN]
    assert_replays(match)


QUIET_ACHIEVEMENTS = ["A1", "A5", "A8", "A12"]  # A8: exactly 4 cubes


def test_quiet_with_the_qu_card_alone_fulfils_exactly_four_cubes() -> None:
    match = table(2, grids=[QUIET_GRID] * 3, achievements=QUIET_ACHIEVEMENTS)
    match.apply(0, word("quiet", "A8", spelling=["qu", "i", "e", "t"]))
    for card in ("qu", "i", "e", "t"):
        assert cubes_on(match, card) == [1, 0]
    assert cubes_on(match, "u") == [0, 0]
    assert match.state["claims"]["A8"] == [1, 0]
    assert match.state["supply"][0] == 18 - 4 - 1


def test_quiet_with_the_u_card_takes_five_cubes_and_not_the_four_cube_card() -> None:
    match = table(2, grids=[QUIET_GRID] * 3, achievements=QUIET_ACHIEVEMENTS)
    spelling = ["qu", "u", "i", "e", "t"]
    error = assert_refused(
        match, 0, word("quiet", "A8", spelling=spelling), "achievement-not-fulfilled"
    )
    assert "QU-U-I-E-T does not fulfil A8 (exactly 4 cubes)" in error.message
    match.apply(0, word("quiet", spelling=spelling))
    for card in ("qu", "u", "i", "e", "t"):
        assert cubes_on(match, card) == [1, 0]
    assert match.state["supply"][0] == 18 - 5


def test_quiet_legal_actions_offer_both_spellings_and_a8_only_with_four_cubes() -> None:
    match = table(2, grids=[QUIET_GRID] * 3, achievements=QUIET_ACHIEVEMENTS)
    quiet = [a for a in match.legal_actions(0) if a.get("word") == "quiet"]
    four = [a for a in quiet if len(a["spelling"]) == 4]
    five = [a for a in quiet if len(a["spelling"]) == 5]
    assert four and five
    assert any("A8" in a["achievements"] for a in four)
    assert not any("A8" in a["achievements"] for a in five)


def test_seven_cubes_on_an_easy_achievement_score_14_plus_4() -> None:
    """Seat 0 claims A8 (Easy, exactly 4 cubes) with seven 4-letter words over 3 rounds."""
    match = table(2, achievements=["A1", "A3", "A8", "A12"])
    words = iter(["tree", "seat", "dart", "mare", "lead", "team", "mast"])
    for _ in range(3):  # round 1: three words (15 cubes), then both pass
        match.apply(0, word(next(words), "A8"))
        match.apply(1, PASS)
    match.apply(0, PASS)
    assert match.state["round"] == 2
    assert match.active_seats() == [1]  # fewer achievement cubes: seat 1 starts
    match.apply(1, PASS)
    for _ in range(3):  # round 2: three more
        match.apply(0, word(next(words), "A8"))
        match.apply(1, PASS)
    match.apply(0, PASS)
    assert match.state["round"] == 3
    match.apply(1, PASS)
    match.apply(0, word(next(words), "A8"))  # round 3: the seventh
    match.apply(1, PASS)
    match.apply(0, PASS)
    result = match.result()
    assert result is not None
    assert match.state["claims"]["A8"] == [7, 0]
    assert result.details["achievement_ep"] == [14 + 4, 0]
    letters = sum(result.details["letter_ep"][0])
    assert result.scores[0] == letters + 18
    assert_replays(match)


QUAD_GRID = ["a", "e", "t", "n", "s", "u", "d", "l", "b", "p", "qu", "z"]


def test_the_qu_cards_u_counts_as_a_green_letter_only_when_laid_on_the_u_card() -> None:
    """QUAD laid QU-U-A-D has two Green letters (U, D) and 4 cubes; QU-A-D has one and 3."""
    match = table(2, grids=[QUAD_GRID] * 3, achievements=["A2", "A7", "A8", "A12"])
    quad = [a for a in match.legal_actions(0) if a.get("word") == "quad"]
    claims: dict[tuple[str, ...], set[str]] = {tuple(a["spelling"]): set() for a in quad}
    for action in quad:
        claims[tuple(action["spelling"])] |= set(action["achievements"])
    assert claims == {("qu", "a", "d"): {"A7"}, ("qu", "u", "a", "d"): {"A2", "A7", "A8"}}
    short = word("quad", "A2", spelling=["qu", "a", "d"])
    error = assert_refused(match, 0, short, "achievement-not-fulfilled")
    assert "QU-A-D does not fulfil A2 (at least 2 Green letters)" in error.message
    match.apply(0, word("quad", "A2", "A7", "A8", spelling=["qu", "u", "a", "d"]))
    assert match.state["claims"] == {"A2": [1, 0], "A7": [1, 0], "A8": [1, 0], "A12": [0, 0]}
    assert match.state["supply"][0] == 18 - 4 - 3
