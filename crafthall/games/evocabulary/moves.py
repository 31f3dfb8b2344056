"""Which actions a seat may take: their shapes, every one listed, or one drawn at random for
playouts.

A spell is listed once per word and placement (a start at a team, or a modify of one spell),
with its canonical layout (:func:`~crafthall.games.evocabulary.spells.canonical_layout`); other
layouts of the same word are accepted when a player names them, but listing every layout made
tens of thousands of actions from one hand with wilds.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import dataclass
from functools import cached_property
from itertools import combinations, islice
from typing import TYPE_CHECKING

from crafthall.engine.data import Action
from crafthall.engine.shapes import ActionShape, ActionShapes
from crafthall.games.evocabulary import activation, tableau
from crafthall.games.evocabulary.components import TEAMS, WILD, components, team_for_length
from crafthall.games.evocabulary.dictionary import SpellWords, spell_words
from crafthall.games.evocabulary.spells import HAND, KEPT, LOCKED, Supply
from crafthall.games.evocabulary.state import EvocabularyState

if TYPE_CHECKING:
    from crafthall.lexicon import Lexicon

SETS_TRIED = 8
"""A playout drawing a spell looks up at most this many sets of cards per placement."""
WILD_LETTERS = "".join(f for f in components().faces if len(f) == 1 and f != WILD)
"""What a wild stands for in a drawn spell: letters as often as the deck holds them."""

SPELL = {"word": str, "cards": list[str]}
ACTIONS: ActionShapes = {
    "start": ActionShape(required=SPELL),
    "modify": ActionShape(required={"team": int, **SPELL}),
    "discard": ActionShape(required={"letter": str}),
    "draw": ActionShape(),
    "use": ActionShape(
        required={"card": str},
        optional={
            "copy": str,
            "letter": str,
            "team": int,
            "achievement": str,
            "multiply": int,
            "familiar": str,
            "side": str,
            "lock": str,
        },
    ),
    "done": ActionShape(),
}
"""The shape of each action. Which choice fields a ``use`` needs depends on the card's action;
:mod:`.activation` checks that."""


@dataclass(frozen=True)
class Placement:
    """Where a spell may go: a start at the free ``team``, or the spell at ``old`` rebuilt and
    moved to ``team`` (its own or a free one), with the cards each source offers."""

    team: int
    old: int | None
    sources: dict[str, dict[str, int]]
    change: int | None
    """For a modify: how many cards the spell holds besides its locked letters (a modify must
    play a card from the hand or drop one of these)."""

    def faces(self) -> list[str]:
        return [
            face for pool in self.sources.values() for face, n in pool.items() for _ in range(n)
        ]

    @cached_property
    def supply(self) -> Supply:
        return Supply(self.sources)

    def layout(self, word: str) -> list[str] | None:
        return self.supply.layout(word, self.old is None, self.change)

    def action(self, word: str, layout: list[str]) -> Action:
        if self.old is None:
            return {"type": "start", "word": word, "cards": layout}
        return {"type": "modify", "team": self.old, "word": word, "cards": layout}


def open_placements(state: EvocabularyState, seat: int) -> list[tuple[int | None, int]]:
    """Every ``(old, team)`` a spell may take: starts (``old`` is None) at free teams first,
    then each spell rebuilt at its own team or a free one."""
    teams = state["players"][seat]["teams"]
    free = [n for n, data in zip(TEAMS, teams, strict=True) if data["spell"] is None]
    found: list[tuple[int | None, int]] = [(None, n) for n in free]
    for old, data in zip(TEAMS, teams, strict=True):
        if data["spell"] is not None:
            found.extend((old, n) for n in TEAMS if n == old or n in free)
    return found


def placement(state: EvocabularyState, seat: int, old: int | None, team: int) -> Placement:
    """The placement of a spell at ``team`` (a start, or a modify of the spell at ``old``)."""
    hand = tableau.tally(tableau.faces(state["players"][seat]["hand"]))
    locked = tableau.tally(tableau.faces(tableau.locked_cards(tableau.team(state, seat, team))))
    if old is None:
        return Placement(team, None, {HAND: hand, LOCKED: locked}, None)
    data = tableau.team(state, seat, old)
    locked_here = tableau.locked_cards(data)
    cards = tableau.spell_at(state, seat, old)["cards"]
    kept = tableau.tally(tableau.faces(c for c in cards if c not in locked_here))
    sources = {HAND: hand, KEPT: kept, LOCKED: locked}
    return Placement(team, old, sources, sum(kept.values()))


# --- listing -----------------------------------------------------------------------------------


def legal_actions(state: EvocabularyState, seat: int, lexicon: Lexicon) -> Iterator[Action]:
    phase = state["phase"]
    if phase == "over" or seat != state["turn"]:
        return
    hand = state["players"][seat]["hand"]
    if phase == "activation":
        for card in tableau.pending(state)["unused"]:
            kind = tableau.use_kind(state, seat, card)
            for choice in activation.choices(state, seat, kind, lexicon):
                yield {"type": "use", "card": card, **choice}
        yield {"type": "done"}
        return
    if phase == "turn":
        yield from spell_actions(state, seat, lexicon)
    for letter in sorted(set(tableau.faces(hand))):
        yield {"type": "discard", "letter": letter}
    if may_draw(state, seat, lexicon):
        yield {"type": "draw"}  # discarding none is allowed: with a full hand this is a pass


def may_draw(state: EvocabularyState, seat: int, lexicon: Lexicon) -> bool:
    """Whether ``draw`` is open: always, but for a second pass in a row while the end can be
    brought closer (see :func:`.ending.may_pass`)."""
    from crafthall.games.evocabulary import ending  # ending lists placements from here

    return not ending.is_pass(state, seat) or ending.may_pass(state, seat, lexicon)


def spell_actions(state: EvocabularyState, seat: int, lexicon: Lexicon) -> Iterator[Action]:
    """Every ``start`` and ``modify`` open to ``seat``, one canonical layout per word."""
    table = spell_words(lexicon)
    for old, team in open_placements(state, seat):
        place = placement(state, seat, old, team)
        words = table.candidates(team, place.supply)
        for word, layout in place.supply.lay_out_each(words, old is None, place.change):
            yield place.action(word, layout)


# --- drawing one at random ---------------------------------------------------------------------


def sample_action(
    state: EvocabularyState, seat: int, lexicon: Lexicon, rng: random.Random
) -> Action:
    """One legal action: a kind of action uniformly among those open, then a choice of it.

    A spell is drawn without listing: a few random sets of the cards are looked up in the
    dictionary's anagram tables (see :func:`_some_words`). If none spells a word the kind is
    dropped, so the draw is always legal but may miss rare spells.
    """
    if state["phase"] == "activation":
        return _sample_use(state, seat, lexicon, rng)
    hand = state["players"][seat]["hand"]
    kinds = []
    if state["phase"] == "turn":
        kinds.append("start")
        if any(tableau.team(state, seat, n)["spell"] is not None for n in TEAMS):
            kinds.append("modify")
    if hand:
        kinds.append("discard")
    if may_draw(state, seat, lexicon):
        kinds.append("draw")
    while kinds:
        kind = rng.choice(kinds)
        if kind == "discard":
            return {"type": "discard", "letter": tableau.face(rng.choice(hand))}
        if kind == "draw":
            return {"type": "draw"}
        action = _sample_spell(state, seat, lexicon, rng, modify=kind == "modify")
        if action is not None:
            return action
        kinds.remove(kind)
    # no draw (a second pass is closed), no letter to discard, and no spell found by the
    # random look-ups: the player can burn or publish, so some spell is listed
    return rng.choice(list(spell_actions(state, seat, lexicon)))


def _sample_use(state: EvocabularyState, seat: int, lexicon: Lexicon, rng: random.Random) -> Action:
    cards: list[str | None] = [*tableau.pending(state)["unused"], None]
    while True:
        card = rng.choice(cards)
        if card is None:
            return {"type": "done"}
        kind = tableau.use_kind(state, seat, card)
        choices = list(activation.choices(state, seat, kind, lexicon))
        if choices:
            return {"type": "use", "card": card, **rng.choice(choices)}
        cards.remove(card)


def _sample_spell(
    state: EvocabularyState, seat: int, lexicon: Lexicon, rng: random.Random, modify: bool
) -> Action | None:
    table = spell_words(lexicon)
    pairs = [pair for pair in open_placements(state, seat) if (pair[0] is not None) == modify]
    first = rng.randrange(len(pairs)) if pairs else 0
    for old, team in pairs[first:] + pairs[:first]:  # from a random one on
        place = placement(state, seat, old, team)
        for word in _some_words(table, place, rng):
            layout = place.layout(word)
            if layout is not None:
                return place.action(word, layout)
    return None


def _some_words(table: SpellWords, place: Placement, rng: random.Random) -> Iterator[str]:
    """Words spelled by sets of the placement's cards of the length its team takes, from
    random sets of cards: the cards are shuffled and their sets looked up in turn (a set with
    a wild in the table of words one letter short; a second wild stands for a random letter);
    each set's words come from a random one on."""
    items = place.faces()
    rng.shuffle(items)
    doubles = sum(1 for f in items if len(f) > 1)
    longest = place.team if place.team < max(TEAMS) else len(items)
    sizes = range(max(1, place.team - doubles), min(longest, len(items)) + 1)
    sets = (cards for size in sizes for cards in combinations(items, size))
    for cards in islice(sets, SETS_TRIED):
        wilds = cards.count(WILD)
        if wilds:  # one wild is the letter the table leaves open, others random letters
            real = [f for f in cards if f != WILD]
            real += [rng.choice(WILD_LETTERS) for _ in range(wilds - 1)]
            words = table.one_short.get("".join(sorted("".join(real))))
        else:
            words = table.anagrams.get("".join(sorted("".join(cards))))
        if words:
            first = rng.randrange(len(words))
            for word in words[first:] + words[:first]:
                if team_for_length(len(word)) == place.team:  # double cards add letters
                    yield word
