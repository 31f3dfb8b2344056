"""One table in memory: its rows, its match (replayed from the record), its clients and the
tasks that drive it, with the questions the change path and the messages ask of it.

Nothing here writes to the database or talks to a client; :mod:`crafthall.server.hub` does.
"""

from __future__ import annotations

import asyncio
import hashlib
import hmac
import secrets
import time
from collections import deque
from dataclasses import replace
from typing import Any

from crafthall.engine.data import to_json
from crafthall.engine.errors import IllegalAction
from crafthall.engine.match import Match
from crafthall.engine.record import Header, Seat
from crafthall.games import new_match, replay_match
from crafthall.games.entry import TextUI
from crafthall.server.clients import Client
from crafthall.server.config import ZOMBIE_LEVEL as ZOMBIE_LEVEL
from crafthall.server.config import TableConfig, read_config
from crafthall.server.fairness import fairness_summary
from crafthall.server.sentences import sentences, text_of
from crafthall.server.store import Commit, SeatRow, Snapshot, TableRow


def hash_token(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def new_token() -> str:
    return secrets.token_urlsafe(24)


def header_seats(seats: list[SeatRow]) -> list[Seat]:
    """The record's seats: each player's name, or ``bot:LEVEL`` for a server-side bot."""
    return [
        Seat(
            seat.name or f"Seat {seat.idx + 1}",
            f"bot:{seat.bot_level}" if seat.kind == "bot" else "human",
        )
        for seat in seats
    ]


def start_match(row: TableRow, seats: list[SeatRow]) -> Match:
    """The match a table with these rows starts (its game, options, seed and set-up); a
    normal table's record carries the commitment to its seed."""
    match = new_match(
        row.game, header_seats(seats), options=row.options, seed=row.seed, fixed=row.fixed
    )
    commitment = read_config(row.config)["commitment"]
    if commitment:
        promise = {"sha256": commitment["sha256"], "salt": commitment["salt"]}
        match.header = replace(match.header, commitment=promise)
    return match


class ChangeCosts:
    """The CPU seconds of the last few changes of a table (or of every table of a game):
    are they light enough to be carried out on the event loop?"""

    RECENT = 16
    """Changes timed before anything is judged."""
    MOST = 5
    """A light record's slowest change took less than this many times the budget."""

    def __init__(self) -> None:
        self.recent: deque[float] = deque(maxlen=self.RECENT)

    def add(self, seconds: float) -> None:
        self.recent.append(seconds)

    def known(self) -> bool:
        return len(self.recent) == self.RECENT

    def light(self, budget: float) -> bool:
        """Did the last changes take less than ``budget`` as a rule (their median), and
        none more than ``MOST`` times it? Without a full record: no."""
        if not self.known():
            return False
        ordered = sorted(self.recent)
        return ordered[self.RECENT // 2] < budget and ordered[-1] < self.MOST * budget


class LiveTable:
    """One table in memory, rebuilt from its snapshot (the record replays to the state)."""

    def __init__(self, snapshot: Snapshot) -> None:
        self.row: TableRow = snapshot.table
        self.seats: list[SeatRow] = snapshot.seats
        self.changes: list[dict[str, Any]] = []
        self.match: Match | None = None
        self._text: TextUI | None = None
        self.lock = asyncio.Lock()
        self.clients: set[Client] = set()
        self.bot_tasks: dict[int, asyncio.Task[None]] = {}
        self.clock_task: asyncio.Task[None] | None = None
        self.grace_tasks: dict[int, asyncio.Task[None]] = {}
        """Seats away on their turn, each waiting out the table's ``grace`` (see ``Pacer``)."""
        self.last_used = 0.0
        """When the hub last handed this table out (``time.monotonic``)."""
        self.read_at = time.monotonic()
        """When its state was last read from the database (made, loaded or re-read)."""
        self.holders = 0
        """Live connections holding this table (greeted or not): it stays in memory."""
        self.unloaded = False
        """The hub forgot this table (idle); its tasks stop, a fresh copy serves newcomers."""
        self.change_costs = ChangeCosts()
        """CPU seconds of its last changes' game work (the rules and the updates)."""
        self.spreading: deque[list[tuple[Client, str]]] = deque()
        """Updates of a crowd of spectators still to be queued, oldest first (see
        :func:`crafthall.server.updates.deliver`)."""
        self.spread_task: asyncio.Task[None] | None = None
        self.undoable: dict[tuple[int, str], bool] = {}
        """Whether each move (by its place and record line) may be taken back, as worked out
        when it was played here, or on first asking (see :meth:`last_move_undoable`)."""
        if self.row.header is not None:
            self.match = replay_match(Header.from_json(self.row.header), snapshot.moves)
        self.changes.extend(self.worded(change) for change in snapshot.changes)

    @property
    def id(self) -> str:
        return self.row.id

    @property
    def config(self) -> TableConfig:
        """The table's settings, each one it was stored without at its default."""
        return read_config(self.row.config)

    @property
    def version(self) -> int:
        return self.row.version

    @property
    def status(self) -> str:
        return self.row.status

    def sync(self, snapshot: Snapshot) -> None:
        """Catch up with a newer snapshot (its changes are those after our version)."""
        if snapshot.moves_from and (
            self.match is None or len(self.match.moves) != snapshot.moves_from
        ):
            raise PartialSnapshot(self.id)  # before anything changed: read it whole
        self.read_at = time.monotonic()
        self.row = snapshot.table
        self.seats = snapshot.seats
        if self.row.header is None:
            self.match = None
        else:
            self._replay(snapshot)
        known = self.changes[-1]["version"] if self.changes else 0
        self.changes.extend(self.worded(c) for c in snapshot.changes if c["version"] > known)

    def _replay(self, snapshot: Snapshot) -> None:
        """Bring the match up to the snapshot's moves: only those after ours where they
        follow on, else the whole record again."""
        moves = snapshot.moves
        match = self.match
        if match is not None and snapshot.moves_from:
            # Only the moves after ours were read (none was taken back meanwhile).
            for move in moves:
                match.apply(move.seat, move.action, move.at)
        elif match is not None and match.moves == moves[: len(match.moves)]:
            for move in moves[len(match.moves) :]:
                match.apply(move.seat, move.action, move.at)
        else:
            self.match = replay_match(Header.from_json(self.row.header), moves)

    # --- changes ---------------------------------------------------------------------------

    def text(self) -> TextUI:
        """The game's text object for this table, made once (the game started: it has a
        match)."""
        if self._text is None:
            if self.match is None:
                raise IllegalAction(
                    "game-not-started", "The game has not started: seats are still open."
                )
            self._text = text_of(self.match)
        return self._text

    def worded(self, change: dict[str, Any]) -> dict[str, Any]:
        """``change`` with ``said``, its events in the game's words (worked out once, when
        the change is made; a change stored before changes carried sentences gets them when
        it is read back)."""
        if "said" not in change:
            events = change.get("events")
            change["said"] = sentences(self.text(), change.get("seat"), events) if events else []
        return change

    def commit(
        self,
        change: dict[str, Any],
        table_updates: dict[str, Any] | None = None,
        seat_updates: dict[int, dict[str, Any]] | None = None,
        **rows: Any,
    ) -> Commit:
        """``change`` (numbered as the next version) as a commit against the current version."""
        return Commit(
            self.id,
            self.version,
            self.worded({"version": self.version + 1, **change}),
            table_updates or {},
            seat_updates or {},
            **rows,
        )

    def apply_commit(self, commit: Commit) -> None:
        """Carry a committed change's rows into memory (the match is the change's own work)."""
        self.row.version = commit.expected + 1
        for key, value in commit.table_updates.items():
            setattr(self.row, key, value)
        for idx, values in commit.seat_updates.items():
            for key, value in values.items():
                setattr(self.seats[idx], key, value)
        self.changes.append(self.worded(commit.change))

    def follow(self, commit: Commit) -> bool:
        """Carry a change another process committed into memory, as reading the table back
        would (its move replayed, its rows updated). ``False``, with nothing changed, when
        only a read will do: the commit is not the next version, or it takes a move back or
        starts the game (a new match)."""
        if (
            commit.expected != self.version
            or commit.delete_move is not None
            or "header" in commit.table_updates
        ):
            return False
        move = commit.insert_move
        if move is not None:
            if self.match is None or commit.move_index != len(self.match.moves):
                return False
            try:
                self.match.apply(move.seat, move.action, move.at)
            except Exception:  # refused here (it never should be): read it back instead
                return False
        self.apply_commit(commit)
        return True

    def check_expected(self, expect: int | None) -> None:
        """Refuse a change meant for another version of the table (``None``: any version)."""
        if expect is not None and expect != self.version:
            raise stale(self.version)

    def last_move_undoable(self) -> bool:
        """Whether the match's last move drew nothing by chance and revealed nothing hidden,
        so that an undo of it would be accepted (worked out once a move)."""
        match = self.match
        if match is None or not match.moves:
            return False
        key = move_key(match)
        if key not in self.undoable:
            before = Match.replay(match.game, match.header, match.moves[:-1])
            self.undoable[key] = match.game.undoable(before.state, match.state)
        return self.undoable[key]

    def playing(self) -> Match:
        """The match, while the game is on; else the refusal that says why not."""
        if self.status == "waiting" or self.match is None:
            raise IllegalAction(
                "game-not-started", "The game has not started: seats are still open."
            )
        if self.status == "finished":
            raise IllegalAction("game-over", "The game is over; no more actions are taken.")
        return self.match

    def clock_updates(
        self, now: float, mover: int | None
    ) -> tuple[dict[int, dict[str, Any]], dict[str, Any]]:
        """Charge the running clocks for the time since they were last stamped (``mover``
        gets the increment): the seat and table updates of the change being prepared."""
        clock = self.config["clock"]
        if not clock or self.row.clock_since is None:
            return {}, {}
        elapsed = max(0.0, now - self.row.clock_since)
        updates: dict[int, dict[str, Any]] = {}
        for seat in self.active():
            row = self.seats[seat]
            if row.clock is None or self.is_bot(seat):
                continue
            left = max(0.0, row.clock - elapsed)
            if seat == mover:
                left += clock["increment"]
            updates[seat] = {"clock": left}
        return updates, {"clock_since": now}

    def result_json(self, result: dict[str, Any]) -> dict[str, Any]:
        """A finished game's result with the players' names and the seats bots took over."""
        zombies = [
            {
                "seat": s.idx,
                "reason": s.zombie,
                "move": s.zombie_move,
                "bot": self.zombie_level,
            }
            for s in self.seats
            if s.zombie is not None
        ]
        names = [s.name for s in self.seats]
        return {**result, "names": names, "zombies": zombies}

    # --- questions -------------------------------------------------------------------------

    def changes_since(self, version: int) -> list[dict[str, Any]]:
        first = self.changes[0]["version"] if self.changes else 1
        return self.changes[max(0, version + 1 - first) :]

    def active(self) -> list[int]:
        if self.match is None or self.status != "playing":
            return []
        return self.match.active_seats()

    def is_bot(self, seat: int) -> bool:
        row = self.seats[seat]
        return row.kind == "bot" or row.zombie is not None

    @property
    def zombie_level(self) -> str:
        """The level of the bot that plays a seat whose player left or ran out of time."""
        return self.config["zombie_level"]

    def bot_level(self, seat: int) -> str:
        """The level of the bot that plays ``seat`` (its own, or the table's for a zombie)."""
        row = self.seats[seat]
        level = row.bot_level if row.kind == "bot" else self.zombie_level
        return level or "random"

    def held_seats(self) -> set[int]:
        """The seats a connection of this process holds."""
        return {
            client.seat for client in self.clients if client.seat is not None and not client.dropped
        }

    def away_on_turn(self) -> set[int]:
        """People's seats whose turn it is and that no connection of this process holds."""
        here = self.held_seats()
        return {
            seat
            for seat in self.active()
            if self.seats[seat].kind == "human"
            and self.seats[seat].zombie is None
            and seat not in here
        }

    def seat_for_token(self, token: str) -> int | None:
        wanted = hash_token(token)
        for seat in self.seats:
            if seat.token_hash and hmac.compare_digest(seat.token_hash, wanted):
                return seat.idx
        return None

    def public_seats(self) -> list[dict[str, Any]]:
        return [
            {
                "index": seat.idx,
                "kind": seat.kind,
                "name": seat.name,
                "bot": seat.bot_level,
                "zombie": seat.zombie,
                "clock": None if seat.clock is None else round(seat.clock, 3),
            }
            for seat in self.seats
        ]

    def summary(self) -> dict[str, Any]:
        """The public description of the table (HTTP answers and every update)."""
        config = self.config
        return {
            "id": self.id,
            "game": self.row.game,
            "status": self.status,
            "version": self.version,
            "options": self.row.options,
            "undo": config["undo"],
            "clock": config["clock"],
            "grace": config["grace"],
            "hints": config["hints"],
            "zombie_level": config["zombie_level"],
            "rated": config["rated"],
            "pace": config["pace"],
            "private": self.row.private,
            "seats": self.public_seats(),
            "result": self.row.result,
            "moves": 0 if self.match is None else len(self.match.moves),
            **fairness_summary(config, self.row.seed, self.status == "finished"),
        }


class PartialSnapshot(Exception):
    """A snapshot holding only the later moves met a table that does not hold the earlier
    ones: it must be read whole."""


def stale(version: int) -> IllegalAction:
    """The refusal of a change meant for an older version of the table."""
    return IllegalAction(
        "stale-version",
        f"The table has moved on to version {version}; look again and retry.",
        version=version,
    )


def move_key(match: Match) -> tuple[int, str]:
    """The last move of ``match`` by its place and its record line (a move taken back and
    another played in its place get different keys)."""
    last = match.moves[-1]
    return len(match.moves) - 1, to_json([last.seat, last.action, last.at])
