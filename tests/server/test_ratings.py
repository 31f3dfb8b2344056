"""Ratings: OpenSkill's Plackett-Luce model after each rated finished game, once; bots at
their level's fixed rating; unrated and prepared tables left alone; the end screen's changes,
the player page, the leaderboard and the lobby's levels, over a real server; on SQLite and
PostgreSQL."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from sqlalchemy import Engine, update

from crafthall.server.accounts import book, link_seats
from crafthall.server.accounts.profile import leaderboard
from crafthall.server.accounts.ratings import BOT_MU, rate_table, table_changes
from crafthall.server.creation import new_table
from crafthall.server.db import game_tables
from crafthall.server.store import Store
from tests.server.helpers import ThreadServer, Ws, play_randomly, seats, store_on
from tests.server.test_accounts import PASSWORD, Browser, _unique
from tests.support import wait_until


@pytest.fixture(params=["sqlite", "postgres"])
def store(request: pytest.FixtureRequest) -> Iterator[Store]:
    with store_on(request.param) as (made, _url, _schema):
        yield made


def _finished(
    store: Store,
    who: list[dict[str, Any]],
    ranks: list[int],
    *,
    seed: int | None = None,
    rated: bool = True,
) -> str:
    """A table of ``who`` stored as finished with ``ranks``; its id."""
    made = new_table(
        "wordcraft", {}, who, seed=seed, fixed=None, config={"rated": rated}, private=True
    )
    store.create(made.row, made.seats, made.change)
    result = {
        "scores": [10 - r for r in ranks],
        "ranks": ranks,
        "winners": [s for s, r in enumerate(ranks) if r == 1],
        "details": {},
    }
    with store.engine.begin() as conn:
        conn.execute(
            update(game_tables)
            .where(game_tables.c.id == made.row.id)
            .values(status="finished", result=result)
        )
    return made.row.id


def _people(*names: str) -> list[dict[str, Any]]:
    return [{"kind": "human", "name": n} for n in names]


def _accounts(engine: Engine, *names: str) -> list[int]:
    return [book.sign_up(engine, n, PASSWORD).id for n in names]


def test_a_game_between_accounts_moves_the_winner_up_and_the_loser_down_once(
    store: Store,
) -> None:
    ann, ben = _accounts(store.engine, "Ann", "Ben")
    table = _finished(store, _people("Ann", "Ben"), [2, 1])
    link_seats(store.engine, ann, [(table, 0)])
    link_seats(store.engine, ben, [(table, 1)])
    changes = rate_table(store.engine, table)
    assert changes is not None
    by_seat = {c.seat: c for c in changes}
    assert by_seat[0].before == by_seat[1].before == 1000
    assert by_seat[1].after > by_seat[1].before
    assert by_seat[0].after < by_seat[1].after
    assert rate_table(store.engine, table) is None  # rated once
    assert sorted(table_changes(store.engine, table), key=lambda c: c.seat) == changes
    board = leaderboard(store.engine, "wordcraft", min_games=1)
    assert [row["name"] for row in board] == ["Ben", "Ann"]
    assert board[0]["wins"] == 1 and board[1]["wins"] == 0
    assert leaderboard(store.engine, "wordcraft", min_games=2) == []


def test_beating_a_strong_bot_is_worth_more_than_beating_a_random_one(store: Store) -> None:
    assert BOT_MU["random"] < BOT_MU["beginner"] < BOT_MU["casual"] < BOT_MU["greedy"]
    assert BOT_MU["greedy"] < BOT_MU["strong"] < BOT_MU["expert"]
    gains = {}
    for level in ("random", "strong"):
        account = _accounts(store.engine, f"Vs {level}")[0]
        who = [*_people(f"Vs {level}"), {"kind": "bot", "level": level}]
        table = _finished(store, who, [1, 2])
        link_seats(store.engine, account, [(table, 0)])
        (change,) = rate_table(store.engine, table) or []
        gains[level] = change.after - change.before
    assert gains["strong"] > gains["random"] > 0


@pytest.mark.parametrize(
    ("seed", "rated", "twice"),
    [(None, False, False), (1234, True, False), (None, True, True)],
    ids=["unrated", "prepared", "one-account-two-seats"],
)
def test_tables_not_to_rate_are_left_alone(
    store: Store, seed: int | None, rated: bool, twice: bool
) -> None:
    (cy,) = _accounts(store.engine, "Cy")
    table = _finished(store, _people("Cy", "Cy again"), [1, 2], seed=seed, rated=rated)
    link_seats(store.engine, cy, [(table, 0), *([(table, 1)] if twice else [])])
    assert rate_table(store.engine, table) is None
    assert table_changes(store.engine, table) == []


def test_a_rated_game_against_a_bot_shows_on_the_end_screen_the_page_and_the_lobby(
    server: ThreadServer,
) -> None:
    me = Browser(server.base)
    name = _unique("Rae")
    me.sign_up(name)
    made = me.post("/api/tables", {"game": "toy-turns", "seats": seats("x", "bot")}).json()
    table_id = made["table"]["id"]
    early = me.http.get(f"/api/tables/{table_id}/ratings")
    assert early.status_code == 409 and early.json()["error"]["code"] == "not-finished"
    client = Ws(server.base, table_id)
    client.hello(made["tokens"]["0"], legal=True)
    try:
        final = play_randomly({0: client}, seed=3)
    finally:
        client.close()
    won = 0 in final["table"]["result"]["winners"]
    answer = me.http.get(f"/api/tables/{table_id}/ratings").json()
    assert answer["rated"] is True
    (change,) = answer["changes"]
    assert change["seat"] == 0 and change["name"] == name and change["before"] == 1000
    if won:  # a win always raises it (a loss lowers mu, but may make the server surer)
        assert change["change"] > 0
    page = me.http.get(f"/api/players/{name.lower()}").json()
    assert page["name"] == name
    (rating,) = page["ratings"]
    assert rating["game"] == "toy-turns" and rating["rating"] == change["after"]
    assert [point["rating"] for point in rating["history"]] == [change["after"]]
    assert page["played"] == [{"game": "toy-turns", "games": 1, "wins": int(won)}]
    assert page["recent"][0]["table"] == table_id
    assert page["recent"][0]["replay"] == f"/t/{table_id}?replay"
    levels = me.http.get("/api/levels", params={"tables": table_id}).json()["tables"]
    assert levels[table_id]["0"]["rating"] == change["after"]
    board = me.http.get("/api/leaderboard/toy-turns", params={"min_games": 1}).json()
    assert name in [row["name"] for row in board["players"]]
    assert me.http.get("/api/players/nobody-by-that-name").status_code == 404
    me.http.close()


def test_a_game_that_ends_is_rated_without_anyone_asking(server: ThreadServer) -> None:
    me = Browser(server.base)
    name = _unique("Sol")
    me.sign_up(name)
    made = me.post("/api/tables", {"game": "toy-turns", "seats": seats("x", "bot")}).json()
    client = Ws(server.base, made["table"]["id"])
    client.hello(made["tokens"]["0"], legal=True)
    try:
        play_randomly({0: client}, seed=5)
    finally:
        client.close()
    engine = server.hub.store.engine
    wait_until(lambda: table_changes(engine, made["table"]["id"]) != [], "the game was not rated")
    me.http.close()


def test_play_again_keeps_the_account_at_its_seat_and_the_table_unrated(
    server: ThreadServer,
) -> None:
    me = Browser(server.base)
    me.sign_up(_unique("Tam"))
    spec = {"game": "toy-turns", "seats": seats("x", "bot"), "rated": False}
    made = me.post("/api/tables", spec).json()
    client = Ws(server.base, made["table"]["id"])
    client.hello(made["tokens"]["0"], legal=True)
    try:
        play_randomly({0: client}, seed=7)
    finally:
        client.close()
    ratings = me.http.get(f"/api/tables/{made['table']['id']}/ratings").json()
    assert ratings == {"rated": False, "why": "This table was made unrated.", "changes": []}
    again = me.post(f"/api/tables/{made['table']['id']}/again", {"token": made["tokens"]["0"]})
    assert again.status_code == 201, again.text
    assert again.json()["table"]["rated"] is False
    following = again.json()["table"]["id"]
    mine = me.http.get("/api/account/seats").json()["seats"]
    assert {"table": following, "seat": 0} in mine
    assert me.http.get(f"/api/tables/{following}").json()["status"] == "playing"
    me.http.close()


def test_the_player_page_finds_the_best_and_the_longest_word(store: Store) -> None:
    from sqlalchemy import insert

    from crafthall.server.accounts.book import name_key
    from crafthall.server.accounts.profile import profile
    from crafthall.server.db import moves

    (una,) = _accounts(store.engine, "Una")
    table = _finished(store, _people("Una", "Vic"), [1, 2])
    link_seats(store.engine, una, [(table, 0)])
    played = [
        (0, {"type": "word", "word": "quiz"}),
        (1, {"type": "word", "word": "syzygies"}),  # the other seat's, not hers
        (0, {"type": "word", "word": "strength"}),
        (0, {"type": "pass"}),
    ]
    with store.engine.begin() as conn:
        for idx, (seat, action) in enumerate(played):
            conn.execute(insert(moves).values(table_id=table, idx=idx, seat=seat, action=action))
    page = profile(store.engine, name_key("una"))
    assert page is not None
    assert page["best_word"] == "QUIZ"  # 22 by the letter values, STRENGTH 12
    assert page["longest_word"] == "STRENGTH"
    assert page["played"] == [{"game": "wordcraft", "games": 1, "wins": 1}]
