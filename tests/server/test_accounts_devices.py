"""An account's seats in any browser it signs in on: ``POST /api/tables/{id}/seat`` answers
the seat's token to the account the seat is linked to, and refuses every other account, a
guest, a request without the page's CSRF token, and the seats of a deleted account."""

from __future__ import annotations

import secrets
from typing import Any

from sqlalchemy import update

from crafthall.server.accounts.seats import SEAT_KEY, link_seats, tokens_of_account
from crafthall.server.accounts.tables import server_secrets
from tests.server.helpers import ThreadServer, play_against_a_bot, seats
from tests.server.test_accounts import PASSWORD, Browser, _unique, browsers

__all__ = ["browsers"]  # the fixture, shared with test_accounts


def _table(host: Browser) -> tuple[str, str]:
    """A table ``host`` makes, seated at seat 0: its id and that seat's token."""
    spec = {"game": "toy-turns", "seats": seats("typed name", "open"), "rated": False}
    made = host.post("/api/tables", spec)
    assert made.status_code == 201, made.text
    return made.json()["table"]["id"], made.json()["tokens"]["0"]


def _linked_as_before(
    server: ThreadServer, host: Browser, who: Browser, stem: str
) -> tuple[str, str, str]:
    """``host`` makes a table as a guest; ``who`` signs up, its account linked to the table's
    seat 0 without the seat's token, as links were made before tokens were kept. Returns the
    account's name, the table and the seat's token."""
    name = _unique(stem)
    table, token = _table(host)
    account_id = who.sign_up(name).json()["account"]["id"]
    link_seats(server.hub.store.engine, account_id, [(table, 0)])
    return name, table, token


def _take_up(who: Browser, table: str) -> Any:
    return who.post(f"/api/tables/{table}/seat")


def test_the_account_gets_its_seat_in_another_browser_and_nobody_else_does(
    server: ThreadServer, browsers: list[Browser]
) -> None:
    laptop, phone, other = browsers
    name = _unique("Ivy")
    laptop.sign_up(name)
    table, token = _table(laptop)
    phone.sign_in(name)
    answer = _take_up(phone, table)
    assert answer.status_code == 200, answer.text
    assert answer.json() == {"table": table, "seats": [{"seat": 0, "token": token}]}
    # The laptop's token still holds the seat: the phone was given the same one.
    assert laptop.post(f"/api/tables/{table}/again", {"token": token}).json()["error"]["code"] == (
        "not-finished"
    )

    other.sign_up(_unique("Eve"))
    refused = _take_up(other, table)
    assert refused.status_code == 403
    assert refused.json()["error"] == {
        "code": "not-your-seat",
        "message": "Your account holds no seat at this table; open it from the browser that "
        "took the seat, or watch it.",
    }
    guest = Browser(server.base)
    try:
        signed_out = _take_up(guest, table)
        assert signed_out.status_code == 401
        assert signed_out.json()["error"]["code"] == "not-signed-in"
        # A page of another site cannot ask for it with the phone's cookie.
        forged = phone.http.post(f"/api/tables/{table}/seat", json={})
        assert forged.status_code == 403
        assert forged.json()["error"]["code"] == "csrf-refused"
        assert token not in forged.text
    finally:
        guest.http.close()


def test_a_deleted_accounts_seats_are_given_to_nobody(
    server: ThreadServer, browsers: list[Browser]
) -> None:
    laptop, phone, _ = browsers
    name = _unique("Jo")
    account_id = laptop.sign_up(name).json()["account"]["id"]
    table, _token = _table(laptop)
    phone.sign_in(name)
    assert _take_up(phone, table).status_code == 200
    deleted = laptop.post("/api/account/delete", {"password": PASSWORD})
    assert deleted.status_code == 200, deleted.text
    assert _take_up(phone, table).status_code == 401  # its sessions ended with it
    assert tokens_of_account(server.hub.store.engine, account_id, table) == {}
    phone.sign_up(name)  # the name is free again: a new account, not the old one's seats
    assert _take_up(phone, table).status_code == 403


def test_a_seat_linked_without_its_token_gets_it_when_its_browser_signs_in(
    server: ThreadServer, browsers: list[Browser]
) -> None:
    laptop, phone, _ = browsers
    name, table, token = _linked_as_before(server, laptop, phone, "Kai")
    unknown = _take_up(phone, table)
    assert unknown.status_code == 409
    assert unknown.json()["error"]["code"] == "seat-token-unknown"
    held = [{"table": table, "seat": 0, "token": token}]
    signing_in = {"name": name, "password": PASSWORD, "seats": held}
    signed = laptop.post("/api/account/signin", signing_in)
    assert signed.status_code == 200, signed.text
    assert signed.json()["linked"] == 0  # linked already: only its token was kept
    assert _take_up(phone, table).json()["seats"] == [{"seat": 0, "token": token}]
    # The sealing key lost (a database restored without its secrets): the same way back.
    engine = server.hub.store.engine
    with engine.begin() as conn:
        conn.execute(
            update(server_secrets)
            .where(server_secrets.c.name == SEAT_KEY)
            .values(value=secrets.token_hex(32))
        )
    assert _take_up(phone, table).json()["error"]["code"] == "seat-token-unknown"
    assert laptop.post("/api/account/signin", signing_in).status_code == 200
    assert _take_up(phone, table).json()["seats"] == [{"seat": 0, "token": token}]


def test_the_next_game_of_play_again_is_the_accounts_in_every_browser(
    server: ThreadServer, browsers: list[Browser]
) -> None:
    laptop, phone, _ = browsers
    made, _final = play_against_a_bot(server.base, "toy-turns", seed=3, play_seed=11)
    table, token = made["table"]["id"], made["tokens"]["0"]
    name = _unique("Lev")  # a guest who finished a game makes an account, keeping the seat
    assert (
        laptop.sign_up(name, seats=[{"table": table, "seat": 0, "token": token}]).json()["linked"]
        == 1
    )
    again = laptop.post(f"/api/tables/{table}/again", {"token": token})
    assert again.status_code == 201, again.text
    phone.sign_in(name)
    assert _take_up(phone, table).json()["seats"] == [{"seat": 0, "token": token}]
    taken = _take_up(phone, again.json()["table"]["id"])
    assert taken.json()["seats"] == [{"seat": 0, "token": again.json()["token"]}]


def test_a_signed_in_browser_hands_over_the_tokens_its_accounts_links_lack(
    server: ThreadServer, browsers: list[Browser]
) -> None:
    laptop, phone, other = browsers
    spare, spare_token = _table(laptop)  # a table kept out of the account at sign-in
    name, table, token = _linked_as_before(server, laptop, laptop, "Mia")
    phone.sign_in(name)
    assert _take_up(phone, table).json()["error"]["code"] == "seat-token-unknown"

    held = [
        {"table": table, "seat": 0, "token": "a guess"},
        {"table": spare, "seat": 0, "token": spare_token},
    ]
    guessed = laptop.post("/api/account/seats/tokens", {"seats": held})
    assert guessed.json() == {"kept": 0}  # a wrong token proves nothing; no new link is made
    assert _take_up(phone, spare).json()["error"]["code"] == "not-your-seat"
    # Another account cannot give its token to the seat, nor a request without the CSRF token.
    other.sign_up(_unique("Ned"))
    held[0]["token"] = token
    assert other.post("/api/account/seats/tokens", {"seats": held}).json() == {"kept": 0}
    forged = laptop.http.post("/api/account/seats/tokens", json={"seats": held})
    assert forged.json()["error"]["code"] == "csrf-refused"
    assert _take_up(phone, table).json()["error"]["code"] == "seat-token-unknown"

    kept = laptop.post("/api/account/seats/tokens", {"seats": held})
    assert kept.json() == {"kept": 1}
    assert _take_up(phone, table).json()["seats"] == [{"seat": 0, "token": token}]
    assert laptop.post("/api/account/seats/tokens", {"seats": held}).json() == {"kept": 0}
    guest = Browser(server.base)
    try:
        refused = guest.post("/api/account/seats/tokens", {"seats": held})
        assert refused.status_code == 401
    finally:
        guest.http.close()
