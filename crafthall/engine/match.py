"""A :class:`Match` is one game being played: its record, its current state, its views.

Every front end (terminal, server, bots, simulator) drives a Match. The record is the truth;
the state is derived by replaying it.
"""

from __future__ import annotations

import secrets
from collections.abc import Iterable, Sequence
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any

from crafthall.engine.data import Action, Event, State, View, clone
from crafthall.engine.errors import IllegalAction, RecordError
from crafthall.engine.game import Game, Result
from crafthall.engine.record import Header, Move, Seat, dump_lines, parse_lines, read_record

if TYPE_CHECKING:
    from crafthall.lexicon import Lexicon


class Match:
    """One game at one table.

    >>> match = Match.start("wordcraft", [Seat("Ann"), Seat("Bot", "bot:random")], seed=1)
    >>> match.active_seats()
    [0]
    """

    def __init__(self, game: Game, header: Header) -> None:
        self.game = game
        self.header = header
        self.moves: list[Move] = []
        self.events: list[Event] = []
        """Every event so far, each tagged with the index of the move that caused it."""
        self.state: State = game.setup(len(header.seats), header.seed, header.fixed)

    @classmethod
    def start(
        cls,
        game_name: str,
        seats: Sequence[Seat | str],
        *,
        options: dict[str, Any] | None = None,
        seed: int | None = None,
        fixed: dict[str, Any] | None = None,
        lexicon: Lexicon | None = None,
    ) -> Match:
        """A new match of a registered game. A missing seed is drawn from the system."""
        from crafthall.games import game_class

        game_type = game_class(game_name)
        game = game_type(options, lexicon)
        seat_list = [seat if isinstance(seat, Seat) else Seat(seat) for seat in seats]
        game.check_seats(len(seat_list))
        header = Header(
            game=game.name,
            game_version=game.version,
            seats=seat_list,
            seed=secrets.randbits(63) if seed is None else seed,
            options=game.options.model_dump(exclude_defaults=True),
            fixed=fixed,
            started=datetime.now(UTC).isoformat(timespec="seconds"),
        )
        return cls(game, header)

    # --- playing ---------------------------------------------------------------------------

    def apply(self, seat: int, action: Action, at: float | None = None) -> list[Event]:
        """Carry out an action; on :class:`IllegalAction` the match is exactly as before."""
        if not 0 <= seat < len(self.header.seats):
            raise IllegalAction("no-such-seat", f"There is no seat {seat + 1} at this table.")
        self.game.check_turn(self.state, seat, self.seat_names)
        working = clone(self.state)
        events = self.game.apply(working, seat, action)
        self.state = working
        index = len(self.moves)
        self.moves.append(Move(seat, action, at))
        self.events.extend({**event, "move": index} for event in events)
        return events

    def active_seats(self) -> list[int]:
        return self.game.active_seats(self.state)

    def legal_actions(self, seat: int) -> list[Action]:
        if seat not in self.active_seats():
            return []
        return list(self.game.legal_actions(self.state, seat))

    def view(self, seat: int | None) -> View:
        return self.game.view(self.state, seat)

    def result(self) -> Result | None:
        return self.game.result(self.state)

    @property
    def seat_names(self) -> list[str]:
        return [seat.name for seat in self.header.seats]

    def summary(self) -> dict[str, Any]:
        """Scores, places and winners by name, for ``crafthall replay --json``."""
        result = self.result()
        names = self.seat_names
        summary: dict[str, Any] = {
            "game": self.header.game,
            "seats": names,
            "moves": len(self.moves),
            "finished": result is not None,
        }
        if result is not None:
            summary.update(
                scores=dict(zip(names, result.scores, strict=True)),
                ranking=sorted(names, key=lambda name: result.ranks[names.index(name)]),
                ranks=dict(zip(names, result.ranks, strict=True)),
                winners=[names[seat] for seat in result.winners],
                details=result.details,
            )
        else:
            summary["scores"] = self.view(None).get("scores")
        return summary

    # --- records ---------------------------------------------------------------------------

    def record_lines(self) -> list[str]:
        return list(dump_lines(self.header, self.moves))

    def save(self, path: str | Path) -> Path:
        target = Path(path)
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text("\n".join(self.record_lines()) + "\n", encoding="utf-8")
        return target

    @classmethod
    def replay(cls, header: Header, moves: Iterable[Move], lexicon: Lexicon | None = None) -> Match:
        """Rebuild a match from its record; a move the rules refuse names its line."""
        from crafthall.games import game_class

        game = game_class(header.game)(header.options, lexicon)
        if header.game_version != game.version:
            raise RecordError(
                f"This record was played under {game.title} rules version {header.game_version}; "
                f"this crafthall has version {game.version}."
            )
        match = cls(game, header)
        for number, move in enumerate(moves, start=2):
            try:
                match.apply(move.seat, move.action, move.at)
            except IllegalAction as err:
                raise RecordError(
                    f"Line {number}: the rules refuse this move: {err.message}"
                ) from None
        return match

    @classmethod
    def from_lines(cls, lines: Iterable[str], lexicon: Lexicon | None = None) -> Match:
        header, moves = parse_lines(lines)
        return cls.replay(header, moves, lexicon)

    @classmethod
    def load(cls, path: str | Path, lexicon: Lexicon | None = None) -> Match:
        header, moves = read_record(path)
        return cls.replay(header, moves, lexicon)
