"""Wordcraft as numbers, for learning libraries: actions as integers, a seat's view as an array.

An action's integer is ``(word * spellings + split) * 16 + claims``, and the last four integers
are ``pass``, ``dispute``, the vote to keep and the vote to reject: ``word`` is the word's place
in the dictionary's sorted list, ``split`` says which of its QUs are laid Qu-U rather than on
the Qu card alone (bit ``i`` for the ``i``-th QU), and ``claims`` which of the 4 achievements in
play take a cube (bit ``i`` for the ``i``-th card of the table). The range depends on the
dictionary only.
"""

from __future__ import annotations

import numpy as np

from crafthall.engine.data import Action, View
from crafthall.engine.errors import IllegalAction
from crafthall.games.wordcraft.components import achievements, constants, letters
from crafthall.games.wordcraft.spelling import QU
from crafthall.games.wordcraft.state import WordcraftState
from crafthall.games.wordcraft.words import DictionaryWords

IN_PLAY = 4
"""Achievement cards in play: 4 in every variant."""
CLAIM_SETS = 1 << IN_PLAY
OTHERS: list[Action] = [
    {"type": "pass"},
    {"type": "dispute"},
    {"type": "vote", "keep": True},
    {"type": "vote", "keep": False},
]
"""The actions after the words, in the order of their integers."""


def spelling_for(word: str, split: int) -> list[str]:
    """The cards that lay ``word`` with the QUs of ``split``'s bits as Qu then U.

    >>> spelling_for("quiet", 0), spelling_for("quiet", 1)
    (['qu', 'i', 'e', 't'], ['qu', 'u', 'i', 'e', 't'])
    """
    cards: list[str] = []
    at = number = 0
    while at < len(word):
        if word.startswith(QU, at):
            cards += [QU, "u"] if split >> number & 1 else [QU]
            number += 1
            at += 2
        else:
            cards.append(QU if word[at] == "q" else word[at])
            at += 1
    return cards


class ActionCodec:
    """Actions of one dictionary's tables <-> integers in ``range(size)``."""

    def __init__(self, table: DictionaryWords) -> None:
        self.table = table
        self.splits = 1 << table.most_qu
        self.words = len(table.words) * self.splits * CLAIM_SETS
        self.size = self.words + len(OTHERS)

    def encode(self, state: WordcraftState, action: Action) -> int:
        kind = action.get("type")
        if kind != "word":
            keep = bool(action.get("keep"))
            return self.words + next(
                number
                for number, other in enumerate(OTHERS)
                if other["type"] == kind and other.get("keep", keep) == keep
            )
        word = str(action.get("word", "")).strip().lower()
        position = self.table.index.get(word)
        if position is None:
            raise IllegalAction("bad-action", f"{word.upper()} is not a word of the dictionary.")
        given = action.get("spelling")
        spelling = None if given is None else [card.strip().lower() for card in given]
        split = next(
            (
                split
                for split in range(1 << word.count(QU))
                if spelling is None or spelling_for(word, split) == spelling
            ),
            None,
        )
        if split is None:
            raise IllegalAction("bad-action", f"Those cards do not spell {word.upper()}.")
        in_play = state["achievements"]
        claims = 0
        for card in action.get("achievements") or []:
            claims |= 1 << in_play.index(card.strip().upper())
        return (position * self.splits + split) * CLAIM_SETS + claims

    def decode(self, state: WordcraftState, index: int) -> Action:
        if index >= self.words:
            return dict(OTHERS[index - self.words])
        rest, claims = divmod(index, CLAIM_SETS)
        position, split = divmod(rest, self.splits)
        word = self.table.words[position]
        in_play = state["achievements"]
        return {
            "type": "word",
            "word": word,
            "spelling": spelling_for(word, split),
            "achievements": [card for bit, card in enumerate(in_play) if claims >> bit & 1],
        }


SIDE_FIGURES = {
    "supply": 24.0,
    "bonus_ep": 10.0,
    "score": 100.0,
    "letters_now": 50.0,
    "achievement_cubes": 20.0,
    "projected": 100.0,
}
"""Each side's figures in the observation, with the number each is divided by."""
CUBES_SCALE = 10.0


def observation_shape(sides: int) -> tuple[int]:
    """Letter cards and achievement cards (on the table, cubes per side), per-side figures,
    the round, and the side to play / looking / that triggered / with a last turn / first."""
    cards = (len(letters()) + len(achievements())) * (1 + sides)
    return (cards + len(SIDE_FIGURES) * sides + constants()["rounds"] + 5 * sides + 5,)


def encode_observation(view: View) -> np.ndarray:
    """A seat's view as numbers (everything it holds is public, but it reads only the view)."""
    sides = len(view["sides"])
    letter_rows = {card: row for row, card in enumerate(letters())}
    achievement_rows = {card: row for row, card in enumerate(achievements())}
    on_letters = np.zeros((len(letter_rows), 1 + sides), dtype=np.float32)
    for card in view["grid"]:
        on_letters[letter_rows[card["card"]]] = [1.0, *(n / CUBES_SCALE for n in card["cubes"])]
    on_achievements = np.zeros((len(achievement_rows), 1 + sides), dtype=np.float32)
    for card in view["achievements"]:
        on_achievements[achievement_rows[card["id"]]] = [
            1.0,
            *(n / CUBES_SCALE for n in card["cubes"]),
        ]
    figures = np.array(
        [[info[key] / scale for key, scale in SIDE_FIGURES.items()] for info in view["sides"]],
        dtype=np.float32,
    )
    rounds = np.zeros(constants()["rounds"], dtype=np.float32)
    rounds[view["round"] - 1] = 1.0
    round_end = view["round_end"]
    marked = (
        [view["turn"]],
        [view["your_side"]],
        [round_end["triggered_by"]],
        round_end["last_turns"],
        [view["first"]],
    )
    marks = np.zeros((len(marked), sides), dtype=np.float32)
    for row, chosen in enumerate(marked):
        for side in chosen:
            if side is not None:
                marks[row, side] = 1.0
    tail = np.array(
        [
            view["passes"] / sides,
            len(view["used_words"]) / 50.0,
            float(view["phase"] == "over"),
            float(view["disputable"] is not None),
            float(view["vote"] is not None),
        ],
        dtype=np.float32,
    )
    return np.concatenate(
        [on_letters.ravel(), on_achievements.ravel(), figures.ravel(), rounds, marks.ravel(), tail]
    )
