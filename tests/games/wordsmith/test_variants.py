"""Secret Wordsmith, the Advanced Game and Word by Word (player levels: test_race.py)."""

from __future__ import annotations

from crafthall.engine import Match, Seat
from crafthall.games import new_match
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

SECRET = {"secret": True, "challenges": 1}

# --- Secret Wordsmith -------------------------------------------------------------------------


def test_secret_claims_are_hidden_from_other_seats_and_events() -> None:
    match = table(seats=3, options=SECRET)
    events = match.apply(0, claim("bag"))
    assert "word" not in events[0] and "cast" not in str(events) and "bag" not in str(events)
    for seat in (1, 2, None):
        view = match.view(seat)
        assert view["players"][0]["sheet"] is None
        assert view["players"][0]["last"] is None
        assert view["claimed"] == {}
        assert "bag" not in str(view)
        assert view["players"][0]["words"] == 1
    assert match.view(0)["players"][0]["sheet"][0] == "bag"


def test_secret_allows_the_same_word_on_several_sheets() -> None:
    match = table(options=SECRET)
    match.apply(0, claim("bag"))
    match.apply(1, claim("bag"))
    match.apply(0, PASS)
    match.apply(1, PASS)
    assert match.state["history"][0]["scores"] == [9, 9]


def test_secret_invalid_words_are_accepted_and_score_zero_at_scoring() -> None:
    match = table(options=SECRET)
    match.apply(0, claim("gba"))  # not a word: still written on the sheet
    match.apply(0, claim("cast"))
    match.apply(0, claim("acts"))  # a rearrangement of CAST
    match.apply(0, claim("bag"))
    match.apply(0, claim("bag"))  # already on this sheet (and no new letter)
    match.apply(0, PASS)
    match.apply(1, PASS)
    lines = match.state["history"][0]["sheets"][0]
    assert [(line["word"], line["points"]) for line in lines] == [
        ("gba", 0),
        ("cast", 4),
        ("acts", 0),
        ("bag", 3),
        ("bag", 0),
    ]
    assert "dictionary" in lines[0]["reason"]
    assert "CAST" in lines[2]["reason"]
    assert match.state["history"][0]["scores"][0] == 4 + 3 + 6
    # Once scored, the sheets are public.
    assert match.view(1)["players"][0]["sheet"][0] == "gba"


def test_secret_still_checks_what_the_pieces_make_physical() -> None:
    pool = {"red": 10, "yellow": 6, "blue": 1, "green": 0}
    match = table(options={**SECRET, "min_length": 2}, pool=pool)
    assert_refused(match, 0, claim("hats"), "not-buildable")
    assert_refused(match, 0, claim("ba9"), "not-letters")
    assert_refused(match, 0, claim("a"), "word-too-short")
    assert_refused(match, 0, claim("it"), "too-many-leftovers")  # 14 leftovers


def test_secret_six_claims_call_done_whatever_their_validity() -> None:
    match = table(options=SECRET)
    for word in ["gba", "cast", "gab", "disk", "grip", "mics"]:
        match.apply(0, claim(word))
    assert match.state["phase"] == "last-words"


def test_secret_legal_claims_are_the_scoring_ones() -> None:
    match = table(options=SECRET)
    match.apply(1, claim("bag"))
    match.apply(0, claim("bag"))
    words = {a["word"] for a in match.legal_actions(0) if a["type"] == "claim"}
    assert "cast" in words and "bag" not in words and "gab" not in words


# --- Advanced Game --------------------------------------------------------------------------

ADVANCED = {"advanced": True, "challenges": 1}


def test_advanced_required_letters_come_from_a_six_letter_word_or_at_random() -> None:
    words = new_match("wordsmith", ["a", "b"], seed=2, options=ADVANCED, lexicon=LEXICON)
    assert words.state["required"] == "fonder"  # the only six-letter word of the test list
    drawn = new_match(
        "wordsmith",
        ["a", "b"],
        seed=2,
        options={**ADVANCED, "required_from": "random"},
        lexicon=LEXICON,
    )
    letters = drawn.state["required"]
    assert len(letters) == 6 and len(set(letters)) == 6
    assert drawn.view(1)["required"] == letters


def test_advanced_claims_go_in_any_free_line_holding_its_letter() -> None:
    match = table(options=ADVANCED, required="gtdpmc")
    match.apply(0, claim("cast", line=1))  # line 2 requires T
    assert match.state["players"][0]["sheet"][1] == "cast"
    err = assert_refused(match, 0, claim("bag", line=1), "line-taken")
    assert "Line 2" in err.message
    err = assert_refused(match, 0, claim("disk", line=0), "missing-required-letter")
    assert "G" in err.message and "line 1" in err.message
    assert_refused(match, 0, claim("bag"), "line-needed")
    assert_refused(match, 0, claim("bag", line=6), "line-needed")
    match.apply(0, claim("bag", line=0))
    assert match.state["players"][0]["order"] == [1, 0]
    assert match.state["players"][0]["last"] == "bag"
    legal = [a for a in match.legal_actions(0) if a["type"] == "claim"]
    assert legal and all(a["line"] in {2, 3, 4, 5} for a in legal)
    assert all(match.state["required"][a["line"]] in a["word"] for a in legal)


def test_advanced_done_after_six_lines() -> None:
    match = table(options=ADVANCED, required="gtlkpm")
    for line, word in enumerate(["bag", "cast", "glib", "disk", "grip", "mics"]):
        match.apply(0, claim(word, line=line))
    assert match.state["phase"] == "last-words"


def test_advanced_secret_checks_the_required_letter_at_scoring() -> None:
    match = table(options={**ADVANCED, "secret": True}, required="gtlkpm")
    match.apply(0, claim("disk", line=0))  # no G: accepted now, zero later
    match.apply(0, PASS)
    match.apply(1, PASS)
    line = match.state["history"][0]["sheets"][0][0]
    assert (line["points"], line["valid"]) == (0, False)
    assert "required letter" in line["reason"]


# --- Word by Word ---------------------------------------------------------------------------

WBW = {"mode": "word-by-word", "challenges": 1}


def word_by_word(seats: int, dice: list[str], **kw: object) -> Match:
    pool = {"red": 3, "yellow": 3, "blue": 2, "green": 0}
    return table(seats=seats, pool=pool, dice=dice, options={**WBW, **kw})


def test_word_by_word_rulebook_example_goat_done_drone_fonder() -> None:
    """The rulebook's Word by Word sheet: GOAT, DONE, DRONE, FONDER, solo."""
    dice = ["red", "yellow", "blue", "red", "red", "yellow", "red", "yellow", "green"]
    dice += ["red", "yellow", "yellow", "red", "red", "red", "red", "red", "red"]
    match = word_by_word(1, dice)
    assert match.view(0)["round_roll"] == ["red", "yellow", "blue"]
    assert match.state["players"][0]["wilds"] == 1
    match.apply(0, take("blue"))
    match.apply(0, claim("goat"))  # 2 leftovers
    assert match.state["round"] == 1
    match.apply(0, claim("done"))  # 1 leftover
    match.apply(0, take("green"))
    match.apply(0, claim("drone"))
    match.apply(0, claim("fonder"))
    assert match.state["players"][0]["discards"] == 3
    match.apply(0, PASS)
    match.apply(0, PASS)
    result = match.result()
    assert result is not None
    assert result.scores == [4 + 4 + 5 + 6 + 6]
    assert_replays(match)


def test_word_by_word_everyone_gets_the_red_and_yellow_pieces() -> None:
    match = word_by_word(3, ["red", "blue", "yellow"])
    for seat in range(3):
        assert pool_of(match, seat) == {"red": 4, "yellow": 4, "blue": 2, "green": 0}
        assert match.state["players"][seat]["wilds"] == 1


def test_word_by_word_rerolls_when_only_wilds_show() -> None:
    match = word_by_word(2, ["blue", "green", "blue", "red", "red", "green"])
    assert match.state["round_roll"] == ["red", "red", "green"]


def test_word_by_word_forbids_rolling() -> None:
    match = word_by_word(2, ["red", "red", "red"])
    assert_refused(match, 0, ROLL, "no-rolling-in-word-by-word")
    assert_refused(match, 0, take("blue"), "nothing-to-take")


def test_word_by_word_waits_for_everyone_before_the_next_dice() -> None:
    match = word_by_word(2, ["red", "red", "blue", "yellow", "yellow", "yellow"])
    match.apply(0, claim("it"))
    assert match.active_seats() == [1]
    assert_refused(match, 0, claim("at"), "not-your-turn")
    events = match.apply(1, claim("at"))
    assert events[-1] == {"type": "round", "word": 2, "faces": ["yellow", "yellow", "yellow"]}
    assert match.active_seats() == [0, 1]


def test_word_by_word_unused_wild_circles_cost_discard_boxes() -> None:
    match = word_by_word(2, ["red", "blue", "green", "red", "red", "red"])
    match.apply(0, take("green"))
    events = match.apply(0, claim("it"))  # 10 pieces - 3 = 7 leftovers + 1 unused circle
    assert (events[0]["discarded"], events[0]["boxes_checked"]) == (7, 8)
    assert match.state["players"][0]["discards"] == 8
    assert match.state["players"][0]["wilds"] == 0


def test_word_by_word_pass_skips_a_word_and_loses_its_wilds() -> None:
    match = word_by_word(1, ["red", "blue", "green"] + ["red"] * 30)
    match.apply(0, PASS)
    player = match.state["players"][0]
    assert player["discards"] == 0 and player["sheet"] == [None] * 6
    assert match.state["round"] == 1 and player["wilds"] == 0


def test_word_by_word_solo_is_allowed_and_ends_after_six_words() -> None:
    match = word_by_word(1, ["red"] * 30)
    for _ in range(6):
        match.apply(0, PASS)
    assert match.result() is not None


def test_word_by_word_empty_compartment_becomes_a_wild_circle() -> None:
    box = {"red": 3, "yellow": 40, "blue": 20, "green": 20}
    match = table(
        seats=1,
        pool=comp.empty_pool() | {"red": 3},
        dice=["red", "red", "yellow"],
        options=WBW,
        box=box,
    )
    player = match.state["players"][0]
    assert player["wilds"] == 2 and player["pool"]["yellow"] == 1


def test_word_by_word_claimed_word_is_refused_for_others() -> None:
    match = word_by_word(2, ["red", "red", "red"])
    match.apply(0, claim("it"))
    assert_refused(match, 1, claim("it"), "word-already-claimed")


def test_start_pool_is_identical_in_word_by_word() -> None:
    match = new_match("wordsmith", [Seat("a"), Seat("b")], seed=9, options=WBW, lexicon=LEXICON)
    assert pool_of(match, 0) == pool_of(match, 1)
    assert BAG_POOL and SIX_WORDS


def test_word_by_word_wild_needs_a_piece_in_the_tray() -> None:
    box = {"red": 40, "yellow": 40, "blue": 2, "green": 20}
    match = table(
        seats=1,
        pool=comp.empty_pool() | {"blue": 2},
        dice=["red", "red", "blue"],
        options=WBW,
        box=box,
    )
    assert_refused(match, 0, take("blue"), "piece-not-offered")
    match.apply(0, take("green"))


def test_word_by_word_each_wild_circle_gives_one_piece_and_expires_with_its_word() -> None:
    match = word_by_word(1, ["red", "blue", "yellow", "red", "red", "red"])
    assert match.state["players"][0]["wilds"] == 1
    match.apply(0, take("blue"))
    assert match.state["players"][0]["wilds"] == 0
    assert_refused(match, 0, take("blue"), "nothing-to-take")  # the circle is checked
    match.apply(0, claim("it"))
    assert match.state["round_roll"] == ["red", "red", "red"]
    assert match.state["players"][0]["wilds"] == 0  # no circle carried to the next word
    assert_refused(match, 0, take("green"), "nothing-to-take")
