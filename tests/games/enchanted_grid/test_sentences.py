"""The one sentence every front end shows for each public event: every event a game can hold
is worded by the game itself (never the generic fallback), names its players, and a face-down
card's sentence keeps its letter hidden."""

from __future__ import annotations

from typing import Any

import pytest

from crafthall.arena.autoplay import play_to_end, seat_bots
from crafthall.engine import Match
from crafthall.engine.data import Event
from crafthall.games.enchanted_grid.components import card_json, deck
from crafthall.games.enchanted_grid.text import SAYINGS, EnchantedGridText
from tests.games.enchanted_grid.helpers import ZONES, cid, table
from tests.support import event_types_said, start

HOWS = {"place", "face-down", "swap", "overwrite", "insert"}


def random_games() -> list[Match]:
    """Seeded games of random bots at 2 and 4 seats (among them, games whose scramble has a
    pass)."""
    games = []
    for seats in (2, 4):
        for seed in range(1, 6):
            match = start("enchanted-grid", seats, seed=seed)
            games.append(play_to_end(match, seat_bots(match, ["random"], seed), seed))
    return games


def said(match: Match, seat: int, action: dict[str, Any], names: list[str]) -> list[str | None]:
    """The sentences of the events of ``action``, with the players named ``names``."""
    text = EnchantedGridText(match.game, names)
    return [text.say(seat, event) for event in match.apply(seat, action)]


def test_every_event_of_random_games_has_the_games_own_sentence() -> None:
    seen: set[str] = set()
    hows: set[str] = set()
    for match in random_games():
        seen |= event_types_said(match)
        text = EnchantedGridText(match.game, match.seat_names)
        for event in match.events:
            sentence = text.say(match.moves[event["move"]].seat, event)
            if "seat" in event:
                assert match.seat_names[event["seat"]] in str(sentence), sentence
            hows.add(event.get("how", "place"))
    assert seen == set(SAYINGS), "every event type the game emits was met and has a sentence"
    assert hows == HOWS


@pytest.mark.parametrize(
    ("card", "extra", "expected"),
    [
        ("S red", {"type": "place", "at": [-1, 0]}, "Ann places the red S at -1,0."),
        (
            "N grey",
            {"type": "place", "at": [-1, 0], "face_down": True},
            "Ann places a grey card face down at -1,0.",
        ),
        (
            "D blue",
            {"type": "place", "at": [3, 1], "swap": [3, 0]},
            "Ann places the blue D at 3,1 and swaps it with the card at 3,0.",
        ),
        (
            "S red",
            {"type": "overwrite", "at": [0, 0]},
            "Ann covers the card at 0,0 with the red S.",
        ),
        (
            "S green",
            {"type": "insert", "at": [6, 1], "push": "left"},
            "Ann inserts the green S at 6,1, pushing the line left.",
        ),
    ],
)
def test_each_way_of_playing_a_card_is_said(card: str, extra: dict, expected: str) -> None:
    match = table(ZONES)
    action = {**extra, "card": cid(match, 0, card)}
    assert said(match, 0, action, ["Ann", "Bob"])[0] == expected


def test_a_face_down_card_is_said_without_its_letter() -> None:
    match = table(ZONES)
    action = {"type": "place", "card": cid(match, 0, "N grey"), "at": [-1, 0], "face_down": True}
    (sentence,) = said(match, 0, action, ["Ann", "Bob"])
    assert sentence is not None and " N " not in sentence and "grey card" in sentence


def test_claims_breaks_and_awards_name_their_players_and_agree_with_you() -> None:
    match = table(
        {
            "grid": [
                {"at": [0, 0], "card": "B green"},
                {"at": [1, 0], "card": "U grey"},
                {"at": [2, 1], "card": "T red enchanter"},
            ],
            "hands": [["S green"], ["G red"]],
            "deck": [],
        },
        round_cards=2,
    )
    names = ["You", "Bob"]
    bus = said(match, 0, {"type": "place", "card": cid(match, 0, "S green"), "at": [2, 0]}, names)
    assert bus == ["You place the green S at 2,0.", "You claim BUS (across)."]
    bug = said(match, 1, {"type": "overwrite", "card": cid(match, 1, "G red"), "at": [2, 0]}, names)
    assert bug[:3] == [
        "Bob covers the card at 2,0 with the red G.",
        "Your BUS is broken.",
        "Bob claims BUG (across).",
    ]
    assert "Bob wins BUG (3 cards)." in bug and "Round 1 ends." in bug


def test_a_reveal_names_the_card_turned_up() -> None:
    grey_n = next(c.id for c in deck() if c.code == "N grey")
    event: Event = {"type": "revealed", "at": [-1, 1], "card": card_json(grey_n)}
    text = EnchantedGridText(table(ZONES).game, ["Ann", "Bob"])
    assert text.say(None, event) == "The face-down card at -1,1 is turned up: the grey N."


def test_the_scramble_and_the_end_are_said() -> None:
    text = EnchantedGridText(table(ZONES).game, ["Ann", "Bob"])
    assert text.say(1, {"type": "passed", "seat": 1}) == "Bob passes."
    assert text.say(None, {"type": "game-over", "scores": [1, 3]}) == (
        "Game over: Ann 1 card, Bob 3 cards."
    )
    assert text.say(0, {"type": "scramble"}) == (
        "The final scramble begins: in turn, claim a word on the grid or pass."
    )
