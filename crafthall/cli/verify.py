"""``crafthall verify RECORD``: was a hosted game's shuffle fixed before the first move?

A normal hosted table commits to its seed when the game starts (a SHA-256 hash everyone
sees) and reveals the seed at the end. This checks that the record's seed is the one
promised, and that the record replays under the rules.
"""

from __future__ import annotations

import sys

from crafthall.engine.errors import RecordError, SetupError
from crafthall.engine.record import read_record
from crafthall.games import replay_match
from crafthall.server.fairness import check_commitment


def verify(path: str) -> int:
    """0 if the commitment holds and the record replays; 1 (with the reason) if not."""
    header, moves = read_record(path)
    problem = check_commitment(header.seed, header.commitment)
    try:
        replay_match(header, moves)
    except Exception as err:  # rules meeting a move they cannot make sense of, too
        known = isinstance(err, RecordError | SetupError)
        reason = str(err) if known else f"{type(err).__name__}: {err}"
        problem = " ".join(filter(None, [problem, f"The record does not replay: {reason}"]))
    if problem is not None:
        print(f"crafthall verify: {path}: {problem}", file=sys.stderr)
        return 1
    assert header.commitment is not None
    print(
        f"{path}: the seed {header.seed} is the one promised "
        f"(sha256 {header.commitment['sha256']}), and all {len(moves)} moves replay."
    )
    return 0
