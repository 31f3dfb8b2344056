"""The turn-based rows, read and written: each a short synchronous function the server runs
on the store's threads (:meth:`crafthall.server.store.Store.run`)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from sqlalchemy import Engine, and_, case, delete, func, insert, or_, select, update
from sqlalchemy.exc import IntegrityError

from crafthall.server import db
from crafthall.server.config import Pace
from crafthall.server.store.connections import retry_dead
from crafthall.server.turnbased.schema import (
    notify_settings,
    push_subscriptions,
    turn_clocks,
    turn_notices,
    turn_tables,
)


@dataclass(frozen=True)
class TurnState:
    """What a turn-based table's rows must say after its latest change, as read from the
    table in memory."""

    table_id: str
    version: int
    status: str
    pace: Pace
    people: list[int]
    """The seats people play (not bots, nor seats bots took over)."""
    on_turn: list[int]
    """Those of them whose turn it is."""
    bot_to_move: bool


@dataclass(frozen=True)
class Deadline:
    table_id: str
    seat: int
    turn: int
    due: float


@retry_dead
def track(engine: Engine, state: TurnState, now: float, again: bool = False) -> list[int] | None:
    """Bring a table's seat rows to ``state``: a seat whose turn ended is charged the time it
    took past a move's (from its bank); a seat whose turn began gets its deadline (a move's
    time and what is left of its bank). Returns the seats whose turn began, or ``None`` if
    the rows already reflect this version or a newer one (another process wrote them).
    ``again``: the rows of this version are written again (they were found wrong)."""
    newer = (
        turn_tables.c.version <= state.version if again else turn_tables.c.version < state.version
    )
    with engine.begin() as conn:
        moved = conn.execute(
            update(turn_tables)
            .where(turn_tables.c.table_id == state.table_id)
            .where(newer)
            .values(version=state.version, status=state.status, bot_to_move=state.bot_to_move)
        ).rowcount
        if not moved:
            known = conn.execute(
                select(turn_tables.c.version).where(turn_tables.c.table_id == state.table_id)
            ).scalar()
            if known is not None:
                return None
            try:
                with conn.begin_nested():
                    conn.execute(
                        insert(turn_tables).values(
                            table_id=state.table_id,
                            version=state.version,
                            status=state.status,
                            bot_to_move=state.bot_to_move,
                        )
                    )
            except IntegrityError:  # another process wrote it first
                return None
        rows = {
            row.seat: row
            for row in conn.execute(
                select(turn_clocks).where(turn_clocks.c.table_id == state.table_id)
            )
        }
        pace = state.pace
        for seat in state.people:
            if seat not in rows:
                conn.execute(
                    insert(turn_clocks).values(
                        table_id=state.table_id, seat=seat, bank=pace["bank"]
                    )
                )
        begun = []
        playing = state.status == "playing"
        for seat in sorted(set(rows) | set(state.people)):
            row = rows.get(seat)
            since = None if row is None else row.since
            bank = pace["bank"] if row is None else row.bank
            on = playing and seat in state.on_turn
            values: dict[str, Any] | None = None
            if since is not None and not on:
                over = max(0.0, now - since - pace["move"])
                values = {
                    "bank": max(0.0, bank - over),
                    "since": None,
                    "turn": None,
                    "due": None,
                    "claimed_until": None,
                }
            elif since is None and on:
                values = {"since": now, "turn": state.version, "due": now + pace["move"] + bank}
                begun.append(seat)
            if values is not None:
                conn.execute(_seat_row(state.table_id, seat).values(**values))
        return begun


def _seat_row(table_id: str, seat: int) -> Any:
    return (
        update(turn_clocks)
        .where(turn_clocks.c.table_id == table_id)
        .where(turn_clocks.c.seat == seat)
    )


@retry_dead
def next_due(engine: Engine) -> float | None:
    """When the earliest deadline is to be looked at: its time, or the end of the claim a
    process holds on it."""
    c = turn_clocks.c
    later = case((c.claimed_until > c.due, c.claimed_until), else_=c.due)
    with engine.connect() as conn:
        found = conn.execute(select(func.min(later)).where(c.due.is_not(None))).scalar()
    return None if found is None else float(found)


@retry_dead
def claim_due(engine: Engine, now: float, lease: float, limit: int = 50) -> list[Deadline]:
    """Deadlines past due that no process holds, each claimed for ``lease`` seconds by a
    conditional update: of several processes, one alone gets each."""
    free = or_(turn_clocks.c.claimed_until.is_(None), turn_clocks.c.claimed_until < now)
    with engine.connect() as conn:
        found = conn.execute(
            select(
                turn_clocks.c.table_id, turn_clocks.c.seat, turn_clocks.c.turn, turn_clocks.c.due
            )
            .where(turn_clocks.c.due <= now)
            .where(free)
            .order_by(turn_clocks.c.due)
            .limit(limit)
        ).all()
    claimed = []
    for row in found:
        with engine.begin() as conn:
            got = conn.execute(
                _seat_row(row.table_id, row.seat)
                .where(turn_clocks.c.turn == row.turn)
                .where(turn_clocks.c.due <= now)
                .where(free)
                .values(claimed_until=now + lease)
            ).rowcount
        if got:
            claimed.append(Deadline(row.table_id, row.seat, row.turn, row.due))
    return claimed


@retry_dead
def release(engine: Engine, deadline: Deadline, until: float | None) -> None:
    """Let go of a claimed deadline: free for anyone (``None``) or after ``until``."""
    with engine.begin() as conn:
        conn.execute(
            _seat_row(deadline.table_id, deadline.seat)
            .where(turn_clocks.c.turn == deadline.turn)
            .values(claimed_until=until)
        )


@retry_dead
def drop_deadlines(engine: Engine, table_id: str) -> None:
    """A table no longer turn-based (or gone) keeps no deadline."""
    with engine.begin() as conn:
        conn.execute(
            update(turn_clocks)
            .where(turn_clocks.c.table_id == table_id)
            .values(due=None, claimed_until=None)
        )


@retry_dead
def give_time(engine: Engine, table_id: str, seat: int, seconds: float) -> float | None:
    """Add ``seconds`` to the deadline of ``seat``'s turn, if it is its turn and a deadline
    still runs; its new deadline, else ``None``."""
    with engine.begin() as conn:
        moved = conn.execute(
            _seat_row(table_id, seat)
            .where(turn_clocks.c.due.is_not(None))
            .values(due=turn_clocks.c.due + seconds)
        ).rowcount
        if not moved:
            return None
        due = conn.execute(
            select(turn_clocks.c.due)
            .where(turn_clocks.c.table_id == table_id)
            .where(turn_clocks.c.seat == seat)
        ).scalar()
    return None if due is None else float(due)


@retry_dead
def wait_for(engine: Engine, deadline: Deadline) -> None:
    """The table waits for the seat whose time ran out: it keeps its turn, with no deadline
    and no bank left."""
    with engine.begin() as conn:
        conn.execute(
            _seat_row(deadline.table_id, deadline.seat)
            .where(turn_clocks.c.turn == deadline.turn)
            .values(due=None, bank=0.0, claimed_until=None)
        )


@retry_dead
def tables_to_start(engine: Engine) -> list[str]:
    """The tables in play a starting server reads back: every real-time one, and the
    turn-based ones where a server-side bot must move (the others wait in the database
    until a player opens them or a deadline comes)."""
    t = db.game_tables
    quiet = select(turn_tables.c.table_id).where(turn_tables.c.bot_to_move.is_(False))
    with engine.connect() as conn:
        rows = conn.execute(
            select(t.c.id).where(t.c.status == "playing").where(t.c.id.not_in(quiet))
        ).all()
    return [row.id for row in rows]


@dataclass(frozen=True)
class Waiting:
    """A seat whose turn it is at a turn-based table."""

    table_id: str
    seat: int
    game: str
    turn: int
    since: float
    due: float | None


def _waiting_query() -> Any:
    c, t = turn_clocks.c, db.game_tables
    return (
        select(c.table_id, c.seat, t.c.game, c.turn, c.since, c.due)
        .join(t, t.c.id == c.table_id)
        .where(c.since.is_not(None))
        .where(t.c.status == "playing")
    )


def _waiting(found: Any) -> list[Waiting]:
    return [Waiting(r.table_id, r.seat, r.game, r.turn, r.since, r.due) for r in found]


@retry_dead
def waiting_for(
    engine: Engine, tokens: list[tuple[str, str]], account: int | None
) -> list[Waiting]:
    """Of the seats given by (table id, token hash), and those of ``account``, the ones whose
    turn it is at a turn-based table, the longest waiting first."""
    # Imported here: the accounts' package reaches the routes, and they the hub.
    from crafthall.server.accounts.tables import seat_accounts

    c, s, a = turn_clocks.c, db.seats, seat_accounts.c
    held = [and_(s.c.table_id == table, s.c.token_hash == token) for table, token in tokens]
    if account is not None:
        mine = select(a.table_id).where(
            a.table_id == c.table_id, a.seat == c.seat, a.account_id == account
        )
        held.append(mine.exists())
    if not held:
        return []
    query = (
        _waiting_query()
        .join(s, and_(s.c.table_id == c.table_id, s.c.idx == c.seat))
        .where(or_(*held))
        .order_by(c.since)
    )
    with engine.connect() as conn:
        return _waiting(conn.execute(query))


@dataclass(frozen=True)
class SeatClock:
    seat: int
    bank: float
    since: float | None
    turn: int | None
    due: float | None


@retry_dead
def clocks_of(engine: Engine, table_id: str) -> list[SeatClock]:
    """Each person's seat of a turn-based table: its bank, and since and until when its
    turn runs (``None`` when it is not its turn; ``due`` also at a table that waits)."""
    c = turn_clocks.c
    query = select(c.seat, c.bank, c.since, c.turn, c.due).where(c.table_id == table_id)
    with engine.connect() as conn:
        found = conn.execute(query.order_by(c.seat))
        return [SeatClock(r.seat, r.bank, r.since, r.turn, r.due) for r in found]


@retry_dead
def names_at(engine: Engine, table_ids: list[str]) -> dict[str, list[str | None]]:
    """The seats' names of each table, in seat order."""
    s = db.seats.c
    query = select(s.table_id, s.idx, s.name).where(s.table_id.in_(table_ids)).order_by(s.idx)
    found: dict[str, list[str | None]] = {table_id: [] for table_id in table_ids}
    with engine.connect() as conn:
        for row in conn.execute(query):
            found[row.table_id].append(row.name)
    return found


@retry_dead
def due_within(engine: Engine, now: float, horizon: float) -> list[Waiting]:
    """Seats whose time runs out within ``horizon`` seconds and that were not reminded of
    this turn yet, the soonest first."""
    c, n = turn_clocks.c, turn_notices.c
    reminded = select(n.table_id).where(
        n.table_id == c.table_id, n.seat == c.seat, n.turn == c.turn, n.kind == "reminder"
    )
    query = (
        _waiting_query()
        .where(c.due > now)
        .where(c.due <= now + horizon)
        .where(~reminded.exists())
        .order_by(c.due)
    )
    with engine.connect() as conn:
        return _waiting(conn.execute(query))


@retry_dead
def claim_notice(
    engine: Engine, table_id: str, seat: int, turn: int, kind: str, now: float
) -> bool:
    """Note that ``kind`` of notice goes out for this seat's turn: ``False`` if one went out
    already (from this process or another), so that none goes twice."""
    try:
        with engine.begin() as conn:
            conn.execute(
                insert(turn_notices).values(
                    table_id=table_id, seat=seat, turn=turn, kind=kind, sent=now
                )
            )
    except IntegrityError:
        return False
    return True


# --- an account's notifications ----------------------------------------------------------


@dataclass(frozen=True)
class Subscription:
    id: str
    endpoint: str
    p256dh: str
    auth: str

    def info(self) -> dict[str, Any]:
        """As pywebpush takes it."""
        return {"endpoint": self.endpoint, "keys": {"p256dh": self.p256dh, "auth": self.auth}}


@dataclass(frozen=True)
class Choices:
    push: bool
    email: str | None


@retry_dead
def choices_of(engine: Engine, account_id: int) -> Choices:
    with engine.connect() as conn:
        row = conn.execute(
            select(notify_settings).where(notify_settings.c.account_id == account_id)
        ).first()
    return Choices(False, None) if row is None else Choices(row.push, row.email)


@retry_dead
def choose(engine: Engine, account_id: int, choices: Choices) -> None:
    with engine.begin() as conn:
        conn.execute(delete(notify_settings).where(notify_settings.c.account_id == account_id))
        conn.execute(
            insert(notify_settings).values(
                account_id=account_id, push=choices.push, email=choices.email
            )
        )


@retry_dead
def subscribe(engine: Engine, account_id: int, sub: Subscription, now: float) -> None:
    """Keep a browser's push subscription for ``account_id`` (the same endpoint again
    replaces the one before, whoever held it)."""
    with engine.begin() as conn:
        conn.execute(delete(push_subscriptions).where(push_subscriptions.c.id == sub.id))
        conn.execute(
            insert(push_subscriptions).values(
                id=sub.id,
                account_id=account_id,
                endpoint=sub.endpoint,
                p256dh=sub.p256dh,
                auth=sub.auth,
                created=now,
            )
        )


@retry_dead
def unsubscribe(engine: Engine, sub_id: str, account_id: int | None = None) -> None:
    with engine.begin() as conn:
        query = delete(push_subscriptions).where(push_subscriptions.c.id == sub_id)
        if account_id is not None:
            query = query.where(push_subscriptions.c.account_id == account_id)
        conn.execute(query)


@retry_dead
def subscriptions_of(engine: Engine, account_id: int) -> list[Subscription]:
    p = push_subscriptions
    with engine.connect() as conn:
        rows = conn.execute(select(p).where(p.c.account_id == account_id).order_by(p.c.created))
        return [Subscription(r.id, r.endpoint, r.p256dh, r.auth) for r in rows]
