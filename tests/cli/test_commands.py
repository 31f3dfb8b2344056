"""The command line's sentences, exit codes and commands: bad input and interruptions get a
sentence rather than a traceback, ``replay --json`` keeps one shape, and ``--version``,
``rules``, simulate's progress bar and ``play --resume``."""

from __future__ import annotations

import importlib.util
import io
import json
import re
import subprocess
import sys
from pathlib import Path

import pytest
from rich.console import Console

from crafthall.cli import commands
from crafthall.cli.main import main
from crafthall.engine import Seat
from crafthall.engine.options import describe_options
from crafthall.games import bot_levels, entry, load_match, names, new_match
from crafthall.tutorial import rules_pages
from tests.cli.test_cli import run
from tests.patience import PATIENCE

ROOT = Path(__file__).resolve().parents[2]
CRAFTHALL = [sys.executable, "-m", "crafthall.cli.main"]


def no_typing(prompt: str = "") -> str:
    raise AssertionError("nobody should have been asked to play")


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["words", "find", "1", "2", "3"], "'1' is not a card"),
        (["words", "find", "é", "a", "r"], "'é' is not a card"),
        (["words", "find", "a", "b", "c", "--wild", "2"], "--wild goes with --tiles"),
        (["words", "find", "a", "b", "--tiles", "--wild", "-1"], "--wild needs 0 or more"),
        (["words", "family", "", "bike"], "'' is not a word"),
        (["words", "syllables", "spell", "é"], "'é' is not a word"),
        (["play", "wordcraft", "--seat", "", "--seat", "bot:greedy"], "Seat 1 has no name"),
        (["play", "wordcraft", "--seat", "Ann", "--seat", " = "], "Seat 2 has no name"),
        (["play", "wordcraft", "--bot-pause", "-1"], "--bot-pause needs 0 seconds or more"),
        (["play"], "Name a game to play"),
        (["play", "--resume", "/nonexistent.jsonl"], "No match record at"),
        (["rules", "chess"], "There is no game called 'chess'"),
    ],
)
def test_bad_input_gets_a_sentence_not_a_traceback(
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    argv: list[str],
    message: str,
) -> None:
    monkeypatch.setattr("builtins.input", no_typing)
    code, _, err = run(capsys, *argv)
    assert code == 2
    assert message in err and "Traceback" not in err


@pytest.mark.parametrize("command", ["play", "simulate"])
def test_a_record_folder_that_cannot_be_used_is_refused_before_the_game(
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    tmp_path: Path,
    command: str,
) -> None:
    monkeypatch.setattr("builtins.input", no_typing)
    blocker = tmp_path / "a-file"
    blocker.write_text("")
    seats = ["--seat", "Ann", "--seat", "bot:random"] if command == "play" else []
    code, out, err = run(capsys, command, "wordcraft", *seats, "--record-dir", str(blocker / "x"))
    assert code == 2 and f"Cannot keep match records in {blocker / 'x'}" in err
    assert not out


def test_a_stopped_game_exits_non_zero(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    def end_of_input(prompt: str = "") -> str:
        raise EOFError

    monkeypatch.setattr("builtins.input", end_of_input)
    code, out, _ = run(
        capsys, "play", "wordcraft", "--seat", "Ann", "--seat", "Ben", "--seed", "1",
        "--record-dir", str(tmp_path),
    )  # fmt: skip
    assert code == 1 and "Game stopped." in out


def _unfinished_record(tmp_path: Path, seats: list[Seat], moves: int = 2) -> Path:
    match = new_match("wordcraft", seats, seed=3)
    for _ in range(moves):
        seat = match.active_seats()[0]
        match.apply(seat, match.legal_actions(seat)[0])
    return match.save(tmp_path / "unfinished.jsonl")


def test_replay_json_into_a_closed_pipe_ends_quietly(tmp_path: Path) -> None:
    record = _unfinished_record(tmp_path, [Seat("Ann"), Seat("Ben")])
    process = subprocess.Popen(
        [*CRAFTHALL, "replay", str(record), "--json"],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    assert process.stdout is not None and process.stderr is not None
    process.stdout.close()  # the reader is gone before anything is written (as `| head -0`)
    err = process.stderr.read().decode()
    assert process.wait(timeout=PATIENCE) == 141
    assert err == ""


def test_replay_json_has_one_shape_finished_or_not(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    record = _unfinished_record(tmp_path, [Seat("Ann"), Seat("Ben")])
    code, out, _ = run(capsys, "replay", str(record), "--json")
    summary = json.loads(out)
    assert code == 0 and summary["finished"] is False and summary["moves"] == 2
    assert set(summary["scores"]) == {"Ann", "Ben"} == set(summary["ranks"])
    assert sorted(summary["ranking"]) == ["Ann", "Ben"] and summary["winners"] == []
    finished = {"finished", "scores", "ranks", "ranking", "winners", "details", "moves"}
    assert finished <= set(summary)
    code, out, _ = run(capsys, "replay", str(record))
    assert "not finished" in out and "1. " in out
    assert f"play --resume {record}' continues it" in " ".join(out.split())


def test_games_fits_80_columns_without_cutting_anything(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(commands, "console", Console(width=80, file=sys.stdout))
    code, out, _ = run(capsys, "games")
    assert code == 0 and "…" not in out
    assert max(len(line) for line in out.splitlines()) <= 80
    flat = re.sub(r"[\s│┃]+", " ", out)
    for name in names():
        assert name in flat and entry(name).summary in flat
        for option, _, _ in describe_options(entry(name).game.Options):
            assert f"{option}=" in flat
        for level in bot_levels(name):
            assert level in flat


def test_version(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as stop:
        main(["--version"])
    assert stop.value.code == 0
    assert re.fullmatch(r"crafthall \S+\n", capsys.readouterr().out)


@pytest.mark.parametrize("game", names())
def test_rules_draws_the_games_page(capsys: pytest.CaptureFixture[str], game: str) -> None:
    code, out, _ = run(capsys, "rules", game.replace("-", "_"))
    heading = (ROOT / "docs" / "rules" / f"{game}.md").read_text().splitlines()[0]
    assert code == 0 and heading.lstrip("# ") in out
    assert "## " not in out  # drawn as Markdown, not printed as its source


def test_the_rules_pages_ship_in_the_built_package(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    spec = importlib.util.spec_from_file_location("crafthall_setup", ROOT / "setup.py")
    assert spec is not None and spec.loader is not None
    setup = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(setup)
    from setuptools.dist import Distribution

    build = setup.BuildWithRules(Distribution({"name": "crafthall", "packages": []}))
    build.build_lib = str(tmp_path)
    build.ensure_finalized()
    build.run()
    shipped = tmp_path / "crafthall" / "_rules"
    assert sorted(page.stem for page in shipped.glob("*.md")) == sorted(names())
    # An installed package reads its own copy first.
    (shipped / "wordcraft.md").write_text("# The shipped copy\n")
    monkeypatch.setattr(rules_pages, "PLACES", (shipped, ROOT / "docs" / "rules"))
    assert rules_pages.rules_page("wordcraft") == "# The shipped copy\n"


def test_simulate_shows_progress_on_a_terminal_only() -> None:
    screen = io.StringIO()
    terminal = Console(file=screen, force_terminal=True, width=80)
    assert list(commands.with_progress(iter(range(3)), 3, "games", terminal)) == [0, 1, 2]
    assert "3/3" in screen.getvalue() and "games" in screen.getvalue()
    piped = io.StringIO()
    items = commands.with_progress(iter(range(3)), 3, "games", Console(file=piped))
    assert list(items) == [0, 1, 2] and piped.getvalue() == ""


def test_simulate_json_stays_clean_with_the_bar(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(
        capsys, "simulate", "wordcraft", "--games", "2", "--seed", "1", "--json"
    )  # fmt: skip
    assert code == 0 and json.loads(out)["games"] == 2 and err == ""


def test_resume_plays_an_unfinished_game_on_in_its_own_record(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    seats = [Seat("A", "bot:random"), Seat("B", "bot:random")]
    record = _unfinished_record(tmp_path, seats, moves=3)
    before = load_match(record).moves
    code, out, _ = run(capsys, "play", "--resume", str(record), "--bot-pause", "0")
    assert code == 0 and "Game over" in out
    after = load_match(record)
    assert after.result() is not None and after.moves[:3] == before
    assert [path.name for path in tmp_path.iterdir()] == ["unfinished.jsonl"]
    # A finished game is not resumed; nor are new seats or options taken for a resumed one.
    code, _, err = run(capsys, "play", "--resume", str(record))
    assert code == 2 and "is finished" in err
    code, _, err = run(capsys, "play", "--resume", str(record), "--seat", "Ann")
    assert code == 2 and "keeps the seats" in err


def test_resume_of_a_person_stopped_again_keeps_every_move(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    record = _unfinished_record(tmp_path, [Seat("Ann"), Seat("Ben")], moves=2)
    typed = iter(["pass", "quit"])
    monkeypatch.setattr("builtins.input", lambda prompt="": next(typed))
    code, out, _ = run(capsys, "play", "wordcraft", "--resume", str(record))
    assert code == 1 and "Game stopped." in out
    assert len(load_match(record).moves) == 3
    code, _, err = run(capsys, "play", "wordsmith", "--resume", str(record))
    assert code == 2 and "is a game of wordcraft, not of wordsmith" in err


@pytest.mark.parametrize(("terminal", "flag", "full_screen"), [
    (True, [], True), (True, ["--plain"], False), (False, [], False),
])  # fmt: skip
def test_a_terminal_gets_the_full_screen_and_pipes_or_plain_line_by_line(
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    tmp_path: Path,
    terminal: bool,
    flag: list[str],
    full_screen: bool,
) -> None:
    chosen: list[str] = []
    monkeypatch.setattr("sys.stdin.isatty", lambda: terminal)
    monkeypatch.setattr("sys.stdout.isatty", lambda: terminal)
    monkeypatch.setattr(
        "crafthall.cli.screen.play_full_screen", lambda table: chosen.append("full")
    )
    monkeypatch.setattr(
        "crafthall.cli.table.TerminalTable.run", lambda table: chosen.append("plain")
    )
    run(capsys, "play", "wordcraft", "--seat", "Ann", "--seat", "Ben", *flag,
        "--record-dir", str(tmp_path))  # fmt: skip
    assert chosen == ["full" if full_screen else "plain"]
