"""Ratings per game and account: OpenSkill's Weng-Lin Plackett-Luce model (2 to 6 seats, each
seat its own team), updated once after each rated finished game.

Every seat of the game takes part by its rank: an account with its rating, a bot with the
fixed rating of its level (:data:`BOT_MU`), a guest as a newcomer (whose rating nobody keeps).
Only accounts' ratings change. A game is rated when its table chose to be (``rated``, on by
default), its seed was drawn by the server (never a prepared table), at least one seat is an
account, and no account holds two seats.

What people see is :func:`shown`: ``1000 + 40 x (mu - 3 sigma)``, the conservative estimate
on a familiar scale; a newcomer shows 1000 and climbs as their games make the server surer.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from openskill.models import PlackettLuce
from sqlalchemy import Engine, insert, select, update
from sqlalchemy.engine import Connection
from sqlalchemy.exc import IntegrityError

from crafthall.server.accounts.tables import rated_games, rating_history, ratings, seat_accounts
from crafthall.server.config import read_config
from crafthall.server.db import game_tables
from crafthall.server.db import seats as seat_rows
from crafthall.server.store import Store

log = logging.getLogger("crafthall.server")

MODEL = PlackettLuce()
MU, SIGMA = MODEL.mu, MODEL.sigma
"""A newcomer's rating (OpenSkill's defaults: 25 and 25/3)."""

BOT_SIGMA = 1.0
"""How unsure the fixed rating of a bot level is."""

ELO_TO_MU = 3.39
"""Mu per 100 Elo points: two seats of sigma near 0 have ``c = sqrt(2) x beta`` (5.89), and
Plackett-Luce's ``exp(mu/c)`` odds equal Elo's ``10^(d/400)`` when ``mu = d x ln 10 / 400 x c``."""

BOT_ELO: dict[str, float] = {
    "random": 1067,
    "beginner": 1341,
    "casual": 1500,
    "greedy": 1659,
    "strong": 1933,
    "expert": 2033,
    "swift": 1843,
    "master": 2033,
}
"""Each bot level's strength on the Elo scale: the Bradley-Terry ratings (casual at 1500) of a
``crafthall tournament`` of one game between random, beginner, casual, greedy and strong (the
command is in docs/web.md, "Bot ratings"); expert 100 above strong, swift 190 below expert
and master level with it, from the head-to-head figures of docs/bots.md."""

BOT_MU = {level: MU + (elo - BOT_ELO["greedy"]) / 100 * ELO_TO_MU for level, elo in BOT_ELO.items()}
"""Each bot level's fixed mu: greedy at a newcomer's 25, the others by their Elo distance.
A level not listed (a game's own bot) counts as greedy."""

LEVELS = (
    (1450, "apprentice"),
    (1650, "average"),
    (1850, "good"),
    (2050, "strong"),
    (2250, "expert"),
    (2400, "master"),
)
"""A shown rating's level word: the last whose floor it reaches, else ``beginner``. The
floors sit near the bots' ratings (beginner 1449, casual 1664, greedy 1880, strong 2252):
a player who beats the casual bot as often as not is average."""

NO_GAMES = "newcomer"
"""The level of an account without a rated game of that game."""


def shown(mu: float, sigma: float) -> int:
    """The rating people see: ``1000 + 40 x (mu - 3 sigma)``, rounded."""
    return round(1000 + 40 * (mu - 3 * sigma))


def level_of(rating: int) -> str:
    """The word for a shown rating (the lobby's level beside a name)."""
    word = "beginner"
    for floor, name in LEVELS:
        if rating >= floor:
            word = name
    return word


def bot_rating(level: str | None) -> tuple[float, float]:
    return BOT_MU.get(level or "greedy", BOT_MU["greedy"]), BOT_SIGMA


@dataclass(frozen=True)
class Change:
    """One account's rating change after a game."""

    account_id: int
    seat: int
    before: int
    after: int

    def to_json(self) -> dict[str, int]:
        return {
            "seat": self.seat,
            "before": self.before,
            "after": self.after,
            "change": self.after - self.before,
        }


def unrated_because(row: Any, linked: dict[int, int]) -> str | None:
    """Why the finished table ``row`` is not rated (a sentence), or None if it is."""
    config = read_config(row.config)
    if not config["rated"]:
        return "This table was made unrated."
    if config["prepared"]:
        return "A table with a chosen seed or set-up is never rated."
    if not linked:
        return "No seat at this table belongs to an account."
    if len(set(linked.values())) < len(linked):
        return "One account held two seats, so the game is not rated."
    return None


def _current(conn: Connection, account_id: int, game: str) -> tuple[float, float]:
    found = conn.execute(
        select(ratings.c.mu, ratings.c.sigma).where(
            ratings.c.account_id == account_id, ratings.c.game == game
        )
    ).first()
    return (MU, SIGMA) if found is None else (found.mu, found.sigma)


def _keep(conn: Connection, account_id: int, game: str, rating: Any, won: bool) -> None:
    values = {"mu": rating.mu, "sigma": rating.sigma, "updated": time.time()}
    done = conn.execute(
        update(ratings)
        .where(ratings.c.account_id == account_id, ratings.c.game == game)
        .values(games=ratings.c.games + 1, wins=ratings.c.wins + (1 if won else 0), **values)
    )
    if done.rowcount == 0:
        conn.execute(
            insert(ratings).values(
                account_id=account_id, game=game, games=1, wins=int(won), **values
            )
        )


def rate_table(engine: Engine, table_id: str) -> list[Change] | None:
    """Rate the finished table ``table_id`` once (a second call, from this or another
    process, finds it rated and returns None; so does a table not to be rated)."""
    with engine.connect() as conn:
        row = conn.execute(select(game_tables).where(game_tables.c.id == table_id)).first()
        if row is None or row.status != "finished" or not row.result:
            return None
        if conn.execute(
            select(rated_games.c.table_id).where(rated_games.c.table_id == table_id)
        ).first():
            return None
        linked = {
            r.seat: r.account_id
            for r in conn.execute(
                select(seat_accounts.c.seat, seat_accounts.c.account_id).where(
                    seat_accounts.c.table_id == table_id
                )
            )
        }
        if unrated_because(row, linked) is not None:
            return None
        seats = conn.execute(
            select(seat_rows.c.idx, seat_rows.c.kind, seat_rows.c.bot_level)
            .where(seat_rows.c.table_id == table_id)
            .order_by(seat_rows.c.idx)
        ).all()
    try:
        with engine.begin() as conn:
            return _rate(conn, row, seats, linked)
    except IntegrityError:  # another process rated it first
        return None


def _rate(conn: Connection, row: Any, seats: Sequence[Any], linked: dict[int, int]) -> list[Change]:
    now = time.time()
    conn.execute(insert(rated_games).values(table_id=row.id, at=now))
    before = []
    for seat in seats:
        if seat.idx in linked:
            mu, sigma = _current(conn, linked[seat.idx], row.game)
        elif seat.kind == "bot":
            mu, sigma = bot_rating(seat.bot_level)
        else:
            mu, sigma = MU, SIGMA
        before.append(MODEL.rating(mu=mu, sigma=sigma))
    ranks = [float(rank) for rank in row.result["ranks"]]
    after = MODEL.rate([[one] for one in before], ranks=ranks)
    winners = set(row.result.get("winners", []))
    changes = []
    for seat, account_id in sorted(linked.items()):
        old, new = before[seat], after[seat][0]
        _keep(conn, account_id, row.game, new, seat in winners)
        change = Change(account_id, seat, shown(old.mu, old.sigma), shown(new.mu, new.sigma))
        conn.execute(
            insert(rating_history).values(
                account_id=account_id,
                table_id=row.id,
                game=row.game,
                at=now,
                mu=new.mu,
                sigma=new.sigma,
                before=change.before,
                after=change.after,
                rank=int(row.result["ranks"][seat]),
            )
        )
        changes.append(change)
    return changes


def table_changes(engine: Engine, table_id: str) -> list[Change]:
    """The rating changes a rated table made (none before it is rated)."""
    query = select(
        rating_history.c.account_id, rating_history.c.before, rating_history.c.after
    ).where(rating_history.c.table_id == table_id)
    links = select(seat_accounts.c.seat, seat_accounts.c.account_id).where(
        seat_accounts.c.table_id == table_id
    )
    with engine.connect() as conn:
        seat_of = {r.account_id: r.seat for r in conn.execute(links)}
        return [
            Change(r.account_id, seat_of.get(r.account_id, -1), int(r.before), int(r.after))
            for r in conn.execute(query)
        ]


_rating: set[asyncio.Task[Any]] = set()
"""Ratings under way (a task nobody holds may be collected before it ends)."""


def rate_soon(store: Store, table_id: str) -> None:
    """Rate a game that just ended here, on the store's threads, without holding up the
    change that ended it; a failure is logged (the end screen's call rates it later)."""

    async def rate() -> None:
        try:
            await store.run(rate_table, store.engine, table_id)
        except Exception:
            log.exception("table %s: its ratings could not be changed", table_id)

    task = asyncio.create_task(rate())
    _rating.add(task)
    task.add_done_callback(_rating.discard)
