"""The crafthall command end to end, as a person or a script would call it."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from crafthall.cli.main import main
from crafthall.games import new_match
from tests.engine.test_extras import declared_extra


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_games_lists_every_game(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "games")
    assert code == 0
    for name in ("wordcraft", "wordsmith", "swordcrafters", "evocabulary", "enchanted-grid"):
        assert name in out


def test_bots_play_a_whole_game_and_the_record_replays(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    code, out, _ = run(
        capsys,
        "play", "wordcraft", "--seat", "bot:random", "--seat", "bot:greedy",
        "--seed", "3", "--bot-pause", "0", "--record-dir", str(tmp_path),
    )  # fmt: skip
    assert code == 0 and "Game over" in out
    (record,) = tmp_path.glob("wordcraft-*.jsonl")
    code, out, _ = run(capsys, "replay", str(record), "--json")
    summary = json.loads(out)
    assert code == 0 and summary["finished"] is True
    assert set(summary["scores"]) == {"Random bot 1", "Greedy bot 2"}
    assert summary["winners"] and set(summary["winners"]) <= set(summary["scores"])


def test_a_person_is_told_why_and_asked_again_then_may_quit(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    typed = iter(["zzzzqx", "quit"])
    monkeypatch.setattr("builtins.input", lambda prompt="": next(typed))
    code, out, _ = run(
        capsys,
        "play", "wordcraft", "--seat", "Ann", "--seat", "bot:random",
        "--seed", "5", "--record-dir", str(tmp_path),
    )  # fmt: skip
    assert code == 1  # a stopped game is not a success
    assert "ZZZZQX" in out.upper() and "Game stopped." in out
    (record,) = tmp_path.glob("wordcraft-*.jsonl")
    moves = [json.loads(line) for line in record.read_text().splitlines()[1:]]
    assert all(move["seat"] == 1 for move in moves)  # nothing accepted from Ann


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["play", "chess"], "There is no game called 'chess'"),
        (["play", "wordcraft", "--option", "colour"], "not of the form KEY=VALUE"),
        (["play", "wordcraft", "--option", "speed=3"], "'speed' is not an option"),
        (["play", "wordcraft", "--seat", "bot:genius", "--seat", "Ann"], "no bot level 'genius'"),
        (["play", "wordcraft", "--seat", "Ann", "--seat", "Ann"], "same name"),
        (["play", "wordcraft", "--seat", "Ann"], "2 to 4 players"),
        (["play", "wordcraft", "--fixed", "/nonexistent.json"], "No fixed set-up file"),
        (["replay", "/nonexistent.jsonl"], "No match record at"),
        (["words", "--dictionary", "/nonexistent.txt", "check", "cat"], "/nonexistent.txt"),
    ],
)
def test_bad_input_gets_a_sentence_and_exit_code_2(
    capsys: pytest.CaptureFixture[str], argv: list[str], message: str
) -> None:
    code, _, err = run(capsys, *argv)
    assert code == 2
    assert message in err


def test_words_answers_lexicon_questions(capsys: pytest.CaptureFixture[str]) -> None:
    _, out, _ = run(capsys, "words", "check", "quiet", "xqzv", "in")
    assert "quiet: yes" in out and "xqzv: no (not-in-dictionary)" in out
    assert "in: no (too-short)" in out
    _, out, _ = run(capsys, "words", "find", "qu", "i", "e", "t")
    assert "quiet" in out.split()
    _, out, _ = run(capsys, "words", "family", "bike", "bicycle")
    assert "are of one word family" in out
    _, out, _ = run(capsys, "words", "syllables", "spell", "wizard")
    assert "spell: 1" in out and "wizard: 2" in out


def test_simulate_prints_statistics_as_json(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(
        capsys, "simulate", "wordcraft", "--bot", "random", "--bot", "random",
        "--games", "2", "--seed", "4", "--json",
    )  # fmt: skip
    report = json.loads(out)
    assert code == 0 and report["games"] == 2
    assert sum(row["wins"] for row in report["seats"]) == pytest.approx(2)


@pytest.mark.parametrize(
    ("action", "words"),
    [
        ({"type": "word", "word": ["t", "r", "e", "e"]}, "'word' of a word must be text"),
        ({"type": "pass", "note": "hello"}, "A pass has no field 'note'"),
        ({"type": "word", "word": "tree", "achievements": "A5"}, "'achievements'"),
    ],
)
def test_a_record_with_a_malformed_move_names_its_line(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, action: dict[str, object], words: str
) -> None:
    match = new_match("wordcraft", ["Ann", "Ben"], seed=3)
    move = {"seat": match.active_seats()[0], "action": action}
    record = tmp_path / "bad.jsonl"
    record.write_text(match.record_lines()[0] + "\n" + json.dumps(move) + "\n")
    code, _, err = run(capsys, "replay", str(record))
    assert code == 2
    assert "Line 2" in err and words in err and "Traceback" not in err


def test_study_without_the_study_extra_says_how_to_install_it(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setitem(sys.modules, "matplotlib", None)  # as if it were not installed
    monkeypatch.chdir(tmp_path)  # a checkout whose virtualenv runs the command
    monkeypatch.setattr(sys, "executable", str(tmp_path / ".venv" / "bin" / "python"))
    code, _, err = run(capsys, "study", "swordcrafters", "--games", "2", "--out", "s")
    # This interpreter's pip, and the study extra's packages as pyproject.toml declares them
    # ('crafthall[study]' would be looked for on the package index, not in this checkout).
    packages = " ".join(f"'{package}'" for package in declared_extra("study"))
    assert code == 2
    assert err == (
        "crafthall: The report's plots need matplotlib: "
        f".venv/bin/python -m pip install {packages}\n"
    )
    assert not (tmp_path / "s").exists(), "no game is played before the check"
