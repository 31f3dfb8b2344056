"""A player's score sheet: its discard boxes, which words stand, and the scoring.

A player in the state is a :class:`~.state.PlayerState`.
"""

from __future__ import annotations

from crafthall.engine.data import Event
from crafthall.games.wordsmith import components as comp
from crafthall.games.wordsmith.options import WordsmithOptions
from crafthall.games.wordsmith.state import PlayerState, ScoredLine, WordsmithState
from crafthall.lexicon import Lexicon

LINES = int(comp.data()["words_per_challenge"])
"""Words on a sheet: the sixth word calls Done."""
FREE_BOXES = int(comp.data()["free_boxes"])
BONUS_BOXES = int(comp.data()["bonus_boxes"])


def new_player(crossed: int) -> PlayerState:
    return {
        "pool": comp.empty_pool(),
        "sheet": [None] * LINES,
        "order": [],
        "last": None,
        "discards": 0,
        "crossed": crossed,
        "pending": None,
        "wilds": 0,
        "status": "playing",
    }


def boxes_left(player: PlayerState) -> int:
    """Unchecked discard boxes (free boxes crossed out for player level are gone)."""
    return max(0, FREE_BOXES + BONUS_BOXES - player["crossed"] - player["discards"])


def bonus_left(player: PlayerState) -> int:
    """Unchecked bonus boxes: discards fill the remaining free boxes first."""
    free = FREE_BOXES - player["crossed"]
    return max(0, BONUS_BOXES - max(0, player["discards"] - free))


def word_problem(
    options: WordsmithOptions,
    lexicon: Lexicon,
    state: WordsmithState,
    player: PlayerState,
    word: str,
    line: int,
) -> tuple[str, str] | None:
    """Why a word (built and placed) is not valid: (code, sentence), or None.

    Used at claim time in the open game and at scoring in Secret Wordsmith.
    """
    shown = word.upper()
    if not lexicon.contains(word, allow_hyphen=True, allow_apostrophe=True):
        return (
            "word-not-in-dictionary",
            f"{shown} is not in the {lexicon.name} dictionary (no proper names, "
            "abbreviations, slang or foreign words).",
        )
    if not options.secret and word in state["claimed"]:
        # Games know no names: the claimer's seat stays in state["claimed"] as data.
        who = "you" if state["players"][state["claimed"][word]] is player else "another player"
        return (
            "word-already-claimed",
            f"{shown} has already been claimed by {who} in this challenge.",
        )
    if options.secret and word in [w for w in player["sheet"] if w]:
        return ("word-already-claimed", f"{shown} is already on your sheet.")
    last = player["last"]
    if last and not comp.has_new_letter(word, last):
        return (
            "no-new-letter",
            f"{shown} only moves the letters of your previous word {last.upper()} around; "
            "a word must build at least one new letter (a letter it lacks, or one more copy).",
        )
    if state["required"] is not None and state["required"][line] not in word:
        letter = state["required"][line].upper()
        return (
            "missing-required-letter",
            f"{shown} does not contain {letter}, the required letter of line {line + 1}.",
        )
    return None


def score_sheet(
    options: WordsmithOptions, lexicon: Lexicon, state: WordsmithState, seat: int
) -> tuple[list[ScoredLine], int, int]:
    """The scored lines of a seat's sheet (claim order), its bonus and its total.

    In Secret Wordsmith each word is checked here, against the sheet as it stood when the
    word was written (so the previous word is the one claimed just before it).
    """
    player = state["players"][seat]
    lines: list[ScoredLine] = []
    replay: PlayerState = {**player, "sheet": [None] * LINES, "last": None}
    for line in player["order"]:
        word = player["sheet"][line]
        assert word is not None  # the lines of ``order`` hold words
        problem = (
            word_problem(options, lexicon, state, replay, word, line) if options.secret else None
        )
        points = 0 if problem else len(word)
        lines.append(
            {
                "line": line,
                "word": word,
                "points": points,
                "valid": problem is None,
                "reason": problem[1] if problem else "",
            }
        )
        replay["sheet"][line] = word
        replay["last"] = word
    bonus = bonus_left(player)
    return lines, bonus, sum(entry["points"] for entry in lines) + bonus


def score_challenge(options: WordsmithOptions, lexicon: Lexicon, state: WordsmithState) -> Event:
    """Score every sheet, add the scores to the totals and keep them in the history."""
    sheets, bonuses, scores = [], [], []
    for seat in range(state["seats"]):
        lines, bonus, score = score_sheet(options, lexicon, state, seat)
        sheets.append(lines)
        bonuses.append(bonus)
        scores.append(score)
        state["totals"][seat] += score
    state["history"].append(
        {
            "challenge": state["challenge"],
            "required": state["required"],
            "sheets": sheets,
            "bonus": bonuses,
            "scores": scores,
        }
    )
    return {
        "type": "scored",
        "challenge": state["challenge"],
        "scores": scores,
        "totals": list(state["totals"]),
    }


def running_score(state: WordsmithState, seat: int) -> int:
    """A seat's total so far, counting the current challenge's words at face value."""
    player = state["players"][seat]
    if state["phase"] == "over":
        return int(state["totals"][seat])
    letters = sum(len(word) for word in player["sheet"] if word)
    return int(state["totals"][seat]) + letters + bonus_left(player)
