"""A small fixed table and a small dictionary, so the rule tests are exact and fast."""

from __future__ import annotations

from typing import Any

from crafthall.engine import Match
from crafthall.lexicon import Lexicon
from tests.support import start

WORDS = [
    "sat",
    "cat",
    "cats",
    "act",
    "acts",
    "scat",
    "star",
    "rats",
    "arts",
    "stare",
    "tears",
    "rates",
    "aster",
    "quit",
    "quite",
    "quiet",
    "the",
    "then",
    "them",
    "eat",
    "tea",
    "ate",
    "east",
    "seat",
    "teas",
    "eats",
    "zest",
    "tsar",
    "stair",
    "stairs",
    "artiste",
    "heat",
    "theatre",
    "theatres",
    "banana",
    "bananas",
    "zebra",
    "zebras",
    "set",
    "sea",
    "tee",
    "every",
]
LEX = Lexicon.from_words(WORDS)

# familiar ids by front (see components.json)
DRAW, WILD, BURN, PUBLISH, LOCK, HIRE, TEAMWORK, PICKUP = (
    "F01",
    "F11",
    "F20",
    "F30",
    "F40",
    "F48",
    "F57",
    "F66",
)


def table(
    hands: list[list[str]],
    *,
    deck: list[str] | None = None,
    teams: list[dict[str, Any]] | None = None,
    market: list[str] | None = None,
    leaders: str = "a",
    options: dict[str, Any] | None = None,
    **fixed: Any,
) -> Match:
    spec: dict[str, Any] = {"hands": hands, **fixed}
    if deck is not None:
        spec["deck"] = deck
    if teams is not None:
        spec["teams"] = teams
    if market is not None:
        spec["market"] = market
    return start(
        "evocabulary",
        len(hands),
        seed=1,
        fixed=spec,
        lexicon=LEX,
        options={"leaders": leaders, **(options or {})},
    )


def fam(fid: str, side: str = "front", lock: str | None = None) -> dict[str, Any]:
    found: dict[str, Any] = {"id": fid, "side": side}
    if lock is not None:
        found["lock"] = lock
    return found


def hand(match: Match, seat: int) -> list[str]:
    found: list[str] = match.view(seat)["hand"]
    return found


def spell(match: Match, seat: int, team: int) -> dict[str, Any] | None:
    found: dict[str, Any] | None = match.view(None)["teams"][seat][team - 3]["spell"]
    return found
