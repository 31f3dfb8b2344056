"""An uploaded record is read and replayed whole by a worker process before it is kept, never
by the server's own process: a worker killed in the middle of it loses nothing (the check runs
again on another), and with no worker at all the upload is refused at once with a sentence,
nothing kept."""

from __future__ import annotations

import os
import signal
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import httpx
import pytest
from sqlalchemy import func, select

from crafthall.games import new_match
from crafthall.server import db
from tests.compute.slow_game import REPLAY_MARKS, marks
from tests.patience import A_WHILE, PATIENCE
from tests.server.helpers import ThreadServer, make_settings
from tests.support import wait_until


def _record() -> str:
    match = new_match("toy-slow", ["Ann", "Ben"], seed=4)
    for _ in range(3):
        match.apply(match.active_seats()[0], {"type": "add", "amount": 1})
    return "\n".join(match.record_lines()) + "\n"


def _upload(base: str, record: str) -> httpx.Response:
    return httpx.post(
        f"{base}/api/replays",
        content=record,
        headers={"content-type": "application/x-ndjson"},
        timeout=PATIENCE,
    )


def _kept(server: ThreadServer) -> int:
    with server.hub.store.engine.connect() as conn:
        return int(conn.execute(select(func.count()).select_from(db.uploads)).scalar_one())


def test_an_upload_is_replayed_on_a_worker_and_one_killed_during_it_loses_nothing(
    slow_game: None,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    record = _record()  # made before the moves pause
    folder = tmp_path / "replay-marks"
    folder.mkdir()
    monkeypatch.setenv(REPLAY_MARKS, str(folder))  # the workers started from now pause
    with ThreadServer(make_settings(tmp_path, workers=2)) as server:
        with ThreadPoolExecutor(1) as asking:
            sent = asking.submit(_upload, server.base, record)
            replaying = wait_until(lambda: marks(folder), "the upload was never replayed")
            # A worker replays it: the server's own process (this one) never applies a move.
            assert replaying[0] != os.getpid()
            os.kill(replaying[0], signal.SIGKILL)
            answer = sent.result(PATIENCE)
        assert answer.status_code == 201, answer.text
        assert answer.json()["moves"] == 3
        assert os.getpid() not in marks(folder)
        assert server.hub.tier.died == 1
        kept = httpx.get(f"{server.base}/api/replays/{answer.json()['id']}/record", timeout=A_WHILE)
        assert kept.text == record


def test_with_no_worker_an_upload_is_refused_at_once_and_nothing_kept(
    slow_game: None,
    tmp_path: Path,
) -> None:
    with ThreadServer(make_settings(tmp_path, workers=0)) as server:
        answer = _upload(server.base, _record())
        assert answer.status_code == 503, answer.text
        error = answer.json()["error"]
        assert error["code"] == "no-workers" and "crafthall worker" in error["message"]
        assert _kept(server) == 0
