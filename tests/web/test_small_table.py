"""Small things on a table's page: a bot's think time sits on its move's own line; a win shared
by a tie for first says so; the phone's turn banner shows the prompt; the shuffle's SHA-256
waits one click away; a watcher is shown no "Your hand"; Wordsmith names its mode once; a long
name is never cut short in the score sheet; Evocabulary's disabled spell box shows no focus
ring."""

from __future__ import annotations

import re
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from tests.server.helpers import newest, seated, seats
from tests.web.conftest import Server, patient_context, seat_page
from tests.web.helpers import DESKTOP, LONG_NAME, PHONE, advance, bots_finished

MOVE = re.compile(r"^\W*Bot \w+ (places|covers|inserts)\b")
"""An Enchanted Grid bot's move, as the log's line says it (its claims follow it)."""


def test_a_bots_think_time_is_on_its_moves_own_line(page: Any, server: Server) -> None:
    made = server.create({"game": "enchanted-grid", "seats": seats("bot", "bot"), "seed": 2})
    bots_finished(server, made["table"]["id"])
    page.goto(f"{server.base}/t/{made['table']['id']}")
    page.wait_for_selector("#log .thought")
    lines = page.locator("#log li").all_inner_texts()
    timed = page.locator("#log li:has(.thought)").all_inner_texts()
    assert timed and all(MOVE.match(line) for line in timed), timed
    # The game had lines after a move within the same change (its claims): none of them timed.
    followers = [line for line in lines if " claims " in line]
    assert followers and not any("thought" in line for line in followers), followers


def _pass_to_the_end(server: Server, made: dict[str, Any]) -> None:
    """Both seats of a Wordsmith table pass each challenge: the scores tie."""
    clients = [seated(server.base, made, seat, legal=True) for seat in (0, 1)]
    try:
        latest = [newest(client, -1) for client in clients]
        while latest[0]["table"]["status"] == "playing":
            seat = latest[0]["active"][0]
            action = next(a for a in latest[seat]["legal"] if a["type"] == "pass")
            answer = clients[seat].act(action)
            assert answer["type"] == "update", answer
            latest = [newest(client, answer["version"]) for client in clients]
    finally:
        for client in clients:
            client.close()


def test_a_shared_victory_is_said_to_be_shared(page: Any, server: Server) -> None:
    made = server.create({"game": "wordsmith", "seats": seats("Ann", "Bo"), "seed": 5})
    _pass_to_the_end(server, made)
    seat_page(page, server, made)
    title = page.wait_for_selector("#end-title").inner_text()
    assert title == "You share the win with 1 other player!"
    assert page.inner_text("#end .winner") == "Shared victory: Ann and Bo"


@contextmanager
def seat_at(
    browser: Any, server: Server, made: dict[str, Any], viewport: dict[str, int], seat: int = 0
) -> Iterator[Any]:
    """A page of ``seat`` of table ``made`` in a browser window of ``viewport``."""
    context = patient_context(browser, viewport=viewport)
    try:
        page = context.new_page()
        seat_page(page, server, made, seat)
        yield page
    finally:
        context.close()


def test_the_phone_turn_banner_shows_the_prompt(browser: Any, server: Server) -> None:
    made = server.create({"game": "wordcraft", "seats": seats("Ann", "bot")})
    with seat_at(browser, server, made, PHONE) as page:
        page.wait_for_selector("#turn.mine")
        prompt = page.evaluate("window.crafthallTable.last.view.prompt")
        shown = page.locator("#turn .prompt")
        assert prompt and shown.is_visible()
        assert shown.inner_text().strip() == prompt
        box = shown.bounding_box()
        assert box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"]


def test_the_shuffles_fingerprint_is_one_click_away(page: Any, server: Server) -> None:
    made = server.create({"game": "wordsmith", "seats": seats("Ann", "bot")})
    commitment = made["table"]["commitment"]
    seat_page(page, server, made)
    code = page.locator(f"#fairness code[title='{commitment}']")
    assert not code.is_visible()
    assert "SHA-256" not in page.inner_text("body")
    page.click("#fairness summary:has-text('Fair shuffle')")
    assert code.is_visible()
    # The note is drawn again at every update: it stays open as the player left it.
    version = page.evaluate("window.crafthallTable.last.version")
    advance(server, made, 1)
    page.wait_for_function(f"() => window.crafthallTable.last.version > {version}")
    assert code.is_visible()


def test_a_watcher_is_shown_no_hand_of_their_own(page: Any, server: Server) -> None:
    for game in ("evocabulary", "wordsmith"):
        made = server.create({"game": game, "seats": seats("Ann", "bot")})
        page.goto(f"{server.base}/t/{made['table']['id']}")
        page.wait_for_selector("#board:not([hidden]) h3:visible")
        headings = page.locator("#board h3:visible").all_inner_texts()
        assert headings and not [h for h in headings if h.startswith("Your")], (game, headings)


def test_wordsmith_names_its_mode_once(page: Any, server: Server) -> None:
    made = server.create({"game": "wordsmith", "seats": seats("Ann", "bot")})
    seat_page(page, server, made)
    info = page.inner_text("#board .board-info")
    assert "Race" in info and not re.search(r"race\W+race", info, re.IGNORECASE), info


CUT = """(where) => [...document.querySelectorAll(where)]
    .filter((el) => el.scrollWidth > el.clientWidth + 1).map((el) => el.textContent)"""
"""The text of the elements under ``where`` whose content is wider than they are: cut short."""


def test_long_names_are_whole_in_the_score_sheets(browser: Any, server: Server) -> None:
    names = seats(LONG_NAME, "Christopher Longname", "bot")
    made = server.create({"game": "wordcraft", "seats": names})
    finished = server.create({"game": "wordsmith", "seats": seats(LONG_NAME, "bot")})
    advance(server, finished, 100_000)
    for viewport in (DESKTOP, PHONE):
        with seat_at(browser, server, made, viewport) as page:
            page.wait_for_selector("#scores .seat-chip")
            sheet = page.inner_text("#scores")
            assert LONG_NAME in sheet and "Christopher Longname" in sheet
            cut = page.evaluate(CUT, "#scores .seat-chip, #scores .sheet-box")
            assert cut == [], (viewport, cut)
        with seat_at(browser, server, finished, viewport) as page:
            page.wait_for_selector("#end-breakdown")
            cut = page.evaluate(CUT, ".end-card .seat-chip, .end-card .sheet-box, .end-card")
            assert cut == [], (viewport, cut)
            # A short word of a name stays whole: "Bot random", never "rando m" (the lines a
            # word's letters are drawn on: one).
            lines = page.evaluate(
                """() => {
                    const walk = document.createTreeWalker(
                        document.querySelector('#end-breakdown thead'), NodeFilter.SHOW_TEXT);
                    while (walk.nextNode()) {
                        const at = walk.currentNode.data.indexOf('random');
                        if (at < 0) continue;
                        const range = document.createRange();
                        range.setStart(walk.currentNode, at);
                        range.setEnd(walk.currentNode, at + 6);
                        return new Set([...range.getClientRects()].map((r) => r.top)).size;
                    }
                    return 0; }"""
            )
            assert lines == 1, viewport


def test_evocabularys_disabled_spell_box_shows_no_focus_ring(page: Any, server: Server) -> None:
    made = server.create({"game": "evocabulary", "seats": seats("Ann", "bot"), "seed": 3})
    seat_page(page, server, made)
    page.wait_for_selector("#evo-word:enabled")
    legal = page.evaluate("window.crafthallTable.last.legal")
    word = next(a["word"] for a in legal if a["type"] == "start")
    page.focus("#evo-start")
    page.keyboard.press("Shift+Tab")  # by the keyboard: the focus is visible
    assert page.evaluate("document.activeElement.id") == "evo-word"
    page.keyboard.type(word)
    page.keyboard.press("Enter")
    page.wait_for_selector("#evo-word:disabled")  # the activation: no spell is typed now
    ringed = page.evaluate(
        """() => { const box = document.querySelector('#evo-word');
            return box === document.activeElement
                && getComputedStyle(box).outlineStyle !== 'none'; }"""
    )
    assert not ringed


def test_a_player_named_you_is_never_called_yous(page: Any, server: Server) -> None:
    """The lone player against bots is named You: the page's own words about a player (a
    sword's label, a clock's title, a teams' label) take "Your", as the sentences do."""
    for game in ("swordcrafters", "evocabulary", "enchanted-grid", "wordcraft", "wordsmith"):
        clock = {"initial": 600, "increment": 5}
        made = server.create({"game": game, "seats": seats("You", "bot"), "clock": clock})
        advance(server, made, 4)
        seat_page(page, server, made)
        page.wait_for_selector("#scores .clock")
        assert page.locator("[title='Your clock']").count() >= 1, game
        html = page.content()
        assert "You's" not in html and "You&#39;s" not in html, game
        if game == "swordcrafters":
            assert page.locator("[aria-label='Your sword']").count() == 1


def test_the_player_to_act_is_named_whole_in_the_status_bar(browser: Any, server: Server) -> None:
    # Both names are long: the first player is drawn at random, and the page belongs to the other.
    names = (LONG_NAME, "Wilhelmina Featherstonehaugh-Ng")
    made = server.create({"game": "wordcraft", "seats": seats(*names)})
    probe = seated(server.base, made)
    try:
        acting = newest(probe, -1)["active"][0]
    finally:
        probe.close()
    for viewport in (DESKTOP, PHONE):
        with seat_at(browser, server, made, viewport, seat=1 - acting) as page:
            page.wait_for_function(
                "name => document.querySelector('#status-turn')?.innerText.includes(name)",
                arg=names[acting],
            )
            assert page.evaluate(CUT, "#glance, #glance *") == [], viewport
