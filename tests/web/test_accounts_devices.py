"""An account's seat in a second browser (Chromium, two browser contexts): a player signs up
and takes a seat at a turn-based table in one, signs in in the other, opens "Your turn" there
and plays the move; the seat's token is kept in that browser as in the first. A browser
signed in that holds the token of a seat its account was linked to before tokens were kept
hands it over on its own, once, and the seat then opens in the other browser too."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from crafthall.server.accounts.seats import link_seats
from tests.server.helpers import register_toys, seats, unregister_toys
from tests.web.conftest import Server, patient_context
from tests.web.test_accounts import PASSWORD, _enter
from tests.web.test_turnbased import add_one, moves

DAY = 86_400


@pytest.fixture(scope="module")
def toys() -> Iterator[None]:
    register_toys()
    yield
    unregister_toys()


def _browser_of(browser: Any, errors: list[str]) -> tuple[Any, Any]:
    context = patient_context(browser, viewport={"width": 1280, "height": 900})
    page = context.new_page()
    page.on("pageerror", lambda err: errors.append(str(err)))
    return context, page


def _held(page: Any, table: str) -> Any:
    return page.evaluate(
        "(id) => (JSON.parse(localStorage.getItem('crafthall.tables') || '{}')[id] || {}).tokens",
        table,
    )


def test_an_account_plays_its_seat_in_a_second_browser(
    browser: Any, server: Server, toys: None
) -> None:
    errors: list[str] = []
    laptop, first = _browser_of(browser, errors)
    phone, second = _browser_of(browser, errors)
    try:
        name = f"Uma{id(first) % 100_000}"
        request = laptop.request
        csrf = request.get(f"{server.base}/api/account").json()["csrf"]
        made = request.post(
            f"{server.base}/api/account/signup",
            data={"name": name, "password": PASSWORD},
            headers={"x-csrf-token": csrf},
        )
        assert made.status == 201, made.text()
        spec = {
            "game": "toy-turns",
            "seats": seats("typed name", "bot"),
            "rated": False,
            "pace": {"move": DAY, "timeout": "wait"},
        }
        created = request.post(
            f"{server.base}/api/tables", data=spec, headers={"x-csrf-token": made.json()["csrf"]}
        )
        assert created.status == 201, created.text()
        table = created.json()["table"]["id"]
        token = created.json()["tokens"]["0"]

        # The phone, a browser that never held the seat: signed in, its "Your turn" lists the
        # table, and the table opens as the account's seat, ready to play.
        second.goto(server.base)
        _enter(second, "in", name)
        second.goto(f"{server.base}/turns")
        second.wait_for_selector(f".waiting-table a[href='/t/{table}']")
        assert _held(second, table) == {"0": token}
        second.click(f".waiting-table a[href='/t/{table}']")
        second.wait_for_selector("#board:not([hidden])")
        assert second.evaluate("() => window.crafthallTable.seat") == 0
        before = moves(second)
        add_one(second)
        assert moves(second) > before

        # The laptop, whose seat was taken through the API, holds the same seat; a guest's
        # browser opens the table to watch only.
        guest, third = _browser_of(browser, errors)
        for page, held in ((first, token), (third, None)):
            page.goto(f"{server.base}/t/{table}")
            page.wait_for_selector("#board:not([hidden])")
            assert page.evaluate("() => window.crafthallTable.token") == held
        guest.close()
    finally:
        laptop.close()
        phone.close()
    assert not errors, f"JavaScript errors on the pages: {errors}"


def test_a_signed_in_browser_hands_over_an_old_links_token_once(
    browser: Any, server: Server, toys: None
) -> None:
    errors: list[str] = []
    laptop, first = _browser_of(browser, errors)
    phone, second = _browser_of(browser, errors)
    handed: list[str] = []
    first.on("request", lambda r: handed.append(r.url) if r.url.endswith("/seats/tokens") else None)
    try:
        # The laptop took a seat as a guest; its account was linked to the seat before seat
        # tokens were kept, so the phone cannot take the seat up.
        request = laptop.request
        csrf = request.get(f"{server.base}/api/account").json()["csrf"]
        spec = {"game": "toy-turns", "seats": seats("typed name", "bot"), "rated": False}
        created = request.post(
            f"{server.base}/api/tables", data=spec, headers={"x-csrf-token": csrf}
        )
        assert created.status == 201, created.text()
        table = created.json()["table"]["id"]
        token = created.json()["tokens"]["0"]
        first.goto(server.base)
        first.evaluate(
            "([id, token]) => localStorage.setItem('crafthall.tables',"
            " JSON.stringify({[id]: {game: 'toy-turns', tokens: {0: token}, current: 0}}))",
            [table, token],
        )
        name = f"Vic{id(first) % 100_000}"
        made = request.post(
            f"{server.base}/api/account/signup",
            data={"name": name, "password": PASSWORD},
            headers={"x-csrf-token": csrf},
        )
        assert made.status == 201, made.text()
        link_seats(server.hub.store.engine, made.json()["account"]["id"], [(table, 0)])
        second.goto(server.base)
        _enter(second, "in", name)
        second.goto(f"{server.base}/t/{table}")
        second.wait_for_selector("#board:not([hidden])")
        assert _held(second, table) is None

        # The laptop's next page, signed in, hands the token over without being asked.
        with first.expect_response("**/api/account/seats/tokens") as answer:
            first.goto(server.base)
        assert answer.value.json() == {"kept": 1}
        first.reload()
        first.wait_for_selector("#account-name")
        first.wait_for_load_state("networkidle")
        assert len(handed) == 1, f"the tokens were handed over more than once: {handed}"

        second.goto(f"{server.base}/t/{table}")
        second.wait_for_selector("#board:not([hidden])")
        assert _held(second, table) == {"0": token}
        assert second.evaluate("() => window.crafthallTable.seat") == 0
    finally:
        laptop.close()
        phone.close()
    assert not errors, f"JavaScript errors on the pages: {errors}"
