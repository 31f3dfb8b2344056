"""``crafthall worker`` and ``crafthall serve --workers``: the command line of the compute tier."""

from __future__ import annotations

import pytest

from crafthall.cli.main import build_parser, main


def test_a_worker_without_redis_says_where_jobs_come_from(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.delenv("CRAFTHALL_REDIS_URL", raising=False)
    assert main(["worker"]) == 2
    said = capsys.readouterr().out
    assert "CRAFTHALL_REDIS_URL" in said and "--redis" in said


def test_serve_takes_a_worker_count() -> None:
    args = build_parser().parse_args(["serve", "--workers", "3"])
    assert args.workers == 3
    assert build_parser().parse_args(["serve"]).workers is None
