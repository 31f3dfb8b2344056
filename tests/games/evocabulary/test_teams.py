"""Team activation: each leader's and familiar's action, achievements, and the end of the game."""

from __future__ import annotations

from typing import Any

from crafthall.engine import Match
from tests.games.evocabulary.helpers import (
    BURN,
    DRAW,
    LEX,
    LOCK,
    PICKUP,
    PUBLISH,
    TEAMWORK,
    WILD,
    fam,
    hand,
    spell,
    table,
)
from tests.support import assert_refused, assert_replays

REST = ["e", "e", "e", "e"]


def started(hand_: list[str], word: str, cards: list[str], **kw: object) -> Match:
    match = table([hand_, ["e"] * 7], **kw)  # type: ignore[arg-type]
    match.apply(0, {"type": "start", "word": word, "cards": cards})
    return match


def test_each_action_is_used_once_in_any_order_then_done() -> None:
    match = started(
        ["s", "a", "t", *REST],
        "sat",
        ["s", "a", "t"],
        deck=list("bcdfg"),
        teams=[{"3": [fam(DRAW), fam("F02")]}],
    )
    match.apply(0, {"type": "use", "card": "F02"})
    assert_refused(match, 0, {"type": "use", "card": "F02"}, "action-not-available")
    assert_refused(match, 0, {"type": "discard", "letter": "e"}, "wrong-phase")
    assert_refused(match, 0, {"type": "use", "card": "F02", "x": 1}, "bad-action")
    assert_refused(match, 0, {"type": "use", "card": DRAW, "letter": "e"}, "bad-action")
    assert_refused(match, 0, {"type": "use"}, "bad-action")
    match.apply(0, {"type": "done"})  # the leader's draw and F01 stay unused: all optional
    assert match.view(0)["active"] == [1]
    assert len(hand(match, 0)) == 5


def test_burn_scores_the_card_points() -> None:
    match = started(
        ["s", "a", "t", "z", *REST[:3]], "sat", ["s", "a", "t"], teams=[{"3": [fam(BURN)]}]
    )
    assert_refused(match, 0, {"type": "use", "card": BURN, "letter": "x"}, "card-not-in-hand")
    match.apply(0, {"type": "use", "card": BURN, "letter": "z"})
    assert match.view(0)["scores"] == [10, 0]
    assert "z" not in hand(match, 0)
    assert match.view(0)["discard_top"] == "z"


def test_publish_scores_but_keeps_locked_letters() -> None:
    match = started(
        ["s", "t", *REST],
        "sat",
        ["s", "=a", "t"],
        teams=[{"3": [fam(LOCK, lock="a"), fam(PUBLISH)]}],
    )
    match.apply(0, {"type": "use", "card": PUBLISH, "team": 3})
    assert match.view(0)["scores"] == [2, 0]  # S and T; the locked A scores nothing
    assert spell(match, 0, 3) is None
    assert match.view(0)["teams"][0][0]["familiars"][0]["lock"] == "a"


def test_publish_claims_the_top_achievement_of_a_matching_pile() -> None:
    match = started(
        ["s", "t", "a", "r", "e", "e", "e"],
        "stare",
        list("stare"),
        teams=[{"5": [fam(PUBLISH)]}],
    )
    assert_refused(
        match,
        0,
        {"type": "use", "card": PUBLISH, "team": 5, "achievement": "len6"},
        "achievement-not-met",
    )
    assert_refused(
        match,
        0,
        {"type": "use", "card": PUBLISH, "team": 5, "achievement": "nope"},
        "no-such-achievement",
    )
    assert_refused(
        match,
        0,
        {"type": "use", "card": PUBLISH, "team": 5, "achievement": "len5", "multiply": 0},
        "bad-action",
    )
    top = match.view(0)["piles"]["len5"][0]
    match.apply(0, {"type": "use", "card": PUBLISH, "team": 5, "achievement": "len5"})
    assert match.view(0)["scores"] == [5 + 5, 0]  # five 1-point letters + the 5-point card
    assert match.view(0)["achievements"][0] == [top]
    assert top not in match.view(0)["piles"]["len5"]


def test_an_achievement_allows_at_most_one_wild() -> None:
    match = started(
        ["?", "?", "a", "r", "e", "e", "e"],
        "stare",
        ["?s", "?t", "a", "r", "e"],
        teams=[{"5": [fam(PUBLISH)]}],
    )
    assert_refused(
        match,
        0,
        {"type": "use", "card": PUBLISH, "team": 5, "achievement": "len5"},
        "too-many-wilds",
    )
    legal = match.legal_actions(0)
    assert not any(a.get("achievement") for a in legal)
    match.apply(0, {"type": "use", "card": PUBLISH, "team": 5})
    assert match.view(0)["scores"] == [3, 0]


def test_one_wild_still_claims() -> None:
    match = started(
        ["?", "t", "a", "r", "e", "e", "e"],
        "stare",
        ["?s", "t", "a", "r", "e"],
        teams=[{"5": [fam(PUBLISH)]}],
    )
    match.apply(0, {"type": "use", "card": PUBLISH, "team": 5, "achievement": "len5"})
    assert match.view(0)["scores"] == [4 + 5, 0]


def test_multiplier_achievement_multiplies_the_chosen_letter() -> None:
    match = started(
        ["z", "e", "b", "r", "a", "e", "e"],
        "zebra",
        list("zebra"),
        teams=[{"5": [fam(PUBLISH)]}],
    )
    assert match.game.lexicon.syllables("zebra") == 2
    assert_refused(
        match,
        0,
        {"type": "use", "card": PUBLISH, "team": 5, "achievement": "syl2"},
        "choose-letter",
    )
    match.apply(
        0, {"type": "use", "card": PUBLISH, "team": 5, "achievement": "syl2", "multiply": 0}
    )
    assert match.view(0)["scores"] == [16 + 10, 0]  # Z doubled: 10 more


def test_syllables_any_standard_pronunciation_meets_an_achievement() -> None:
    """Issue 18, item 5 (syllables): EVERY is "ev-er-y" and "ev-ry"; either pronunciation
    fits, so it meets the 2-syllable pile and the 3-syllable pile alike."""
    assert LEX.syllable_counts("every") == (3, 2)
    for pile in ("syl2", "syl3"):
        match = match_every()
        offered = {a.get("achievement") for a in match.legal_actions(0) if a.get("card")}
        assert {"syl2", "syl3", "len5"} <= offered
        use = {"type": "use", "card": PUBLISH, "team": 5, "achievement": pile, "multiply": 1}
        events = match.apply(0, use)
        assert events[0]["achievement"] is not None


def match_every() -> Match:
    return started(
        ["e", "v", "e", "r", "y", "e", "e"], "every", list("every"), teams=[{"5": [fam(PUBLISH)]}]
    )


def test_hire_fills_a_team_up_to_its_leader_number_and_refills_the_market() -> None:
    match = started(
        ["c", "a", "t", "s", *REST[:3]],
        "cats",
        list("cats"),
        teams=[{"3": [fam("F02"), fam("F03"), fam("F04")]}],
        market=[PUBLISH, "F31", "F32"],
        familiar_deck=["F33", "F34"],
    )  # the 4 leader (side a) hires
    assert_refused(
        match,
        0,
        {"type": "use", "card": "leader", "familiar": PUBLISH, "team": 3, "side": "front"},
        "team-full",
    )
    assert_refused(
        match,
        0,
        {"type": "use", "card": "leader", "familiar": "F50", "team": 4, "side": "front"},
        "not-in-market",
    )
    match.apply(
        0, {"type": "use", "card": "leader", "familiar": PUBLISH, "team": 4, "side": "back"}
    )
    view = match.view(0)
    assert view["teams"][0][1]["familiars"] == [
        {"id": PUBLISH, "side": "back", "action": "draw", "lock": None}
    ]
    assert view["market"] == ["F33", "F31", "F32"]
    assert view["familiar_deck_size"] == 1


def test_hiring_a_lock_tucks_a_letter_from_the_hand() -> None:
    match = started(
        ["c", "a", "t", "s", "e", "e", "o"], "cats", list("cats"), market=[LOCK, "F41", "F42"]
    )
    base = {"type": "use", "card": "leader", "familiar": LOCK, "team": 3}
    assert_refused(match, 0, {**base, "side": "front", "lock": "z"}, "card-not-in-hand")
    assert_refused(match, 0, {**base, "side": "back", "lock": "e"}, "no-lock-here")
    assert_refused(match, 0, {**base, "side": "up"}, "bad-side")
    match.apply(0, {**base, "side": "front", "lock": "o"})
    assert match.view(0)["teams"][0][0]["familiars"][0]["lock"] == "o"
    assert sorted(hand(match, 0)) == ["e", "e"]


def test_teamwork_copies_a_familiar_never_a_leader_nor_teamwork() -> None:
    match = started(
        ["s", "a", "t", *REST],
        "sat",
        ["s", "a", "t"],
        deck=list("bcd"),
        teams=[{"3": [fam(TEAMWORK), fam("F58")], "6": [fam(DRAW)]}],
    )
    base = {"type": "use", "card": TEAMWORK}
    assert_refused(
        match,
        0,
        {**base, "copy": "hire", "familiar": "F50", "team": 4, "side": "front"},
        "no-familiar-to-copy",
    )
    assert_refused(match, 0, {**base, "copy": "teamwork"}, "cannot-copy-teamwork")
    err = assert_refused(match, 0, {**base, "copy": "lock"}, "no-familiar-to-copy")
    assert "when its familiar is hired" in err.message
    copies = {a["copy"] for a in match.legal_actions(0) if "copy" in a}
    assert copies == {"draw"}  # not the leaders' draw/hire/burn/publish, not teamwork
    match.apply(0, {**base, "copy": "draw"})
    assert sorted(hand(match, 0)) == ["b", *REST]


def test_teamwork_copies_only_the_players_own_familiars() -> None:
    """Issue 18, item 4 (teamwork): "take the action of another familiar from any team" means
    any of the player's own teams, as "add it to any team" does for hire: a publish familiar
    on another wizard's table gives nothing to copy."""
    match = started(
        ["s", "a", "t", *REST],
        "sat",
        ["s", "a", "t"],
        deck=list("bcd"),
        teams=[{"3": [fam(TEAMWORK)]}, {"3": [fam(PUBLISH)], "5": [fam(BURN)]}],
    )
    assert not [a for a in match.legal_actions(0) if "copy" in a]
    err = assert_refused(
        match,
        0,
        {"type": "use", "card": TEAMWORK, "copy": "publish", "team": 3},
        "no-familiar-to-copy",
    )
    assert "None of your familiars" in err.message


def test_pickup_returns_a_spell_to_the_hand() -> None:
    match = started(
        ["s", "t", *REST],
        "sat",
        ["s", "=a", "t"],
        teams=[{"3": [fam(LOCK, lock="a"), fam(PICKUP)]}],
    )
    assert_refused(match, 0, {"type": "use", "card": PICKUP, "team": 4}, "no-such-spell")
    match.apply(0, {"type": "use", "card": PICKUP, "team": 3})
    assert spell(match, 0, 3) is None
    assert sorted(hand(match, 0)) == ["e", "e", "e", "e", "s", "t"]
    assert match.view(0)["teams"][0][0]["familiars"][0]["lock"] == "a"


def test_wild_familiar_takes_from_the_wild_pile() -> None:
    match = started(["s", "a", "t", *REST], "sat", ["s", "a", "t"], teams=[{"3": [fam(WILD)]}])
    before = match.view(0)["wild_pile"]
    match.apply(0, {"type": "use", "card": WILD})
    assert match.view(0)["wild_pile"] == before - 1
    assert "?" in hand(match, 0)


def test_leader_side_b() -> None:
    match = table([["s", "a", "t", *REST], ["e"] * 7], leaders="b")
    match.apply(0, {"type": "start", "word": "sat", "cards": ["s", "a", "t"]})
    assert match.view(0)["pending"]["unused"] == [{"card": "leader", "action": "hire"}]


def test_end_of_game_waits_for_a_player_who_can_still_publish() -> None:
    """Issue 18, item 1 (end of game), too early: the deck is empty, P1 starts RATS at the hire
    team and P2 passes. A quiet round went by, but P1 can still start BANANA at the 6+ team,
    whose leader publishes: "no player can burn a letter or publish a spell" is not true yet."""
    match = table([["r", "a", "t", "s", "b", "a", "n", "a", "n", "a"], ["e", "x"]], deck=[])
    match.apply(0, {"type": "start", "word": "rats", "cards": ["r", "a", "t", "s"]})
    match.apply(0, {"type": "done"})
    match.apply(1, {"type": "draw"})
    assert match.result() is None and match.view(0)["quiet_turns"] == 2
    match.apply(0, {"type": "start", "word": "banana", "cards": list("banana")})
    match.apply(0, {"type": "use", "card": "leader", "team": 6})
    # RATS has no team that burns or publishes within reach now: the game is over
    result = match.result()
    assert result is not None and result.scores == [8, 0]
    assert_replays(match)


def test_end_of_game_comes_at_once_when_nobody_can_burn_or_publish() -> None:
    """Issue 18, item 1 (end of game), too late: with the deck empty and no word in any hand,
    nobody can burn or publish, so the game ends after the first turn, not after a round."""
    match = table([["e", "x"], ["e", "z"]], deck=[])
    match.apply(0, {"type": "draw"})  # drawing from an empty deck draws nothing
    result = match.result()
    assert result is not None and result.scores == [0, 0] and result.winners == [0, 1]
    assert_refused(match, 1, {"type": "draw"}, "game-over")
    assert_replays(match)


def test_the_game_ends_once_nothing_is_left_to_burn_or_publish() -> None:
    match = table([["e"], []], deck=[])
    match.apply(0, {"type": "discard", "letter": "e"})  # the last letter: the turn ends
    assert match.result() is not None


def test_ties_go_to_most_achievements_then_are_shared() -> None:
    match = table([["e"], ["e"], ["e"]], deck=[])
    state = match.state
    state["phase"] = "over"
    for player, score, achs in zip(
        state["players"], (9, 9, 9), (["A01"], ["A02"], []), strict=True
    ):
        player["score"], player["achievements"] = score, achs
    result = match.game.result(state)
    assert result is not None and result.winners == [0, 1] and result.ranks == [1, 1, 3]


def test_an_empty_pile_cannot_be_claimed() -> None:
    match = started(
        ["s", "t", "a", "r", "e", "e", "e"], "stare", list("stare"), teams=[{"5": [fam(PUBLISH)]}]
    )
    match.state["piles"]["len5"] = []
    assert_refused(
        match,
        0,
        {"type": "use", "card": PUBLISH, "team": 5, "achievement": "len5"},
        "achievement-gone",
    )


def test_the_six_plus_team_holds_six_familiars() -> None:
    six = [fam(f"F0{n}") for n in range(1, 7)]
    match = started(
        ["c", "a", "t", "s", *REST[:3]],
        "cats",
        list("cats"),
        teams=[{"5": [fam("F21"), fam("F22"), fam("F23"), fam("F24")], "6": six}],
        market=[PUBLISH, "F31", "F32"],
    )  # the 4 leader (side a) hires
    base = {"type": "use", "card": "leader", "familiar": PUBLISH, "side": "front"}
    err = assert_refused(match, 0, {**base, "team": 6}, "team-full")
    assert "6 familiars" in err.message
    hires = [a for a in match.legal_actions(0) if a.get("familiar")]
    assert {a["team"] for a in hires} == {3, 4, 5}
    match.apply(0, {**base, "team": 5})
    assert len(match.view(0)["teams"][0][2]["familiars"]) == 5


def test_hiring_a_lock_front_up_needs_a_letter_named() -> None:
    match = started(
        ["c", "a", "t", "s", "e", "e", "o"], "cats", list("cats"), market=[LOCK, "F41", "F42"]
    )
    action = {"type": "use", "card": "leader", "familiar": LOCK, "team": 3, "side": "front"}
    err = assert_refused(match, 0, action, "choose-letter")
    assert "E, O" in err.message and "'lock'" in err.message


def _zebra_at_the_publisher() -> tuple[Match, dict[str, Any]]:
    """ZEBRA (its A locked) at team 5 with a Publish familiar, and that familiar's action
    without the card position to multiply."""
    match = started(
        ["z", "e", "b", "r", "e", "e", "e"],
        "zebra",
        ["z", "e", "b", "r", "=a"],
        teams=[{"5": [fam(LOCK, lock="a"), fam(PUBLISH)]}],
    )
    return match, {"type": "use", "card": PUBLISH, "team": 5, "achievement": "syl2"}


def test_the_multiplier_takes_a_scoring_card_only() -> None:
    match, base = _zebra_at_the_publisher()
    for bad in (4, 5, -1):
        assert_refused(match, 0, {**base, "multiply": bad}, "choose-letter")
    assert_refused(match, 0, {**base, "multiply": "0"}, "bad-action")
    offered = {a["multiply"] for a in match.legal_actions(0) if a.get("achievement") == "syl2"}
    assert offered == {0, 1, 2, 3}
    match.apply(0, {**base, "multiply": 2})
    assert match.view(0)["scores"] == [15 + 3, 0]  # Z E B R (the locked A scores nothing), B x2


def test_a_locked_wild_counts_towards_the_wild_limit() -> None:
    match = started(
        ["?", "t", "a", "r", "e", "e", "e"],
        "stare",
        ["=?s", "?t", "a", "r", "e"],
        teams=[{"5": [fam(LOCK, lock="?"), fam(PUBLISH)]}],
    )
    assert_refused(
        match,
        0,
        {"type": "use", "card": PUBLISH, "team": 5, "achievement": "len5"},
        "too-many-wilds",
    )


def test_a_publish_of_nothing_but_locked_letters_keeps_the_round_quiet() -> None:
    """With the deck empty, a publish that discards no card and claims nothing does not
    restart the quiet round: only cards leaving for good do (so every game ends)."""
    locks = [fam(LOCK, lock="c"), fam("F41", lock="a"), fam("F42", lock="t")]
    match = table([["s", "e", "a", "t"], ["o"]], deck=[], teams=[{"3": locks, "4": [fam(PUBLISH)]}])
    state = match.state
    cat = [f["lock"] for f in state["players"][0]["teams"][0]["familiars"]]
    state["players"][0]["teams"][0]["spell"] = {"cards": cat, "letters": ["c", "a", "t"]}
    state["quiet"] = 1  # seat 1 had a quiet turn
    match.apply(0, {"type": "start", "word": "seat", "cards": ["s", "e", "a", "t"]})
    events = match.apply(0, {"type": "use", "card": PUBLISH, "team": 3})
    assert events[0]["points"] == 0 and spell(match, 0, 3) is None
    match.apply(0, {"type": "done"})
    assert match.result() is not None


def test_end_of_game_counts_what_the_team_of_a_spell_could_do() -> None:
    """Issue 18, item 1: "can" follows the team a spell would reach. SAT uses the whole hand,
    so a burn needs a letter brought first (a wild); a teamwork can copy a publish from
    another of the wizard's teams."""
    cases = [
        ({"3": [fam(BURN), fam(WILD)]}, True),
        ({"3": [fam(BURN)]}, False),  # nothing left in hand to burn after SAT
        ({"3": [fam(TEAMWORK)], "4": [fam(PUBLISH)]}, True),
        ({"3": [fam(TEAMWORK)], "4": [fam(DRAW)]}, False),
    ]
    for teams, goes_on in cases:
        match = table([["s", "a", "t"], ["x"]], deck=[], teams=[teams])
        match.apply(0, {"type": "draw"})
        assert (match.result() is None) == goes_on, teams


def test_the_multiplier_refusal_counts_cards_from_1_like_the_help() -> None:
    match, base = _zebra_at_the_publisher()
    err = assert_refused(match, 0, {**base, "multiply": 4}, "choose-letter")
    assert "from 0" not in err.message and "counting its cards from 1" in err.message
    assert "one of 1, 2, 3, 4." in err.message  # the locked A (card 5) does not score
    assert err.details["positions"] == [0, 1, 2, 3]
