"""Evocabulary's own greedy bot: it plays the best-scoring spell it can find, quickly.

The generic greedy bot tries every legal action on a copy, which is slow here (a hand with
wilds spells thousands of words). This bot reads only its seat's view: it asks the lexicon for
every word its hand, the team's locked letters and its wilds can spell, values each spell by
where it lands (a team that publishes scores it at once), and in an activation takes the
actions in a sensible order (draw, hire, publish, burn, teamwork).
"""

from __future__ import annotations

import heapq
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass
from itertools import islice
from string import ascii_lowercase
from typing import Any, cast

from crafthall.bots.base import Bot
from crafthall.engine.data import Action, State, View
from crafthall.games.evocabulary.components import TEAMS, WILD, components, team_for_length
from crafthall.games.evocabulary.dictionary import spellable
from crafthall.games.evocabulary.moves import may_draw
from crafthall.games.evocabulary.spells import HAND, KEPT, LOCKED, layouts, spell_parts
from crafthall.games.evocabulary.state import EvocabularyState
from crafthall.games.wordgame import WordGame

TOP_WORDS = 12
"""Words (by a quick estimate) whose layouts are tried in full."""
MAX_LAYOUTS = 6
"""Layouts tried per word; the first ones use real cards before wilds, so they are the best."""
HIRE_PRIORITY = {
    "publish": 6,
    "hire": 3,
    "wild": 3,
    "teamwork": 3,
    "burn": 2,
    "draw": 1,
    "pickup": 0,
    "lock": 0,
}


@dataclass
class Candidate:
    value: float
    action: Action


def _team(view: View, seat: int, number: int) -> dict[str, Any]:
    found: dict[str, Any] = view["teams"][seat][number - 3]
    return found


def _team_actions(view: View, seat: int, number: int) -> list[str]:
    data = _team(view, seat, number)
    return [data["leader"], *(f["action"] for f in data["familiars"] if f["action"] != "lock")]


def _publishes(view: View, seat: int, number: int) -> bool:
    shown = {f["action"] for t in view["teams"][seat] for f in t["familiars"]}
    acts = _team_actions(view, seat, number)
    return "publish" in acts or ("teamwork" in acts and "publish" in shown)


def _layout_points(layout: list[str]) -> int:
    points = components().points
    total = 0
    for token in layout:
        if token.startswith(LOCKED):
            continue
        body = token.lstrip(KEPT)
        total += 0 if body.startswith(WILD) else points[body]
    return total


def achievement_bonus(view: View, word: str, layout: list[str], syllables: tuple[int, ...]) -> int:
    """The most an achievement would add to publishing ``word`` laid out as ``layout``."""
    comps = components()
    if sum(1 for t in layout if WILD in t) > 1:
        return 0
    scoring = [t.lstrip(KEPT) for t in layout if not t.startswith(LOCKED) and WILD not in t]
    best_card = max((comps.points[t] for t in scoring), default=0)
    best = 0
    for pile, ids in view["piles"].items():
        if not ids or not comps.piles[pile].met(len(word), syllables):
            continue
        ach = comps.achievements[ids[0]]
        best = max(best, (ach.factor - 1) * best_card if ach.multiplies else ach.points)
    return best


_SYLLABLES: dict[str, tuple[int, ...]] = {}
"""Syllable counts of the words valued so far: a word outside the pronouncing dictionary is
counted by rules each time it is asked, which the search asks tens of thousands of times. The
counts depend on the word alone, and the words are at most a dictionary's."""


def _syllables(game: WordGame, word: str) -> tuple[int, ...]:
    found = _SYLLABLES.get(word)
    if found is None:
        found = _SYLLABLES[word] = game.lexicon.syllable_counts(word)
    return found


def spell_value(
    game: WordGame, view: View, seat: int, number: int, word: str, layout: list[str], modify: bool
) -> float:
    """What laying ``word`` as ``layout`` at team ``number`` is worth to ``seat`` at once: a
    team that publishes scores it (twice its points and any achievement), another one keeps it
    for later (0.3 of its points); either way each of the team's actions counts, and each
    wild spent or modify made costs a little."""
    score = _layout_points(layout)
    wild_cost = sum(1 for t in layout if t.startswith(WILD))
    activity = len(_team_actions(view, seat, number))
    if _publishes(view, seat, number):
        bonus = achievement_bonus(view, word, layout, _syllables(game, word))
        value = 2.0 * (score + bonus) + activity
    else:
        value = activity + 0.3 * score
    return value - (1.5 * wild_cost + (0.5 if modify else 0.0))


def best_spell(game: WordGame, view: View, seat: int) -> Candidate | None:
    """The most valuable ``start`` or ``modify`` open to ``seat``, from its view alone."""
    lex = game.lexicon
    hand: list[str] = view["hand"]
    found: dict[tuple[str, ...], dict[int, list[str]]] = {}
    best: Candidate | None = None

    def top_words(pool: Iterable[str], number: int) -> list[str]:
        """The ``TOP_WORDS`` most promising words of the pool for team ``number``."""
        key = tuple(sorted(pool))
        if key not in found:
            by_team: dict[int, list[str]] = {n: [] for n in TEAMS}
            for word in spellable(lex, key):
                by_team[team_for_length(len(word))].append(word)
            worth = _letter_worth(key)
            found[key] = {
                n: heapq.nlargest(TOP_WORDS, words, key=lambda w: sum(map(worth.__getitem__, w)))
                for n, words in by_team.items()
            }
        return found[key][number]

    def consider(
        number: int, sources: dict[str, Counter[str]], base: dict[str, Any], modify: bool
    ) -> None:
        nonlocal best
        pool = [f for counter in sources.values() for f in counter.elements()]
        for word in top_words(pool, number):
            for layout in islice(layouts(word, sources, need_hand=True), MAX_LAYOUTS):
                value = spell_value(game, view, seat, number, word, layout, modify)
                if best is None or value > best.value:
                    action = {**base, "word": word, "cards": layout}
                    best = Candidate(value, action)

    locked = {n: [t for t in _locks(view, seat, n)] for n in TEAMS}
    for number in TEAMS:
        if _team(view, seat, number)["spell"] is None:
            sources = {HAND: Counter(hand), LOCKED: Counter(locked[number])}
            consider(number, sources, {"type": "start"}, modify=False)
    for old in TEAMS:
        spell = _team(view, seat, old)["spell"]
        if spell is None:
            continue
        kept, _ = spell_parts(spell["cards"])
        for number in TEAMS:
            if number != old and _team(view, seat, number)["spell"] is not None:
                continue
            if not _publishes(view, seat, number):
                continue
            sources = {HAND: Counter(hand), KEPT: Counter(kept), LOCKED: Counter(locked[number])}
            consider(number, sources, {"type": "modify", "team": old}, modify=True)
    return best


def _letter_worth(pool: Iterable[str]) -> dict[str, int]:
    """A quick estimate of what each letter a-z adds to a spell from ``pool``: its points (a
    double card's letters share its points) plus one for its length, but only one if the pool
    has no card with that letter (a wild would stand for it)."""
    points = components().points
    worth = dict.fromkeys(ascii_lowercase, 1)
    for face in pool:
        if face != WILD:
            for ch in face:
                worth[ch] = 1 + points[face] // len(face)
    return worth


def _locks(view: View, seat: int, number: int) -> list[str]:
    return [f["lock"] for f in _team(view, seat, number)["familiars"] if f["lock"] is not None]


def discard_order(hand: list[str]) -> list[str]:
    """The faces of ``hand``, the first to discard first: duplicates, hard letters (8
    points or more), vowels beyond three, consonants when vowels are short; a wild last."""
    counts = Counter(hand)
    points = components().points
    vowels = sum(n for f, n in counts.items() if f in "aeiou")

    def badness(face: str) -> float:
        value = 2.0 * (counts[face] - 1) + (3.0 if points[face] >= 8 else 0.0)
        if face in "aeiou" and vowels > 3:
            value += 1.0
        if face not in "aeiou" and vowels < 2:
            value += 1.0
        return value - (5.0 if face == WILD else 0.0)

    return sorted(sorted(counts), key=badness, reverse=True)


def turn_filler(game: WordGame, state: State, seat: int, view: View) -> Action:
    """:func:`refill`, unless that is a pass the rules close: a second one in a row, with the
    deck and the hand empty, while the player can still burn or publish (a modify of one of
    their spells); then the first action listed (a modify: nothing else is open)."""
    action = refill(view)
    if action["type"] == "draw" and not may_draw(cast(EvocabularyState, state), seat, game.lexicon):
        return next(a for a in game.legal_actions(state, seat) if a["type"] != "draw")
    return action


def refill(view: View) -> Action:
    """The move of a turn without a spell worth playing: draw up to a full hand if there is
    one to draw, else discard the worst letter (and then draw)."""
    hand = view["hand"]
    if view["phase"] == "turn" and len(hand) < components().hand_size and view["deck_size"]:
        return {"type": "draw"}
    if view["phase"] == "discarding" or not hand:
        return {"type": "draw"}
    return {"type": "discard", "letter": discard_order(hand)[0]}


def use_value(view: View, seat: int, action: Action) -> float:
    """What a ``use`` of the activation is worth to ``seat`` at once (0: not worth taking):
    draws first, then hires (by what the familiar will do), publishes by their points, burns of
    letters worth 2 or more; a teamwork a little less than the action it copies."""
    kind = next(u["action"] for u in view["pending"]["unused"] if u["card"] == action["card"])
    if kind == "teamwork":
        kind = action["copy"]
        bonus = -0.5  # keep the teamwork for last: it copies what is most useful then
    else:
        bonus = 0.0
    points = components().points
    if kind in ("draw", "wild"):
        ok = view["deck_size"] if kind == "draw" else view["wild_pile"]
        return (10.0 if ok else 0.0) + bonus
    if kind == "hire":
        front = components().familiars[action["familiar"]].front
        side_action = front if action["side"] == "front" else "draw"
        if side_action == "lock":
            return 0.0
        room = action["team"]
        return 8.0 + HIRE_PRIORITY[side_action] - 0.1 * room + bonus
    if kind == "publish":
        spell = _team(view, seat, action["team"])["spell"]
        gain = spell["points"]
        pile = action.get("achievement")
        if pile is not None:
            ach = components().achievements[view["piles"][pile][0]]
            if ach.multiplies:
                token = spell["cards"][action["multiply"]]
                body = token.lstrip(LOCKED)
                card_points = 0 if body.startswith(WILD) else points[body]
                gain += (ach.factor - 1) * card_points
            else:
                gain += ach.points
        return 5.0 + gain + bonus
    if kind == "burn":
        return 4.0 + points[action["letter"]] + bonus if points[action["letter"]] >= 2 else 0.0
    return 0.0


class EvocabularyGreedyBot(Bot):
    """Plays the best spell it finds; in an activation draws, hires, publishes and burns."""

    level = "greedy"

    def choose(self, state: State, seat: int) -> Action:
        view = self.game.view(state, seat)
        if view["phase"] == "activation":
            return self._activate(state, seat, view)
        if view["phase"] == "turn":
            assert isinstance(self.game, WordGame)
            found = best_spell(self.game, view, seat)
            if found is not None and found.value > 0:
                return found.action
            return turn_filler(self.game, state, seat, view)
        return refill(view)

    def _activate(self, state: State, seat: int, view: View) -> Action:
        best: Action = {"type": "done"}
        best_value = 0.0
        for action in self.game.legal_actions(state, seat):
            if action["type"] != "use":
                continue
            value = use_value(view, seat, action)
            if value > best_value:
                best, best_value = action, value
        return best


BOTS = {"greedy": EvocabularyGreedyBot}
