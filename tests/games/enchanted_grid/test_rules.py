"""Each rule of docs/rules/enchanted-grid.md, and every refusal with its code."""

from __future__ import annotations

import copy
from typing import Any

import pytest

from crafthall.engine import IllegalAction, Match, SetupError
from crafthall.games.enchanted_grid import EnchantedGrid, EnchantedGridGreedy
from crafthall.games.enchanted_grid.components import card, deck
from tests.games.enchanted_grid.helpers import WORDS, ZONES, cid, claims, letters, play, table
from tests.support import assert_refused, start


@pytest.fixture
def zones() -> Match:
    return table(ZONES)


def test_the_deck_has_120_cards_20_enchanters() -> None:
    cards = deck()
    assert len(cards) == 120
    assert sum(c.enchanter for c in cards) == 20
    for colour in ("blue", "red", "grey", "green"):
        assert sum(1 for c in cards if c.colour == colour and c.enchanter) == 5
        assert sum(1 for c in cards if c.colour == colour and not c.enchanter) == 25


def test_a_new_game_deals_five_cards_each_and_seat_one_starts() -> None:
    match = start("enchanted-grid", 3, seed=5, lexicon=WORDS)
    state = match.state
    assert [len(h) for h in state["hands"]] == [5, 5, 5]
    assert len(state["deck"]) == 105 and state["total"] == 120
    assert match.active_seats() == [0]
    assert match.legal_actions(0)[0]["at"] == [0, 0]
    assert {tuple(a["at"]) for a in match.legal_actions(0)} == {(0, 0)}


def test_the_same_seed_deals_the_same_cards() -> None:
    one = start("enchanted-grid", 2, seed=9, lexicon=WORDS).state
    two = start("enchanted-grid", 2, seed=9, lexicon=WORDS).state
    assert one == two


def test_after_a_card_the_player_draws_and_the_counter_rises(zones: Match) -> None:
    play(zones, 0, "place", "S red", [-1, 0])
    state = zones.state
    assert state["counter"] == 1 and len(state["hands"][0]) == 6
    assert card(state["hands"][0][-1]).code == "A blue"
    assert zones.active_seats() == [1]


def test_a_player_without_cards_is_skipped() -> None:
    match = table({"grid": [], "hands": [["T blue"], ["O blue", "E blue"]], "deck": []})
    play(match, 0, "place", "T blue", [0, 0])
    play(match, 1, "place", "O blue", [1, 0])
    assert claims(match) == [("TO", 1)]  # the mover claims, whoever placed the other letters
    assert match.active_seats() == [1]


def test_the_round_starter_rotates_in_seat_order() -> None:
    hands = [["A blue", "A red"], ["E blue", "E red"], ["I blue", "I red"]]
    match = table({"hands": hands, "deck": []}, seats=3, round_cards=3)
    order = []
    for _ in range(6):
        seat = match.active_seats()[0]
        order.append(seat)
        match.apply(seat, match.legal_actions(seat)[0])
    assert order == [0, 1, 2, 1, 2, 0]


def test_covering_a_letter_with_the_same_letter_takes_no_word() -> None:
    """Issue 18, item 7: a red S over the S of P1's BUS changes no letter, so it creates no
    word and breaks none: BUS stays P1's and its claim now holds the red S, which P1 wins at
    the round's end (the green S under it surfaces). The greedy bot values the move so too."""
    match = table(
        {
            "grid": [
                {"at": [-1, 0], "card": "B green"},
                {"at": [0, 0], "card": "U grey enchanter"},
                {"at": [0, 1], "card": "T red enchanter"},
            ],
            "hands": [["S green"], ["S red"]],
            "deck": [],
        },
        round_cards=2,
    )
    play(match, 0, "place", "S green", [1, 0])
    assert claims(match) == [("BUS", 0)]
    red_s = cid(match, 1, "S red")
    cover = {"type": "overwrite", "card": red_s, "at": [1, 0]}
    game = match.game
    assert isinstance(game, EnchantedGrid)
    bus = match.state["claims"][0]["cards"][:2]
    assert EnchantedGridGreedy.claims_after(game, match.state, 1, cover) == [
        {"seat": 0, "cards": [*bus, red_s]}
    ]
    events = match.apply(1, cover)  # the second card: the round ends
    assert [e["type"] for e in events[:2]] == ["played", "awarded"]  # nothing claimed or broken
    assert [(e["word"], e["seat"], e["cards"]) for e in events if e["type"] == "awarded"] == [
        ("BUS", 0, 3)
    ]
    assert red_s in match.state["won"][0] and match.state["won"][1] == []
    assert letters(match) == {(0, 1): "T", (1, 0): "S"}


def test_covering_a_letter_of_nobodys_word_with_the_same_letter_claims_nothing() -> None:
    """TO stands unclaimed (left from an earlier round); a red O over its O makes nothing new."""
    grid = [
        {"at": [0, 0], "card": "T blue"},
        {"at": [1, 0], "card": "O blue"},
        {"at": [1, 1], "card": "C red enchanter"},
    ]
    match = table({"grid": grid, "hands": [["O red", "I red"], ["E blue"]], "deck": []})
    play(match, 0, "overwrite", "O red", [1, 0])
    assert claims(match) == []
    assert [e["type"] for e in match.events[-1:]] == ["played"]


def test_covering_a_letter_with_the_same_letter_by_a_blue_swap_keeps_the_word() -> None:
    """A blue O swapped with the O of P1's TO leaves TO reading the same: still P1's."""
    grid = [
        {"at": [-1, 0], "card": "T blue"},
        {"at": [0, 1], "card": "E blue enchanter"},
    ]
    match = table({"grid": grid, "hands": [["O red", "K grey"], ["O blue", "F blue"]], "deck": []})
    play(match, 0, "place", "O red", [0, 0])
    blue_o = cid(match, 1, "O blue")
    events = play(match, 1, "place", "O blue", [1, 1], swap=[0, 0])
    assert [e["type"] for e in events] == ["played"]
    assert claims(match) == [("TO", 0)]
    assert match.state["claims"][0]["cards"][1] == blue_o


def test_a_longer_word_breaks_the_shorter_claim() -> None:
    match = table({"grid": [{"at": [0, 0], "card": "G blue"}], "hands": [["O blue"], ["D blue"]]})
    play(match, 0, "place", "O blue", [1, 0])
    play(match, 1, "place", "D blue", [2, 0])
    assert claims(match) == [("GOD", 1)]


def test_breaking_a_longer_word_hands_the_shorter_one_to_the_breaker() -> None:
    """SITO reads SIT; covering the I makes TO the run's word, claimed by who broke SIT."""
    grid = [
        {"at": [0, 0], "card": "S blue"},
        {"at": [1, 0], "card": "I blue"},
        {"at": [2, 0], "card": "T blue"},
        {"at": [3, 0], "card": "O blue"},
        {"at": [1, 1], "card": "T red enchanter"},
    ]
    match = table({"grid": grid, "hands": [["G red"], ["E blue"]], "deck": []})
    play(match, 0, "overwrite", "G red", [1, 0])
    assert claims(match) == [("TO", 0)]


# --- refusals ------------------------------------------------------------------------------


def action(match: Match, seat: int, kind: str, code: str, at: list[int], **extra: Any) -> dict:
    return {"type": kind, "card": cid(match, seat, code), "at": at, **extra}


@pytest.mark.parametrize(
    ("kind", "code", "at", "extra", "error"),
    [
        ("place", "S red", [9, 9], {}, "not-next-to-a-card"),
        ("place", "S red", [0, 0], {}, "cell-occupied"),
        ("place", "S red", [-1, 0], {"face_down": True}, "face-down-needs-grey"),
        ("place", "N grey", [0, -2], {"face_down": True}, "not-next-to-a-card"),
        ("place", "N grey", [4, 0], {"face_down": True}, "not-in-grey-zone"),
        ("place", "N grey", [-1, 0], {"face_down": "yes"}, "bad-action"),
        ("place", "S red", [2, 0], {"swap": [3, 0]}, "swap-needs-blue"),
        ("place", "D blue", [0, -1], {"swap": [0, 0]}, "not-in-blue-zone"),
        ("place", "D blue", [2, 0], {"swap": [0, 0]}, "swap-out-of-zone"),
        ("place", "D blue", [2, 0], {"swap": [2, 1]}, "swap-out-of-zone"),
        ("place", "D blue", [2, 0], {"swap": "3,0"}, "bad-action"),
        ("overwrite", "G red", [3, 0], {}, "not-in-red-zone"),
        ("overwrite", "G red", [-1, 2], {}, "nothing-to-overwrite"),
        ("overwrite", "D blue", [0, 0], {}, "overwrite-needs-red"),
        ("insert", "D blue", [6, 1], {"push": "right"}, "insert-needs-green"),
        ("insert", "S green", [6, 1], {"push": "sideways"}, "bad-action"),
        ("insert", "S green", [5, 1], {"push": "right"}, "nothing-to-push"),
        ("insert", "S green", [6, 1], {"push": "right"}, "not-between-cards"),
        ("insert", "S green", [0, 1], {"push": "left"}, "not-between-cards"),
        ("insert", "S green", [0, 0], {"push": "up"}, "not-in-green-zone"),
        ("overwrite", "G red", [0, 0], {"face_down": True}, "bad-action"),
    ],
)
def test_illegal_plays_are_refused(
    zones: Match, kind: str, code: str, at: list[int], extra: dict, error: str
) -> None:
    assert_refused(zones, 0, action(zones, 0, kind, code, at, **extra), error)


def test_cards_and_cells_must_be_well_formed(zones: Match) -> None:
    other = zones.state["hands"][1][0]
    assert_refused(zones, 0, {"type": "place", "card": other, "at": [-1, 0]}, "card-not-in-hand")
    assert_refused(zones, 0, {"type": "place", "card": 999, "at": [-1, 0]}, "bad-card")
    assert_refused(zones, 0, {"type": "place", "card": True, "at": [-1, 0]}, "bad-action")
    card_id = cid(zones, 0, "S red")
    assert_refused(zones, 0, {"type": "place", "card": card_id, "at": [1]}, "bad-action")
    assert_refused(zones, 0, {"type": "place", "card": card_id, "at": [0.5, 1]}, "bad-action")
    assert_refused(zones, 0, {"type": "fly"}, "bad-action")
    assert_refused(zones, 0, ["place"], "bad-action")  # type: ignore[arg-type]
    assert_refused(zones, 1, {"type": "place", "card": other, "at": [-1, 0]}, "not-your-turn")
    assert_refused(zones, 0, {"type": "pass"}, "not-scramble-yet")
    assert_refused(
        zones, 0, {"type": "claim", "at": [0, 0], "direction": "down"}, "not-scramble-yet"
    )


def test_the_first_card_goes_on_the_origin() -> None:
    match = table({"hands": [["A blue"], ["E blue"]], "deck": []})
    refused = assert_refused(
        match, 0, action(match, 0, "place", "A blue", [2, 3]), "first-card-at-origin"
    )
    assert "[" not in refused.message, "a player is never shown raw coordinates"


def test_scramble_refusals_and_the_end() -> None:
    grid = [{"at": [0, 0], "card": "T blue"}, {"at": [1, 0], "card": "O blue"}]
    match = table({"grid": grid, "hands": [[], []], "deck": []})
    assert_refused(match, 0, {"type": "place", "card": 1, "at": [2, 0]}, "scramble-time")
    refused = assert_refused(
        match, 0, {"type": "claim", "at": [1, 0], "direction": "across"}, "no-word-there"
    )
    assert "TO (across)" in refused.message and "[" not in refused.message
    assert_refused(match, 0, {"type": "claim", "at": [0, 0], "direction": "up"}, "bad-action")
    assert_refused(match, 0, {"type": "claim", "at": "0,0", "direction": "across"}, "bad-action")
    match.apply(0, {"type": "claim", "at": [0, 0], "direction": "across"})
    assert match.result() is not None
    assert_refused(match, 1, {"type": "pass"}, "game-over")


def test_every_listed_action_is_accepted_and_nothing_else(zones: Match) -> None:
    legal = zones.legal_actions(0)
    keyed = {repr(sorted(a.items())) for a in legal}
    assert len(keyed) == len(legal)
    for act in legal:
        zones.game.apply(copy.deepcopy(zones.state), 0, act)
    # A superset of candidate actions: whatever apply accepts must be listed.
    cells = [[x, y] for x in range(-2, 9) for y in range(-2, 4)]
    extras: list[dict[str, Any]] = [{}, {"face_down": True}]
    extras += [{"swap": c} for c in cells if abs(c[0] - 3) <= 2 and c[1] <= 1]
    extras += [{"push": p} for p in ("left", "right", "up", "down")]
    accepted = 0
    for card_id in zones.state["hands"][0]:
        for kind in ("place", "overwrite", "insert"):
            for at in cells:
                for extra in extras:
                    if ("push" in extra) != (kind == "insert"):
                        continue
                    candidate = {"type": kind, "card": card_id, "at": at, **extra}
                    try:
                        zones.game.check_action(candidate)  # as a Match does first
                        zones.game.apply(copy.deepcopy(zones.state), 0, candidate)
                    except Exception as err:
                        assert type(err).__name__ == "IllegalAction"
                        continue
                    accepted += 1
                    assert repr(sorted(candidate.items())) in keyed, candidate
    assert accepted == len(legal)


# --- set-up --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("fixed", "words"),
    [
        ({"hands": [["A blue"]]}, "one list of cards"),
        ({"hands": [["A purple"], []]}, "not a card"),
        ({"hands": [["J green"], []]}, "more 'J green'"),
        ({"hands": [["A blue"], []], "first": 5}, "first"),
        ({"hands": [["A blue"], []], "colour": 1}, "Unknown fixed"),
        ({"hands": [["A blue"], []], "grid": [{"card": "A red"}]}, "grid entry"),
        ({"hands": [[], []], "deck": ["A blue"]}, "needs cards in some hand"),
    ],
)
def test_bad_fixed_set_ups_are_refused(fixed: dict, words: str) -> None:
    with pytest.raises(SetupError, match=words):
        table(fixed)


@pytest.mark.parametrize("options", [{"round_cards": 1}, {"hand_size": 0}, {"min_word": 1}])
def test_bad_options_are_refused(options: dict) -> None:
    with pytest.raises(SetupError):
        start("enchanted-grid", 2, lexicon=WORDS, options=options)


def test_five_seats_are_refused() -> None:
    with pytest.raises(SetupError, match="2 to 4"):
        start("enchanted-grid", 5, lexicon=WORDS)


def test_min_word_option_ignores_two_letter_words() -> None:
    fixed = {"grid": [{"at": [0, 0], "card": "T blue"}], "hands": [["O blue"], ["E blue"]]}
    match = table(fixed, min_word=3)
    play(match, 0, "place", "O blue", [1, 0])
    assert claims(match) == []
    assert letters(match) == {(0, 0): "T", (1, 0): "O"}


def test_refusals_say_what_to_do(zones: Match) -> None:
    wrong = assert_refused(
        zones, 0, action(zones, 0, "overwrite", "D blue", [0, 0]), "overwrite-needs-red"
    )
    assert "blue D" in wrong.message and "empty cell" in wrong.message
    grid = [{"at": [0, 0], "card": "T blue"}, {"at": [1, 0], "card": "O blue"}]
    match = table({"grid": grid, "hands": [[], []], "deck": []})
    none = assert_refused(
        match, 0, {"type": "claim", "at": [1, 0], "direction": "across"}, "no-word-there"
    )
    assert "TO (across)" in none.message and "choose the first card" in none.message


def test_a_move_that_turns_a_hidden_card_up_cannot_be_taken_back() -> None:
    grid = [
        {"at": [0, 0], "card": "T blue"},
        {"at": [1, 0], "card": "D blue", "by": 1, "face_down": True},
        {"at": [1, 0], "card": "O blue"},
        {"at": [0, 2], "card": "G blue"},
        {"at": [1, 2], "card": "O red"},
    ]
    match = table({"grid": grid, "hands": [[], []], "deck": []})
    game, before = match.game, copy.deepcopy(match.state)
    match.apply(0, {"type": "claim", "at": [0, 2], "direction": "across"})  # GO: nothing hidden
    assert game.undoable(before, match.state)
    before = copy.deepcopy(match.state)
    match.apply(1, {"type": "claim", "at": [0, 0], "direction": "across"})  # TO uncovers the D
    assert not game.undoable(before, match.state)


@pytest.mark.parametrize(
    ("kind", "code", "at", "extra", "error"),
    [
        ("place", "S red", [9, 9], {}, "not-next-to-a-card"),
        ("place", "S red", [0, 0], {}, "cell-occupied"),
        ("place", "N grey", [4, 0], {"face_down": True}, "not-in-grey-zone"),
        ("place", "D blue", [2, 0], {"swap": [2, 1]}, "swap-out-of-zone"),
        ("overwrite", "G red", [3, 0], {}, "not-in-red-zone"),
        ("overwrite", "G red", [-1, 2], {}, "nothing-to-overwrite"),
        ("insert", "S green", [5, 1], {"push": "right"}, "nothing-to-push"),
        ("insert", "S green", [6, 1], {"push": "right"}, "not-between-cards"),
    ],
)
def test_refusals_describe_cells_as_the_player_sees_them(
    zones: Match, kind: str, code: str, at: list[int], extra: dict, error: str
) -> None:
    """No raw "Cell [x, y]" and no terminal command: a spot, or the card lying there."""
    err = assert_refused(zones, 0, action(zones, 0, kind, code, at, **extra), error)
    assert "[" not in err.message and "Cell" not in err.message
    assert "use 'place'" not in err.message


def test_the_occupied_spot_names_its_card(zones: Match) -> None:
    err = assert_refused(zones, 0, action(zones, 0, "place", "S red", [0, 0]), "cell-occupied")
    top = zones.state["tops"]["0,0"]
    assert f"the {card(top).colour} {card(top).letter}" in err.message


def test_a_move_out_of_turn_is_refused_naming_who_is_to_play(zones: Match) -> None:
    """The engine's turn check words the refusal: the player whose turn it is, by name."""
    other = zones.state["hands"][1][0]
    out_of_turn = {"type": "place", "card": other, "at": [-1, 0]}
    err = assert_refused(zones, 1, out_of_turn, "not-your-turn")
    assert err.message == "It is not your turn: P1 is to play."
    # The rules refuse it too when handed the state directly (a bot, a search), by seat.
    state = copy.deepcopy(zones.state)
    with pytest.raises(IllegalAction) as caught:
        zones.game.apply(state, 1, out_of_turn)
    assert caught.value.code == "not-your-turn" and "seat 1 is to play" in caught.value.message
    assert state == zones.state
