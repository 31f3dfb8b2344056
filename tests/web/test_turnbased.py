"""Turn-based tables in Chromium: two accounts play a game over a simulated week (the server's
clock moved on a day at a time), each hearing of each of their turns once by Web Push (the
test's own push service receives the encrypted pushes) and once by e-mail (a local SMTP
server); a seat whose time runs out is skipped as its table chose; the "your turn" page lists
the table waiting for a player and the page's title counts it; the time left counts down on
the page between updates, by the server's clock whatever the browser's says; a game played
all at once offers no turn-based form.

A headless Chromium's own push subscription would name its vendor's push service, out of the
test's reach: each account's browser subscription is made with the keys of
:class:`PushKeys`, which decrypt what the server sends as a browser would."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest

from tests.server.helpers import make_settings, register_toys, seats, unregister_toys
from tests.server.notices import DAY, Mailbox, PushKeys, PushService
from tests.support import wait_until
from tests.web.conftest import PATIENCE_MS, Server, patient_context, shot


@pytest.fixture(scope="module")
def services(
    tmp_path_factory: pytest.TempPathFactory,
) -> Iterator[tuple[Server, Mailbox, PushService]]:
    register_toys()
    folder: Path = tmp_path_factory.mktemp("turnbased")
    with (
        Mailbox() as mail,
        PushService() as push,
        Server(make_settings(folder, smtp_url=mail.url, push_plain_hosts="127.0.0.1")) as server,
    ):
        yield server, mail, push
    unregister_toys()


class Person:
    """A browser of its own, signed up as ``name``, with its push keys and mailbox."""

    def __init__(self, browser: Any, server: Server, push: PushService, name: str) -> None:
        self.name = name
        self.email = f"{name.lower()}@example.org"
        self.keys = PushKeys(push.endpoint(name.lower()))
        self.context = patient_context(browser, viewport={"width": 1280, "height": 900})
        self.page = self.context.new_page()
        self.errors: list[str] = []
        self.page.on("pageerror", lambda err: self.errors.append(str(err)))
        request = self.context.request
        csrf = request.get(f"{server.base}/api/account").json()["csrf"]
        made = request.post(
            f"{server.base}/api/account/signup",
            data={"name": name, "password": f"{name} plays all week long"},
            headers={"x-csrf-token": csrf},
        )
        assert made.status == 201, made.text()
        subscribed = request.post(
            f"{server.base}/api/notify/push",
            data=self.keys.subscription(),
            headers={"x-csrf-token": made.json()["csrf"]},
        )
        assert subscribed.status == 201, subscribed.text()
        put = request.put(
            f"{server.base}/api/notify",
            data={"push": True, "email": None},
            headers={"x-csrf-token": made.json()["csrf"]},
        )
        assert put.status == 200, put.text()

    def choose_email(self, server: Server) -> None:
        """Write the e-mail address on the your-turn page's notification panel, and save."""
        self.page.goto(f"{server.base}/turns")
        self.page.wait_for_selector("#notify-push:checked")
        self.page.fill("#notify-email", self.email)
        self.page.click("#notify-save")
        self.page.wait_for_selector("#notify .status:has-text('Saved')")

    def close(self) -> None:
        self.context.close()
        assert not self.errors, f"JavaScript errors on {self.name}'s page: {self.errors}"


def moves(page: Any) -> int:
    return int(page.evaluate("() => window.crafthallTable.summary.moves"))


def add_one(page: Any) -> None:
    before = moves(page)
    page.click("#generic-actions fieldset[data-type=add] button:text('amount 1')")
    page.wait_for_function(f"() => window.crafthallTable.summary.moves > {before}")


def test_two_accounts_play_a_turn_based_week(
    browser: Any, services: tuple[Server, Mailbox, PushService]
) -> None:
    server, mail, push = services
    ann, ben = (Person(browser, server, push, name) for name in ("Ann", "Ben"))
    try:
        ann.choose_email(server)
        ben.choose_email(server)

        # Ann makes a turn-based table in the lobby: 3 days a move, a skipped move on time-out.
        page = ann.page
        page.goto(server.base)
        page.fill("#your-name", "Ann")
        page.select_option("#game", "toy-turns")
        page.select_option("#seat-count", "2")
        page.locator(".seat-kind").nth(1).select_option("open")
        page.select_option("#pace", str(int(3 * DAY)))
        page.select_option("#pace-timeout", "skip")
        page.click("#create-table")
        page.wait_for_selector("#waiting .invite-link")
        invite = page.input_value("#waiting .invite-link")
        table = page.url.rsplit("/t/", 1)[1].split("?")[0]

        ben.page.goto(invite if invite.startswith("http") else f"{server.base}{invite}")
        settings = ben.page.inner_text("#join-settings")
        assert "turn-based: 3 days a move; out of time, the move is skipped" in settings
        ben.page.fill("#join-name", "Ben")
        ben.page.click("#join-button")
        for person in (ann, ben):
            person.page.wait_for_selector("#board:not([hidden])")
        address = {ann: ann.email, ben: ben.email}
        name = {ann: "ann", ben: "ben"}

        def heard(turns: dict[Person, int]) -> bool:
            return all(
                len(push.bodies(name[p])) == count and len(mail.to(address[p])) == count
                for p, count in turns.items()
            )

        ann.page.wait_for_selector("#pace-note:has-text('Your move: 2 days 23 hours left')")
        ben.page.wait_for_selector('#pace-note:has-text("Ann\'s move: 2 days 23 hours left")')
        assert ben.page.inner_text("#pace-note").startswith("Turn-based: 3 days a move")
        turns = {ann: 1, ben: 0}  # Ben's joining began Ann's turn; he was sitting down
        wait_until(lambda: heard(turns), f"one push and one e-mail a turn: {turns}")
        clock = server.hub.turns.clock
        for day in range(7):
            clock.advance(DAY)
            mover, other = (ann, ben) if day % 2 == 0 else (ben, ann)
            add_one(mover.page)
            turns[other] += 1
            wait_until(lambda: heard(turns), f"one push and one e-mail a turn: {turns}")

        # Ann moved last: Ben's "your turn" page lists the table, and his title counts it.
        ben.page.goto(f"{server.base}/turns")
        ben.page.wait_for_selector(f".waiting-table a[href='/t/{table}']")
        listed = ben.page.inner_text(".waiting-table")
        assert "Toy Turns against Ann" in listed and "2 days 23 hours left" in listed
        ben.page.goto(server.base)
        ben.page.wait_for_function("() => document.title.startsWith('(1) ')", timeout=PATIENCE_MS)
        assert ben.page.inner_text("#turns-link") == "Your turn (1)"
        shot(ben.page, "turnbased-lobby-badge")

        # Ben lets his three days run out: his move is skipped, and it is Ann's turn again.
        ann.page.goto(f"{server.base}/t/{table}")
        ann.page.wait_for_selector("#board:not([hidden])")
        before = moves(ann.page)
        clock.advance(3 * DAY + 60)
        ann.page.wait_for_function(f"() => window.crafthallTable.summary.moves > {before}")
        turns[ann] += 1
        wait_until(lambda: heard(turns), f"one push and one e-mail a turn: {turns}")
        seats = ann.page.evaluate("() => window.crafthallTable.summary.seats")
        assert seats[1]["zombie"] is None  # skipped, not handed over: the seat is still Ben's

        # Ben agrees to wait for Ann: her move gets three days more.
        ben.page.goto(f"{server.base}/t/{table}")
        ben.page.click("#pace-note button:text('Give Ann 3 days more')")
        ben.page.wait_for_selector('#pace-note:has-text("Ann\'s move: 5 days 23 hours left")')

        for person in (ann, ben):
            for body in push.bodies(name[person]):
                notice = person.keys.read(body)
                assert notice["title"] == "Your turn at Toy Turns"
                assert notice["url"].endswith(f"/t/{table}")
    finally:
        ann.close()
        ben.close()


def test_a_game_played_all_at_once_offers_no_turn_based_form(
    browser: Any, services: tuple[Server, Mailbox, PushService]
) -> None:
    server, _mail, _push = services
    context = patient_context(browser, viewport={"width": 1280, "height": 900})
    try:
        page = context.new_page()
        page.goto(server.base)
        page.select_option("#game", "toy-race")
        page.wait_for_selector("#no-turn-based:not([hidden])")
        assert "no turn-based form" in page.inner_text("#no-turn-based")
        assert page.is_disabled("#pace")
        page.select_option("#game", "toy-turns")
        page.wait_for_selector("#no-turn-based", state="hidden")
        assert not page.is_disabled("#pace")
        guest = context.new_page()
        guest.goto(f"{server.base}/turns")
        guest.wait_for_selector("#notify :text('Sign in to hear of your turns')")
        guest.wait_for_selector("#your-turn :text('No turn-based table waits for your move.')")
    finally:
        context.close()


def test_the_time_left_counts_down_between_updates_by_the_servers_clock(
    browser: Any, services: tuple[Server, Mailbox, PushService]
) -> None:
    server, _mail, _push = services
    context = patient_context(browser, viewport={"width": 1280, "height": 900})
    errors: list[str] = []
    try:
        spec = {
            "game": "toy-turns",
            "seats": seats("typed name", "bot"),
            "rated": False,
            "pace": {"move": 3 * DAY, "timeout": "wait"},
        }
        csrf = context.request.get(f"{server.base}/api/account").json()["csrf"]
        made = context.request.post(
            f"{server.base}/api/tables", data=spec, headers={"x-csrf-token": csrf}
        )
        assert made.status == 201, made.text()
        table, token = made.json()["table"]["id"], made.json()["tokens"]["0"]
        page = context.new_page()
        page.on("pageerror", lambda err: errors.append(str(err)))
        asked: list[str] = []
        page.on("request", lambda r: asked.append(r.url) if "/turns" in r.url else None)
        page.clock.install(time=datetime(2001, 1, 1, tzinfo=UTC))  # this browser's clock is wrong
        page.goto(server.base)
        page.evaluate(
            "([id, token]) => localStorage.setItem('crafthall.tables',"
            " JSON.stringify({[id]: {game: 'toy-turns', tokens: {0: token}, current: 0}}))",
            [table, token],
        )

        page.goto(f"{server.base}/t/{table}")
        page.wait_for_selector("#pace-note:has-text('Your move: 2 days 23 hours left')")
        deadlines = f"/api/tables/{table}/turns"
        looked = sum(url.endswith(deadlines) for url in asked)
        page.clock.fast_forward("05:00:00")
        page.wait_for_selector("#pace-note:has-text('Your move: 2 days 18 hours left')")
        assert sum(url.endswith(deadlines) for url in asked) == looked  # no new update

        page.goto(f"{server.base}/turns")
        row = f".waiting-table:has(a[href='/t/{table}'])"
        page.wait_for_selector(f"{row}:has-text('waiting 1 minute · 2 days 23 hours left')")
        page.clock.fast_forward("25:00:00")
        page.wait_for_selector(f"{row}:has-text('waiting 1 day 1 hour · 1 day 22 hours left')")
    finally:
        context.close()
    assert not errors, f"JavaScript errors on the page: {errors}"
