"""Stepping through a finished or uploaded match record, move by move.

A record comes from anyone, so the rules may meet moves they cannot make sense of; such a
record is refused with a sentence (a :class:`RecordError`), never answered with a crash.
"""

from __future__ import annotations

from typing import Any

from crafthall.engine.errors import IllegalAction, RecordError, SetupError
from crafthall.engine.match import Match
from crafthall.engine.record import Header, Move, parse_lines
from crafthall.games import record_game, replay_match
from crafthall.server.bodies import value_problem
from crafthall.server.policy import check_hosted_options
from crafthall.server.sentences import sentences, text_of

__all__ = ["parse_lines", "read_record", "step"]


def read_record(text: str) -> tuple[Header, list[Move]]:
    """Parse and fully replay a record, so a bad one is refused with the line at fault."""
    header, moves = parse_lines(text.splitlines())
    problem = value_problem([header.to_json(), [move.to_json() for move in moves]])
    if problem is not None:
        raise RecordError(f"This record cannot be kept: {problem}")
    check_hosted_options(header.options)
    try:
        replay_match(header, moves)
    except (RecordError, SetupError):
        raise
    except Exception as err:  # rules meeting a move of a shape they do not expect
        raise _not_understood(header, err) from None
    return header, moves


def step(header: Header, moves: list[Move], move: int, seat: int | None) -> dict[str, Any]:
    """The table after the first ``move`` actions, as ``seat`` saw it (``None``: spectator)."""
    if not 0 <= move <= len(moves):
        raise RecordError(f"This record has moves 0 to {len(moves)}; there is no move {move}.")
    if seat is not None and not 0 <= seat < len(header.seats):
        raise RecordError(f"This record has seats 0 to {len(header.seats) - 1}.")
    last = moves[move - 1] if move else None
    try:
        # Replaying checks the record's rules version and pins (a dictionary's hash) too.
        match = Match.replay(record_game(header), header, moves[: max(0, move - 1)])
        events: list[Any] = []
        if last is not None:
            events = match.apply(last.seat, last.action, last.at)
    except IllegalAction as err:
        raise RecordError(f"Line {move + 1}: the rules refuse this move: {err.message}") from None
    except RecordError:
        raise
    except SetupError as err:
        raise RecordError(str(err)) from None
    except Exception as err:
        raise _not_understood(header, err) from None
    result = match.result()
    return {
        "game": header.game,
        "seats": [{"name": s.name, "player": s.player} for s in header.seats],
        "move": move,
        "moves": len(moves),
        "seat": seat,
        "view": match.view(seat),
        "last": None if last is None else {"seat": last.seat, "action": last.action, "at": last.at},
        "events": events,
        "said": [] if last is None else sentences(text_of(match), last.seat, events),
        "active": match.active_seats(),
        "result": None if result is None else result.to_json(),
    }


def _not_understood(header: Header, err: Exception) -> RecordError:
    return RecordError(
        f"The {header.game} rules cannot make sense of this record's set-up or moves "
        f"({type(err).__name__}): check the fields of each move against the game's rules page."
    )
