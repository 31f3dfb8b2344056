"""Wordsmith as numbers, for learning libraries: actions as integers, a view as an array.

Actions: ``0`` roll, ``1..4`` take a piece (in the order of :data:`components.PIECES`),
``5`` pass, then one number per dictionary word (its row in the word finder's index) or, in
the Advanced Game, per word and sheet line (``6 + row * 6 + line``). The range is fixed by the
dictionary and the ``advanced`` option.

Observations: a flat ``float32`` vector read from the view alone: the phase, the options that
shape play, the tray, the dice, the required letters, then per seat its pieces, boxes, status
and (where the view shows it) its sheet as letter counts per line.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence

import numpy as np

from crafthall.engine.data import Action, View
from crafthall.engine.errors import IllegalAction
from crafthall.games.wordsmith import components as comp
from crafthall.games.wordsmith.finder import PieceIndex
from crafthall.games.wordsmith.sheet import LINES

PHASES = ("race", "word", "last-words", "over")
STATUSES = ("playing", "waiting", "passed", "done", "finished")
FIXED_ACTIONS = ("roll", *(f"take {piece}" for piece in comp.PIECES), "pass")
CLAIMS_FROM = len(FIXED_ACTIONS)
LETTERS = {symbol: number for number, symbol in enumerate(comp.SYMBOLS)}

# --- actions -------------------------------------------------------------------------------


def claim_variants(advanced: bool) -> int:
    """Numbers per word: one per sheet line in the Advanced Game, else one."""
    return LINES if advanced else 1


def action_space_size(index: PieceIndex, advanced: bool) -> int:
    return CLAIMS_FROM + len(index) * claim_variants(advanced)


def action_key(action: Action, advanced: bool) -> Hashable:
    """Claims compare by their word as the sheet holds it (``CAST`` is ``cast``), and by their
    line only in the Advanced Game (elsewhere a given line is not used)."""
    kind = action.get("type")
    if kind == "claim":
        line = action.get("line") if advanced else None
        return ("claim", comp.normal_word(str(action.get("word", ""))), line)
    if kind == "take":
        return ("take", action.get("piece"))
    return (kind,)


def encode_action(index: PieceIndex, advanced: bool, action: Action) -> int:
    kind = action["type"]
    if kind == "roll":
        return 0
    if kind == "take":
        return 1 + comp.PIECES.index(action["piece"])
    if kind == "pass":
        return CLAIMS_FROM - 1
    word = comp.normal_word(action["word"])
    row = index.row_of.get(word)
    if row is None:
        raise IllegalAction(
            "bad-action", f"{word.upper()} is not in the dictionary, so it has no number."
        )
    line = int(action["line"]) if advanced else 0
    return CLAIMS_FROM + row * claim_variants(advanced) + line


def decode_action(index: PieceIndex, advanced: bool, number: int) -> Action:
    if number < CLAIMS_FROM:
        name = FIXED_ACTIONS[number]
        if name.startswith("take "):
            return {"type": "take", "piece": name.removeprefix("take ")}
        return {"type": name}
    row, line = divmod(number - CLAIMS_FROM, claim_variants(advanced))
    if advanced:
        return {"type": "claim", "word": index.words[row], "line": line}
    return {"type": "claim", "word": index.words[row]}


# --- observations --------------------------------------------------------------------------

GLOBAL_SIZE = len(PHASES) + 3 + 4 + 3 * len(comp.PIECES) + LINES * len(LETTERS)
PLAYER_SIZE = (
    len(comp.PIECES)  # pool
    + 6  # words, discards, crossed, boxes left, bonus left, wild circles
    + 1
    + len(comp.PIECES)  # a piece to take, and which
    + len(STATUSES)
    + 1  # the sheet is visible
    + (LINES + 1) * len(LETTERS)  # letters per line, and of the previous word
)


def observation_shape(seats: int) -> tuple[int, ...]:
    return (GLOBAL_SIZE + 5 * seats + seats * PLAYER_SIZE,)


def _one_hot(value: object, values: Sequence[object]) -> list[float]:
    return [1.0 if value == item else 0.0 for item in values]


def _letters(word: str | None) -> list[float]:
    counts = [0.0] * len(LETTERS)
    for symbol in word or "":
        counts[LETTERS[symbol]] += 1.0
    return counts


def _pieces(pool: dict[str, int]) -> list[float]:
    return [float(pool[piece]) for piece in comp.PIECES]


def encode_observation(view: View) -> np.ndarray:
    seats = len(view["players"])
    values: list[float] = _one_hot(view["phase"], PHASES)
    values += [
        float(view["mode"] == "word-by-word"),
        float(view["secret"]),
        float(view["advanced"]),
    ]
    values += [view["min_length"], view["challenge"], view["challenges"], view["round"] or 0]
    values += _pieces(view["tray"]) + _pieces(view["start_pool"])
    values += [float(view["round_roll"].count(piece)) for piece in comp.PIECES]
    required = view["required"] or ""
    for line in range(LINES):
        values += _letters(required[line] if required else None)
    values += _one_hot(view["seat"], range(seats))
    values += [float(seat in view["active"]) for seat in range(seats)]
    values += _one_hot(view["done_by"], range(seats))
    values += [float(score) for score in view["scores"]]
    values += [float(total) for total in view["totals"]]
    for player in view["players"]:
        values += _pieces(player["pool"])
        values += [
            player["words"],
            player["discards"],
            player["crossed"],
            player["boxes_left"],
            player["bonus_left"],
            player["wilds"],
        ]
        pending = player["pending"] or []
        values += [float(bool(pending))] + [float(piece in pending) for piece in comp.PIECES]
        values += _one_hot(player["status"], STATUSES)
        sheet = player["sheet"]
        values.append(float(sheet is not None))
        for line in range(LINES):
            values += _letters(sheet[line] if sheet else None)
        values += _letters(player["last"])
    return np.array(values, dtype=np.float32)
