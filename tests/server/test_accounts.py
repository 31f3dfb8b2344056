"""Accounts over HTTP against a real server: signing up and in and out, the cookie's flags,
CSRF refused, no session fixation, the sign-in lockout, one account never acting for
another, a guest's seats becoming their account's, deleting an account; and the account
tables on PostgreSQL as on SQLite."""

from __future__ import annotations

import json
import logging
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from sqlalchemy import select

from crafthall.server.accounts import book, seats_of_account
from crafthall.server.accounts.seats import held_seats, link_seats
from crafthall.server.accounts.sessions import COOKIE, new_session, session_account
from crafthall.server.accounts.tables import accounts
from crafthall.server.db import seats as seat_rows
from tests.patience import PATIENCE
from tests.server.helpers import (
    ThreadServer,
    Ws,
    create,
    make_settings,
    play_randomly,
    seats,
    store_on,
)

PASSWORD = "correct horse battery"


class Browser:
    """One browser: its cookies, and the CSRF token its page repeats on each change."""

    def __init__(self, base: str, transport: httpx.HTTPTransport | None = None) -> None:
        self.http = httpx.Client(base_url=base, timeout=PATIENCE, transport=transport)
        self.csrf = self.http.get("/api/account").json()["csrf"]

    def post(self, path: str, body: Any = None, **headers: str) -> httpx.Response:
        sent = {"X-CSRF-Token": self.csrf, **headers}
        answer = self.http.post(path, json=body if body is not None else {}, headers=sent)
        if answer.status_code < 300 and "csrf" in answer.json():
            self.csrf = answer.json()["csrf"]
        return answer

    def plant(self, value: str) -> None:
        """Put a session cookie of someone else's choosing into this browser."""
        self.http.cookies.clear()
        self.http.cookies.set(COOKIE, value, domain="127.0.0.1", path="/")

    def cookie(self) -> str:
        return str(self.http.cookies.get(COOKIE, domain="127.0.0.1"))

    def who(self) -> str | None:
        found = self.http.get("/api/account").json()["account"]
        return None if found is None else str(found["name"])

    def sign_up(self, name: str, password: str = PASSWORD, **more: Any) -> httpx.Response:
        answer = self.post("/api/account/signup", {"name": name, "password": password, **more})
        assert answer.status_code == 201, answer.text
        return answer

    def sign_in(self, name: str, password: str = PASSWORD) -> httpx.Response:
        return self.post("/api/account/signin", {"name": name, "password": password})


@pytest.fixture
def browsers(server: ThreadServer) -> Iterator[list[Browser]]:
    made: list[Browser] = []

    def new() -> Browser:
        made.append(Browser(server.base))
        return made[-1]

    yield [new(), new(), new()]
    for one in made:
        one.http.close()


def _unique(stem: str) -> str:
    import uuid

    return f"{stem}{uuid.uuid4().hex[:6]}"


def test_sign_up_sets_a_signed_httponly_samesite_cookie_and_signs_in(
    browsers: list[Browser],
) -> None:
    ann = browsers[0]
    name = _unique("Ann ")
    answer = ann.sign_up(name)
    cookie = next(v for k, v in answer.headers.multi_items() if v.startswith(f"{COOKIE}="))
    assert "HttpOnly" in cookie
    assert "SameSite=lax" in cookie or "SameSite=Lax" in cookie
    assert ann.who() == name
    assert ann.post("/api/account/signout").status_code == 200
    assert ann.who() is None
    assert ann.sign_in(name.upper()).status_code == 200  # names match whatever their case
    assert ann.who() == name


def test_a_taken_name_or_a_bad_one_is_refused_with_a_sentence(browsers: list[Browser]) -> None:
    name = _unique("Ben")
    browsers[0].sign_up(name)
    taken = browsers[1].post("/api/account/signup", {"name": name.lower(), "password": PASSWORD})
    assert taken.status_code == 409
    assert taken.json()["error"] == {
        "code": "name-taken",
        "message": f"The name '{name.lower()}' is taken; choose another.",
    }
    bad = browsers[1].post("/api/account/signup", {"name": "<b>x</b>", "password": PASSWORD})
    assert bad.json()["error"]["code"] == "bad-name"
    short = browsers[1].post("/api/account/signup", {"name": _unique("Cy"), "password": "abc"})
    assert short.json()["error"]["code"] == "bad-password"
    assert browsers[1].who() is None


def test_passwords_are_never_stored_or_logged_in_clear(
    server: ThreadServer, browsers: list[Browser], caplog: pytest.LogCaptureFixture
) -> None:
    secret = "plain-text-never-" + _unique("x")
    name = _unique("Dee")
    with caplog.at_level(logging.DEBUG):
        browsers[0].sign_up(name, secret)
        browsers[1].sign_in(name, secret)
        browsers[1].sign_in(name, secret + "wrong")
        browsers[1].post("/api/account/password", {"old": secret, "new": secret + "2"})
    assert secret not in caplog.text
    with server.hub.store.engine.connect() as conn:
        hashed = conn.execute(
            select(accounts.c.password_hash).where(accounts.c.name == name)
        ).scalar_one()
    assert hashed.startswith("$argon2id$") and secret not in hashed
    server.hub.store.engine.dispose()
    folder = Path(server.settings.database_url.removeprefix("sqlite:///")).parent
    for path in folder.iterdir():
        assert secret.encode() not in path.read_bytes(), path


def test_a_change_without_the_csrf_token_or_from_another_origin_is_refused(
    browsers: list[Browser],
) -> None:
    ann = browsers[0]
    name = _unique("Eve")
    ann.sign_up(name)
    bare = ann.http.post("/api/account/signout-everywhere", json={})
    assert bare.status_code == 403
    assert bare.json()["error"]["code"] == "csrf-refused"
    assert "reload the page" in bare.json()["error"]["message"]
    wrong = ann.http.post(
        "/api/account/signout-everywhere", json={}, headers={"X-CSRF-Token": "guess"}
    )
    assert wrong.status_code == 403
    elsewhere = ann.post("/api/account/signout-everywhere", Origin="https://evil.example")
    assert elsewhere.status_code == 403
    assert "another site" in elsewhere.json()["error"]["message"]
    assert ann.who() == name  # nothing changed
    # Signing in from another site's form (no token) is refused too.
    stranger = browsers[1]
    forged = stranger.http.post("/api/account/signin", json={"name": name, "password": PASSWORD})
    assert forged.status_code == 403
    assert stranger.who() is None


def test_a_cookie_planted_before_sign_in_is_never_signed_in(
    server: ThreadServer, browsers: list[Browser]
) -> None:
    mallory, victim, later = browsers
    mallory.sign_up(_unique("Mal"))
    planted = mallory.cookie()
    victim_name = _unique("Vic")
    victim.sign_up(victim_name)
    victim.post("/api/account/signout")
    # The attacker's own cookie (or a forged one) set in the victim's browser...
    victim.plant(planted)
    victim.csrf = victim.http.get("/api/account").json()["csrf"]
    assert victim.sign_in(victim_name).status_code == 200
    fresh = victim.cookie()
    assert fresh != planted
    # ...never becomes the victim's session: the id is new at every sign-in.
    later.plant(planted)
    assert later.who() is None
    later.plant("forged.value.here")
    assert later.who() is None
    later.plant(fresh)
    assert later.who() == victim_name


def test_sign_in_locks_after_five_wrong_passwords_with_a_clear_sentence(
    browsers: list[Browser],
) -> None:
    name = _unique("Fay")
    browsers[0].sign_up(name)
    guesser = browsers[1]
    for _ in range(book.FREE_TRIES - 1):
        wrong = guesser.sign_in(name, "not it at all")
        assert wrong.status_code == 401
        assert wrong.json()["error"]["message"] == book.WRONG
    locked = guesser.sign_in(name, "still not it")
    assert locked.status_code == 429
    message = locked.json()["error"]["message"]
    assert message.startswith("Too many wrong passwords for this account: signing in is locked")
    assert "Wait, then try again." in message
    # Locked: even the right password waits.
    assert guesser.sign_in(name).json()["error"]["code"] == "signin-locked"
    assert guesser.who() is None


def test_the_lock_opens_after_its_time_and_a_right_password_clears_the_count(
    tmp_path: Path,
) -> None:
    with store_on("sqlite") as (store, _url, _schema):
        engine = store.engine
        book.sign_up(engine, "Gus", PASSWORD)
        for _ in range(book.FREE_TRIES):
            with pytest.raises(book.AccountError):
                book.sign_in(engine, "Gus", "wrong one!", now=1000.0)
        with pytest.raises(book.AccountError) as still:
            book.sign_in(engine, "Gus", PASSWORD, now=1000.0 + book.LOCK_SECONDS - 1)
        assert still.value.code == "signin-locked"
        assert book.sign_in(engine, "Gus", PASSWORD, now=1000.0 + book.LOCK_SECONDS + 1)
        with pytest.raises(book.AccountError) as again:
            book.sign_in(engine, "Gus", "wrong one!", now=2000.0)
        assert again.value.code == "wrong-password"  # the count started again


def test_one_account_cannot_act_for_another(server: ThreadServer, browsers: list[Browser]) -> None:
    ann, ben, _ = browsers
    ann_name, ben_name = _unique("Ann"), _unique("Ben")
    ann.sign_up(ann_name)
    made = create(server.base, game="toy-turns", seats=seats("Ben", "bot"))
    table_id, token = made["table"]["id"], made["tokens"]["0"]
    ben.sign_up(ben_name, seats=[{"table": table_id, "seat": 0, "token": token}])
    # Ann's session changes only Ann: Ben's password is not hers to give...
    refused = ann.post("/api/account/password", {"old": PASSWORD, "new": "x" * 10})
    assert refused.status_code == 200  # her own password, her own account
    ann.post("/api/account/password", {"old": "x" * 10, "new": PASSWORD})
    wrong = ann.post("/api/account/delete", {"password": "not Ann's"})
    assert wrong.status_code == 403
    assert ann.who() == ann_name and ben.who() == ben_name
    # ...signing out everywhere ends Ann's sessions, not Ben's...
    ann.post("/api/account/signout-everywhere")
    assert ben.who() == ben_name
    ann.sign_in(ann_name)
    # ...and Ben's seat cannot be claimed without its token, nor taken once it is his.
    guessed = ann.post(
        "/api/account/seats", {"seats": [{"table": table_id, "seat": 0, "token": "guess"}]}
    )
    assert guessed.json() == {"linked": 0}
    stolen = ann.post(
        "/api/account/seats", {"seats": [{"table": table_id, "seat": 0, "token": token}]}
    )
    assert stolen.json() == {"linked": 0}
    assert ben.http.get("/api/account/seats").json()["seats"] == [{"table": table_id, "seat": 0}]
    assert ann.http.get("/api/account/seats").json()["seats"] == []


def test_sign_out_everywhere_ends_every_browser_of_the_account(browsers: list[Browser]) -> None:
    one, two, _ = browsers
    name = _unique("Hal")
    one.sign_up(name)
    two.sign_in(name)
    assert one.who() == two.who() == name
    ended = one.post("/api/account/signout-everywhere")
    assert ended.json()["ended"] == 2
    assert one.who() is None and two.who() is None


def test_a_guest_who_signs_up_keeps_the_tables_of_their_browser(
    server: ThreadServer, browsers: list[Browser]
) -> None:
    made = [create(server.base, game="toy-turns", seats=seats("Ivy", "bot")) for _ in range(2)]
    held = [{"table": m["table"]["id"], "seat": 0, "token": m["tokens"]["0"]} for m in made]
    answer = browsers[0].sign_up(_unique("Ivy"), seats=held)
    assert answer.json()["linked"] == 2
    mine = browsers[0].http.get("/api/account/seats").json()["seats"]
    assert sorted(one["table"] for one in mine) == sorted(m["table"]["id"] for m in made)


def test_a_deleted_account_leaves_a_neutral_name_at_its_seats(
    server: ThreadServer, browsers: list[Browser]
) -> None:
    made = create(server.base, game="toy-turns", seats=seats("Jo", "bot"))
    table_id = made["table"]["id"]
    client = Ws(server.base, table_id)
    client.hello(made["tokens"]["0"], legal=True)
    try:
        play_randomly({0: client}, seed=11)
    finally:
        client.close()
    jo = browsers[0]
    name = _unique("Jo")
    jo.sign_up(name, seats=[{"table": table_id, "seat": 0, "token": made["tokens"]["0"]}])
    answer = jo.post("/api/account/delete", {"password": PASSWORD})
    assert answer.json() == {"account": None, "tables": 1}
    assert jo.who() is None
    with server.hub.store.engine.connect() as conn:
        kept = conn.execute(
            select(seat_rows.c.name).where(seat_rows.c.table_id == table_id, seat_rows.c.idx == 0)
        ).scalar_one()
    assert kept == book.FORMER
    # The table held in memory says so too: its seats, its result and its record.
    summary = browsers[1].http.get(f"/api/tables/{table_id}").json()
    assert summary["seats"][0]["name"] == summary["result"]["names"][0] == book.FORMER
    record = browsers[1].http.get(f"/api/tables/{table_id}/record").text
    assert json.loads(record.splitlines()[0])["seats"][0]["name"] == book.FORMER
    assert browsers[1].sign_in(name).json()["error"]["code"] == "wrong-password"


@pytest.mark.parametrize("database", ["sqlite", "postgres"])
def test_accounts_sessions_and_seat_links_on_each_database(database: str) -> None:
    with store_on(database) as (store, _url, _schema):
        engine = store.engine
        kim = book.sign_up(engine, "Kim", PASSWORD)
        with pytest.raises(book.AccountError):
            book.sign_up(engine, "KIM", PASSWORD)
        session = new_session(engine, kim.id)
        assert session_account(engine, session) == kim
        from crafthall.server.creation import new_table

        made = new_table(
            "wordcraft",
            {},
            [{"kind": "human", "name": "Kim"}, {"kind": "bot", "level": "random"}],
            seed=None,
            fixed=None,
            config={},
            private=True,
        )
        store.create(made.row, made.seats, made.change)
        proven = held_seats(engine, [(made.row.id, 0, made.tokens[0]), (made.row.id, 1, "x")])
        assert proven == [(made.row.id, 0, made.tokens[0])]
        assert link_seats(engine, kim.id, proven) == 1
        assert link_seats(engine, kim.id, proven) == 0
        assert seats_of_account(engine, kim.id) == [(made.row.id, 0)]


def test_a_signed_in_creator_and_joiner_sit_under_their_accounts(
    server: ThreadServer, browsers: list[Browser]
) -> None:
    host, guest, _ = browsers
    host_name, guest_name = _unique("Lou"), _unique("Max")
    host.sign_up(host_name)
    guest.sign_up(guest_name)
    spec = {"game": "toy-turns", "seats": seats("typed name", "open"), "rated": False}
    made = host.post("/api/tables", spec)
    assert made.status_code == 201, made.text
    table = made.json()["table"]
    assert table["seats"][0]["name"] == host_name
    invite = made.json()["invites"]["1"]["code"]
    joined = guest.post(
        f"/api/tables/{table['id']}/join", {"seat": 1, "invite": invite, "name": "whatever"}
    )
    assert joined.status_code == 200, joined.text
    assert joined.json()["table"]["seats"][1]["name"] == guest_name
    assert host.http.get("/api/account/seats").json()["seats"] == [
        {"table": table["id"], "seat": 0}
    ]
    assert guest.http.get("/api/account/seats").json()["seats"] == [
        {"table": table["id"], "seat": 1}
    ]
    # Made as an account, the table needed the CSRF token like every other change.
    bare = host.http.post("/api/tables", json=spec)
    assert bare.status_code == 403


@pytest.mark.parametrize("database", ["sqlite", "postgres"])
def test_wrong_passwords_sent_at_once_all_count(database: str) -> None:
    from concurrent.futures import ThreadPoolExecutor

    with store_on(database) as (store, _url, _schema):
        engine = store.engine
        book.sign_up(engine, "Ned", PASSWORD)

        def guess(n: int) -> str:
            try:
                book.sign_in(engine, "Ned", f"wrong guess {n}", now=5000.0)
            except book.AccountError as err:
                return err.code
            return "signed in"

        with ThreadPoolExecutor(8) as pool:
            codes = list(pool.map(guess, range(8)))
        assert "signed in" not in codes
        with engine.connect() as conn:
            failures = conn.execute(
                select(accounts.c.failures).where(accounts.c.name == "Ned")
            ).scalar_one()
        assert failures == 8


def test_wrong_passwords_from_one_address_on_many_accounts_make_it_wait(
    toys: None, tmp_path: Path
) -> None:
    with ThreadServer(make_settings(tmp_path, signin_misses_per_hour=3)) as own:
        who = Browser(own.base)
        names = [_unique("Oz") for _ in range(3)]
        for name in names:
            maker = Browser(own.base)
            maker.sign_up(name)
            maker.http.close()
        for name in names:  # one wrong guess at each account: no account's lock is reached
            assert who.sign_in(name, "one guess each").json()["error"]["code"] == "wrong-password"
        waiting = who.sign_in(names[0])  # even the right password waits now
        assert waiting.status_code == 429
        assert waiting.json()["error"]["code"] == "too-many-wrong-passwords"
        assert waiting.json()["error"]["message"].startswith(
            "This address gave 3 wrong passwords within the hour. Try again in "
        )
        assert float(waiting.headers["retry-after"]) > 0
        assert who.who() is None
        who.http.close()
