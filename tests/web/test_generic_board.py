"""The generic board, which a game without a board of its own gets: its view shown as labelled
sections (never raw JSON), its legal actions as buttons grouped by type and labelled from their
fields, reachable by keyboard, and a whole game played to its end with it."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from tests.server.helpers import register_toys, seats, unregister_toys
from tests.web.conftest import Server, seat_page
from tests.web.helpers import play_generic_board_to_end

VIEW = {
    "round": 2,
    "hand_sizes": [3, 4],
    "finished": False,
    "leader": None,
    "grid": {"rows": 2, "cells": [["a", "b"], ["c", None]]},
    "players": [{"name": "Ann", "pieces": {"red": 2}}, {"name": "Ben", "pieces": {"red": 0}}],
}
LEGAL = [
    {"type": "take", "group": "A"},
    {"type": "slice", "from": [0, 1], "to": [2, 1]},
    {"type": "take", "group": "B"},
    {"type": "pass"},
]

MOUNT = """async ([view, legal, readonly]) => {
  const { default: createBoard } = await import("/static/js/generic-board.js");
  const root = document.createElement("div");
  document.body.replaceChildren(root);
  window.acted = [];
  const ctx = { view, legal, seat: 0, names: ["Ann", "Ben"], myTurn: !readonly, readonly,
    over: false, components: null, reminders: [],
    act: async (action) => { window.acted.push(action); return { type: "ok" }; } };
  const board = createBoard();
  board.mount(root, ctx);
  board.update(ctx);
}"""


def _mount(page: Any, server: Server, readonly: bool = False) -> None:
    page.goto(f"{server.base}/api/games")  # any page of the server's: the board is imported
    page.evaluate(MOUNT, [VIEW, LEGAL, readonly])


def test_the_view_reads_as_labelled_sections(page: Any, server: Server) -> None:
    _mount(page, server)
    shown = page.inner_text("#generic-view")
    assert "{" not in shown and '"' not in shown  # no raw JSON
    fields = page.eval_on_selector_all(
        "#generic-view > .generic-object > dl > dt", "(found) => found.map((dt) => dt.textContent)"
    )
    assert fields == ["round", "hand sizes", "finished", "leader"]
    values = page.eval_on_selector_all(
        "#generic-view > .generic-object > dl > dd", "(found) => found.map((dd) => dd.textContent)"
    )
    assert values == ["2", "3, 4", "no", "–"]
    headings = page.eval_on_selector_all(
        "#generic-view .generic-section > h3", "(found) => found.map((h) => h.textContent)"
    )
    assert headings == ["grid", "players"]
    assert page.locator("#generic-view .generic-section ol > li").count() == 2 + 2


def test_the_moves_are_buttons_grouped_by_type(page: Any, server: Server) -> None:
    _mount(page, server)
    groups = page.eval_on_selector_all(
        "#generic-actions fieldset",
        """(found) => found.map((set) => [set.querySelector("legend").textContent,
            [...set.querySelectorAll("button")].map((b) => b.textContent)])""",
    )
    assert groups == [
        ["take", ["group A", "group B"]],
        ["slice", ["from 0 1, to 2 1"]],
        ["pass", ["pass"]],
    ]
    page.click("#generic-actions button:text('group B')")
    assert page.evaluate("() => window.acted") == [{"type": "take", "group": "B"}]


def test_every_move_is_reached_by_keyboard(page: Any, server: Server) -> None:
    _mount(page, server)
    labels = []
    for _ in LEGAL:
        page.keyboard.press("Tab")
        labels.append(page.evaluate("() => document.activeElement.textContent"))
    assert labels == ["group A", "group B", "from 0 1, to 2 1", "pass"]
    page.keyboard.press("Enter")
    assert page.evaluate("() => window.acted") == [{"type": "pass"}]


def test_a_spectator_gets_no_moves(page: Any, server: Server) -> None:
    _mount(page, server, readonly=True)
    assert not page.is_visible("#generic-actions")
    assert page.locator("#generic-actions button").count() == 0


@pytest.fixture(scope="module")
def toys() -> Iterator[None]:
    """The toy turn game, which has no board of its own."""
    register_toys()
    yield
    unregister_toys()


def test_a_game_without_a_board_is_played_to_its_end(page: Any, server: Server, toys: None) -> None:
    made = server.create(
        {"game": "toy-turns", "seats": seats("Ann", "bot"), "options": {"target": 6}}
    )
    seat_page(page, server, made)
    play_generic_board_to_end(page, "amount 3", 6)  # Ann adds 3 a turn to a target of 6
    assert page.locator("#end-scores tbody tr").count() == 2
    assert "scores" in page.inner_text("#generic-view")
