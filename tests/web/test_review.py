"""Hints and reviews in the browser: a hint at a table against a bot, and the review of a
finished game (with screenshots)."""

from __future__ import annotations

import json
from typing import Any

import httpx
import pytest

from tests.patience import A_WHILE, LONG_WORK
from tests.server.helpers import seated, seats
from tests.web.conftest import Server, seat_page, shot
from tests.web.helpers import advance, bots_finished

LONG_WORK_MS = LONG_WORK * 1000


def test_a_hint_at_a_table_against_a_bot(page: Any, server: Server) -> None:
    made = server.create({"game": "swordcrafters", "seats": seats("Ann", "bot:greedy"), "seed": 4})
    seat_page(page, server, made)
    page.click("#hint")
    page.wait_for_selector("#hint-panel .hint-list li")
    assert 1 <= page.locator("#hint-panel .hint-list li").count() <= 5
    assert "chance" in page.inner_text("#hint-panel")
    # Each hint is the game's own sentence for its move, and the best one is lit on the board.
    moves = page.locator("#hint-panel .hint-move")
    first = moves.first
    said = first.inner_text()
    assert said.startswith("Ann slices along ")
    assert "from 0" not in said.lower() and "slice from" not in said  # not the engine's fields
    assert first.get_attribute("aria-pressed") == "true"
    lit = _lit(page)
    assert lit
    shot(page, "swordcrafters-hint")
    if moves.count() > 1:  # another hint lights up its own move instead
        moves.nth(1).click()
        assert moves.nth(1).get_attribute("aria-pressed") == "true"
        assert first.get_attribute("aria-pressed") == "false"
        assert _lit(page) and _lit(page) != lit
        first.click()
    page.click("#hint-close")
    assert page.locator("#hint-panel").count() == 0
    assert page.locator("#board .hinted").count() == 0  # closing the hints puts the light out
    page.click("#hint")
    page.wait_for_selector("#hint-panel .hint-list li")
    # Played, the first hint's move is logged in the very words the hint used.
    first = page.locator("#hint-panel .hint-move").first
    said = first.inner_text()
    action = json.loads(first.get_attribute("data-action") or "null")
    other_tab = seated(server.base, made, 0)
    try:
        assert other_tab.act(action)["type"] == "update"
    finally:
        other_tab.close()
    # The move makes the hints stale: they go, and their light with them.
    page.wait_for_selector("#hint-panel", state="detached")
    page.wait_for_function(
        "(said) => document.querySelector('#log').innerText.includes(said)", arg=said
    )
    assert page.locator("#board .hinted").count() == 0


def _lit(page: Any) -> list[str]:
    """What the board lights up: each lit element's tag and data attributes."""
    found: list[str] = page.eval_on_selector_all(
        "#board .hinted", "(lit) => lit.map((el) => el.tagName + JSON.stringify(el.dataset))"
    )
    return sorted(found)


def test_no_hint_button_where_other_people_sit(page: Any, server: Server) -> None:
    made = server.create({"game": "swordcrafters", "seats": seats("Ann", "Ben"), "seed": 4})
    seat_page(page, server, made)
    page.wait_for_selector("#undo, .tools button")
    assert page.locator("#hint").count() == 0


def test_the_review_of_a_finished_game(page: Any, server: Server) -> None:
    made = server.create({"game": "wordsmith", "seats": seats("Ann", "bot:greedy"), "seed": 2})
    advance(server, made, 100_000)
    seat_page(page, server, made)
    page.wait_for_selector("#end:not([hidden]) #end-review")
    page.click("#end-review")
    # The first moves show as soon as their part is reviewed, while the rest is worked out.
    # Each answer brings only the moves not shown yet: the numbers run 1, 2, 3... once each,
    # while the review runs (if the page sees it running: a fast worker may finish first) and
    # at its end.
    numbers = """() => [...document.querySelectorAll('#review-moves .review-go')]
                        .map((go) => Number(go.textContent))"""
    partial = page.wait_for_function(
        f"""() => {{
          const shown = ({numbers})();
          const running = document.querySelector('#review-wait');
          if (document.querySelector('#review-summary')) return {{ done: true, shown }};
          return running && shown.length && {{ done: false, shown }};
        }}""",
        timeout=LONG_WORK_MS,
    ).json_value()
    assert partial["shown"] == list(range(1, len(partial["shown"]) + 1))
    # Asked from move 2 on, a running review answers the moves from there.
    address = f"{server.base}/api/tables/{made['table']['id']}/review"
    answer = httpx.get(address, params={"since": 1}, timeout=A_WHILE).json()
    if answer["status"] == "running":  # (it may have just finished)
        indices = [m["index"] for m in answer["moves"]]
        assert indices == list(range(1, len(indices) + 1))
    page.wait_for_selector("#review-caption[data-move]")  # the first move, on its board
    page.wait_for_selector("#review-summary", timeout=LONG_WORK_MS)  # a whole game reviewed
    assert page.locator("#review-wait").count() == 0
    assert page.locator("#review-summary tbody tr").count() == 2
    moves = page.locator("#review-moves tbody tr").count()
    assert page.evaluate(numbers) == list(range(1, moves + 1))
    assert moves >= 9  # more than one part
    # Accuracy is 100% minus the value lost a move: the two figures agree.
    for row in page.locator("#review-summary tbody tr").all():
        accuracy = int(row.locator("td.accuracy").inner_text().rstrip("%"))
        lost = int(row.locator("td.lost").inner_text().rstrip("%"))
        assert abs(accuracy + lost - 100) <= 1, (accuracy, lost)
    # The chart: two lines, two axes with their ticks and titles, a legend, a reading.
    assert page.locator("#review-chart polyline").count() == 2
    assert page.locator("#review-chart line.axis").count() == 2
    ticks = page.locator("#review-chart text.y-tick").all_text_contents()
    assert ticks == ["0%", "50%", "100%"]
    assert page.locator("#review-chart text.x-tick").first.text_content() == "1"
    assert page.locator("#review-chart text.axis-title").all_text_contents() == ["Move", "Chance"]
    legend = page.locator("#review-legend li").all_inner_texts()
    assert len(legend) == 2 and legend[0].strip() == "Ann"
    reading = page.inner_text("#review-reading")
    assert "chance" in reading and "after each player's last move" in reading
    # A word game's turn lists the best words the player had, folded until opened; where the
    # played move lost value, the "Best" move plays the top word of the row's own list.
    words = page.locator("#review-moves details.review-words").first
    words.locator("summary").click()
    listed = words.locator("ol li")
    assert 1 <= listed.count() <= 10
    assert listed.first.locator("b").inner_text().isalpha()
    for row in page.locator("#review-moves tbody tr.miss").all():
        best = row.locator("td").nth(2)
        if best.locator("details").count() and " claims " in best.inner_text():
            top = best.locator("details ol li b").first.text_content() or ""
            assert f"claims {top}" in best.inner_text()
    # Each move's position on the board, the played move drawn dashed and the best one lit;
    # stepped with the buttons, the arrow keys and the table's move numbers.
    _shows_move(page, int(page.get_attribute("#review-caption", "data-move") or "-1"))
    page.click("#review-moves tbody tr:first-child .review-go")
    _shows_move(page, 0)
    assert page.locator("#review-prev").is_disabled()
    page.click("#review-next")
    _shows_move(page, 1)
    page.keyboard.press("ArrowRight")
    _shows_move(page, 2)
    page.keyboard.press("ArrowLeft")
    _shows_move(page, 1)
    shot(page, "wordsmith-review")
    page.click("#review-close")
    page.wait_for_selector("#review", state="hidden")
    assert page.locator("#board").count() == 1  # the table's own board is back
    # Focus goes back to a Review button (the end screen's was hidden as the review opened).
    assert page.evaluate("() => document.activeElement.id") == "review-button"


def _shows_move(page: Any, index: int) -> None:
    """The review's board shows the position before move ``index``, with the move drawn."""
    page.wait_for_selector(f"#review-caption[data-move='{index}']")
    row = page.locator("#review-moves tbody tr").nth(index)
    assert row.get_attribute("aria-current") == "true"
    played = row.locator("td").nth(1).inner_text().strip().split(" ", 1)[1]  # after the mark
    assert played in page.inner_text("#review-caption .review-played")
    assert page.locator("#review .review-board").count() == 1
    assert page.locator("#board").count() == 1  # one board on the page: the review's
    assert page.locator("#review .review-board .review-played").count() >= 1


@pytest.mark.slow
def test_the_replay_pages_review(page: Any, server: Server) -> None:
    made = server.create({"game": "wordsmith", "seats": seats("bot", "bot:greedy"), "seed": 3})
    table = made["table"]["id"]
    bots_finished(server, table)
    record = httpx.get(f"{server.base}/api/tables/{table}/record", timeout=A_WHILE).text
    upload = httpx.post(
        f"{server.base}/api/replays",
        content=record,
        headers={"content-type": "application/x-ndjson"},
        timeout=A_WHILE,
    ).json()["id"]
    for address in (f"/t/{table}?replay", f"/?upload={upload}"):
        page.goto(f"{server.base}{address}")
        page.click("#review-button")
        page.wait_for_selector("#review-summary", timeout=LONG_WORK_MS)
        assert page.locator("#review-summary tbody tr").count() == 2
    shot(page, "wordsmith-upload-review")
