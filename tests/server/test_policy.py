"""What remote clients may not make the server load, and the list of finished tables."""

from __future__ import annotations

from pathlib import Path

import httpx

from tests.patience import A_WHILE, PATIENCE
from tests.server.helpers import ThreadServer, create, get_until


def test_a_table_may_not_name_a_word_list_file_on_the_server(
    server: ThreadServer, tmp_path: Path
) -> None:
    words = tmp_path / "words.txt"
    words.write_text("cat\ndog\n")
    people = [{"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Ben"}]
    answer = httpx.post(
        f"{server.base}/api/tables",
        json={"game": "wordcraft", "seats": people, "options": {"dictionary": str(words)}},
        timeout=A_WHILE,
    )
    assert answer.status_code == 422
    assert "bundled dictionary" in answer.json()["error"]["message"]
    made = httpx.post(
        f"{server.base}/api/tables",
        json={"game": "wordcraft", "seats": people, "options": {"dictionary": "large"}},
        timeout=PATIENCE,  # the first table of a dictionary loads it
    )
    assert made.status_code == 201


def test_an_uploaded_record_may_not_name_a_word_list_file(
    server: ThreadServer, tmp_path: Path
) -> None:
    header = (
        '{"format": "crafthall-match/1", "game": "wordcraft", "game_version": "1", '
        '"seats": [{"name": "A", "player": "human"}, {"name": "B", "player": "human"}], '
        f'"seed": 1, "options": {{"dictionary": "{tmp_path / "words.txt"}"}}}}'
    )
    answer = httpx.post(
        f"{server.base}/api/replays",
        content=header + "\n",
        headers={"content-type": "application/x-ndjson"},
        timeout=A_WHILE,
    )
    assert answer.status_code == 422
    assert "bundled dictionary" in answer.json()["error"]["message"]


def test_finished_tables_are_listed_for_replays(server: ThreadServer) -> None:
    made = create(
        server.base,
        game="toy-turns",
        seats=[{"kind": "bot", "level": "random"}, {"kind": "bot", "level": "random"}],
    )
    table = made["table"]["id"]
    get_until(
        f"{server.base}/api/tables",
        lambda answer: any(row["id"] == table for row in answer.json()["tables"]),
        "the finished bot table was never listed",
        status="finished",
    )
    waiting = httpx.get(f"{server.base}/api/tables", timeout=A_WHILE).json()["tables"]
    assert all(row["id"] != table for row in waiting)
    bad = httpx.get(f"{server.base}/api/tables", params={"status": "secret"}, timeout=A_WHILE)
    assert bad.status_code == 422
