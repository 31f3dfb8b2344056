"""``crafthall study`` as a newcomer meets it: a comparison that changes nothing is said to
before any game is played, and a second study never overwrites the first unasked."""

from __future__ import annotations

from pathlib import Path

import pytest

from crafthall.cli import study
from crafthall.cli.main import main

QUICK = ["study", "swordcrafters", "--games", "2", "--bot", "random"]


class NoGames(Exception):
    """Raised in place of playing: what the command said before the games is all we want."""


def said_before_the_games(
    argv: list[str], capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> str:
    def refuse(*args: object, **kwargs: object) -> None:
        raise NoGames

    monkeypatch.setattr(study, "run_study", refuse)
    with pytest.raises(NoGames):
        main(argv)
    return said(capsys)


def said(capsys: pytest.CaptureFixture[str]) -> str:
    """Standard output with the console's line wrapping undone."""
    return " ".join(capsys.readouterr().out.split())


@pytest.mark.parametrize(
    "given",
    [
        ["--compare", "min_grouping=1"],
        ["--option", "min_grouping=2", "--compare", "min_grouping=2"],
    ],
)
def test_a_comparison_that_changes_nothing_is_warned_of_before_the_games(
    given: list[str],
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    tmp_path: Path,
) -> None:
    pytest.importorskip("matplotlib", reason="the report is the crafthall[study] extra")
    monkeypatch.chdir(tmp_path)
    out = said_before_the_games([*QUICK, *given], capsys, monkeypatch)
    assert "Warning: The comparison changes nothing: min_grouping=" in out


def test_a_real_comparison_plays_without_a_warning(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    pytest.importorskip("matplotlib", reason="the report is the crafthall[study] extra")
    monkeypatch.chdir(tmp_path)
    out = said_before_the_games([*QUICK, "--compare", "min_grouping=2"], capsys, monkeypatch)
    assert "Warning" not in out


def test_a_second_study_takes_the_next_free_folder_and_says_where(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    pytest.importorskip("matplotlib", reason="the report is the crafthall[study] extra")
    monkeypatch.chdir(tmp_path)
    first, second = Path("studies/swordcrafters-1"), Path("studies/swordcrafters-1-2")
    assert main(QUICK) == 0
    out = said(capsys)
    assert f"report: {first / 'report.html'}" in out and "earlier" not in out
    page = (first / "report.html").read_bytes()
    assert main(QUICK) == 0
    out = said(capsys)
    assert f"{first} holds an earlier study: this one goes to {second}." in out
    assert f"report: {second / 'report.html'}" in out
    assert (first / "report.html").read_bytes() == page, "the first report is kept as it was"
    assert (second / "report.html").exists()


def test_an_out_folder_holding_a_report_is_replaced_saying_so(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    pytest.importorskip("matplotlib", reason="the report is the crafthall[study] extra")
    monkeypatch.chdir(tmp_path)
    Path("mine").mkdir()
    Path("mine/report.html").write_text("an earlier report")
    assert main([*QUICK, "--out", "mine"]) == 0
    out = said(capsys)
    assert "mine holds an earlier report: this study replaces it." in out
    assert Path("mine/report.html").read_text(encoding="utf-8") != "an earlier report"
    assert not Path("studies").exists()


def test_an_out_that_is_a_file_is_refused_and_left_alone(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    pytest.importorskip("matplotlib", reason="the report is the crafthall[study] extra")
    monkeypatch.chdir(tmp_path)
    Path("notes.txt").write_text("mine")
    assert main([*QUICK, "--out", "notes.txt"]) == 2
    assert "--out notes.txt is a file: give a folder for the report." in capsys.readouterr().err
    assert Path("notes.txt").read_text() == "mine"
