"""The match record: the truth of a game, as JSON Lines (think PGN).

Line 1 is the header: game, its rules version, the seats, every option, the seed, the pins
(a word game's dictionary and its content hash) and, where the table was laid by hand, the
fixed set-up. Every further line is one accepted action:
``{"seat": 0, "action": {...}}``, optionally with ``"at"`` (seconds since the start). Replaying
the actions on a fresh set-up gives the same state every time.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from crafthall.engine.data import Action, to_json
from crafthall.engine.errors import RecordError

FORMAT = "crafthall-match/1"


@dataclass(frozen=True)
class Seat:
    """Who sits at a seat: a display name and ``human`` or ``bot:LEVEL``."""

    name: str
    player: str = "human"

    @property
    def bot_level(self) -> str | None:
        return self.player.split(":", 1)[1] if self.player.startswith("bot:") else None


@dataclass(frozen=True)
class Header:
    game: str
    game_version: str
    seats: list[Seat]
    seed: int
    options: dict[str, Any] = field(default_factory=dict)
    fixed: dict[str, Any] | None = None
    started: str | None = None
    pins: dict[str, Any] = field(default_factory=dict)
    """What the game needs to replay identically besides the options (a dictionary's hash)."""
    commitment: dict[str, str] | None = None
    """A hosted table's promise of its seed: ``{"sha256": ..., "salt": ...}`` (see
    ``crafthall verify``); absent where the seed was chosen or the game was played locally."""

    def to_json(self) -> dict[str, Any]:
        data = {"format": FORMAT, **asdict(self)}
        if self.commitment is None:
            del data["commitment"]  # records without one read exactly as before
        return data

    @classmethod
    def from_json(cls, data: Any) -> Header:
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            raise RecordError(
                f"The first line is not a crafthall match header (expected format '{FORMAT}')."
            )
        try:
            seats = [Seat(**seat) for seat in data["seats"]]
            return cls(
                game=str(data["game"]),
                game_version=str(data["game_version"]),
                seats=seats,
                seed=int(data["seed"]),
                options=dict(data.get("options") or {}),
                fixed=data.get("fixed"),
                started=data.get("started"),
                pins=dict(data.get("pins") or {}),
                commitment=dict(data["commitment"]) if data.get("commitment") else None,
            )
        except (KeyError, TypeError, ValueError) as err:
            raise RecordError(f"The match header is incomplete or malformed ({err}).") from None


@dataclass(frozen=True)
class Move:
    """One accepted action in a record."""

    seat: int
    action: Action
    at: float | None = None

    def to_json(self) -> dict[str, Any]:
        line: dict[str, Any] = {"seat": self.seat, "action": self.action}
        if self.at is not None:
            line["at"] = self.at
        return line


def dump_lines(header: Header, moves: Iterable[Move]) -> Iterator[str]:
    yield to_json(header.to_json())
    for move in moves:
        yield to_json(move.to_json())


def parse_lines(lines: Iterable[str]) -> tuple[Header, list[Move]]:
    """Read a record's lines; blank lines are skipped. Errors name the line."""
    header: Header | None = None
    moves: list[Move] = []
    for number, text in enumerate(lines, start=1):
        if not text.strip():
            continue
        try:
            data = json.loads(text)
        except json.JSONDecodeError as err:
            raise RecordError(f"Line {number} is not valid JSON ({err.msg}).") from None
        if header is None:
            header = Header.from_json(data)
            continue
        if (
            not isinstance(data, dict)
            or not isinstance(data.get("seat"), int)
            or not isinstance(data.get("action"), dict)
        ):
            raise RecordError(
                f'Line {number} is not a move of the form {{"seat": N, "action": {{...}}}}.'
            )
        moves.append(Move(data["seat"], data["action"], data.get("at")))
    if header is None:
        raise RecordError("The record is empty: it needs a header line.")
    return header, moves


def read_record(path: str | Path) -> tuple[Header, list[Move]]:
    try:
        text = Path(path).read_text(encoding="utf-8")
    except FileNotFoundError:
        raise RecordError(f"No match record at {path}: check the path.") from None
    except (OSError, UnicodeDecodeError) as err:
        raise RecordError(f"Cannot read the match record {path}: {err}.") from None
    return parse_lines(text.splitlines())
