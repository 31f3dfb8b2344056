"""The end of the game: "when the deck of letter cards is empty and no player can burn a letter
or publish a spell".

Whether a player *can* is read from what they hold, not from what they did: on their next turn,
some start or modify open to them lays a spell at a team whose leader or familiars (a teamwork
copying one included) offer

- a publish, while one of their spells (the new one included) has a card that scores or meets
  an achievement still on the table, or
- a burn, while a letter is left in hand after the spell is laid, or another card of the team
  can bring one (a wild from the wild pile, or a spell picked up).

The check runs only once the deck is empty, player by player, and stops at the first spell that
works: usually one vectorised dictionary filter per turn (about 0.1 ms).

Nothing else ends the game (unless the table sets the ``stall_rounds`` clock), so the game is
kept finite by what a player may do instead: a *pass* (a ``draw`` that follows no discard and
draws nothing) may not follow the same player's pass while the end can be brought closer by
them, that is while the deck has cards (they can discard and draw) or while they can burn or
publish (:func:`may_pass`). Every turn that is not a pass lays cards from the hand on the
table or moves a card for good (drawn, discarded, burned, published, locked, a familiar hired,
a wild taken); only a Pickup brings cards back to a hand (docs/rules/evocabulary.md,
Interpretations: End, says why this ends every game but a Pickup cycle).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from crafthall.games.evocabulary import activation, moves, tableau
from crafthall.games.evocabulary.components import TEAMS, WILD, components
from crafthall.games.evocabulary.dictionary import spell_words
from crafthall.games.evocabulary.spells import KEPT, LOCKED
from crafthall.games.evocabulary.state import EvocabularyState

if TYPE_CHECKING:
    from crafthall.lexicon import Lexicon


def is_pass(state: EvocabularyState, seat: int) -> bool:
    """Whether a ``draw`` now would be a pass: no letter discarded this turn, none to draw (a
    hand of 7 or more, or an empty deck)."""
    hand = state["players"][seat]["hand"]
    return state["phase"] == "turn" and (not state["deck"] or len(hand) >= components().hand_size)


def may_pass(state: EvocabularyState, seat: int, lexicon: Lexicon) -> bool:
    """Whether ``seat`` may pass now: always on the turn after one that was not a pass (or
    under the ``second_pass`` option); after a pass, only with the deck empty and nothing they
    can burn or publish."""
    if state["second_pass"] or not state["players"][seat]["passed"]:
        return True
    return not state["deck"] and not can_score(state, seat, lexicon)


def stalled(state: EvocabularyState) -> bool:
    """Whether the table's ``stall_rounds`` clock has run out: that many full rounds without a
    burn or a publish since the deck ran out (never with the clock off, as in the rulebook)."""
    rounds: int = state["stall_rounds"]
    return bool(rounds) and state["quiet"] >= rounds * len(state["players"])


def can_anyone_score(state: EvocabularyState, lexicon: Lexicon, first: int) -> bool:
    """Whether some player can burn or publish, asking from seat ``first`` round the table."""
    seats = len(state["players"])
    return any(can_score(state, (first + n) % seats, lexicon) for n in range(seats))


def can_score(state: EvocabularyState, seat: int, lexicon: Lexicon) -> bool:
    """Whether ``seat`` could burn a letter or publish a spell on their next turn."""
    table = spell_words(lexicon)
    for target in _targets(state, seat, lexicon):
        words = table.candidates(target.place.team, target.place.supply)
        if any(target.works(word) for word in words):
            return True
    return False


class _Target:
    """A placement whose team offers a burn or a publish, and what a spell laid there needs."""

    def __init__(
        self,
        state: EvocabularyState,
        seat: int,
        placed: tuple[int | None, int],
        cards: list[frozenset[str]],
        lex: Lexicon,
    ) -> None:
        self.state, self.lexicon, self.cards = state, lex, cards
        self.burners = [i for i, kinds in enumerate(cards) if "burn" in kinds]
        self.publishers = [i for i, kinds in enumerate(cards) if "publish" in kinds]
        old, number = placed
        others = [
            n for n in TEAMS if n not in (old, number) and tableau.team(state, seat, n)["spell"]
        ]
        self.other_cards = any(activation.scoring_positions(state, seat, n) for n in others)
        self.other_scores = self.other_cards or any(
            _meets_a_pile(state, seat, n, lex) for n in others
        )
        self.hand = len(state["players"][seat]["hand"])
        self.place = moves.placement(state, seat, old, number)

    def works(self, word: str) -> bool:
        """Whether laying ``word`` here lets the team burn or publish."""
        layout = self.place.layout(word)
        if layout is None:
            return False
        cards_in = self.other_cards or any(not t.startswith(LOCKED) for t in layout)
        if self.publishers and (
            cards_in or self.other_scores or _layout_meets(self.state, word, layout, self.lexicon)
        ):
            return True
        left = self.hand - sum(1 for t in layout if t[:1] not in (KEPT, LOCKED))
        return bool(self.burners) and bool(
            left or _brings_letter(self.state, self.cards, self.burners, cards_in)
        )


def _targets(state: EvocabularyState, seat: int, lexicon: Lexicon) -> Iterator[_Target]:
    """The placements open to ``seat`` whose team offers a burn or a publish, the shorter
    spells first (the 6+ team's long list of words is the slowest to filter)."""
    for placed in sorted(moves.open_placements(state, seat), key=lambda p: p[1]):
        cards = _team_cards(state, seat, placed[1])
        if any("burn" in kinds or "publish" in kinds for kinds in cards):
            yield _Target(state, seat, placed, cards, lexicon)


def _team_cards(state: EvocabularyState, seat: int, number: int) -> list[frozenset[str]]:
    """What each card of the team offers when it activates (a lock nothing, a teamwork every
    kind it may copy)."""
    copyable: frozenset[str] | None = None
    cards = [frozenset((tableau.leader_action(state, seat, number),))]
    for familiar in tableau.team(state, seat, number)["familiars"]:
        kind = tableau.familiar_action(familiar)
        if kind == "teamwork":
            if copyable is None:
                copyable = frozenset(activation.copyable_kinds(state, seat))
            cards.append(copyable)
        elif kind != "lock":
            cards.append(frozenset((kind,)))
    return cards


def _brings_letter(
    state: EvocabularyState, cards: list[frozenset[str]], burners: list[int], spell_to_pick: bool
) -> bool:
    """Whether a card other than a burner can put a letter in an empty hand first (a wild,
    or the cards of a spell picked up)."""
    for burner in burners:
        for n, kinds in enumerate(cards):
            if n == burner:
                continue
            if ("wild" in kinds and state["wilds"]) or ("pickup" in kinds and spell_to_pick):
                return True
    return False


def _meets_a_pile(state: EvocabularyState, seat: int, number: int, lexicon: Lexicon) -> bool:
    """Whether the spell at ``number`` meets an achievement still on the table."""
    _, letters, syllables, wilds = activation.spell_facts(state, seat, number, lexicon)
    return _claimable(state, letters, syllables, wilds)


def _layout_meets(state: EvocabularyState, word: str, layout: list[str], lexicon: Lexicon) -> bool:
    wilds = sum(1 for t in layout if WILD in t)
    return _claimable(state, len(word), lexicon.syllable_counts(word), wilds)


def _claimable(
    state: EvocabularyState, letters: int, syllables: tuple[int, ...], wilds: int
) -> bool:
    piles = state["piles"]
    return wilds <= 1 and any(
        ids and components().piles[name].met(letters, syllables) for name, ids in piles.items()
    )
