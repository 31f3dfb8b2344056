"""Small things in the lobby: "Your tables" names each table by its game, the other players
and its state (never by its id); the create form says the options' defaults in words, not in
JSON."""

from __future__ import annotations

import json
import re
from typing import Any

import httpx

from tests.patience import A_WHILE
from tests.server.helpers import seats
from tests.web.conftest import Server
from tests.web.helpers import bots_finished


def test_your_tables_name_the_game_the_other_players_and_the_state(
    page: Any, server: Server
) -> None:
    playing = server.create({"game": "swordcrafters", "seats": seats("Ann", "bot")})
    finished = server.create({"game": "wordsmith", "seats": seats("bot", "bot")})
    result = bots_finished(server, finished["table"]["id"])["result"]
    winners = " and ".join("bot (random)" for _ in result["winners"])
    remembered = {
        playing["table"]["id"]: {"game": "swordcrafters", "tokens": playing["tokens"], "seen": 2},
        finished["table"]["id"]: {"game": "wordsmith", "tokens": {}, "seen": 1},
    }
    page.goto(f"{server.base}/static/index.html")
    page.evaluate(
        "(tables) => localStorage.setItem('crafthall.tables', JSON.stringify(tables))",
        json.loads(json.dumps(remembered)),
    )
    page.goto(f"{server.base}/")
    mine = page.locator("#my-tables")
    page.wait_for_function(
        "() => { const list = document.querySelector('#my-table-list');"
        " return list && list.children.length === 2 && !list.textContent.includes('…'); }"
    )
    rows = mine.locator("li").all_inner_texts()
    titles = {
        game["name"]: game["title"]
        for game in httpx.get(f"{server.base}/api/games", timeout=A_WHILE).json()["games"]
    }
    assert rows[0].startswith(f"{titles['swordcrafters']} with"), rows
    assert "bot (random)" in rows[0] and "Ann" not in rows[0], rows  # Ann is this browser
    assert re.search(r"playing, \d+ moves? so far$", rows[0]), rows
    assert rows[1].startswith(f"{titles['wordsmith']} with"), rows
    assert f"finished: {winners} won" in rows[1], rows
    for table in (playing, finished):
        assert table["table"]["id"] not in mine.inner_text()


def test_option_defaults_are_said_in_words(page: Any, server: Server) -> None:
    games = httpx.get(f"{server.base}/api/games", timeout=A_WHILE).json()["games"]
    page.goto(f"{server.base}/")
    page.wait_for_selector("#game option", state="attached")
    page.click("summary:has-text('Options')")
    for game in games:
        page.select_option("#game", game["name"])
        defaults = page.locator(".options .default").all_inner_texts()
        assert len(defaults) == len(game["options"]), game["name"]
        for said in defaults:
            assert not re.search(r'["\[\]{}]|\btrue\b|\bfalse\b|\bnull\b', said), said
    page.select_option("#game", "wordsmith")
    said = page.inner_text(".options")
    for words in ("Default: standard.", "Default: off.", "Default: race.", "Default: none."):
        assert words in said, words
