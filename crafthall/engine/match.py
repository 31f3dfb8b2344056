"""A :class:`Match` is one game being played: its record, its current state, its views.

Every front end (terminal, server, bots, simulator) drives a Match. The record is the truth;
the state is derived by replaying it. A Match is handed its :class:`Game`; the registry
(:mod:`crafthall.games`) makes games and matches by name.
"""

from __future__ import annotations

import secrets
from collections.abc import Iterable, Sequence
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from crafthall.engine.data import Action, Event, State, View, clone, frame_of
from crafthall.engine.errors import IllegalAction, RecordError
from crafthall.engine.game import Game, Result
from crafthall.engine.record import Header, Move, Seat, dump_lines


class Match:
    """One game at one table.

    >>> from crafthall.games import make_game, names
    >>> game = make_game(names()[0])
    >>> match = Match.start(game, [Seat("Ann"), Seat("Bot", "bot:random")], seed=1)
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
        game: Game,
        seats: Sequence[Seat | str],
        *,
        seed: int | None = None,
        fixed: dict[str, Any] | None = None,
    ) -> Match:
        """A new match of ``game``. A missing seed is drawn from the system.

        The header keeps every option (defaults too) and the game's pins (a word game's
        dictionary and its content hash), so the record replays identically later.
        """
        seat_list = [seat if isinstance(seat, Seat) else Seat(seat) for seat in seats]
        game.check_seats(len(seat_list))
        header = Header(
            game=game.name,
            game_version=game.version,
            seats=seat_list,
            seed=secrets.randbits(63) if seed is None else seed,
            options=game.options.model_dump(mode="json"),
            fixed=fixed,
            pins=game.record_pins(),
            started=datetime.now(UTC).isoformat(timespec="seconds"),
        )
        return cls(game, header)

    # --- playing ---------------------------------------------------------------------------

    def apply(self, seat: int, action: Action, at: float | None = None) -> list[Event]:
        """Carry out an action; on :class:`IllegalAction` the match is exactly as before."""
        if not 0 <= seat < len(self.header.seats):
            raise IllegalAction("no-such-seat", f"There is no seat {seat + 1} at this table.")
        self.game.check_turn(self.state, seat, self.seat_names, action)
        self.game.check_action(action)
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

    def views(self, seats: Iterable[int | None]) -> dict[int | None, View]:
        """Several seats' views of the current state at once (see :meth:`Game.views`)."""
        return self.game.views(self.state, seats)

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
            summary["scores"] = frame_of(self.view(None))["scores"]
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
    def replay(cls, game: Game, header: Header, moves: Iterable[Move]) -> Match:
        """Rebuild a match of ``game`` from its record; a move the rules refuse names its line.

        ``game`` must be the record's game with the options :meth:`Game.record_options`
        gives for it; a record made under a rules version the game no longer replays, or under
        another dictionary, is refused, since it may not replay alike.
        """
        if header.game != game.name:
            raise RecordError(f"This is a record of {header.game}, not of {game.name}.")
        if not game.replays(header.game_version):
            raise RecordError(
                f"This record was played under {game.title} rules version {header.game_version}; "
                f"this crafthall has version {game.version} and cannot replay it exactly. "
                "Replay it with the crafthall version that made it."
            )
        pins = game.record_pins()
        for key, pinned in header.pins.items():
            if pins.get(key) != pinned:
                raise RecordError(
                    f"This record was played with {key} {pinned!r}, but this table has "
                    f"{pins.get(key)!r}: the words allowed may differ, so it cannot replay "
                    "exactly. Replay it with the crafthall version that made it."
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
