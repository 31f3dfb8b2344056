"""The race: set-up, rolling, claiming, discards, Done and the one more word, scoring."""

from __future__ import annotations

import pytest

from crafthall.engine import IllegalAction, Match, Seat, SetupError, clone
from crafthall.games import entry, new_match
from crafthall.games.wordsmith import components as comp
from tests.games.wordsmith.helpers import (
    BAG_POOL,
    LEXICON,
    PASS,
    ROLL,
    SIX_WORDS,
    claim,
    pool_of,
    table,
    take,
)
from tests.support import assert_refused, assert_replays

# --- set-up ---------------------------------------------------------------------------------


def test_every_player_starts_with_the_same_eight_pieces_from_two_rolls_of_four_dice() -> None:
    for seed in range(20):
        match = new_match("wordsmith", ["a", "b", "c"], seed=seed, lexicon=LEXICON)
        start = match.state["start_pool"]
        assert comp.pool_size(start) == 8
        assert all(pool_of(match, seat) == start for seat in range(3))
        tray = match.state["tray"]
        assert all(tray[p] == comp.piece_totals()[p] - 3 * start[p] for p in comp.PIECES)
        assert match.active_seats() == [0, 1, 2]


def test_fixed_pool_and_dice() -> None:
    match = table(dice=["red"])
    assert pool_of(match, 0) == pool_of(match, 1) == BAG_POOL
    match.apply(0, ROLL)
    assert pool_of(match, 0)["red"] == 4


@pytest.mark.parametrize(
    "fixed",
    [
        {"colour": 1},
        {"pool": {"purple": 2}},
        {"pool": {"blue": 11}},
        {"dice": ["star"]},
        {"required": "abc"},
        {"pool": BAG_POOL, "pools": [BAG_POOL]},
    ],
)
def test_bad_fixed_set_ups_are_refused(fixed: dict[str, object]) -> None:
    with pytest.raises(SetupError) as err:
        new_match("wordsmith", ["a", "b"], seed=1, fixed=fixed, lexicon=LEXICON)
    assert str(err.value).endswith(".")


def test_a_solo_race_is_practice_and_handicap_needs_one_entry_per_seat() -> None:
    solo = new_match("wordsmith", ["solo"], seed=1, fixed={"pool": BAG_POOL}, lexicon=LEXICON)
    for word in SIX_WORDS:
        solo.apply(0, claim(word))
    assert solo.state["challenge"] == 2  # Done with nobody else: the challenge is over
    with pytest.raises(SetupError):
        new_match("wordsmith", ["a", "b"], options={"handicap": [1]}, lexicon=LEXICON)
    with pytest.raises(SetupError):
        new_match("wordsmith", ["a", "b"], options={"handicap": [1, 7]}, lexicon=LEXICON)


def test_the_game_is_simultaneous() -> None:
    match = table(seats=4)
    assert match.game.simultaneous
    assert match.active_seats() == [0, 1, 2, 3]


# --- rolling ----------------------------------------------------------------------------------


def test_a_roll_adds_the_rolled_piece_from_the_tray() -> None:
    match = table(dice=["yellow"])
    before = match.state["tray"]["yellow"]
    events = match.apply(1, ROLL)
    assert events[0] == {"type": "rolled", "seat": 1, "face": "yellow", "piece": "yellow"}
    assert pool_of(match, 1)["yellow"] == 3
    assert match.state["tray"]["yellow"] == before - 1


def test_the_die_comes_from_the_state_generator() -> None:
    faces = []
    for seed in range(40):
        match = table(seed=seed)
        faces.append(match.apply(0, ROLL)[0]["face"])
    assert set(faces) == set(comp.PIECES)
    again = table(seed=7)
    assert again.apply(0, ROLL) == table(seed=7).apply(0, ROLL)


def test_a_wild_face_lets_the_player_choose_any_piece() -> None:
    match = table(dice=["blue"])
    events = match.apply(0, ROLL)
    assert events[0]["choice"] == "wild"
    assert pool_of(match, 0) == BAG_POOL
    assert {a["piece"] for a in match.legal_actions(0) if a["type"] == "take"} == set(comp.PIECES)
    assert_refused(match, 0, ROLL, "choose-piece-first")
    assert_refused(match, 0, claim("bag"), "choose-piece-first")
    match.apply(0, take("red"))
    assert pool_of(match, 0)["red"] == 4
    assert match.state["players"][0]["pending"] is None


def test_an_empty_compartment_lets_the_player_take_any_other_piece() -> None:
    box = {"red": 6, "yellow": 30, "blue": 10, "green": 10}
    match = table(dice=["red"], box=box)
    assert match.state["tray"]["red"] == 0
    events = match.apply(0, ROLL)
    assert events[0] == {"type": "rolled", "seat": 0, "face": "red", "choice": "empty"}
    assert_refused(match, 0, take("red"), "piece-not-offered")
    match.apply(0, take("green"))
    assert pool_of(match, 0)["green"] == 3


def test_stuck_after_a_wild_roll_the_roll_is_lost_and_play_goes_on() -> None:
    """Item 9: a wild rolled just before the others empty the tray offers nothing; the roll
    comes to nothing and the player claims, passes or, once pieces are back, rolls again."""
    box = {piece: 2 * BAG_POOL[piece] + (piece == "red") for piece in comp.PIECES}
    match = table(box=box, dice=["blue", "red"])  # the tray holds one red piece
    match.apply(0, ROLL)  # wild: any piece, and only the red one is left
    err = assert_refused(match, 0, take("blue"), "piece-not-offered")
    assert err.message == "The blue compartment is empty; take one of: red."
    events = match.apply(1, ROLL)  # seat 2 rolls red and takes the last piece
    assert events[1:] == [{"type": "roll-lost", "seat": 0}]
    ui = entry("wordsmith").text(match.game, match.seat_names)
    assert "P1's roll comes to nothing" in ui.describe(1, ROLL, events)
    assert match.state["players"][0]["pending"] is None
    assert match.view(0)["prompt"].startswith("Roll for a piece, claim a word")
    legal = list(match.legal_actions(0))
    assert claim("bag") in legal and ROLL not in legal  # the tray is empty
    assert_refused(match, 0, take("red"), "nothing-to-take")
    match.apply(1, claim("cup"))  # seat 2's leftovers go back to the tray
    assert ROLL in match.legal_actions(0)
    match.apply(0, ROLL)
    assert_replays(match)


def test_an_empty_compartment_roll_is_lost_too_when_a_take_empties_the_tray() -> None:
    box = {piece: 2 * BAG_POOL[piece] + (piece == "red") for piece in comp.PIECES}
    match = table(box=box, dice=["yellow", "blue"])  # the tray holds one red piece
    match.apply(0, ROLL)  # yellow, an empty compartment: any other piece
    err = assert_refused(match, 0, take("yellow"), "piece-not-offered")
    assert err.message == (
        "You rolled yellow when its compartment was empty, so you take another piece; "
        "take one of: red."
    )
    match.apply(1, ROLL)  # a wild
    assert match.apply(1, take("red"))[1:] == [{"type": "roll-lost", "seat": 0}]
    assert match.view(1)["players"][0]["pending"] is None
    assert all(a["type"] != "take" for a in match.legal_actions(0))


def test_take_without_a_choice_is_refused() -> None:
    match = table()
    assert_refused(match, 0, take("blue"), "nothing-to-take")
    assert_refused(match, 0, take("purple"), "unknown-piece")


def test_rolling_on_an_empty_tray_is_refused() -> None:
    match = table(box={"red": 6, "yellow": 4, "blue": 2, "green": 4})
    assert not any(match.state["tray"].values())
    assert_refused(match, 0, ROLL, "tray-empty")
    assert ROLL not in match.legal_actions(0)


# --- claiming ---------------------------------------------------------------------------------


def test_claim_keeps_the_word_pieces_and_discards_the_leftovers() -> None:
    match = table()
    tray_before = dict(match.state["tray"])
    events = match.apply(0, claim("cup"))  # C + U(2 yellow, 1 green) + P(red, green)
    assert pool_of(match, 0) == comp.recipe("cup")
    discarded = 8 - comp.pool_size(comp.recipe("cup"))
    assert events[0]["discarded"] == discarded
    assert match.state["players"][0]["discards"] == discarded
    assert sum(match.state["tray"].values()) == sum(tray_before.values()) + discarded
    assert match.state["players"][0]["sheet"][0] == "cup"
    assert "dictionary" in events[0]["reason"]


def test_claim_must_be_buildable_from_the_pool() -> None:
    match = table()
    err = assert_refused(match, 0, claim("hats"), "not-buildable")
    assert "HATS" in err.message and "green" not in err.message.split("lacks")[1]


def test_claim_must_be_letters_of_the_alphabet() -> None:
    match = table()
    assert_refused(match, 0, claim("ba9"), "not-letters")
    assert_refused(match, 0, {"type": "claim"}, "bad-action")
    assert_refused(match, 0, claim("  "), "bad-action")
    assert_refused(match, 0, {"type": "shout"}, "bad-action")


def test_claim_must_be_a_dictionary_word() -> None:
    match = table()
    err = assert_refused(match, 0, claim("gba"), "word-not-in-dictionary")
    assert "GBA" in err.message


def test_minimum_length_admits_a_and_i_by_default() -> None:
    """Item 11: the rulebook's valid words are dictionary words, of no set length; the option
    ``min_length=2`` still rules A and I out."""
    match = table()
    legal = list(match.legal_actions(0))
    assert claim("a") in legal and claim("i") in legal
    events = match.apply(0, claim("a"))  # A: 2 red and 1 yellow, 5 pieces discarded
    assert events[0]["word"] == "a" and events[0]["boxes_checked"] == 5
    assert_refused(match, 1, claim("a"), "word-already-claimed")
    match.apply(1, claim("i"))  # I: 1 red; 7 discards check every free box and a bonus box
    assert match.view(1)["players"][1]["bonus_left"] == 5
    assert match.view(1)["scores"] == [1 + 6, 1 + 5]
    strict = table(options={"min_length": 2})
    err = assert_refused(strict, 0, claim("a"), "word-too-short")
    assert "at least 2" in err.message
    assert claim("i") not in strict.legal_actions(0)


def test_gab_after_bag_is_a_mere_rearrangement() -> None:
    match = table()
    match.apply(0, claim("bag"))
    err = assert_refused(match, 0, claim("gab"), "no-new-letter")
    assert "BAG" in err.message
    match.apply(0, claim("cast"))  # the rulebook's next word: C, S and T are new


def test_the_new_letter_rule_looks_at_the_player_own_previous_word() -> None:
    match = table()
    match.apply(0, claim("bag"))
    match.apply(1, claim("gab"))  # seat 2 never claimed BAG


def test_the_first_valid_claim_wins_a_word_and_the_second_is_refused() -> None:
    """Both players race for CAST: the engine applies the claims in arrival order."""
    match = table(seats=3)
    match.apply(1, claim("cast"))
    err = assert_refused(match, 0, claim("cast"), "word-already-claimed")
    assert "CAST" in err.message and "another player" in err.message
    assert "seat" not in err.message
    assert_refused(match, 2, claim("cast"), "word-already-claimed")
    assert claim("cast") not in match.legal_actions(0)
    match.apply(0, claim("cats"))


def test_hyphen_and_apostrophe_words_score_five_letters() -> None:
    pool = {"red": 6, "yellow": 9, "blue": 4, "green": 2}
    match = table(pool=pool, options={"challenges": 1})
    match.apply(0, claim("yo-yo"))
    match.apply(1, claim("don't"))
    assert match.view(0)["scores"][0] - match.view(0)["players"][0]["bonus_left"] == 5
    assert match.view(1)["scores"][1] - match.view(1)["players"][1]["bonus_left"] == 5


# --- discards -------------------------------------------------------------------------------


def test_discard_boxes_run_out_after_twelve() -> None:
    pool = {"red": 8, "yellow": 6, "blue": 1, "green": 0}  # 15 pieces
    match = table(pool=pool, options={"min_length": 1}, dice=["red"])
    assert_refused(match, 0, claim("i"), "too-many-leftovers")  # 14 leftovers
    match.apply(0, claim("it"))  # 12 leftovers: every box checked
    player = match.view(0)["players"][0]
    assert (player["discards"], player["boxes_left"], player["bonus_left"]) == (12, 0, 0)
    match.apply(0, ROLL)  # pieces may still be added ...
    assert pool_of(match, 0) == {"red": 3, "yellow": 1, "blue": 0, "green": 0}
    err = assert_refused(match, 0, claim("i"), "must-use-all-pieces")  # ... but all used
    assert "every piece" in err.message
    assert all(a["type"] != "claim" for a in match.legal_actions(0))


def test_bonus_boxes_are_checked_after_the_free_ones() -> None:
    pool = {"red": 5, "yellow": 3, "blue": 0, "green": 0}
    match = table(pool=pool, options={"min_length": 1})
    match.apply(0, claim("i"))  # 7 leftovers: 6 free boxes and 1 bonus box
    player = match.view(0)["players"][0]
    assert (player["discards"], player["boxes_left"], player["bonus_left"]) == (7, 5, 5)


def test_player_levels_cross_out_free_discard_boxes() -> None:
    pool = {"red": 5, "yellow": 2, "blue": 0, "green": 2}
    match = table(pool=pool, options={"min_length": 1, "handicap": [6, 0]})
    me, other = match.view(0)["players"]
    assert (me["boxes_left"], me["bonus_left"]) == (6, 6)
    assert (other["boxes_left"], other["bonus_left"]) == (12, 6)
    assert_refused(match, 0, claim("i"), "too-many-leftovers")  # 8 > 6 boxes
    match.apply(0, claim("it"))  # 6 leftovers, all on bonus boxes
    assert match.view(0)["players"][0]["bonus_left"] == 0
    match.apply(1, claim("sit"))  # S + I + T: 5 pieces, 4 leftovers on free boxes
    assert match.view(1)["players"][1]["bonus_left"] == 6


def test_handicap_applies_again_in_every_challenge() -> None:
    match = table(options={"handicap": [3, 0]})
    for seat in (0, 1):
        match.apply(seat, PASS)
    assert match.state["challenge"] == 2
    assert match.state["players"][0]["crossed"] == 3


# --- Done and the one more word ---------------------------------------------------------------


def six_words(match: Match, seat: int) -> None:
    for word in SIX_WORDS:
        match.apply(seat, claim(word))


def test_the_sixth_word_calls_done_and_the_others_claim_one_more_word() -> None:
    match = table(seats=3, dice=["red"], options={"challenges": 1})
    match.apply(2, ROLL)
    match.apply(1, claim("cats"))
    for word in SIX_WORDS[:-1]:
        match.apply(0, claim(word))
    assert match.state["phase"] == "race"
    events = match.apply(0, claim(SIX_WORDS[-1]))
    assert events[-1] == {"type": "done", "seat": 0}
    assert match.state["phase"] == "last-words"
    assert match.active_seats() == [1, 2]
    assert_refused(match, 1, ROLL, "no-adding-after-done")
    assert all(a["type"] in {"claim", "pass"} for a in match.legal_actions(2))
    match.apply(1, claim("lid"))  # discarding is still allowed
    assert match.active_seats() == [2]
    assert_refused(match, 1, claim("lip"), "not-your-turn")
    match.apply(2, PASS)
    result = match.result()
    assert result is not None
    sheets = match.state["history"][0]["sheets"]
    assert [len(lines) for lines in sheets] == [6, 2, 0]
    assert result.scores[0] == 3 + 4 * 5 + 6
    assert_replays(match)


def test_a_move_out_of_turn_is_refused_naming_who_is_to_play() -> None:
    """The engine's turn check is the only one: its sentence names the players still to act."""
    match = table(seats=3, options={"challenges": 1})
    match.apply(1, PASS)
    err = assert_refused(match, 1, ROLL, "not-your-turn")
    assert err.message == "It is not your turn: P1 and P3 are to play."
    with pytest.raises(IllegalAction, match="not your turn: seat 1 and seat 3 are to play"):
        match.game.apply(clone(match.state), 1, ROLL)  # the rules refuse it without a Match
    match.apply(2, PASS)
    err = assert_refused(match, 2, claim("bag"), "not-your-turn")
    assert err.message == "It is not your turn: P1 is to play."


def test_a_roll_made_before_done_may_still_be_taken() -> None:
    match = table(dice=["blue"], options={"challenges": 1})
    match.apply(1, ROLL)
    six_words(match, 0)
    assert match.legal_actions(1) == [take(p) for p in comp.PIECES] + [PASS]
    match.apply(1, take("green"))
    assert_refused(match, 1, ROLL, "no-adding-after-done")


def test_the_challenge_ends_when_nobody_can_claim_any_more() -> None:
    match = table(options={"challenges": 2})
    match.apply(0, claim("bag"))
    match.apply(0, PASS)
    assert match.active_seats() == [1]
    events = match.apply(1, PASS)
    assert [e["type"] for e in events] == ["passed", "scored", "challenge"]
    assert match.state["challenge"] == 2
    assert match.state["history"][0]["scores"] == [3 + 6, 0 + 6]


def test_a_new_challenge_returns_every_piece_to_the_tray() -> None:
    match = table(dice=["red", "red"], options={"challenges": 2})
    match.apply(0, ROLL)
    match.apply(1, ROLL)
    match.apply(0, claim("cup"))
    match.apply(0, PASS)
    match.apply(1, PASS)
    state = match.state
    assert state["challenge"] == 2
    assert all(p["sheet"] == [None] * 6 and p["discards"] == 0 for p in state["players"])
    assert state["claimed"] == {}
    assert all(pool_of(match, seat) == BAG_POOL for seat in (0, 1))
    totals = comp.piece_totals()
    assert all(state["tray"][p] == totals[p] - 2 * BAG_POOL[p] for p in comp.PIECES)


# --- scoring --------------------------------------------------------------------------------


def test_three_challenges_then_the_highest_total_wins() -> None:
    match = table()
    for _challenge in range(3):
        match.apply(0, claim("cup"))  # 3 letters, 2 discards on free boxes
        match.apply(0, PASS)
        match.apply(1, claim("bag"))  # 3 letters, no discard
        match.apply(1, claim("cast"))  # new letters C, S, T
        match.apply(1, PASS)
    result = match.result()
    assert result is not None
    assert [entry["scores"] for entry in match.state["history"]] == [[9, 13]] * 3
    assert result.scores == [27, 39]
    assert result.winners == [1]
    assert_refused(match, 0, ROLL, "game-over")


def test_tied_players_share_the_victory() -> None:
    match = table()
    for _challenge in range(3):
        match.apply(0, claim("bag"))
        match.apply(1, claim("gab"))
        match.apply(0, PASS)
        match.apply(1, PASS)
    result = match.result()
    assert result is not None
    assert result.scores == [27, 27]
    assert result.winners == [0, 1]
    assert result.ranks == [1, 1]


def test_accepted_claims_are_shown_to_everyone_with_the_reason() -> None:
    match = table()
    match.apply(0, claim("bag"))
    events = match.apply(0, claim("cast"))
    assert events[0]["word"] == "cast"
    assert "new letter(s) C, S, T after BAG" in events[0]["reason"]
    assert match.view(1)["claimed"] == {"bag": 0, "cast": 0}
    assert match.view(1)["players"][0]["sheet"][:2] == ["bag", "cast"]


def test_seat_names_in_replay() -> None:
    match = new_match("wordsmith", [Seat("Ann"), Seat("Bo")], seed=4, lexicon=LEXICON)
    match.apply(0, ROLL)
    assert_replays(match)


def test_rulebook_claim_example_hats() -> None:
    """The rulebook's claim example: HATS, yelled, spelled and written on the sheet."""
    pool = {"red": 5, "yellow": 3, "blue": 0, "green": 2}
    assert comp.recipe("hats") == pool
    match = table(pool=pool)
    events = match.apply(0, claim("HATS"))
    assert events[0]["word"] == "hats" and events[0]["discarded"] == 0
    assert match.view(1)["players"][0]["sheet"][0] == "hats"


# --- review additions -----------------------------------------------------------------------


def test_after_done_a_take_without_a_roll_is_refused_as_adding_pieces() -> None:
    match = table(options={"challenges": 1})
    six_words(match, 0)
    err = assert_refused(match, 1, take("blue"), "no-adding-after-done")
    assert "roll the die" not in err.message and "Done" in err.message


def test_a_word_using_every_piece_is_accepted_after_twelve_discards() -> None:
    pool = {"red": 8, "yellow": 6, "blue": 1, "green": 0}
    match = table(pool=pool, options={"min_length": 1}, dice=["red", "yellow"])
    match.apply(0, claim("it"))  # 12 leftovers: every box checked
    match.apply(0, ROLL)
    match.apply(0, ROLL)  # the pool is now exactly A + T
    assert pool_of(match, 0) == comp.recipe("at")
    assert [a for a in match.legal_actions(0) if a["type"] == "claim"] == [claim("at")]
    events = match.apply(0, claim("at"))
    assert events[0]["discarded"] == 0
    assert match.state["players"][0]["discards"] == 12


def test_new_letter_by_sets_counts_letters_tat_after_at_and_toot_after_to() -> None:
    """Item 10: a letter built anew counts, repeats included: TAT after AT builds a second T,
    TOOT after TO a second T and O. (GAB after BAG builds nothing new: see
    test_gab_after_bag_is_a_mere_rearrangement.)"""
    match = table(pool=comp.recipe("at"), dice=["red", "yellow"])
    match.apply(0, claim("at"))
    match.apply(0, ROLL)
    match.apply(0, ROLL)  # one more red and yellow: a T
    assert pool_of(match, 0) == comp.recipe("tat")
    assert claim("tat") in match.legal_actions(0)
    events = match.apply(0, claim("tat"))
    assert "new letter(s) T after AT" in events[0]["reason"]

    toot = table(pool=comp.recipe("to"), dice=["red", "yellow", "blue", "green"])
    toot.apply(0, claim("to"))
    for piece in ("red", "yellow", "blue", "blue"):  # blue and green faces are wild
        toot.apply(0, ROLL)
        if toot.state["players"][0]["pending"]:
            toot.apply(0, take(piece))
    assert pool_of(toot, 0) == comp.recipe("toot")
    assert claim("toot") in toot.legal_actions(0)
    assert "new letter(s) O, T after TO" in toot.apply(0, claim("toot"))[0]["reason"]
    assert_replays(toot)


def test_the_previous_word_does_not_carry_into_the_next_challenge() -> None:
    match = table(options={"challenges": 2})
    match.apply(0, claim("bag"))
    match.apply(0, PASS)
    match.apply(1, PASS)
    assert match.state["challenge"] == 2
    match.apply(0, claim("gab"))  # a new challenge: no previous word yet


def test_a_refused_repeat_names_who_claimed_the_word() -> None:
    match = table(seats=3)
    match.apply(2, claim("bag"))
    err = assert_refused(match, 0, claim("bag"), "word-already-claimed")
    assert err.details.get("by") == 2 and "another player" in err.message


def test_refusals_and_prompts_name_no_seats_and_no_terminal_commands() -> None:
    """Sentences reach the browser too: no "seat N", no "(e.g. 'take blue')"."""
    match = table(dice=["blue"])
    match.apply(0, ROLL)
    for action in (ROLL, claim("bag")):
        err = assert_refused(match, 0, action, "choose-piece-first")
        assert "'take" not in err.message and "e.g." not in err.message
        assert "blue" in err.message and "red" in err.message
    match.apply(0, take("red"))
    match.apply(0, claim("bag"))
    err = assert_refused(match, 0, claim("bag"), "word-already-claimed")
    assert "by you" in err.message and "seat" not in err.message
    done = table(options={"challenges": 1})
    six_words(done, 0)
    err = assert_refused(done, 1, ROLL, "no-adding-after-done")
    assert "seat" not in err.message
    prompt = done.view(1)["prompt"]
    assert "called Done" in prompt and "seat" not in prompt
