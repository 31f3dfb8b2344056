"""The tutorial routes: start a lesson, a refused move explained, an accepted one answered by
the scripted moves, and a lesson that is gone."""

from __future__ import annotations

import httpx

from crafthall.tutorial import load
from tests.patience import A_WHILE, PATIENCE
from tests.server.helpers import ThreadServer


def test_a_tutorial_over_http(server: ThreadServer) -> None:
    listed = httpx.get(f"{server.base}/api/learn", timeout=A_WHILE).json()["tutorials"]
    assert "swordcrafters" in [t["game"] for t in listed]
    started = httpx.post(f"{server.base}/api/learn/swordcrafters", timeout=PATIENCE)
    assert started.status_code == 201, started.text
    lesson = started.json()
    assert lesson["id"].startswith("learn-") and lesson["step"]["number"] == 1
    assert lesson["view"]["seat"] == lesson["learner"] == 0
    steps = load("swordcrafters").steps
    url = f"{server.base}/api/learn/{lesson['id']}/move"

    refused = httpx.post(url, json={"action": steps[0].trial}, timeout=A_WHILE).json()
    assert not refused["outcome"]["accepted"]
    assert refused["outcome"]["text"] == steps[0].words("wrong", screen=True)
    assert "stops short" in refused["outcome"]["rule"]
    assert refused["step"]["number"] == 1

    done = httpx.post(url, json={"action": steps[0].play}, timeout=A_WHILE).json()
    assert done["outcome"]["accepted"] and done["step"]["number"] == 2
    assert [m["seat"] for m in done["outcome"]["scripted"]] == [1]
    again = httpx.get(f"{server.base}/api/learn/{lesson['id']}/state", timeout=A_WHILE).json()
    assert again["step"] == done["step"] and again["view"] == done["view"]


def test_unknown_games_and_lessons_are_refused(server: ThreadServer) -> None:
    assert httpx.post(f"{server.base}/api/learn/no-such-game", timeout=A_WHILE).status_code == 404
    gone = httpx.get(f"{server.base}/api/learn/learn-nothing/state", timeout=A_WHILE)
    assert gone.status_code == 404 and gone.json()["error"]["code"] == "no-such-lesson"
