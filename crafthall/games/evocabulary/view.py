"""What each seat sees of an Evocabulary table: its own hand, and everyone's public cards.

Everything a seat has seen happen is in its view: the whole discard pile (each card was shown
as it was discarded, burned or published), how many wilds each hand holds (wilds are taken
from the face-up pile in view of all), and the letters known to be in each hand (those of a
spell picked up, until a card of that face leaves the hand). So a view is all a
seat knows.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, NotRequired, TypedDict, cast

from crafthall.engine.data import State, View
from crafthall.games.evocabulary import tableau
from crafthall.games.evocabulary.components import TEAMS, WILD, components
from crafthall.games.evocabulary.spells import LOCKED
from crafthall.games.evocabulary.state import EvocabularyState, Side

if TYPE_CHECKING:
    from crafthall.engine.game import Game


class FamiliarView(TypedDict):
    id: str
    side: Side
    action: str
    """The action of the side up."""
    lock: str | None
    """The face of the letter locked under it."""


class SpellView(TypedDict):
    word: str
    cards: list[str]
    """One token per card, as a spell is typed (:mod:`.spells`): ``"s"``, ``"?a"``, ``"=t"``."""
    points: int
    """What publishing it scores before an achievement (locked letters score nothing)."""


class TeamView(TypedDict):
    team: int
    leader: str
    """The leader's action on the table's side."""
    familiars: list[FamiliarView]
    spell: SpellView | None


class UnusedView(TypedDict):
    card: str
    """``"leader"`` or a familiar id."""
    action: str


class PendingView(TypedDict):
    team: int
    unused: list[UnusedView]


class TableView(TypedDict):
    """What a view holds besides the keys every game's view starts with (:meth:`Game.frame`)."""

    achievements: list[list[str]]
    hand_sizes: list[int]
    hand_wilds: list[int]
    hand_shown: list[list[str]]
    deck_size: int
    wild_pile: int
    discard_size: int
    discard_top: str | None
    discard: list[str]
    market: list[str]
    familiar_deck_size: int
    piles: dict[str, list[str]]
    leaders: str
    teams: list[list[TeamView]]
    pending: PendingView | None
    quiet_turns: int
    stall_rounds: int
    passed: list[bool]
    hand: NotRequired[list[str]]
    """The viewer's own faces, wilds last (not in a spectator's view)."""


def seat_view(game: Game, state: EvocabularyState, seat: int | None) -> View:
    """What ``seat`` sees (``None``: a spectator): every public card, and its own hand."""
    players = state["players"]
    result: View = {
        **game.frame(
            cast(State, state),
            seat,
            phase=state["phase"],
            prompt=prompt(state, seat),
            scores=[p["score"] for p in players],
        )
    }
    table: TableView = {
        "achievements": [list(p["achievements"]) for p in players],
        "hand_sizes": [len(p["hand"]) for p in players],
        "hand_wilds": [tableau.faces(p["hand"]).count(WILD) for p in players],
        "hand_shown": [list(p["shown"]) for p in players],
        "deck_size": len(state["deck"]),
        "wild_pile": len(state["wilds"]),
        "discard_size": len(state["discard"]),
        "discard_top": tableau.face(state["discard"][-1]) if state["discard"] else None,
        "discard": tableau.faces(state["discard"]),
        "market": list(state["market"]),
        "familiar_deck_size": len(state["familiar_deck"]),
        "piles": {name: list(ids) for name, ids in state["piles"].items()},
        "leaders": state["leaders"],
        "teams": [teams_view(state, s) for s in range(len(players))],
        "pending": None,
        "quiet_turns": state["quiet"],
        "stall_rounds": state["stall_rounds"],
        "passed": [p["passed"] for p in players],
    }
    if state["pending"] is not None:
        table["pending"] = {
            "team": state["pending"]["team"],
            "unused": [
                {"card": c, "action": tableau.use_kind(state, state["turn"], c)}
                for c in state["pending"]["unused"]
            ],
        }
    if seat is not None:
        table["hand"] = sorted(tableau.faces(players[seat]["hand"]), key=_hand_order)
    result.update(table)
    return result


def teams_view(state: EvocabularyState, seat: int) -> list[TeamView]:
    """The four teams of ``seat``: leader, familiars (with locked letters) and spells."""
    comps = components()  # its tables read directly: this runs for every team of every view
    faces, points, familiars = comps.faces, comps.points, comps.familiars
    teams: list[TeamView] = []
    for number in TEAMS:
        data = tableau.team(state, seat, number)
        locked = tableau.locked_cards(data)
        spell = data["spell"]
        spell_view: SpellView | None = None
        if spell is not None:
            cards = spell["cards"]
            tokens = [
                (LOCKED if c in locked else "") + (WILD + letters if faces[c] == WILD else faces[c])
                for c, letters in zip(cards, spell["letters"], strict=True)
            ]
            spell_view = {
                "word": tableau.spell_word(spell),
                "cards": tokens,
                "points": sum(points[faces[c]] for c in cards if c not in locked),
            }
        teams.append(
            {
                "team": number,
                "leader": tableau.leader_action(state, seat, number),
                "familiars": [
                    {
                        "id": f["id"],
                        "side": f["side"],
                        "action": familiars[f["id"]].action(f["side"]),
                        "lock": faces[f["lock"]] if f["lock"] is not None else None,
                    }
                    for f in data["familiars"]
                ],
                "spell": spell_view,
            }
        )
    return teams


def prompt(state: EvocabularyState, seat: int | None) -> str:
    """What ``seat`` is to do now (empty when it is not its turn)."""
    phase = state["phase"]
    if phase == "over" or seat != state["turn"]:
        return ""
    if phase == "activation":
        return (
            f"Activate your {tableau.pending(state)['team']} team: use its actions in any order, "
            "or say done."
        )
    if phase == "discarding":
        return "Discard another letter, or draw back to 7."
    if state["players"][seat]["passed"] and not state["second_pass"]:
        return (
            "Start a spell, modify a spell, or discard letters and draw back to 7 (you passed "
            "last turn: no second pass while the deck has cards or you can burn or publish)."
        )
    return "Start a spell, modify a spell, or discard letters and draw back to 7."


def _hand_order(face: str) -> tuple[int, str]:
    return (face == WILD, face)
