"""``crafthall verify``: what a hosted record proves, and a cut-off record said to be one."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from crafthall.arena.autoplay import play_to_end
from crafthall.cli.main import main
from crafthall.engine.record import Seat
from crafthall.games import make_bot, new_match
from crafthall.server.fairness import draw_seed


def hosted_record() -> list[str]:
    """A finished game's record as a normal hosted table writes it: a drawn seed and the
    commitment to it in the header."""
    seed, commitment = draw_seed()
    seats = [Seat("Ann", "bot:random"), Seat("Ben", "bot:random")]
    match = new_match("swordcrafters", seats, seed=seed)
    match.header = replace(match.header, commitment=commitment)
    bots = {seat: make_bot(match.game, "random", seat) for seat in range(2)}
    play_to_end(match, dict(bots), seed=3)
    assert match.result() is not None and len(match.moves) > 4
    return match.record_lines()


def verify(path: Path, capsys: pytest.CaptureFixture[str]) -> tuple[int, str]:
    code = main(["verify", str(path)])
    out, err = capsys.readouterr()
    return code, out + err


def test_a_finished_record_says_what_is_proved_and_that_the_game_ended(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    lines = hosted_record()
    path = tmp_path / "game.jsonl"
    path.write_text("\n".join(lines) + "\n")
    code, said = verify(path, capsys)
    assert code == 0
    assert "is the one promised" in said and "shuffle was fixed before the first move" in said
    assert f"all {len(lines) - 1} moves replay" in said
    assert "The game finished" in said and "incomplete" not in said


def test_a_record_cut_off_before_the_end_is_said_to_be_incomplete(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    lines = hosted_record()
    kept = (len(lines) - 1) // 3
    path = tmp_path / "cut.jsonl"
    path.write_text("\n".join(lines[: 1 + kept]) + "\n")
    code, said = verify(path, capsys)
    assert code == 0  # the commitment holds and the moves replay: that much is proved
    assert "is the one promised" in said and f"all {kept} moves replay" in said
    assert f"The record is incomplete: the game did not finish ({kept} moves, no result)" in said
    assert "The game finished" not in said
