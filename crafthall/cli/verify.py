"""``crafthall verify RECORD``: was a hosted game's shuffle fixed before the first move?

A normal hosted table commits to its seed when the game starts (a SHA-256 hash everyone
sees) and reveals the seed at the end. This checks that the record's seed is the one
promised, and that the record's moves replay under the rules.

It says what it proved and no more. A record cut off before the game ended (a download
interrupted, a game abandoned) can still prove its commitment and replay its moves, so it
passes (exit 0), but the command says plainly that the record is incomplete: how many moves
it holds and that the game has no result. Exit 1 is kept for a broken promise or a record
that does not replay; exit 2 for a record that cannot be read at all.
"""

from __future__ import annotations

import sys

from crafthall.engine.errors import RecordError, SetupError
from crafthall.engine.match import Match
from crafthall.engine.record import Header, Move, read_record
from crafthall.games import replay_match
from crafthall.server.fairness import check_commitment


def verify(path: str) -> int:
    """0 if the commitment holds and the record replays (saying so, and whether the game
    finished); 1 (with the reason) if not."""
    header, moves = read_record(path)
    problem = check_commitment(header.seed, header.commitment)
    match, replay_problem = _replay(header, moves)
    problem = " ".join(filter(None, [problem, replay_problem])) or None
    if problem is not None or match is None:
        print(f"crafthall verify: {path}: {problem}", file=sys.stderr)
        return 1
    assert header.commitment is not None
    print(
        f"{path}: the seed {header.seed} is the one promised at the start "
        f"(sha256 {header.commitment['sha256']}), so the shuffle was fixed before the first "
        f"move; all {len(moves)} moves replay under the rules."
    )
    print(_ending(match, len(moves)))
    return 0


def _replay(header: Header, moves: list[Move]) -> tuple[Match | None, str | None]:
    """The replayed match, or the sentence saying why the record does not replay."""
    try:
        return replay_match(header, moves), None
    except Exception as err:  # rules meeting a move they cannot make sense of, too
        known = isinstance(err, RecordError | SetupError)
        reason = str(err) if known else f"{type(err).__name__}: {err}"
        return None, f"The record does not replay: {reason}"


def _ending(match: Match, moves: int) -> str:
    """Whether the record holds the whole game: a cut-off record proves its commitment but
    not how the game ended, and must not pass for a finished game."""
    result = match.result()
    if result is None:
        return (
            f"The record is incomplete: the game did not finish ({moves} moves, no result), "
            "so it shows nothing of how the game would have ended."
        )
    winners = ", ".join(match.seat_names[seat] for seat in result.winners)
    return f"The game finished: won by {winners}."
