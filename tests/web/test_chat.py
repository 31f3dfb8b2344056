"""Table chat in Chromium: two players on two pages talk (a vulgar word masked, a slur never
shown, markup shown as the characters typed), a ready-made message, a player muting the other
for themselves alone, a spectator's room apart from the players', and the chat beside the
replay of the finished game."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from tests.server.helpers import Ws, seated, seats
from tests.web.conftest import PATIENCE_MS, Server, patient_context, seat_page, shot
from tests.web.helpers import PHONE, advance, no_sideways_scroll

SLUR = "faggot"
MARKUP = '<img src=x onerror="window.pwned=1"><script>window.pwned=2</script>'


@pytest.fixture
def pages(browser: Any) -> Iterator[list[Any]]:
    """Three pages, each in a browser of its own (its own storage: its own seat or none);
    none may meet a JavaScript error."""
    contexts = [patient_context(browser, viewport={"width": 1280, "height": 900}) for _ in range(3)]
    errors: list[str] = []
    found = []
    for context in contexts:
        page = context.new_page()
        page.on("pageerror", lambda err: errors.append(str(err)))
        found.append(page)
    yield found
    for context in contexts:
        context.close()
    assert not errors, f"JavaScript errors on the pages: {errors}"


def say(page: Any, text: str) -> None:
    page.fill("#chat .chat-input", text)
    page.click("#chat .chat-form button[type=submit]")


def lines(page: Any) -> list[str]:
    return list(page.locator("#chat .chat-line .chat-text").all_inner_texts())


def shows(page: Any, text: str) -> None:
    """Wait until the page's chat shows a line reading exactly ``text``."""
    page.wait_for_function(
        "text => [...document.querySelectorAll('#chat .chat-line .chat-text')]"
        ".some(el => el.textContent === text)",
        arg=text,
        timeout=PATIENCE_MS,
    )


def test_two_players_and_a_spectator_chat(server: Server, pages: list[Any]) -> None:
    ann, ben, eve = pages
    made = server.create(
        {"game": "wordcraft", "seats": seats("Ann", "Ben"), "options": {"adult_words": False}}
    )
    seat_page(ann, server, made, 0)
    seat_page(ben, server, made, 1)
    assert ann.inner_text("#chat h2") == "Players' chat"
    say(ann, "well played, bastard")
    shows(ben, "well played, b******")
    shows(ann, "well played, b******")
    # A slur: Ann is told why, and nobody ever sees it.
    say(ann, f"you {SLUR}")
    ann.wait_for_selector("#chat .refusal:has-text('never shown')")
    say(ann, MARKUP)
    shows(ben, MARKUP)
    assert not [line for line in lines(ben) if SLUR in line.lower()]
    assert ben.locator("#chat img, #chat script").count() == 0
    assert ben.evaluate("() => window.pwned") is None
    # A ready-made message, one tap.
    ben.click("#chat .chat-quick button:has-text('Good game')")
    shows(ann, "Good game")

    # The spectator's room: a name first, then lines the players never see, nor it theirs.
    eve.goto(f"{server.base}/t/{made['table']['id']}")
    eve.wait_for_selector("#board:not([hidden])")
    assert eve.inner_text("#chat h2") == "Spectators' chat"
    assert eve.is_visible("#chat .chat-name-input") and not eve.is_visible("#chat .chat-input")
    eve.fill("#chat .chat-name-input", "Eve")
    eve.click("#chat .chat-name button[type=submit]")
    eve.wait_for_selector("#chat .chat-input:visible")
    say(eve, "Ann is winning")
    shows(eve, "Ann is winning")
    assert eve.inner_text("#chat .chat-watcher") == "Eve"
    say(ann, "after Eve spoke")
    shows(ben, "after Eve spoke")
    assert "Ann is winning" not in lines(ann) + lines(ben)
    assert lines(eve) == ["Ann is winning"]

    # Ben mutes Ann: her lines go from his page only.
    ben.click("#chat .chat-line:has(.chat-text:text-is('after Eve spoke')) .chat-mute")
    ben.wait_for_selector("#chat .chat-unmute:has-text('Ann is muted')")
    assert lines(ben) == ["Good game"]
    say(ann, "can you hear me?")
    shows(ann, "can you hear me?")
    say(ben, "quiet here")
    shows(ann, "quiet here")
    assert lines(ben) == ["Good game", "quiet here"]
    assert "well played, b******" in lines(ann)
    ben.click("#chat .chat-unmute button")
    shows(ben, "can you hear me?")

    # At a table that allows adult words, the same word is shown as written.
    adult = server.create(
        {"game": "wordcraft", "seats": seats("Ann", "Ben"), "options": {"adult_words": True}}
    )
    seat_page(ann, server, adult, 0)
    say(ann, "well played, bastard")
    shows(ann, "well played, bastard")


def test_chat_on_a_phone(server: Server, browser: Any) -> None:
    context = patient_context(browser, viewport=PHONE, has_touch=True)
    try:
        page = context.new_page()
        made = server.create({"game": "wordcraft", "seats": seats("Ann", "Ben")})
        seat_page(page, server, made, 0)
        page.locator("#chat .chat-quick button:has-text('Your turn')").tap()
        shows(page, "Your turn")
        no_sideways_scroll(page)
        page.locator("#chat").scroll_into_view_if_needed()
        shot(page, "chat-phone")
    finally:
        context.close()


def test_the_replay_shows_the_chat_by_the_move(server: Server, page: Any) -> None:
    made = server.create({"game": "wordsmith", "seats": seats("Ann"), "seed": 3})
    table = made["table"]["id"]
    ann: Ws = seated(server.base, made, 0, chat=True)
    try:
        ann.send({"type": "chat", "text": "good luck to me", "id": 1})
        ann.answer(1)
        final = advance(server, made, 100_000)
        assert final["table"]["status"] == "finished"
        ann.send({"type": "chat", "text": "good game", "id": 2})
        ann.answer(2)
    finally:
        ann.close()
    page.goto(f"{server.base}/t/{table}?replay")
    page.wait_for_selector("#replay-chat .chat-line")
    assert page.locator("#replay-chat .chat-text").all_inner_texts() == ["good luck to me"]
    page.click("button[aria-label='End']")
    page.wait_for_function(
        "() => document.querySelectorAll('#replay-chat .chat-line').length === 2"
    )
    assert page.locator("#replay-chat .chat-text").all_inner_texts() == [
        "good luck to me",
        "good game",
    ]
