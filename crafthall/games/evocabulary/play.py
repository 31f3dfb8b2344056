"""Carrying out Evocabulary's actions: spells, discards, draws, activations and the end of a turn.

Every function validates the action completely before it changes the state (a refused action
changes nothing). The action's shape (its fields and their types) was checked by the engine.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from crafthall.engine.data import Action, Event
from crafthall.engine.errors import IllegalAction, require
from crafthall.games.evocabulary import activation, ending, tableau
from crafthall.games.evocabulary.components import components, team_for_length
from crafthall.games.evocabulary.dictionary import spell_words
from crafthall.games.evocabulary.spells import (
    HAND,
    KEPT,
    LOCKED,
    MIN_LETTERS,
    Token,
    is_change,
    parse_token,
)
from crafthall.games.evocabulary.spells import word_of as tokens_word
from crafthall.games.evocabulary.state import EvocabularyState

if TYPE_CHECKING:
    from crafthall.lexicon import Lexicon

TURN_TYPES = ("start", "modify", "discard", "draw")
PHASE_TYPES = {
    "turn": TURN_TYPES,
    "discarding": ("discard", "draw"),
    "activation": ("use", "done"),
}
"""The action types each phase allows."""


def apply(
    state: EvocabularyState,
    seat: int,
    action: Action,
    lexicon: Lexicon,
    check_action: Callable[[Action], str],
) -> list[Event]:
    """Carry out ``action`` of ``seat``, whose turn it is. An action the phase does not allow
    is refused naming those it does, once ``check_action`` (the game's shape check) has
    refused what is no action of this game at all."""
    kind = action.get("type") if isinstance(action, dict) else None
    allowed = PHASE_TYPES[state["phase"]]
    if kind not in allowed:
        kind = check_action(action)
        raise IllegalAction(
            "wrong-phase", f"'{kind}' is not possible now; you may: {', '.join(allowed)}."
        )
    if kind in ("start", "modify"):
        return spell(state, seat, action, lexicon)
    if kind == "discard":
        return discard(state, seat, action, lexicon)
    if kind == "draw":
        return draw(state, seat, lexicon)
    if kind == "use":
        return use(state, seat, action, lexicon)
    return done(state, seat, lexicon)


def spell(state: EvocabularyState, seat: int, action: Action, lexicon: Lexicon) -> list[Event]:
    """A ``start`` or ``modify``: lay the spell at the team of its length, open the activation."""
    modify = action["type"] == "modify"
    player = state["players"][seat]
    old = None
    kept_cards: list[int] = []
    if modify:
        old = tableau.team_number(action["team"])
        old_team = tableau.team(state, seat, old)
        old_spell = old_team["spell"]
        if old_spell is None:
            raise IllegalAction("no-such-spell", f"You have no spell at your {old} team to modify.")
        locked_old = tableau.locked_cards(old_team)
        kept_cards = [c for c in old_spell["cards"] if c not in locked_old]
    word, tokens = read_spell(action, lexicon)
    number = team_for_length(len(word))
    target = tableau.team(state, seat, number)
    if target["spell"] is not None and number != old:
        there = tableau.spell_word(target["spell"]).upper()
        raise IllegalAction(
            "team-occupied",
            f"{word.upper()} goes to your {number} team, which already has a spell "
            f"({there}); each team holds one spell: publish or pick up {there} first, "
            "or make a word of another length.",
        )
    by_source: dict[str, list[str]] = {HAND: [], KEPT: [], LOCKED: []}
    for token in tokens:
        by_source[token.source].append(token.face)
    require(
        modify or not by_source[KEPT],
        "bad-card",
        "Cards marked '@' come from a spell being modified; a new spell uses your hand.",
    )
    locked = tableau.locked_cards(target)
    sources = (
        (HAND, player["hand"], "card-not-in-hand", "in your hand"),
        (KEPT, kept_cards, "card-not-in-spell", "in the spell"),
        (LOCKED, locked, "letter-not-locked", f"locked at your {number} team"),
    )
    for source, cards, code, where in sources:
        missing = tableau.has_faces(cards, by_source[source])
        if missing is not None:
            raise IllegalAction(
                code,
                _missing_card(word, missing, by_source[source], cards, where, sources),
                face=missing,
            )
    if old is None:
        require(
            bool(by_source[HAND]),
            "no-new-letter",
            f"{word.upper()} must use at least one letter from your hand; locked letters "
            "alone do not start a spell.",
        )
    else:
        require(
            is_change([t.text() for t in tokens], len(kept_cards)),
            "spell-unchanged",
            f"{word.upper()} keeps every card of your spell "
            f"{tableau.spell_word(tableau.spell_at(state, seat, old)).upper()} and adds none "
            "from your hand; a modify must play a letter from your hand or take one out "
            "(rearranging the letters, re-choosing a wild or moving locked letters is not "
            "enough).",
        )

    hand_cards = tableau.take_from_hand(player, by_source[HAND])
    kept = tableau.take_by_faces(kept_cards, by_source[KEPT])
    lock_used = tableau.take_by_faces(list(locked), by_source[LOCKED])
    supply = {HAND: iter(hand_cards), KEPT: iter(kept), LOCKED: iter(lock_used)}
    cards = [next(supply[t.source]) for t in tokens]
    events: list[Event] = []
    if old is not None:
        # the letters taken out are discarded, a wild too: "a new letter replaces an old one",
        # and the discard pile is where the rulebook sends every letter leaving play
        state["discard"].extend(kept_cards)
        tableau.team(state, seat, old)["spell"] = None
        events.append(
            {
                "type": "modified",
                "seat": seat,
                "team": number,
                "word": word,
                "from": old,
                "discarded": tableau.faces(kept_cards),
            }
        )
    else:
        events.append({"type": "started", "seat": seat, "team": number, "word": word})
    target["spell"] = {"cards": cards, "letters": [t.letters for t in tokens]}
    tableau.refill_if_empty(state, seat, events)
    unused = ["leader"] + [
        f["id"] for f in target["familiars"] if tableau.familiar_action(f) != "lock"
    ]
    state["phase"] = "activation"
    state["pending"] = {"team": number, "unused": unused}
    return events


def read_spell(action: Action, lexicon: Lexicon) -> tuple[str, list[Token]]:
    """The spell's word (lower case) and its cards, refused unless they agree and the word is
    in the dictionary."""
    word = action["word"].strip().lower()
    tokens = [parse_token(c) for c in action["cards"]]
    spelled = tokens_word(tokens)
    require(
        spelled == word,
        "cards-do-not-spell-word",
        f"The cards {' '.join(t.text() for t in tokens)} spell "
        f"{spelled.upper() or 'nothing'}, not {word.upper()}.",
    )
    if word in spell_words(lexicon).number:  # the usual case, without re-reading the word
        return word, tokens
    problem = lexicon.check(word, min_length=MIN_LETTERS)
    if problem == "too-short":
        raise IllegalAction(
            "spell-too-short",
            f"{word.upper()} has {len(word)} letters; a spell needs at least {MIN_LETTERS}.",
        )
    if problem is not None:
        raise IllegalAction(
            "word-not-in-dictionary", f"{word.upper()} is not in the dictionary.", word=word
        )
    return word, tokens


def discard(state: EvocabularyState, seat: int, action: Action, lexicon: Lexicon) -> list[Event]:
    """Discard one letter; discarding the last one draws a new hand and ends the turn."""
    player = state["players"][seat]
    hand = player["hand"]
    letter = tableau.hand_letter(hand, action["letter"], "discard")
    state["discard"].extend(tableau.take_from_hand(player, [letter]))
    state["phase"] = "discarding"
    events: list[Event] = [{"type": "discarded", "seat": seat, "letter": letter}]
    if not hand:  # all discarded: the empty hand draws 7, which is the draw back to 7
        tableau.refill_if_empty(state, seat, events)
        end_turn(state, events, lexicon)
    return events


def draw(state: EvocabularyState, seat: int, lexicon: Lexicon) -> list[Event]:
    """Draw back to a full hand, ending the turn: "discard any number of letters then draw
    back to 7", and zero is a number, so with a full hand (or an empty deck) this is a pass;
    not a second one in a row while the end can be brought closer (:func:`.ending.may_pass`)."""
    passing = ending.is_pass(state, seat)
    if passing and not ending.may_pass(state, seat, lexicon):
        if state["deck"]:
            why = (
                "the deck still has cards: discard a letter or more and draw back to 7, or "
                "start or modify a spell"
            )
        else:
            why = "you can still burn or publish: start or modify a spell, or discard a letter"
        raise IllegalAction(
            "no-second-pass",
            f"You passed on your last turn, and {why} (a second pass in a row would hold "
            "the end of the game off).",
        )
    hand = state["players"][seat]["hand"]
    drawn = tableau.draw_letters(state, seat, max(0, components().hand_size - len(hand)))
    events: list[Event] = [{"type": "drew", "seat": seat, "count": drawn}]
    end_turn(state, events, lexicon, passed=passing)
    return events


def use(state: EvocabularyState, seat: int, action: Action, lexicon: Lexicon) -> list[Event]:
    """Take the action of one card of the activating team."""
    pending = tableau.pending(state)
    card = action["card"]
    require(
        card in pending["unused"],
        "action-not-available",
        f"'{card}' has no unused action in this activation; "
        f"unused: {', '.join(pending['unused'])}.",
    )
    effect = activation.prepare(state, seat, tableau.use_kind(state, seat, card), action, lexicon)
    events = effect()
    for event in events:
        event.setdefault("by", card)
    pending["unused"].remove(card)
    tableau.refill_if_empty(state, seat, events)
    if not pending["unused"]:
        end_turn(state, events, lexicon)
    return events


def done(state: EvocabularyState, seat: int, lexicon: Lexicon) -> list[Event]:
    """End the activation, leaving its other actions unused."""
    events: list[Event] = [{"type": "done", "seat": seat}]
    end_turn(state, events, lexicon)
    return events


def end_turn(
    state: EvocabularyState, events: list[Event], lexicon: Lexicon, passed: bool = False
) -> None:
    """Pass the turn on, or end the game: the deck is empty and no player can burn or publish
    (see :mod:`.ending`), or the table's ``stall_rounds`` clock ran out. ``passed``: the turn
    was a pass (which the player may then not repeat at once, see :func:`.ending.may_pass`)."""
    if state["deck"]:
        state["quiet"] = 0
    else:
        state["quiet"] = 0 if state["scored"] else state["quiet"] + 1
    state["turns"] += 1
    state["phase"], state["pending"], state["scored"] = "turn", None, False
    players = state["players"]
    players[state["turn"]]["passed"] = passed
    following = (state["turn"] + 1) % len(players)
    if not state["deck"] and (
        ending.stalled(state) or not ending.can_anyone_score(state, lexicon, following)
    ):
        state["phase"] = "over"
        events.append({"type": "game-over", "scores": [p["score"] for p in players]})
        return
    state["turn"] = following
    tableau.refill_if_empty(state, following, events)


def _missing_card(
    word: str,
    missing: str,
    wanted: list[str],
    cards: list[int],
    where: str,
    sources: tuple[tuple[str, list[int], str, str], ...],
) -> str:
    """Why a spell's '{missing}' card cannot come from where it was asked: too few copies
    there, the letter is elsewhere (held, in the spell, locked), or nowhere at all."""
    need = wanted.count(missing)
    held = tableau.faces(cards).count(missing)
    if held:
        return (
            f"{word.upper()} needs {need} '{missing}' cards {where}, and there "
            f"{'is only 1' if held == 1 else f'are only {held}'}."
        )
    elsewhere = [w for _, c, _, w in sources if w != where and missing in tableau.faces(c)]
    if elsewhere:
        return f"There is no '{missing}' card {where}: the '{missing}' is {elsewhere[0]}."
    return f"There is no '{missing}' card {where}."
