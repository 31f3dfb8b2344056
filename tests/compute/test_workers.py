"""The compute tier with real worker processes: a worker killed in the middle of a bot move or
of a review loses nothing (the job runs again on another worker, the move is made once); no
worker at all is said at once, by ``/healthz`` and by the refusal of a hint or a review; with
the job system on Redis, a worker started late takes the bot move that waited, and a worker
killed mid-job hands it to another; jobs run in the order of their priority, clients taking
turns within one."""

from __future__ import annotations

import asyncio
import os
import signal
import uuid
from pathlib import Path
from typing import Any

import httpx
import pytest

from crafthall.server.compute import Compute, Priority
from crafthall.server.compute.pool import LocalPool
from crafthall.server.compute.remote import Fleet
from tests.compute.slow_game import BOT_MARKS, SEARCH_MARKS, marks
from tests.patience import A_WHILE
from tests.server.helpers import (
    REDIS_URL,
    ThreadServer,
    create,
    make_settings,
    play_against_a_bot,
    redis_up,
    seated,
    seats,
    service_or_skip,
    when_worked_out,
)
from tests.support import wait_until


@pytest.fixture
def bot_marks(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = tmp_path / "bot-marks"
    folder.mkdir()
    monkeypatch.setenv(BOT_MARKS, str(folder))
    return folder


def _moves(server: ThreadServer, table_id: str) -> list[Any]:
    table = server.hub.tables[table_id]
    return list(table.match.moves)


def test_a_worker_killed_during_a_bot_move_loses_nothing(
    slow_game: None, bot_marks: Path, tmp_path: Path
) -> None:
    with ThreadServer(make_settings(tmp_path, workers=2)) as server:
        made = create(server.base, game="toy-slow", seats=seats("bot:slow", "Ann"), seed=3)
        table_id = made["table"]["id"]
        ann = seated(server.base, made, seat=1)
        try:
            thinking = wait_until(lambda: marks(bot_marks), "the bot never started thinking")
            os.kill(thinking[0], signal.SIGKILL)
            moved = ann.update_at(1)
        finally:
            ann.close()
        assert moved["active"] == [1]
        # Run again on another worker, made once: one move in the record, by the bot.
        assert [move.seat for move in _moves(server, table_id)] == [0]
        again = marks(bot_marks)
        assert len(again) == 2 and again[1] != thinking[0]
        assert server.hub.tier.died == 1


def test_a_worker_killed_during_a_review_loses_nothing(
    slow_game: None, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    folder = tmp_path / "search-marks"
    folder.mkdir()
    monkeypatch.setenv(SEARCH_MARKS, str(folder))
    with ThreadServer(make_settings(tmp_path, workers=2)) as server:
        made, final = play_against_a_bot(server.base, "toy-slow", seed=5, play_seed=2)
        assert final["table"]["status"] == "finished"
        address = f"{server.base}/api/tables/{made['table']['id']}/review"
        assert httpx.get(address, timeout=A_WHILE).status_code == 202
        reviewing = wait_until(lambda: marks(folder), "the review never started")
        os.kill(reviewing[0], signal.SIGKILL)
        answer = when_worked_out(address)
        assert answer.status_code == 200, answer.text
        review = answer.json()["review"]
        played = len(_moves(server, made["table"]["id"]))
        assert [m["index"] for m in review["moves"]] == list(range(played))
        assert server.hub.tier.died == 1
        assert server.app.state.reviews.computed == 1


def test_no_worker_at_all_is_said_at_once(slow_game: None, tmp_path: Path) -> None:
    with ThreadServer(make_settings(tmp_path, workers=0)) as server:
        health = httpx.get(f"{server.base}/healthz", timeout=A_WHILE)
        body = health.json()
        assert body["ok"] is False and body["compute"]["capacity"] == 0
        made = create(server.base, game="toy-turns", seats=seats("Ann", "bot"), seed=1)
        token = made["tokens"]["0"]
        hint = httpx.post(
            f"{server.base}/api/tables/{made['table']['id']}/hints",
            json={"token": token},
            timeout=A_WHILE,
        )
        assert hint.status_code == 503, hint.text
        error = hint.json()["error"]
        assert error["code"] == "no-workers" and "crafthall worker" in error["message"]


def test_jobs_go_by_priority_and_clients_take_turns(slow_game: None) -> None:
    async def scenario() -> list[str]:
        tier = Compute(LocalPool(1, 0))
        await tier.start()
        try:
            await tier.run("echo", ("warm",), Priority.HINT, "x")  # the worker is up
            done: list[str] = []

            async def job(tag: str, priority: Priority, client: str) -> None:
                done.append(await tier.run("echo", (tag,), priority, client))

            busy = asyncio.create_task(tier.run("pause", (0.5,), Priority.HINT, "x"))
            await asyncio.sleep(0)  # it takes the one worker; the rest wait their turn
            jobs = [
                job("review", Priority.REVIEW, "mallory"),
                job("bots-only", Priority.BOTS_ONLY, "mallory"),
                job("mallory-1", Priority.BOT_FOR_PERSON, "mallory"),
                job("mallory-2", Priority.BOT_FOR_PERSON, "mallory"),
                job("mallory-3", Priority.BOT_FOR_PERSON, "mallory"),
                job("hint", Priority.HINT, "ann"),
                job("ann-1", Priority.BOT_FOR_PERSON, "ann"),
                job("taken-over", Priority.TAKEN_OVER, "bob"),
            ]
            await asyncio.gather(busy, *jobs)
            return done
        finally:
            await tier.close()

    order = asyncio.run(scenario())
    assert order == [
        "mallory-1",
        "ann-1",
        "mallory-2",
        "mallory-3",
        "taken-over",
        "hint",
        "review",
        "bots-only",
    ]


def test_a_worker_started_late_takes_the_waiting_bot_move(
    slow_game: None, bot_marks: Path, tmp_path: Path
) -> None:
    service_or_skip("Redis", redis_up)
    prefix = f"test-{uuid.uuid4().hex[:8]}"
    settings = make_settings(
        tmp_path, redis_url=REDIS_URL, redis_prefix=prefix, job_system=True, workers=0
    )
    with ThreadServer(settings) as server:
        assert httpx.get(f"{server.base}/healthz", timeout=A_WHILE).json()["ok"] is False
        made = create(server.base, game="toy-slow", seats=seats("bot:slow", "Ann"), seed=4)
        ann = seated(server.base, made, seat=1)
        fleet = Fleet(REDIS_URL, prefix, 2, 0)
        fleet.start()
        try:
            # Both workers take jobs; the first to think is killed, the other makes the move.
            thinking = wait_until(lambda: marks(bot_marks), "no worker took the bot move")
            os.kill(thinking[0], signal.SIGKILL)
            moved = ann.update_at(1)
            assert moved["active"] == [1]
            assert [move.seat for move in _moves(server, made["table"]["id"])] == [0]
            assert len(marks(bot_marks)) == 2
        finally:
            ann.close()
            fleet.stop()


def test_a_review_whose_page_left_is_cancelled_and_its_worker_stopped(
    slow_game: None, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    folder = tmp_path / "search-marks"
    folder.mkdir()
    monkeypatch.setenv(SEARCH_MARKS, str(folder))
    settings = make_settings(tmp_path, workers=2, review_idle_seconds=1.0)
    with ThreadServer(settings) as server:
        made, _ = play_against_a_bot(server.base, "toy-slow", seed=6, play_seed=3)
        address = f"{server.base}/api/tables/{made['table']['id']}/review"
        assert httpx.get(address, timeout=A_WHILE).status_code == 202
        reviewing = wait_until(lambda: marks(folder), "the review never started")[0]
        # Nobody asks again (the page left): the review is given up, its worker stopped.
        reviews = server.app.state.reviews
        wait_until(lambda: reviews.cancelled == 1, "the review was never cancelled")
        wait_until(lambda: not _alive(reviewing), "the worker reviewing it was never stopped")
        # The review's task lets it go once its worker's death reaches the event loop.
        wait_until(lambda: not reviews.running, "the cancelled review was never let go")
        assert reviews.computed == 0
        # Asked again, it starts again (on a fresh worker, which thinks at once this time).
        answer = when_worked_out(address)
        assert answer.status_code == 200 and answer.json()["status"] == "done"


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    status = Path(f"/proc/{pid}/status")
    return not (status.exists() and "zombie" in status.read_text())
