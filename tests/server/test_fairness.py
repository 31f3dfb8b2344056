"""Fair tables: the server draws the seed, commits to it, and reveals it at the end; a table
whose set-up its creator chose is marked as prepared before anyone joins."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

import httpx

from crafthall.cli.main import main as cli
from tests.patience import A_WHILE
from tests.server.helpers import ThreadServer, create, play_randomly, seated, seats


def test_a_normal_table_commits_to_its_seed_and_reveals_it_at_the_end(
    server: ThreadServer, tmp_path: Path, capsys: object
) -> None:
    made = create(server.base, game="toy-turns", seats=seats("Ann", "bot"))
    table = made["table"]
    assert table["prepared"] is False
    promised = table["commitment"]
    assert isinstance(promised, str) and len(promised) == 64
    assert "seed" not in table and "salt" not in table
    ann = seated(server.base, made, legal=True)
    assert ann.latest["table"]["commitment"] == promised
    assert "seed" not in ann.latest["table"]
    final = play_randomly({0: ann}, seed=3)
    ann.close()
    revealed = final["table"]
    assert revealed["commitment"] == promised
    digest = hashlib.sha256(f"{revealed['salt']}:{revealed['seed']}".encode()).hexdigest()
    assert digest == promised

    record = httpx.get(f"{server.base}/api/tables/{table['id']}/record", timeout=A_WHILE).text
    header = json.loads(record.splitlines()[0])
    assert header["seed"] == revealed["seed"]
    assert header["commitment"] == {"sha256": promised, "salt": revealed["salt"]}
    path = tmp_path / "game.jsonl"
    path.write_text(record)
    assert cli(["verify", str(path)]) == 0

    lines = record.splitlines()
    forged = json.loads(lines[0])
    forged["seed"] += 1
    path.write_text("\n".join([json.dumps(forged), *lines[1:]]) + "\n")
    assert cli(["verify", str(path)]) == 1


def test_a_chosen_seed_or_set_up_makes_a_prepared_table_marked_before_anyone_joins(
    server: ThreadServer,
) -> None:
    made = create(server.base, game="toy-turns", seats=seats("Ann", "open"), seed=77)
    table = made["table"]
    assert table["prepared"] is True and table["commitment"] is None
    listed = httpx.get(f"{server.base}/api/tables", timeout=A_WHILE).json()["tables"]
    mine = next(t for t in listed if t["id"] == table["id"])
    assert mine["prepared"] is True
    plain = httpx.get(f"{server.base}/t/{table['id']}/plain", timeout=A_WHILE).text
    assert "Prepared table" in plain
    # Joining starts the game; the table stays prepared, without a commitment, to the end.
    invite = made["invites"]["1"]["code"]
    joined = httpx.post(
        f"{server.base}/api/tables/{table['id']}/join",
        json={"seat": 1, "invite": invite, "name": "Ben"},
        timeout=A_WHILE,
    ).json()
    assert joined["table"]["prepared"] is True and joined["table"]["commitment"] is None

    normal = create(server.base, game="toy-turns", seats=seats("Ann", "open"))
    listed = httpx.get(f"{server.base}/api/tables", timeout=A_WHILE).json()["tables"]
    assert next(t for t in listed if t["id"] == normal["table"]["id"])["prepared"] is False
    assert (
        "Prepared table"
        not in httpx.get(f"{server.base}/t/{normal['table']['id']}/plain", timeout=A_WHILE).text
    )
