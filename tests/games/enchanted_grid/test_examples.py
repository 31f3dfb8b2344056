"""The sample play's other worked examples, each through a fixed set-up: shared letters (TO/DO,
DARE/TAX), the grey MAD reveal, the blue, red and green demonstrations, overlapping zones, and
the final scramble (TO kept by P1, D left alone)."""

from __future__ import annotations

import random
from typing import Any

import pytest

from crafthall.games.enchanted_grid import words
from crafthall.games.enchanted_grid.words import WordReader
from crafthall.lexicon import Lexicon
from tests.games.enchanted_grid.helpers import cid, claims, letters, play, table
from tests.support import assert_refused, assert_replays


def awards(events: list[dict]) -> list[tuple[str, int, int]]:
    return [(e["word"], e["seat"], e["cards"]) for e in events if e["type"] == "awarded"]


def zone_colours(view: dict, cell: list[int]) -> list[str]:
    return next((z["colours"] for z in view["zones"] if z["at"] == cell), [])


def test_to_after_do_wins_the_shared_o() -> None:
    match = table(
        {
            "grid": [{"at": [0, 0], "card": "O red"}],
            "hands": [["T blue", "E blue"], ["D blue", "E red"]],
            "deck": [],
            "first": 1,
        },
        round_cards=2,
    )
    play(match, 1, "place", "D blue", [0, -1])
    assert claims(match) == [("DO", 1)]
    events = play(match, 0, "place", "T blue", [-1, 0])
    assert awards(events) == [("DO", 1, 1), ("TO", 0, 2)]
    assert [len(w) for w in match.state["won"]] == [2, 1]
    assert letters(match) == {}
    assert_replays(match)


def test_dare_beats_tax_for_the_shared_a_although_tax_came_later() -> None:
    match = table(
        {
            "grid": [
                {"at": [0, 0], "card": "D blue"},
                {"at": [1, 0], "card": "A blue"},
                {"at": [2, 0], "card": "R blue"},
                {"at": [1, -1], "card": "T blue"},
            ],
            "hands": [["E blue", "E red"], ["X blue", "F blue"]],
            "deck": [],
        },
        round_cards=2,
    )
    play(match, 0, "place", "E blue", [3, 0])
    assert claims(match) == [("DARE", 0)]
    events = play(match, 1, "place", "X blue", [1, 1])
    assert awards(events) == [("DARE", 0, 4), ("TAX", 1, 2)]
    assert letters(match) == {}


MAD: dict[str, Any] = {
    "grid": [
        {"at": [0, 0], "card": "M blue"},
        {"at": [2, 0], "card": "D blue"},
        {"at": [1, 1], "card": "U grey enchanter"},
    ],
    "hands": [["A grey enchanter", "E red"], ["O blue", "E blue"]],
    "deck": [],
}
"""The grey demonstration: M . D over a grey Enchanter U; the hidden card will be an A."""


def test_a_revealed_grey_card_claims_mad_for_its_placer() -> None:
    match = table({**MAD, "first": 1}, round_cards=2)
    play(match, 1, "place", "O blue", [2, 1])
    assert claims(match) == [("DO", 1)]
    play(match, 0, "place", "A grey enchanter", [1, 0], face_down=True)
    events = match.events  # the second card ended the round: reveal, then awards
    revealed = [e for e in events if e["type"] == "revealed"]
    assert revealed[0]["at"] == [1, 0] and revealed[0]["card"]["letter"] == "A"
    assert awards(events) == [("DO", 1, 1), ("MAD", 0, 3)]
    assert letters(match) == {(1, 1): "U"}


def test_a_face_down_card_is_a_blank_until_revealed() -> None:
    match = table(MAD)
    play(match, 0, "place", "A grey enchanter", [1, 0], face_down=True)
    assert claims(match) == []  # M ? D reads nothing while A is face down
    view = match.view(1)
    hidden = next(c for c in view["grid"] if c["at"] == [1, 0])
    assert "card" not in hidden  # nor, face down, does the Enchanter make a zone
    assert "grey" in zone_colours(view, [0, 1])  # U's zone only
    assert zone_colours(view, [1, -1]) == []


BLUE = {
    "grid": [
        {"at": [0, 0], "card": "E blue enchanter"},
        {"at": [-1, -1], "card": "A green enchanter"},
        {"at": [1, -1], "card": "T blue"},
    ],
    "hands": [["D blue", "E red"], ["F blue", "E green"]],
    "deck": [],
}


def test_blue_swaps_with_any_card_of_the_zone_or_its_enchanter() -> None:
    match = table(BLUE)
    card = next(c for c in match.state["hands"][0])
    targets = sorted(
        tuple(a["swap"])
        for a in match.legal_actions(0)
        if a.get("swap") is not None and a["card"] == card and a["at"] == [0, 1]
    )
    assert targets == [(-1, -1), (0, 0), (1, -1)]  # A, E itself, T
    play(match, 0, "place", "D blue", [0, 1], swap=[1, -1])
    assert letters(match) == {(0, 0): "E", (-1, -1): "A", (1, -1): "D", (0, 1): "T"}


def test_a_swapped_enchanter_carries_its_zone() -> None:
    match = table(BLUE)
    before = match.view(None)
    assert "green" in zone_colours(before, [-1, 0]) and "green" not in zone_colours(before, [0, 2])
    play(match, 0, "place", "D blue", [0, 1], swap=[-1, -1])
    after = match.view(None)
    assert letters(match)[(0, 1)] == "A" and letters(match)[(-1, -1)] == "D"
    assert "green" in zone_colours(after, [0, 2]) and "green" not in zone_colours(after, [-2, -2])


def test_red_over_a_red_enchanter_m_covers_the_lone_c() -> None:
    """Issue 18, item 6: the red demonstration puts a red M over the C Enchanter, a red
    Enchanter whose zone is the only red one. A red card's power reaches its red Enchanter's
    own cell: the move is listed, drawn by the playouts and played; C's zone goes off."""
    match = table(
        {
            "grid": [{"at": [0, 0], "card": "C red enchanter"}],
            "hands": [["M red"], ["F blue", "E green"]],
            "deck": [],
        }
    )
    game = match.game
    assert zone_colours(match.view(None), [-1, 0]) == ["red"]  # C's zone
    cover = {"type": "overwrite", "card": cid(match, 0, "M red"), "at": [0, 0]}
    assert cover in list(game.legal_actions(match.state, 0))
    rng = random.Random(1)
    drawn = [game.sample_action(match.state, 0, rng) for _ in range(40)]
    assert cover in drawn
    play(match, 0, "overwrite", "M red", [0, 0])
    view = match.view(None)
    assert view["zones"] == []
    covered = next(c for c in view["grid"] if c["at"] == [0, 0])
    assert covered["card"]["letter"] == "M" and covered["under"] == 1
    assert_replays(match)


def test_red_reaches_only_a_red_enchanters_own_cell() -> None:
    """A red card may cover an Enchanter of another colour only in a red zone."""
    match = table(
        {
            "grid": [
                {"at": [0, 0], "card": "C red enchanter"},
                {"at": [2, 0], "card": "E blue enchanter"},
            ],
            "hands": [["M red"], ["F blue"]],
            "deck": [],
        }
    )
    assert_refused(
        match,
        0,
        {"type": "overwrite", "card": cid(match, 0, "M red"), "at": [2, 0]},
        "not-in-red-zone",
    )


GREEN = {
    "grid": [
        {"at": [0, 0], "card": "J red"},
        {"at": [1, 0], "card": "M blue"},
        {"at": [3, 0], "card": "B blue"},
        {"at": [0, -1], "card": "I green enchanter"},
    ],
    "hands": [["S green", "E red"], ["F blue", "E green"]],
    "deck": [],
}


def test_green_inserts_at_j_pushing_j_left() -> None:
    match = table(GREEN)
    play(match, 0, "insert", "S green", [0, 0], push="left")
    assert letters(match) == {(-1, 0): "J", (0, 0): "S", (1, 0): "M", (3, 0): "B", (0, -1): "I"}


def test_green_inserts_at_m_pushing_m_right_up_to_the_gap() -> None:
    match = table(GREEN)
    play(match, 0, "insert", "S green", [1, 0], push="right")
    assert letters(match) == {(0, 0): "J", (1, 0): "S", (2, 0): "M", (3, 0): "B", (0, -1): "I"}


def test_a_word_pushed_whole_keeps_its_owner() -> None:
    match = table(
        {
            "grid": [
                {"at": [0, 0], "card": "J red"},
                {"at": [1, 0], "card": "T blue"},
                {"at": [0, -1], "card": "H green enchanter"},
            ],
            "hands": [["O blue", "E red"], ["E green", "F blue"]],
            "deck": [],
        }
    )
    play(match, 0, "place", "O blue", [2, 0])
    assert claims(match) == [("TO", 0)]
    events = play(match, 1, "insert", "E green", [1, 0], push="right")
    assert claims(match) == [("TO", 0)]
    assert not [e for e in events if e["type"] in ("claimed", "broken")]
    assert letters(match)[(2, 0)] == "T" and letters(match)[(3, 0)] == "O"


def test_overlapping_zones_offer_each_colour_its_power() -> None:
    match = table(
        {
            "grid": [
                {"at": [0, 0], "card": "T red enchanter"},
                {"at": [1, 0], "card": "X blue"},
                {"at": [2, 0], "card": "E blue enchanter"},
            ],
            "hands": [["M red", "F blue", "K grey", "E green"], ["E red"]],
            "deck": [],
        }
    )
    legal = match.legal_actions(0)
    kinds = {(a["type"], tuple(a["at"]), "swap" in a, "face_down" in a) for a in legal}
    assert ("overwrite", (1, 0), False, False) in kinds  # red power in the red zone
    assert ("place", (1, 1), True, False) in kinds  # blue power in the blue zone
    assert not [a for a in legal if a["type"] == "insert" or a.get("face_down")]


def test_the_final_scramble_to_for_p1_and_d_alone() -> None:
    match = table(
        {
            "grid": [{"at": [0, 0], "card": "T blue"}, {"at": [1, 0], "card": "O blue"}],
            "hands": [["D blue"], []],
            "deck": [],
            "first": 1,
        }
    )
    assert match.active_seats() == [0]  # P2 has no card: P1 plays
    play(match, 0, "place", "D blue", [0, 1])  # T over D reads nothing
    view = match.view(0)
    assert view["phase"] == "scramble" and view["active"] == [0]
    assert [w["word"] for w in view["words"]] == ["TO"]
    events = match.apply(0, {"type": "claim", "at": [0, 0], "direction": "across"})
    assert awards(events) == [("TO", 0, 2)]
    assert letters(match) == {(0, 1): "D"}
    result = match.result()
    assert result is not None and result.scores == [2, 0] and result.winners == [0]
    assert result.details == {"cards_left_on_grid": 1}
    assert_replays(match)


def test_the_scramble_ends_when_everyone_passes() -> None:
    match = table(
        {
            "grid": [{"at": [0, 0], "card": "T blue"}, {"at": [1, 0], "card": "O blue"}],
            "hands": [[], []],
            "deck": [],
        }
    )
    assert match.view(None)["phase"] == "scramble"
    match.apply(0, {"type": "pass"})
    assert match.result() is None
    match.apply(1, {"type": "pass"})
    result = match.result()
    assert result is not None and result.winners == [0, 1]


def test_a_scramble_claim_uncovers_cards_beneath() -> None:
    match = table(
        {
            "grid": [
                {"at": [0, 0], "card": "T blue"},
                {"at": [1, 0], "card": "D blue", "by": 1, "face_down": True},
                {"at": [1, 0], "card": "O blue"},
            ],
            "hands": [[], []],
            "deck": [],
        }
    )
    events = match.apply(0, {"type": "claim", "at": [0, 0], "direction": "across"})
    assert [e["card"]["letter"] for e in events if e["type"] == "revealed"] == ["D"]
    assert letters(match) == {(1, 0): "D"}
    assert match.result() is not None


def _row(first_id: int, hidden: int | None = None) -> dict[str, int]:
    """The face-up tops of four cards along row 0, ids ``first_id`` on; the ``hidden``-th lies
    face down (a blank)."""
    return {f"{x},0": first_id + x for x in range(4) if x != hidden}


def test_words_read_only_the_longest_of_a_run(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(words, "LETTERS", tuple("SITOTOGO"))  # card ids 0-3 SITO, 4-7 TOGO
    reader = WordReader(Lexicon.from_words(["sit", "it", "to", "go"]), 2)
    assert [w.text for w in reader.all_words(_row(0)).values()] == ["SIT"]
    assert [w.text for w in reader.all_words(_row(4)).values()] == ["TO"]  # the first of a tie
    assert [w.text for w in reader.all_words(_row(4, hidden=2)).values()] == ["TO"]  # TO ? O
    assert [w.cells for w in reader.all_words(_row(4, hidden=0)).values()] == [((2, 0), (3, 0))]
    assert WordReader(Lexicon.from_words(["sit", "it", "to", "go"]), 3).all_words(_row(4)) == {}


def test_mad_goes_to_the_hidden_cards_placer_however_early_it_was_played() -> None:
    """P1 hides the A first; P2 makes DO and ends the round; the reveal claims MAD for P1."""
    match = table(MAD, round_cards=2)
    play(match, 0, "place", "A grey enchanter", [1, 0], face_down=True)
    assert claims(match) == []
    events = play(match, 1, "place", "O blue", [2, 1])  # DO, and the round ends
    claimed = [(e["word"], e["seat"]) for e in events if e["type"] == "claimed"]
    assert claimed == [("DO", 1), ("MAD", 0)]
    assert awards(events) == [("DO", 1, 1), ("MAD", 0, 3)]  # MAD is longer: the D is P1's
    assert [len(w) for w in match.state["won"]] == [3, 1]


def test_a_revealed_card_breaks_the_word_it_lengthens() -> None:
    """P2's AT stands; P1's hidden C before it turns up as CAT: AT is struck, CAT is P1's."""
    match = table(
        {
            "grid": [
                {"at": [1, 0], "card": "A blue"},
                {"at": [0, 1], "card": "U grey enchanter"},
            ],
            "hands": [["C grey", "E red"], ["T blue", "E blue"]],
            "deck": [],
        },
        round_cards=2,
        lexicon=Lexicon.from_words(["at", "cat"]),
    )
    play(match, 0, "place", "C grey", [0, 0], face_down=True)
    events = play(match, 1, "place", "T blue", [2, 0])
    kinds = [(e["type"], e.get("word"), e.get("seat")) for e in events if "word" in e]
    assert kinds == [
        ("claimed", "AT", 1),
        ("broken", "AT", 1),
        ("claimed", "CAT", 0),
        ("awarded", "CAT", 0),
    ]
    assert [len(w) for w in match.state["won"]] == [3, 0]


def test_all_four_zones_overlapping_give_every_power_on_the_centre() -> None:
    """The sample's four Enchanters around one square: there every colour has its power."""
    four = {
        "grid": [
            {"at": [-1, -1], "card": "E blue enchanter"},
            {"at": [1, -1], "card": "T red enchanter"},
            {"at": [-1, 1], "card": "U grey enchanter"},
            {"at": [1, 1], "card": "I green enchanter"},
            {"at": [-1, 0], "card": "B blue"},
        ],
        "hands": [["D blue", "K grey", "M red", "S green"], ["E red"]],
        "deck": [],
    }
    match = table(four)
    assert zone_colours(match.view(None), [0, 0]) == ["blue", "green", "grey", "red"]
    empty = {(a["type"], "swap" in a, "face_down" in a) for a in match.legal_actions(0)}
    assert {("place", True, False), ("place", False, True)} <= empty  # swap, face down
    full = table({**four, "grid": [*four["grid"], {"at": [0, 0], "card": "O blue"}]})
    centre = {a["type"] for a in full.legal_actions(0) if a["at"] == [0, 0]}
    assert centre == {"overwrite", "insert"}  # on a card: overwrite, insert (push right)
    play(full, 0, "insert", "S green", [0, 0], push="right")
    assert letters(full)[(0, 0)] == "S" and letters(full)[(1, 0)] == "O"


def test_the_scramble_starts_with_the_next_rounds_starter() -> None:
    match = table(
        {
            "grid": [{"at": [0, 0], "card": "T blue"}, {"at": [1, 0], "card": "O blue"}],
            "hands": [["K grey"], ["J red"]],
            "deck": [],
        }
    )
    play(match, 0, "place", "K grey", [0, 1])
    play(match, 1, "place", "J red", [1, 1])  # hands empty: the round ends, P1 started it
    view = match.view(None)
    assert view["phase"] == "scramble" and view["active"] == [1]


def test_words_left_standing_after_the_awards_are_nobodys_until_the_scramble() -> None:
    """T over O reads TO; P1 covers the O with a red I for IT. When IT is lifted off, the O
    comes up and TO stands again, unclaimed: no move creates it, so nobody claims it in the next
    round, and the final scramble may take it."""
    match = table(
        {
            "grid": [
                {"at": [0, 0], "card": "T blue"},
                {"at": [0, 1], "card": "O blue"},
                {"at": [1, 1], "card": "T green"},
                {"at": [-1, 2], "card": "C red enchanter"},
            ],
            "hands": [["I red", "K grey"], ["J red", "X blue"]],
            "deck": [],
        },
        round_cards=2,
    )
    play(match, 0, "overwrite", "I red", [0, 1])
    assert claims(match) == [("IT", 0)]
    events = play(match, 1, "place", "J red", [-1, 3])
    assert awards(events) == [("IT", 0, 2)]
    view = match.view(None)
    assert [w["word"] for w in view["words"]] == ["TO"] and view["claims"] == []
    play(match, 1, "place", "X blue", [-2, 2])
    play(match, 0, "place", "K grey", [-2, 3])
    assert match.view(None)["phase"] == "scramble"  # round 2 made no word: TO was not claimed
    assert match.state["won"][1] == []
    events = match.apply(0, {"type": "claim", "at": [0, 0], "direction": "down"})
    assert awards(events) == [("TO", 0, 2)]


def test_a_swap_moves_a_covered_card_with_the_card_on_top() -> None:
    match = table(
        {
            "grid": [
                {"at": [0, 0], "card": "E blue enchanter"},
                {"at": [1, -1], "card": "S blue"},
                {"at": [1, -1], "card": "G red"},
            ],
            "hands": [["D blue", "E red"], ["F blue", "E green"]],
            "deck": [],
        }
    )
    play(match, 0, "place", "D blue", [1, 0], swap=[1, -1])
    assert letters(match) == {(0, 0): "E", (1, -1): "D", (1, 0): "G"}
    assert len(match.state["grid"]["1,0"]) == 2  # S is still under G
