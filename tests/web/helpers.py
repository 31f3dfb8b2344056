"""Shared steps of the browser tests: tables brought to mid-game by random legal moves, and
the page checks every game's page must pass (no sideways scroll)."""

from __future__ import annotations

import functools
import random
from collections.abc import Callable
from typing import Any

import httpx

from tests.server.helpers import Ws, get_until, newest, seated
from tests.web.conftest import Server, seat_page, shot

# 32 characters, the longest name a seat takes: it must not push columns out of view.
LONG_NAME = "Bartholomew Featherstonehaugh-Ng"
PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 900}


def advance(
    server: Server,
    made: dict[str, Any],
    moves: int,
    seed: int = 1,
    until: Callable[[dict[str, Any]], bool] | None = None,
) -> dict[str, Any]:
    """Seat 0 plays ``moves`` random legal actions (bots answer in between), or fewer if
    ``until`` holds for an update first; the last update."""
    picker = random.Random(seed)
    client: Ws = seated(server.base, made, 0, legal=True)
    try:
        latest = newest(client, -1)
        done = 0
        while done < moves and latest["table"]["status"] == "playing":
            if until is not None and until(latest):
                break
            if 0 not in latest["active"] or not latest.get("legal"):
                latest = newest(client, latest["version"] + 1)  # a bot is to act
                continue
            answer = client.act(picker.choice(latest["legal"]))
            if answer["type"] == "update":
                done += 1
                latest = newest(client, answer["version"])
                continue
            # Refused: the table moved on before the action reached it (a bot acted first,
            # or a vote was called). Acting again on the same old update would only be
            # refused again, as fast as the server answers: wait for the news instead.
            try:
                latest = newest(client, latest["version"] + 1)
            except TimeoutError:
                raise AssertionError(f"seat 0's action was refused: {answer}") from None
        return latest
    finally:
        client.close()


def bots_finished(server: Server, table: str) -> dict[str, Any]:
    """The summary of a table only bots play, once they have finished: each move waited for
    up to ``PATIENCE`` (a long game on a slow machine is no hang)."""
    summary: dict[str, Any] = {"status": "playing", "moves": -1}
    while summary["status"] != "finished":
        went_on = functools.partial(_went_on, summary["moves"])
        address = f"{server.base}/api/tables/{table}"
        summary = get_until(address, went_on, "the bots made no move").json()
    return summary


def _went_on(moves: int, answer: httpx.Response) -> bool:
    """Is the table past ``moves`` moves, or finished?"""
    summary = answer.json()
    return bool(summary["status"] == "finished" or summary["moves"] > moves)


def no_sideways_scroll(page: Any) -> None:
    """The page never scrolls sideways: everything fits the window's width."""
    widths = page.evaluate(
        "() => [document.documentElement.scrollWidth, document.documentElement.clientWidth]"
    )
    assert widths[0] <= widths[1], f"the page scrolls sideways: {widths}"


def no_controls(page: Any) -> None:
    """The board offers no control to act with: no action bar in view, no box to tick (a
    spectator's board, or any board once the game is over)."""
    bars = page.eval_on_selector_all(
        "#board .actionbar", "(found) => found.filter((bar) => bar.checkVisibility()).length"
    )
    assert bars == 0, f"{bars} action bar(s) in view"
    assert page.locator("#board input[type=checkbox]").count() == 0


def fits(page: Any, inner: str, outer: str) -> None:
    """``inner``'s right edge stays within ``outer``'s (a table column cut off, say)."""
    edges = page.evaluate(
        """([a, b]) => [document.querySelector(a).getBoundingClientRect().right,
                         document.querySelector(b).getBoundingClientRect().right]""",
        [inner, outer],
    )
    assert edges[0] <= edges[1] + 0.5, f"{inner} overflows {outer}: {edges}"


def both_sizes(page: Any, server: Server, made: dict[str, Any], name: str) -> None:
    """The seat-0 page at desktop and phone width: no sideways scroll, a screenshot of each."""
    for label, size in (("1280", DESKTOP), ("390", PHONE)):
        page.set_viewport_size(size)
        seat_page(page, server, made)
        page.wait_for_selector("#status-me")
        shot(page, f"{name}-{label}")
        no_sideways_scroll(page)
        fits(page, "#scores table", "#scores")


def play_generic_board_to_end(page: Any, button: str, turns: int) -> None:
    """Press the generic board's ``button`` (e.g. ``amount 1`` among its ``add`` moves) on each
    of the seat's turns until the game's end card shows, at most ``turns`` times."""
    moves = "window.crafthallTable.summary.moves"
    for _ in range(turns):
        page.wait_for_selector("#generic-actions button:visible, #end:not([hidden])")
        if page.is_visible("#end"):
            break
        before = page.evaluate(f"() => {moves}")
        page.click(f"#generic-actions fieldset[data-type=add] button:text('{button}')")
        page.wait_for_function(f"() => {moves} > {before}")
    page.wait_for_selector("#end:not([hidden]) #end-scores")
