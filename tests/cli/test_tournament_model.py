"""``crafthall tournament --model FILE``: a candidate model measured before it is committed.
The bots read it instead of the shipped one; a missing file, or one that does not fit the
game or the table, is refused in a sentence before anything is played."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from crafthall.bots.learned.network import (
    MODEL_OVERRIDE,
    header_for,
    random_network,
    save_model,
    shipped_network,
)
from crafthall.engine.game import Game
from crafthall.games import make_game
from tests.cli.test_cli import run


def _model(tmp_path: Path, game: Game, seats: int) -> Path:
    path = tmp_path / f"{game.name}-{seats}.npz"
    save_model(path, random_network(header_for(game, seats, (8,), command="test", seed=3), 3))
    return path


@pytest.fixture(autouse=True)
def _no_override(monkeypatch: pytest.MonkeyPatch) -> None:
    """Whatever the command sets in the environment is undone after each test."""
    monkeypatch.delenv(MODEL_OVERRIDE, raising=False)


def test_a_candidate_model_guides_swift_and_master(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    game = make_game("swordcrafters")
    path = _model(tmp_path, game, 2)
    code, out, _ = run(
        capsys, "tournament", "swordcrafters", "--bot", "swift", "--bot", "random",
        "--games", "2", "--model", str(path), "--json",
    )  # fmt: skip
    assert code == 0
    assert json.loads(out)["model"] == str(path)
    network = shipped_network(game, 2)
    assert network is not None and network.header.seed == 3  # the candidate, not a shipped one


@pytest.mark.parametrize(
    ("made_for", "seats", "said"),
    [
        (None, 2, "There is no model file at"),
        ("wordcraft", 2, "it was trained for wordcraft, not swordcrafters"),
        ("swordcrafters", 3, "it was trained for 3 seats, not 2"),
    ],
)
def test_a_candidate_that_cannot_serve_is_refused_in_a_sentence(
    capsys: pytest.CaptureFixture[str],
    tmp_path: Path,
    made_for: str | None,
    seats: int,
    said: str,
) -> None:
    path = tmp_path / "missing.npz"
    if made_for is not None:
        path = _model(tmp_path, make_game(made_for), seats)
    code, out, err = run(
        capsys, "tournament", "swordcrafters", "--bot", "master", "--bot", "random",
        "--games", "2", "--model", str(path),
    )  # fmt: skip
    assert code == 2
    assert said in err and len(err.strip().splitlines()) == 1
    assert out == ""  # nothing was played
