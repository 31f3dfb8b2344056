"""What the player page, the leaderboards and the lobby read: ratings with their history,
games played and won, best and longest words, recent games, and levels by seat.

Words are read from the account's own accepted actions (the record's truth, one query): an
action naming a ``word`` is a word the player played, in every game that has words. The
five games score words in five ways, so the *best* word is ranked by one measure common to
all: the classic letter values below (q and z 10, e 1), summed; the *longest* is the longest.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from sqlalchemy import Engine, and_, desc, select, tuple_

from crafthall.server.accounts.ratings import NO_GAMES, level_of, shown
from crafthall.server.accounts.tables import accounts, rating_history, ratings, seat_accounts
from crafthall.server.db import game_tables, moves

LETTER_VALUES = {
    **dict.fromkeys("aeilnorstu", 1),
    **dict.fromkeys("dg", 2),
    **dict.fromkeys("bcmp", 3),
    **dict.fromkeys("fhvwy", 4),
    "k": 5,
    **dict.fromkeys("jx", 8),
    **dict.fromkeys("qz", 10),
}
RECENT = 20
"""Recent games the player page lists."""
WORD_TABLES = 200
"""Finished games (the newest) whose words the page reads."""


def word_value(word: str) -> int:
    return sum(LETTER_VALUES.get(ch, 0) for ch in word.lower())


@dataclass(frozen=True)
class Finished:
    table_id: str
    seat: int
    game: str
    created: float
    result: dict[str, Any]
    names: list[str]


def _finished(engine: Engine, account_id: int, limit: int) -> list[Finished]:
    query = (
        select(
            game_tables.c.id,
            seat_accounts.c.seat,
            game_tables.c.game,
            game_tables.c.created,
            game_tables.c.result,
        )
        .join(seat_accounts, seat_accounts.c.table_id == game_tables.c.id)
        .where(seat_accounts.c.account_id == account_id, game_tables.c.status == "finished")
        .order_by(desc(game_tables.c.created))
        .limit(limit)
    )
    with engine.connect() as conn:
        rows = conn.execute(query).all()
    return [
        Finished(r.id, r.seat, r.game, r.created, r.result, list(r.result.get("names", [])))
        for r in rows
        if r.result
    ]


def _words(engine: Engine, places: list[tuple[str, int]]) -> dict[str, str | None]:
    best: str | None = None
    longest: str | None = None
    if places:
        query = select(moves.c.action).where(tuple_(moves.c.table_id, moves.c.seat).in_(places))
        with engine.connect() as conn:
            for (action,) in conn.execute(query):
                word = action.get("word") if isinstance(action, dict) else None
                if not isinstance(word, str) or not word.isalpha():
                    continue
                word = word.upper()
                if longest is None or len(word) > len(longest):
                    longest = word
                if best is None or word_value(word) > word_value(best):
                    best = word
    return {"best_word": best, "longest_word": longest}


def _ratings(engine: Engine, account_id: int) -> list[dict[str, Any]]:
    with engine.connect() as conn:
        kept = conn.execute(select(ratings).where(ratings.c.account_id == account_id)).all()
        history = conn.execute(
            select(rating_history)
            .where(rating_history.c.account_id == account_id)
            .order_by(rating_history.c.at)
        ).all()
    found = []
    for row in sorted(kept, key=lambda r: r.game):
        rating = shown(row.mu, row.sigma)
        found.append(
            {
                "game": row.game,
                "rating": rating,
                "level": level_of(rating),
                "games": row.games,
                "wins": row.wins,
                "history": [
                    {
                        "at": h.at,
                        "before": int(h.before),
                        "rating": int(h.after),
                        "table": h.table_id,
                    }
                    for h in history
                    if h.game == row.game
                ],
            }
        )
    return found


def profile(engine: Engine, name_key: str) -> dict[str, Any] | None:
    """The player page of the account whose name's key is ``name_key``, or None."""
    with engine.connect() as conn:
        account = conn.execute(select(accounts).where(accounts.c.name_key == name_key)).first()
    if account is None:
        return None
    finished = _finished(engine, account.id, WORD_TABLES)
    played: dict[str, dict[str, int]] = {}
    for one in finished:
        tally = played.setdefault(one.game, {"games": 0, "wins": 0})
        tally["games"] += 1
        tally["wins"] += one.seat in one.result.get("winners", [])
    recent = [
        {
            "table": one.table_id,
            "game": one.game,
            "created": one.created,
            "seat": one.seat,
            "rank": one.result["ranks"][one.seat],
            "score": one.result["scores"][one.seat],
            "won": one.seat in one.result.get("winners", []),
            "players": one.names,
            "replay": f"/t/{one.table_id}?replay",
            "review": f"/t/{one.table_id}?replay&review",
        }
        for one in finished[:RECENT]
    ]
    return {
        "name": account.name,
        "since": account.created,
        "ratings": _ratings(engine, account.id),
        "played": [{"game": game, **tally} for game, tally in sorted(played.items())],
        **_words(engine, [(one.table_id, one.seat) for one in finished]),
        "recent": recent,
    }


def leaderboard(
    engine: Engine, game: str, min_games: int, limit: int = 100
) -> list[dict[str, Any]]:
    """The accounts with at least ``min_games`` rated games of ``game``, best first."""
    query = (
        select(accounts.c.name, ratings.c.mu, ratings.c.sigma, ratings.c.games, ratings.c.wins)
        .join(accounts, accounts.c.id == ratings.c.account_id)
        .where(ratings.c.game == game, ratings.c.games >= min_games)
        .order_by(desc(ratings.c.mu - 3 * ratings.c.sigma))
        .limit(limit)
    )
    with engine.connect() as conn:
        rows = conn.execute(query).all()
    board = []
    for place, row in enumerate(rows, start=1):
        rating = shown(row.mu, row.sigma)
        board.append(
            {
                "place": place,
                "name": row.name,
                "rating": rating,
                "level": level_of(rating),
                "games": row.games,
                "wins": row.wins,
            }
        )
    return board


def levels(engine: Engine, table_ids: list[str]) -> dict[str, dict[str, dict[str, Any]]]:
    """The rating and level of each account seated at ``table_ids`` in the table's game:
    ``{table_id: {seat: {"name", "rating", "level"}}}`` (a seat of no account is left out;
    an account without a rated game of that game shows as a newcomer)."""
    if not table_ids:
        return {}
    query = (
        select(
            seat_accounts.c.table_id,
            seat_accounts.c.seat,
            accounts.c.name,
            ratings.c.mu,
            ratings.c.sigma,
        )
        .join(accounts, accounts.c.id == seat_accounts.c.account_id)
        .join(game_tables, game_tables.c.id == seat_accounts.c.table_id)
        .outerjoin(
            ratings,
            and_(ratings.c.account_id == accounts.c.id, ratings.c.game == game_tables.c.game),
        )
        .where(seat_accounts.c.table_id.in_(table_ids))
    )
    found: dict[str, dict[str, dict[str, Any]]] = {}
    with engine.connect() as conn:
        for row in conn.execute(query):
            rating = shown(row.mu, row.sigma) if row.mu is not None else 1000
            found.setdefault(row.table_id, {})[str(row.seat)] = {
                "name": row.name,
                "rating": rating,
                "level": level_of(rating) if row.mu is not None else NO_GAMES,
            }
    return found
