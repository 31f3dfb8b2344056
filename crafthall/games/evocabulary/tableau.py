"""The cards and teams of an Evocabulary table: cards by face, teams and their spells, hands,
drawing, and reading the cards and teams an action names."""

from __future__ import annotations

from collections.abc import Iterable

from crafthall.engine.data import Action, Event
from crafthall.engine.errors import IllegalAction, require
from crafthall.games.evocabulary.components import TEAMS, WILD, components
from crafthall.games.evocabulary.state import (
    EvocabularyState,
    Familiar,
    Pending,
    Player,
    Spell,
    Team,
)


def face(card: int) -> str:
    return components().faces[card]


def faces(cards: Iterable[int]) -> list[str]:
    return [components().faces[c] for c in cards]


def card_points(card: int) -> int:
    return components().points[face(card)]


def team(state: EvocabularyState, seat: int, number: int) -> Team:
    return state["players"][seat]["teams"][number - 3]


def spell_at(state: EvocabularyState, seat: int, number: int) -> Spell:
    """The spell at team ``number``, known to be there (an activation's, or one checked)."""
    found = state["players"][seat]["teams"][number - 3]["spell"]
    assert found is not None, f"seat {seat + 1} has no spell at team {number}"
    return found


def pending(state: EvocabularyState) -> Pending:
    """The activation under way (the phase is ``activation``)."""
    found = state["pending"]
    assert found is not None, "no activation is under way"
    return found


def locked_cards(team_data: Team) -> list[int]:
    return [f["lock"] for f in team_data["familiars"] if f["lock"] is not None]


def spell_word(spell: Spell) -> str:
    return "".join(spell["letters"])


def leader_action(state: EvocabularyState, seat: int, number: int) -> str:
    side: str = state["leaders"]
    return components().leader(seat + 1, number).action(side)


def familiar_action(familiar: Familiar) -> str:
    return components().familiars[familiar["id"]].action(familiar["side"])


def capacity_left(team_data: Team, number: int) -> int:
    return number - len(team_data["familiars"])


def take_by_faces(cards: list[int], wanted: Iterable[str]) -> list[int]:
    """Remove and return one card per wanted face from ``cards`` (the caller checked they exist)."""
    taken = []
    for want in wanted:
        card = next(c for c in cards if face(c) == want)
        cards.remove(card)
        taken.append(card)
    return taken


def tally(items: Iterable[str]) -> dict[str, int]:
    """How many times each face occurs (a small ``Counter``, built faster for a few cards)."""
    counts: dict[str, int] = {}
    for item in items:
        counts[item] = counts.get(item, 0) + 1
    return counts


def has_faces(cards: Iterable[int], wanted: Iterable[str]) -> str | None:
    """The first wanted face ``cards`` cannot supply, or ``None`` if it supplies them all."""
    have = tally(faces(cards))
    for want, count in tally(wanted).items():
        if have.get(want, 0) < count:
            return want
    return None


def take_from_hand(player: Player, wanted: Iterable[str]) -> list[int]:
    """Remove one card per wanted face from a player's hand (the caller checked they exist).

    Each face taken also leaves what every seat knows the hand holds (``shown``): nobody can
    tell whether the card was the one they saw go in."""
    wanted = list(wanted)
    shown = player["shown"]
    for want in wanted:
        if want in shown:
            shown.remove(want)
    return take_by_faces(player["hand"], wanted)


def return_to_hand(player: Player, cards: Iterable[int]) -> None:
    """Put cards every seat has seen (a spell picked up) back into a hand: their
    letters are then known to be there (wilds are counted apart)."""
    cards = list(cards)
    player["hand"].extend(cards)
    player["shown"].extend(f for f in faces(cards) if f != WILD)
    player["shown"].sort()


def draw_letters(state: EvocabularyState, seat: int, count: int) -> int:
    """Draw up to ``count`` letters from the deck (an empty deck gives nothing)."""
    drawn = state["deck"][:count]
    del state["deck"][:count]
    state["players"][seat]["hand"].extend(drawn)
    return len(drawn)


def refill_if_empty(state: EvocabularyState, seat: int, events: list[Event]) -> None:
    """A player with no letters in hand during their turn draws a new hand at once."""
    if not state["players"][seat]["hand"] and state["deck"]:
        drawn = draw_letters(state, seat, components().hand_size)
        events.append({"type": "drew", "seat": seat, "count": drawn, "why": "empty hand"})


def check_keys(action: Action, required: Iterable[str], optional: Iterable[str] = ()) -> None:
    """Refuse an action missing a key or carrying one this action does not take."""
    required = set(required)
    allowed = required | set(optional) | {"type"}
    missing = sorted(required - set(action))
    extra = sorted(set(action) - allowed)
    if missing or extra:
        parts = []
        if missing:
            parts.append(f"needs {', '.join(repr(k) for k in missing)}")
        if extra:
            parts.append(f"does not take {', '.join(repr(k) for k in extra)}")
        raise IllegalAction(
            "bad-action",
            f"A '{action['type']}' action {' and '.join(parts)}.",
            field=(missing or extra)[0],
        )


def team_number(value: object, what: str = "team") -> int:
    if not isinstance(value, int) or isinstance(value, bool) or value not in TEAMS:
        raise IllegalAction(
            "no-such-team", f"'{value}' is no {what}; teams are numbered 3, 4, 5 and 6 (for 6+)."
        )
    return value


def letter_face(value: object) -> str:
    if not isinstance(value, str) or value.lower() not in components().points:
        raise IllegalAction("bad-card", f"'{value}' is not a letter card of Evocabulary.")
    return value.lower()


def hand_letter(hand: list[int], value: object, verb: str) -> str:
    """The face ``value`` names, refused unless ``hand`` holds such a card to ``verb``."""
    letter = letter_face(value)
    require(
        has_faces(hand, [letter]) is None,
        "card-not-in-hand",
        f"You hold no '{letter.upper()}' card to {verb}.",
    )
    return letter


def use_kind(state: EvocabularyState, seat: int, card: str) -> str:
    """The action of a card of the activating team: its leader's side or the familiar's side up."""
    number = pending(state)["team"]
    if card == "leader":
        return leader_action(state, seat, number)
    familiar = next(f for f in team(state, seat, number)["familiars"] if f["id"] == card)
    return familiar_action(familiar)
