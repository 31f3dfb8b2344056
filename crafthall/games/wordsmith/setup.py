"""Wordsmith's set-up: a new game, the start of each challenge, the dice, and the fixed layout.

Chance comes from the state's generator, or first from the die faces a fixed set-up forces
(``forced``), so a rulebook example replays exactly.
"""

from __future__ import annotations

from typing import Any

from crafthall.engine.errors import SetupError
from crafthall.engine.rng import Rng, new_rng_state
from crafthall.games.wordsmith import components as comp
from crafthall.games.wordsmith.options import WordsmithOptions
from crafthall.games.wordsmith.sheet import LINES, new_player
from crafthall.games.wordsmith.state import Pool, WordsmithState
from crafthall.lexicon import Lexicon

FIXED_KEYS = ("box", "pool", "pools", "dice", "required")


def new_state(
    options: WordsmithOptions, lexicon: Lexicon, seats: int, seed: int, fixed: dict[str, Any]
) -> WordsmithState:
    """A new game with its first challenge started (``fixed``: the fixed set-up keys)."""
    unknown = sorted(set(fixed) - set(FIXED_KEYS))
    if unknown:
        raise SetupError(
            f"Unknown fixed set-up key(s) {', '.join(unknown)}; Wordsmith knows "
            f"{', '.join(FIXED_KEYS)}."
        )
    box = _read_pool(fixed.get("box", comp.piece_totals()), "box")
    pools = _fixed_pools(fixed, box, seats)
    dice = fixed.get("dice", [])
    if not isinstance(dice, list) or any(face not in comp.PIECES for face in dice):
        raise SetupError(
            "The fixed 'dice' key is a list of die faces (red, yellow, blue, green), "
            'e.g. ["red", "blue"].'
        )
    state: WordsmithState = {
        "rng": new_rng_state(seed),
        "seats": seats,
        "box": box,
        "fixed_pools": pools,
        "fixed_required": _fixed_required(fixed.get("required")),
        "forced": list(dice),
        "challenge": 0,
        "phase": "race",
        "tray": dict(box),
        "required": None,
        "start_pool": comp.empty_pool(),
        "claimed": {},
        "done_by": None,
        "round": 0,
        "round_roll": [],
        "players": [],
        "totals": [0] * seats,
        "history": [],
    }
    start_challenge(options, lexicon, state)
    return state


def start_challenge(options: WordsmithOptions, lexicon: Lexicon, state: WordsmithState) -> None:
    """Every piece back in the tray, fresh sheets, the same starting pieces for everyone."""
    seats = state["seats"]
    state["challenge"] += 1
    state["tray"] = dict(state["box"])
    state["claimed"] = {}
    state["done_by"] = None
    state["round"] = 0
    state["round_roll"] = []
    handicap = list(options.handicap) or [0] * seats
    state["players"] = [new_player(handicap[seat]) for seat in range(seats)]
    state["required"] = required_letters(options, lexicon, state) if options.advanced else None
    start = _start_pool(state)
    state["start_pool"] = start
    for player in state["players"]:
        for piece, count in start.items():
            player["pool"][piece] += count
            state["tray"][piece] -= count
    if options.mode == "word-by-word":
        state["phase"] = "word"
        roll_round(state)
    else:
        state["phase"] = "race"


def _start_pool(state: WordsmithState) -> Pool:
    """The same pieces for every player: a fixed pool, or four dice rolled twice.

    A die whose colour the tray cannot give to every player is rolled again.
    """
    fixed = state["fixed_pools"]
    if fixed:
        return dict(fixed[min(state["challenge"], len(fixed)) - 1])
    seats = state["seats"]
    pool = comp.empty_pool()
    dice = int(comp.data()["dice"]) * int(comp.data()["start_rolls"])

    def can_give(face: str) -> bool:
        return state["tray"][face] - pool[face] * seats >= seats

    for _ in range(dice):
        if not any(can_give(face) for face in comp.PIECES):
            break
        face = roll_die(state)
        while not can_give(face):
            face = roll_die(state)
        pool[face] += 1
    return pool


def required_letters(options: WordsmithOptions, lexicon: Lexicon, state: WordsmithState) -> str:
    """The Advanced Game's six letters: fixed, a random six-letter word, or random letters."""
    fixed = state["fixed_required"]
    if fixed:
        return fixed[min(state["challenge"], len(fixed)) - 1]
    rng = Rng(state["rng"])
    if options.required_from == "word":
        candidates = _line_words(lexicon)
        if candidates:
            return rng.choice(candidates)
    letters = list("abcdefghijklmnopqrstuvwxyz")
    rng.shuffle(letters)
    return "".join(letters[:LINES])


_LINE_WORDS: dict[str, list[str]] = {}


def _line_words(lexicon: Lexicon) -> list[str]:
    """The dictionary's words with one letter per sheet line, found once per word list."""
    found = _LINE_WORDS.get(lexicon.content_hash)
    if found is None:
        found = _LINE_WORDS[lexicon.content_hash] = [w for w in lexicon.words if len(w) == LINES]
    return found


def roll_die(state: WordsmithState) -> str:
    forced = state["forced"]
    if forced:
        return forced.pop(0)
    return Rng(state["rng"]).choice(comp.FACES)


def roll_round(state: WordsmithState) -> list[str]:
    """Word by Word: three dice for everyone (again if all are wild)."""
    count = int(comp.data()["word_by_word_dice"])
    while True:
        faces = [roll_die(state) for _ in range(count)]
        if not all(face in comp.WILD_FACES for face in faces):
            break
    state["round_roll"] = faces
    for player in state["players"]:
        player["status"] = "playing"
        player["wilds"] = 0
        for face in faces:
            if face in comp.WILD_FACES or state["tray"][face] == 0:
                player["wilds"] += 1
            else:
                player["pool"][face] += 1
                state["tray"][face] -= 1
    return faces


# --- fixed set-up ------------------------------------------------------------------------------


def _read_pool(value: Any, key: str) -> dict[str, int]:
    if not isinstance(value, dict) or any(
        piece not in comp.PIECES or not isinstance(n, int) or n < 0 for piece, n in value.items()
    ):
        raise SetupError(
            f"The fixed '{key}' key maps piece colours to counts, e.g. "
            '{"red": 3, "yellow": 2, "blue": 1, "green": 2}.'
        )
    return {piece: int(value.get(piece, 0)) for piece in comp.PIECES}


def _fixed_pools(fixed: dict[str, Any], box: dict[str, int], seats: int) -> list[dict[str, int]]:
    if "pool" in fixed and "pools" in fixed:
        raise SetupError("Give either a fixed 'pool' (every challenge) or 'pools', not both.")
    if "pool" in fixed:
        raw = [fixed["pool"]]
    else:
        raw = fixed.get("pools", [])
        if not isinstance(raw, list):
            raise SetupError("The fixed 'pools' key is a list of pools, one per challenge.")
    pools = [_read_pool(item, "pool") for item in raw]
    for pool in pools:
        for piece in comp.PIECES:
            if pool[piece] * seats > box[piece]:
                raise SetupError(
                    f"A starting pool of {pool[piece]} {piece} for each of {seats} players "
                    f"needs more than the {box[piece]} {piece} pieces in the box."
                )
    return pools


def _fixed_required(value: Any) -> list[str] | None:
    if value is None:
        return None
    raw = [value] if isinstance(value, str) else value
    if (
        not isinstance(raw, list)
        or not raw
        or any(
            not isinstance(s, str) or len(s) != LINES or any(ch not in comp.SYMBOLS for ch in s)
            for s in raw
        )
    ):
        raise SetupError(
            "The fixed 'required' key is six letters (e.g. \"danger\") or a list of such, one "
            "per challenge."
        )
    return [s.lower() for s in raw]
