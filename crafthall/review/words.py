"""A move in its game's own words: the sentence the game's log gives it (``TextUI.say``), for
a move not played (a hint, a review's best move) as for one played.

A move not played is worded by playing it on copies of the position as its mover sees it
(determinizations for the mover, :data:`WORLDS` of them) and saying the first event it makes:
the move itself. Its later events (what it turns up, the next player's draw) would tell of
made-up cards, so they are left out. Where even the move's own sentence depends on what the
mover cannot know (a die not yet rolled), the worlds word it differently: the words they all
share stand, then "…".

A move's effects on the mover's numbers (``scores +4``, ``hand_sizes -3``) are said in plain
words where they tell something the sentence does not (points, cards to be won), else dropped.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import replace

from crafthall.engine.data import Action, State, clone
from crafthall.engine.errors import IllegalAction
from crafthall.engine.game import Game
from crafthall.games import entry
from crafthall.games.entry import TextUI
from crafthall.review.analysis import Assessment, action_label

WORLDS = 4
"""Made-up worlds a move not played is worded in: a sentence that differs between them tells
of something its mover cannot know (a die's face differs in all four but one time in 216)."""

GAINS: Mapping[str, tuple[str, str]] = {
    "scores": ("point", "points"),
    "score_table.total": ("point", "points"),
    "pending": ("card to be won", "cards to be won"),
}
"""The effects worth a word, by the name of the number in the seat's view (the singular and
the plural of what it counts); every other effect (a hand's size, a score's parts) is told by
the move's sentence or the board already."""


def text_for(game: Game, names: Sequence[str]) -> TextUI:
    """The game's text object for seats called ``names`` (the words its log uses)."""
    return entry(game.name).text(game, list(names))


class Wording:
    """The words of moves a seat might make in one position, as the game's log would say them:
    the seat's made-up worlds are drawn once and every move is tried on copies of them."""

    def __init__(self, game: Game, text: TextUI, state: State, seat: int, seed: int = 0) -> None:
        self.game, self.text, self.seat = game, text, seat
        self.worlds = [
            game.determinize(state, seat, random.Random(seed * WORLDS + n)) for n in range(WORLDS)
        ]

    def _first_sentence(self, world: State, action: Action) -> str | None:
        try:
            events = self.game.apply(clone(world), self.seat, action)
        except IllegalAction:
            return None
        for event in events:
            said = self.text.say(self.seat, event)
            if said:
                return said
        return None

    def say(self, action: Action) -> str:
        """The sentence of ``action`` (the words every world gives it, else their common start
        and "…"; the move's own fields if no world words it)."""
        found = [self._first_sentence(world, action) for world in self.worlds]
        said = [one for one in found if one is not None]
        if not said:
            return action_label(action)
        if all(one == said[0] for one in said):
            return said[0]
        shared = common_start([one.split(" ") for one in said])
        return f"{' '.join(shared).rstrip(',:;')} …" if shared else action_label(action)

    def assessed(self, found: Assessment) -> Assessment:
        """``found`` with its sentence."""
        return replace(found, said=self.say(found.action))


def common_start(lines: Sequence[Sequence[str]]) -> list[str]:
    """The words every one of ``lines`` starts with."""
    shared: list[str] = []
    for words in zip(*lines, strict=False):
        if any(word != words[0] for word in words):
            break
        shared.append(words[0])
    return shared


def gains(effects: Mapping[str, float]) -> list[str]:
    """The effects worth a word, in plain words (``+4 points``, ``+3 cards to be won``)."""
    said = []
    for key, (one, many) in GAINS.items():
        value = effects.get(key)
        if not value:
            continue
        amount = int(value) if float(value).is_integer() else round(value, 1)
        said.append(f"{amount:+} {one if abs(amount) == 1 else many}")
    return said


def worded_hints(
    game: Game, names: Sequence[str], state: State, seat: int, found: Sequence[Assessment]
) -> list[dict[str, object]]:
    """Hints as the table shows them: each with its sentence (``said``) and its effects worth
    a word (``gains``)."""
    wording = Wording(game, text_for(game, names), state, seat)
    return [{**wording.assessed(one).to_json(), "gains": gains(one.effects)} for one in found]
