"""The work a worker process does: every function here takes plain, picklable arguments (a
record's header as JSON, a state, a seat...) and returns plain data, so it runs the same in a
local worker process and on another machine (:mod:`crafthall.server.compute.remote`).

A worker keeps the few things worth keeping between jobs in caches bounded by size: the rules
of the last :data:`GAMES_KEPT` games and options it was asked about (a word game's dictionary
among them). Bots are made afresh for each move, with a seed drawn from the table's seed, the
seat and the table's version, so that a move does not depend on which worker made it, nor on
what that worker did before; nothing a search builds outlives its job.
"""

from __future__ import annotations

import copyreg
import functools
import json
import time
from collections.abc import Callable
from typing import Any

from crafthall.bots.thinking import think
from crafthall.engine.data import Action, State, clone
from crafthall.engine.errors import IllegalAction
from crafthall.engine.game import Game
from crafthall.engine.record import Header, Move, dump_lines, parse_lines
from crafthall.games import make_bot, record_game, replay_match
from crafthall.review import HINT_EFFORT, REVIEW_EFFORT, assemble, bounded, hints, review_moves
from crafthall.review.report import MoveReview, worded
from crafthall.review.words import worded_hints


def _refusal(code: str, message: str, details: dict[str, Any]) -> IllegalAction:
    return IllegalAction(code, message, **details)


def _pickle_refusal(err: IllegalAction) -> tuple[Any, tuple[Any, ...]]:
    return _refusal, (err.code, err.message, err.details)


# A refusal of the rules travels back from a worker as itself (its own pickling loses the code).
copyreg.pickle(IllegalAction, _pickle_refusal)

GAMES_KEPT = 16
"""Rules (with their dictionaries) a worker keeps for the next job of the same game."""


@functools.lru_cache(maxsize=GAMES_KEPT)
def _game(header: str) -> Game:
    return record_game(Header.from_json(json.loads(header)))


RULES_KEYS = ("format", "game", "game_version", "options", "pins")
"""What of a record's header its rules depend on (not its seats, seed or commitment): every
table of one game and options shares one kept copy."""


def game_of(header: dict[str, Any]) -> Game:
    """The rules of a record's ``header`` (its JSON form), kept for the next job."""
    rules = {key: header[key] for key in RULES_KEYS if key in header}
    rules.update(seats=[], seed=0)
    return _game(json.dumps(rules, sort_keys=True))


def bot_seed(table_seed: int, seat: int, version: int) -> int:
    """The seed of the bot that makes ``seat``'s move at ``version`` of a table."""
    return (table_seed * 1_000_003 + seat * 10_007 + version) % (2**63)


def bot_move(
    header: dict[str, Any], state: State, seat: int, level: str, seed: int
) -> tuple[Action, int]:
    """A bot's move for ``seat`` and the milliseconds of CPU it thought."""
    game = game_of(header)
    thought = think(make_bot(game, level, seed), clone(state), seat)
    return thought.action, thought.ms


def hint(
    header: dict[str, Any], state: State, seat: int, within: float | None = None
) -> list[dict[str, Any]]:
    """Up to five good moves for ``seat`` (see :func:`crafthall.review.hints`), in the game's
    words (:func:`crafthall.review.words.worded_hints`)."""
    game, names = game_of(header), [one["name"] for one in header["seats"]]
    return worded_hints(game, names, state, seat, hints(game, state, seat, HINT_EFFORT, within))


def review_part(record: str, start: int, stop: int) -> list[dict[str, Any]]:
    """The verdicts on moves ``start`` to ``stop`` of a finished game's record."""
    match = _match(record)
    found = review_moves(match, start, stop, bounded(match, REVIEW_EFFORT))
    return [m.to_json() for m in worded(match, found)]


def review_whole(record: str, parts: list[list[dict[str, Any]]]) -> dict[str, Any]:
    """The review of a finished game's record from the verdicts of all its parts, in order."""
    reviewed = [MoveReview.from_json(one) for part in parts for one in part]
    return assemble(_match(record), reviewed).to_json()


@functools.lru_cache(maxsize=4)
def _match(record: str) -> Any:
    header, moves = parse_lines(record.splitlines())
    return replay_match(header, moves)


def record_facts(record: str) -> tuple[bool, int]:
    """Is the game of ``record`` finished, and how many moves has it? (Its whole replay.)"""
    match = _match(record)
    return match.result() is not None, len(match.moves)


def replay_step(header: Header, moves: list[Move], move: int, seat: int | None) -> dict[str, Any]:
    """A finished game after ``move`` moves, as ``seat`` saw it (see
    :func:`crafthall.server.replays.step`)."""
    from crafthall.server.replays import step

    return step(header, moves, move, seat)


def upload_step(record: str, move: int, seat: int | None) -> dict[str, Any]:
    """:func:`replay_step` of an uploaded record's text (read here, not by the server)."""
    header, moves = parse_lines(record.splitlines())
    return replay_step(header, moves, move, seat)


def check_upload(record: str) -> tuple[str, str, int]:
    """An uploaded record read and replayed whole, so that a bad one is refused with the line
    at fault (a :class:`~crafthall.engine.errors.RecordError`): its game, its text as kept,
    and its number of moves."""
    from crafthall.server.replays import read_record

    header, moves = read_record(record)
    return header.game, "\n".join(dump_lines(header, moves)) + "\n", len(moves)


def pause(seconds: float) -> float:
    """Sleep ``seconds`` (a job the tests kill a worker in the middle of); returns it."""
    time.sleep(seconds)
    return seconds


def echo(value: Any) -> Any:
    """``value`` itself: the smallest round trip (``bench/bench_abuse.py`` times it)."""
    return value


JOBS: dict[str, Callable[..., Any]] = {
    "bot_move": bot_move,
    "hint": hint,
    "review_part": review_part,
    "review_whole": review_whole,
    "replay_step": replay_step,
    "record_facts": record_facts,
    "upload_step": upload_step,
    "check_upload": check_upload,
    "pause": pause,
    "echo": echo,
}
"""Every job a worker runs, by the name a job is sent with."""


def run(name: str, args: tuple[Any, ...]) -> Any:
    """Do job ``name`` with ``args``."""
    return JOBS[name](*args)
