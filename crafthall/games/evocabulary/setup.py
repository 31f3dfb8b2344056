"""Laying out an Evocabulary table: shuffled, or fixed by hand for examples and puzzles.

Fixed set-up keys (all optional; see docs/rules/evocabulary.md):

- ``hands``: one list of faces per seat (``"?"`` takes a wild from the wild pile);
- ``deck``: the letter deck, top first, as faces; normal cards named nowhere else start in the
  discard pile. Without it the remaining normal cards are shuffled into the deck;
- ``market``: familiar ids face up in the market; ``familiar_deck``: the familiar deck, top
  first (without it the rest are shuffled);
- ``teams``: one object per seat mapping a leader number ("3".."6") to a list of familiars,
  each ``{"id": "F01", "side": "front", "lock": "a"}`` (``lock`` optional);
- ``first``: the seat that plays first (default 0).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from crafthall.engine.errors import SetupError
from crafthall.engine.rng import Rng, new_rng_state
from crafthall.games.evocabulary.components import TEAMS, WILD, components
from crafthall.games.evocabulary.options import EvocabularyOptions
from crafthall.games.evocabulary.state import EvocabularyState, Player, Team


class _Pool:
    """The letter cards not yet placed, by face."""

    def __init__(self) -> None:
        self.free: dict[str, list[int]] = {}
        for card, face in enumerate(components().faces):
            self.free.setdefault(face, []).append(card)

    def take(self, face: object, where: str) -> int:
        if not isinstance(face, str) or face.lower() not in self.free:
            raise SetupError(f"Fixed set-up: {where} names '{face}', which is no letter card.")
        cards = self.free[face.lower()]
        if not cards:
            raise SetupError(
                f"Fixed set-up: {where} needs one more '{face}' card than the game has; "
                "name fewer of them."
            )
        return cards.pop(0)

    def rest(self, wild: bool) -> list[int]:
        return sorted(
            c for face, cards in self.free.items() if (face == WILD) == wild for c in cards
        )


def _seat_list(fixed: dict[str, Any], key: str, seats: int) -> list[Any]:
    value = fixed.get(key, [])
    if not isinstance(value, list) or len(value) > seats:
        raise SetupError(f"Fixed set-up: '{key}' must be a list with at most one entry per seat.")
    return value + [None] * (seats - len(value))


def _familiar_ids(value: object, key: str) -> list[str]:
    known = components().familiars
    if not isinstance(value, list) or any(f not in known for f in value):
        raise SetupError(f"Fixed set-up: '{key}' must list familiar ids such as 'F01'.")
    return list(value)


def _teams(spec: object, seat: int, pool: _Pool, used: set[str]) -> list[Team]:
    teams: list[Team] = [{"familiars": [], "spell": None} for _ in TEAMS]
    if spec is None:
        return teams
    if not isinstance(spec, dict):
        raise SetupError("Fixed set-up: each entry of 'teams' maps '3'..'6' to familiars.")
    for number, familiars in spec.items():
        if str(number) not in {str(t) for t in TEAMS} or not isinstance(familiars, list):
            raise SetupError(
                f"Fixed set-up: seat {seat + 1} has a team '{number}'; teams are 3, 4, 5 and 6."
            )
        if len(familiars) > int(number):
            raise SetupError(
                f"Fixed set-up: team {number} of seat {seat + 1} holds at most {number} familiars."
            )
        team = teams[int(number) - 3]
        for item in familiars:
            fid = item.get("id") if isinstance(item, dict) else None
            side = item.get("side", "front") if isinstance(item, dict) else None
            if fid not in components().familiars or fid in used or side not in ("front", "back"):
                raise SetupError(
                    f"Fixed set-up: '{item}' is not an unused familiar with side front or back."
                )
            used.add(fid)
            lock = item.get("lock")
            card = pool.take(lock, f"the lock of {fid}") if lock is not None else None
            team["familiars"].append({"id": fid, "side": side, "lock": card})
    return teams


def new_state(
    seats: int, seed: int, options: EvocabularyOptions, fixed: dict[str, Any] | None
) -> EvocabularyState:
    """A new table. The options ``leaders``, ``second_pass`` and ``stall_rounds`` (see
    :mod:`.ending`) are kept in the state, so that the search hooks, which see the state
    alone, play by them."""
    comps = components()
    fixed = fixed or {}
    if not isinstance(fixed, dict):
        raise SetupError("Fixed set-up must be a JSON object.")
    rng_store = new_rng_state(seed)
    rng = Rng(rng_store)
    pool = _Pool()
    used: set[str] = set()
    team_specs = _seat_list(fixed, "teams", seats)
    teams = [_teams(spec, s, pool, used) for s, spec in enumerate(team_specs)]
    hands: list[list[int] | None] = []
    for seat, faces in enumerate(_seat_list(fixed, "hands", seats)):
        if faces is not None and not isinstance(faces, list):
            raise SetupError(f"Fixed set-up: the hand of seat {seat + 1} is a list of faces.")
        where = f"the hand of seat {seat + 1}"
        hands.append([pool.take(face, where) for face in faces] if faces is not None else None)
    discard: list[int] = []
    if "deck" in fixed:
        if not isinstance(fixed["deck"], list):
            raise SetupError("Fixed set-up: 'deck' lists faces, top first.")
        deck = [pool.take(face, "the deck") for face in fixed["deck"]]
        discard = pool.rest(wild=False)
    else:
        deck = pool.rest(wild=False)
        rng.shuffle(deck)
    wilds = pool.rest(wild=True)

    market = _familiar_ids(fixed.get("market", []), "market")
    if len(market) > comps.market_size or used & set(market):
        raise SetupError("Fixed set-up: the market shows at most 3 familiars not used elsewhere.")
    used.update(market)
    if "familiar_deck" in fixed:
        familiar_deck = _familiar_ids(fixed["familiar_deck"], "familiar_deck")
        if used & set(familiar_deck):
            raise SetupError("Fixed set-up: 'familiar_deck' repeats a familiar used elsewhere.")
    else:
        familiar_deck = sorted(set(comps.familiars) - used)
        rng.shuffle(familiar_deck)
    if "market" not in fixed:
        market = familiar_deck[: comps.market_size]
        familiar_deck = familiar_deck[comps.market_size :]

    first = fixed.get("first", 0)
    if not isinstance(first, int) or not 0 <= first < seats:
        raise SetupError(f"Fixed set-up: 'first' must be a seat number from 0 to {seats - 1}.")
    players: list[Player] = []
    for seat in range(seats):
        hand = hands[seat]
        if hand is None:
            hand, deck = deck[: comps.hand_size], deck[comps.hand_size :]
        players.append(
            {
                "hand": hand,
                "shown": [],
                "score": 0,
                "achievements": [],
                "teams": teams[seat],
                "passed": False,
            }
        )
    return {
        "rng": rng_store,
        "leaders": options.leaders,
        "deck": deck,
        "discard": discard,
        "wilds": wilds,
        "familiar_deck": familiar_deck,
        "market": market,
        "piles": comps.achievement_piles(seats),
        "players": players,
        "turn": first,
        "phase": "turn",
        "pending": None,
        "quiet": 0,
        "scored": False,
        "second_pass": options.second_pass,
        "stall_rounds": options.stall_rounds,
        "turns": 0,
    }


def all_cards(state: EvocabularyState) -> Sequence[int]:
    """Every letter card id on the table (each once), for conservation checks."""
    cards = [*state["deck"], *state["discard"], *state["wilds"]]
    for player in state["players"]:
        cards.extend(player["hand"])
        for team in player["teams"]:
            locked = [f["lock"] for f in team["familiars"] if f["lock"] is not None]
            cards.extend(locked)
            if team["spell"] is not None:
                cards.extend(c for c in team["spell"]["cards"] if c not in locked)
    return cards
