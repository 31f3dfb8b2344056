"""A restarted server resumes its tables: bots whose turn it was play on."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from crafthall.cli.main import build_parser
from tests.server.helpers import ThreadServer, Ws, create, make_settings


def test_bots_resume_after_a_restart(toys: None, tmp_path: Path) -> None:
    slow = make_settings(tmp_path, bot_delay=3600.0)
    with ThreadServer(slow) as server:
        made = create(
            server.base,
            game="toy-turns",
            seats=[{"kind": "bot", "level": "random"}, {"kind": "bot", "level": "random"}],
        )
        assert made["table"]["status"] == "playing" and made["table"]["moves"] == 0
    with ThreadServer(replace(slow, bot_delay=0.0)) as server:
        watcher = Ws(server.base, made["table"]["id"])
        watcher.hello()
        final = watcher.final_update()
        assert final["table"]["result"]["winners"]
        watcher.close()


def test_serve_is_a_command() -> None:
    args = build_parser().parse_args(["serve", "--host", "0.0.0.0", "--port", "9000"])
    assert (args.command, args.host, args.port) == ("serve", "0.0.0.0", 9000)
