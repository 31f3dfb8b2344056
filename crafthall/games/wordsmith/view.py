"""What a seat sees: everything on the table, except in Secret Wordsmith the other players'
words (and so their running scores) until the challenge is scored.

Pieces are public in every variant: pools, the tray and discard counts lie on the table.
The generator, the forced die faces and the fixed set-up stay out of every view.
"""

from __future__ import annotations

from typing import Literal, TypedDict

from crafthall.games.wordsmith.moves import active_seats, roll_offer
from crafthall.games.wordsmith.options import WordsmithOptions
from crafthall.games.wordsmith.sheet import bonus_left, boxes_left, running_score
from crafthall.games.wordsmith.state import (
    ChallengeRecord,
    PlayerState,
    Pool,
    Status,
    WordsmithState,
)


class PlayerView(TypedDict):
    """A player as a seat sees them: pieces and boxes always, words only where visible."""

    pool: Pool
    words: int
    """How many words the sheet holds (public even when the words are not)."""
    sheet: list[str | None] | None
    """The six lines, or None where Secret Wordsmith hides them."""
    last: str | None
    discards: int
    crossed: int
    boxes_left: int
    bonus_left: int
    pending: list[str] | None
    """The pieces a roll waiting for its piece offers now (the tray holds them)."""
    wilds: int
    status: Status


class TableView(TypedDict):
    """The view's keys after the common frame (``game``, ``seat``, ``active``, ``phase``,
    ``prompt``, ``scores``)."""

    mode: Literal["race", "word-by-word"]
    secret: bool
    advanced: bool
    min_length: int
    challenge: int
    challenges: int
    tray: Pool
    start_pool: Pool
    required: str | None
    round: int | None
    """Word by Word: the word being built, from 1 (None in the race)."""
    round_roll: list[str]
    done_by: int | None
    claimed: dict[str, int]
    """The claimed words and their claimers (empty while Secret Wordsmith hides them)."""
    players: list[PlayerView]
    totals: list[int]
    history: list[ChallengeRecord]


def hides_sheets(options: WordsmithOptions, state: WordsmithState) -> bool:
    """Whether other players' words are hidden now (Secret Wordsmith, until the game ends;
    a scored challenge's sheets are public in the history)."""
    return options.secret and state["phase"] != "over"


def seen_scores(options: WordsmithOptions, state: WordsmithState, seat: int | None) -> list[int]:
    """Running totals; in Secret Wordsmith the others' stop at their scored challenges (their
    running totals would reveal the lengths of their words)."""
    if not hides_sheets(options, state):
        return [running_score(state, other) for other in range(state["seats"])]
    scores = list(state["totals"])
    if seat is not None:
        scores[seat] = running_score(state, seat)
    return scores


def prompt(state: WordsmithState, seat: int | None) -> str:
    """What ``seat`` should do now ("" when it has nothing to do)."""
    if seat is None or seat not in active_seats(state):
        return ""
    phase = state["phase"]
    player = state["players"][seat]
    if player["pending"]:
        return f"Take a piece: {', '.join(roll_offer(state, player['pending']))}."
    if phase == "race":
        return "Roll for a piece, claim a word, or pass if you can find no more words."
    if phase == "last-words":
        return "Another player called Done: claim one more word without adding pieces, or pass."
    wilds = f" (you have {player['wilds']} wild piece(s) to take)" if player["wilds"] else ""
    return f"Word {state['round'] + 1}: claim a word{wilds}, or pass this word."


def _player_view(state: WordsmithState, player: PlayerState, visible: bool) -> PlayerView:
    return {
        "pool": dict(player["pool"]),
        "words": len(player["order"]),
        "sheet": list(player["sheet"]) if visible else None,
        "last": player["last"] if visible else None,
        "discards": player["discards"],
        "crossed": player["crossed"],
        "boxes_left": boxes_left(player),
        "bonus_left": bonus_left(player),
        "pending": roll_offer(state, player["pending"]) if player["pending"] else None,
        "wilds": player["wilds"],
        "status": player["status"],
    }


def table_view(options: WordsmithOptions, state: WordsmithState, seat: int | None) -> TableView:
    """The view's keys after the common frame."""
    secret = hides_sheets(options, state)
    return {
        "mode": options.mode,
        "secret": options.secret,
        "advanced": options.advanced,
        "min_length": options.min_length,
        "challenge": state["challenge"],
        "challenges": options.challenges,
        "tray": dict(state["tray"]),
        "start_pool": dict(state["start_pool"]),
        "required": state["required"],
        "round": state["round"] + 1 if state["phase"] == "word" else None,
        "round_roll": list(state["round_roll"]),
        "done_by": state["done_by"],
        "claimed": {} if secret else dict(state["claimed"]),
        "players": [
            _player_view(state, player, not secret or other == seat)
            for other, player in enumerate(state["players"])
        ],
        "totals": list(state["totals"]),
        "history": state["history"],
    }
