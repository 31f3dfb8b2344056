"""Team actions: what a leader or familiar does when its team activates.

Each action kind has a checker that validates the player's choices completely and returns the
change to make (so a refused action changes nothing), and an enumerator of every choice.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING, Any

from crafthall.engine.data import Action, Event
from crafthall.engine.errors import IllegalAction, require
from crafthall.games.evocabulary import tableau
from crafthall.games.evocabulary.components import TEAMS, WILD, components
from crafthall.games.evocabulary.state import EvocabularyState, Spell

if TYPE_CHECKING:
    from crafthall.lexicon import Lexicon

Effect = Callable[[], list[Event]]

ACTIVATED = ("draw", "wild", "burn", "publish", "hire", "teamwork", "pickup")
"""Kinds that act on activation (a lock acts once, when its familiar is hired)."""
COPYABLE = tuple(k for k in ACTIVATED if k != "teamwork")

KEYS: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] = {
    "draw": ((), ()),
    "wild": ((), ()),
    "burn": (("letter",), ()),
    "publish": (("team",), ("achievement", "multiply")),
    "hire": (("familiar", "team", "side"), ("lock",)),
    "pickup": (("team",), ()),
}
"""Required and optional choice keys of each kind (besides ``type`` and ``card``)."""
CHOICE_KEYS = sorted({key for keys in KEYS.values() for part in keys for key in part})


def _spell_at(state: EvocabularyState, seat: int, value: object) -> tuple[int, Spell]:
    number = tableau.team_number(value)
    spell = tableau.team(state, seat, number)["spell"]
    if spell is None:
        raise IllegalAction(
            "no-such-spell", f"You have no spell at your {number} team.", team=number
        )
    return number, spell


def spell_facts(
    state: EvocabularyState, seat: int, number: int, lex: Lexicon
) -> tuple[str, int, tuple[int, ...], int]:
    """(word, letters, syllable counts, wild cards) of the spell at team ``number``: a word
    has one syllable count per standard pronunciation (EVERY has 3 and 2), and a syllable
    achievement takes any of them."""
    spell = tableau.spell_at(state, seat, number)
    word = tableau.spell_word(spell)
    wilds = sum(1 for c in spell["cards"] if tableau.face(c) == WILD)
    return word, len(word), lex.syllable_counts(word), wilds


def scoring_positions(state: EvocabularyState, seat: int, number: int) -> list[int]:
    """Positions of the spell's cards that score (every card but the locked ones)."""
    locked = tableau.locked_cards(tableau.team(state, seat, number))
    return [
        i for i, c in enumerate(tableau.spell_at(state, seat, number)["cards"]) if c not in locked
    ]


# --- the checkers ----------------------------------------------------------------------------


def _draw(state: EvocabularyState, seat: int, action: Action, lex: Lexicon) -> Effect:
    def effect() -> list[Event]:
        count = tableau.draw_letters(state, seat, 1)
        return [{"type": "drew", "seat": seat, "count": count}]

    return effect


def _wild(state: EvocabularyState, seat: int, action: Action, lex: Lexicon) -> Effect:
    def effect() -> list[Event]:
        got = state["wilds"][:1]
        del state["wilds"][:1]
        state["players"][seat]["hand"].extend(got)
        return [{"type": "drew-wild", "seat": seat, "count": len(got)}]

    return effect


def _burn(state: EvocabularyState, seat: int, action: Action, lex: Lexicon) -> Effect:
    hand = state["players"][seat]["hand"]
    letter = tableau.hand_letter(hand, action["letter"], "burn")

    def effect() -> list[Event]:
        [card] = tableau.take_from_hand(state["players"][seat], [letter])
        points = tableau.card_points(card)
        state["discard"].append(card)
        state["players"][seat]["score"] += points
        state["scored"] = True
        return [{"type": "burned", "seat": seat, "letter": letter, "points": points}]

    return effect


def _publish(state: EvocabularyState, seat: int, action: Action, lex: Lexicon) -> Effect:
    number, spell = _spell_at(state, seat, action["team"])
    word, letters, syllables, wilds = spell_facts(state, seat, number, lex)
    pile_name = action.get("achievement")
    multiply = action.get("multiply")
    scoring = scoring_positions(state, seat, number)
    achievement = None
    if pile_name is not None:
        piles = state["piles"]
        require(
            pile_name in piles,
            "no-such-achievement",
            f"'{pile_name}' is no achievement pile; piles: {', '.join(piles)}.",
        )
        require(
            bool(piles[pile_name]),
            "achievement-gone",
            f"The {pile_name} achievements are all claimed; publish without one or claim "
            "another pile.",
        )
        pile = components().piles[pile_name]
        require(
            pile.met(letters, syllables),
            "achievement-not-met",
            f"{word.upper()} ({letters} letters, {' or '.join(map(str, syllables))} "
            f"syllables) is not {pile.text}.",
        )
        require(
            wilds <= 1,
            "too-many-wilds",
            f"{word.upper()} holds {wilds} wild letters; an achievement allows at most 1, so "
            "publish it without one.",
        )
        achievement = components().achievements[piles[pile_name][0]]
    if achievement is not None and achievement.multiplies:
        require(
            isinstance(multiply, int) and not isinstance(multiply, bool) and multiply in scoring,
            "choose-letter",
            f"Say which letter of {word.upper()} to multiply, counting its cards from 1: "
            f"one of {', '.join(str(i + 1) for i in scoring)}.",
            positions=sorted(scoring),
        )
    else:
        require(
            multiply is None,
            "bad-action",
            "'multiply' goes only with a multiplying achievement.",
        )

    def effect() -> list[Event]:
        cards = spell["cards"]
        points = sum(tableau.card_points(cards[i]) for i in scoring)
        if achievement is not None:
            if achievement.multiplies:
                assert multiply is not None  # required above
                points += (achievement.factor - 1) * tableau.card_points(cards[multiply])
            else:
                points += achievement.points
            state["piles"][achievement.pile].pop(0)
            state["players"][seat]["achievements"].append(achievement.id)
        state["discard"].extend(cards[i] for i in scoring)
        tableau.team(state, seat, number)["spell"] = None
        state["players"][seat]["score"] += points
        if scoring or achievement is not None:  # something left the game for good
            state["scored"] = True
        return [
            {
                "type": "published",
                "seat": seat,
                "team": number,
                "word": word,
                "points": points,
                "achievement": achievement.id if achievement else None,
            }
        ]

    return effect


def _hire(state: EvocabularyState, seat: int, action: Action, lex: Lexicon) -> Effect:
    fid, side, lock = action["familiar"], action["side"], action.get("lock")
    require(
        fid in state["market"],
        "not-in-market",
        f"'{fid}' is not in the familiar market ({', '.join(state['market']) or 'empty'}).",
    )
    number = tableau.team_number(action["team"])
    data = tableau.team(state, seat, number)
    require(
        tableau.capacity_left(data, number) > 0,
        "team-full",
        f"Your {number} team already has {number} familiars, its limit; hire into another team.",
    )
    require(
        side in ("front", "back"),
        "bad-side",
        f"A familiar goes 'front' or 'back' up, not '{side}'.",
    )
    familiar = components().familiars[fid]
    hand = state["players"][seat]["hand"]
    locks = familiar.action(side) == "lock" and bool(hand)
    if locks:
        require(
            lock is not None,
            "choose-letter",
            f"{familiar.name} front up locks a letter from your hand: add 'lock' with one of "
            f"{', '.join(sorted({f.upper() for f in tableau.faces(hand)}))}.",
        )
    letter = tableau.hand_letter(hand, lock, f"lock under {familiar.name}") if locks else None
    if letter is None:
        require(
            lock is None,
            "no-lock-here",
            f"{familiar.name} placed {side} up locks no letter.",
        )

    def effect() -> list[Event]:
        slot = state["market"].index(fid)
        if state["familiar_deck"]:
            state["market"][slot] = state["familiar_deck"].pop(0)
        else:
            state["market"].pop(slot)
        player = state["players"][seat]
        card = tableau.take_from_hand(player, [letter])[0] if letter is not None else None
        data["familiars"].append({"id": fid, "side": side, "lock": card})
        return [
            {
                "type": "hired",
                "seat": seat,
                "familiar": fid,
                "team": number,
                "side": side,
                "lock": letter,
            }
        ]

    return effect


def _pickup(state: EvocabularyState, seat: int, action: Action, lex: Lexicon) -> Effect:
    number, spell = _spell_at(state, seat, action["team"])

    def effect() -> list[Event]:
        data = tableau.team(state, seat, number)
        locked = tableau.locked_cards(data)
        tableau.return_to_hand(
            state["players"][seat], (c for c in spell["cards"] if c not in locked)
        )
        data["spell"] = None
        word = tableau.spell_word(spell)
        return [{"type": "picked-up", "seat": seat, "team": number, "word": word}]

    return effect


CHECKERS: dict[str, Callable[[EvocabularyState, int, Action, Lexicon], Effect]] = {
    "draw": _draw,
    "wild": _wild,
    "burn": _burn,
    "publish": _publish,
    "hire": _hire,
    "pickup": _pickup,
}


def copyable_kinds(state: EvocabularyState, seat: int) -> list[str]:
    """Actions a teamwork may copy: those shown by the seat's familiars (never a leader's)."""
    shown = {
        tableau.familiar_action(f)
        for data in state["players"][seat]["teams"]
        for f in data["familiars"]
    }
    return [k for k in COPYABLE if k in shown]


def prepare(state: EvocabularyState, seat: int, kind: str, action: Action, lex: Lexicon) -> Effect:
    """Validate ``action`` as a use of ``kind`` and return its effect."""
    if kind == "teamwork":
        tableau.check_keys(action, {"card", "copy"}, CHOICE_KEYS)
        copy = str(action["copy"])
        require(
            copy != "teamwork",
            "cannot-copy-teamwork",
            "Teamwork cannot copy another teamwork.",
        )
        require(
            copy != "lock",
            "no-familiar-to-copy",
            "A lock acts only when its familiar is hired; teamwork cannot copy it.",
        )
        require(
            copy in copyable_kinds(state, seat),
            "no-familiar-to-copy",
            f"None of your familiars shows '{copy}' for teamwork to copy "
            "(leaders cannot be copied).",
        )
        required, optional = KEYS[copy]
        tableau.check_keys(action, {"card", "copy", *required}, optional)
        return CHECKERS[copy](state, seat, action, lex)
    required, optional = KEYS[kind]
    tableau.check_keys(action, {"card", *required}, optional)
    return CHECKERS[kind](state, seat, action, lex)


# --- every choice ----------------------------------------------------------------------------


def choices(
    state: EvocabularyState, seat: int, kind: str, lex: Lexicon
) -> Iterator[dict[str, Any]]:
    """Every choice dict accepted by ``prepare`` for ``kind`` (without type and card)."""
    player = state["players"][seat]
    hand_faces = sorted(set(tableau.faces(player["hand"])))
    spells = [n for n in TEAMS if tableau.team(state, seat, n)["spell"] is not None]
    if kind in ("draw", "wild"):
        yield {}
    elif kind == "burn":
        for letter in hand_faces:
            yield {"letter": letter}
    elif kind == "pickup":
        for number in spells:
            yield {"team": number}
    elif kind == "publish":
        for number in spells:
            yield from _publish_choices(state, seat, number, lex)
    elif kind == "hire":
        yield from _hire_choices(state, seat, hand_faces)
    elif kind == "teamwork":
        for copy in copyable_kinds(state, seat):
            for choice in choices(state, seat, copy, lex):
                yield {"copy": copy, **choice}


def _publish_choices(
    state: EvocabularyState, seat: int, number: int, lex: Lexicon
) -> Iterator[dict[str, Any]]:
    yield {"team": number}
    _, letters, syllables, wilds = spell_facts(state, seat, number, lex)
    if wilds > 1:
        return
    for pile_name, ids in state["piles"].items():
        if not ids or not components().piles[pile_name].met(letters, syllables):
            continue
        if components().achievements[ids[0]].multiplies:
            for position in scoring_positions(state, seat, number):
                yield {"team": number, "achievement": pile_name, "multiply": position}
        else:
            yield {"team": number, "achievement": pile_name}


def _hire_choices(
    state: EvocabularyState, seat: int, hand_faces: list[str]
) -> Iterator[dict[str, Any]]:
    for fid in state["market"]:
        familiar = components().familiars[fid]
        for number in TEAMS:
            if tableau.capacity_left(tableau.team(state, seat, number), number) <= 0:
                continue
            for side in ("front", "back"):
                choice = {"familiar": fid, "team": number, "side": side}
                if familiar.action(side) == "lock" and hand_faces:
                    for letter in hand_faces:
                        yield {**choice, "lock": letter}
                else:
                    yield choice
