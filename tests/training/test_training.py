"""Self-play training (the optional 'train' extra): a short run on a toy game learns to beat a
random player, a run resumed from its checkpoint goes on exactly as one never stopped, and
``crafthall train`` writes a model the bots load. Without JAX these tests are skipped; the
numpy runtime's own tests (tests/bots/test_network.py) run everywhere."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import numpy as np
import pytest

from crafthall.bots.base import Bot, RandomBot
from crafthall.bots.ismcts import DEFAULT_POLICY
from crafthall.bots.learned.network import MODEL_FILE, Network, header_for, load_model
from crafthall.bots.levels import LADDER
from crafthall.cli.main import main
from crafthall.engine import Action, Game, State
from crafthall.games import folder
from tests.training.nim import Nim

pytest.importorskip("jax", reason="training needs the 'train' extra: pip install -e '.[train]'")

from crafthall.bots.learned.trainer import Schedule, SelfPlay, Trainer, checked_level

QUICK = Schedule(
    games_per_generation=16,
    steps=40,
    batch=128,
    check_every=0,
    play=SelfPlay(iterations=40, explore_moves=4),
)


class PolicyBot(Bot):
    """The network's favourite legal move, without any search: what the network learned."""

    def __init__(self, game: Game, seed: int, network: Network) -> None:
        super().__init__(game, seed)
        self.network = network

    def choose(self, state: State, seat: int) -> Action:
        _, logits = self.network.forward(self.game.encode_observation(self.game.view(state, seat)))
        legal = self.game.legal_action_mask(state, seat)
        return self.game.decode_action(
            state, seat, int(np.argmax(np.where(legal, logits[0], -1e9)))
        )


def _share_won(game: Game, network: Network, games: int = 60) -> float:
    """How often the network's policy beats a random player, half the games from each seat."""
    won = 0
    for deal in range(games):
        seat = deal % 2
        bots: dict[int, Bot] = {
            seat: PolicyBot(game, deal, network),
            1 - seat: RandomBot(game, deal),
        }
        state = game.setup(2, 500 + deal)
        while (result := game.result(state)) is None:
            mover = game.active_seats(state)[0]
            game.apply(state, mover, bots[mover].choose(state, mover))
        won += seat in result.winners
    return won / games


def test_a_short_run_learns_to_beat_random() -> None:
    game = Nim()
    trainer = Trainer(game, DEFAULT_POLICY, header_for(game, 2, (32,), seed=3), QUICK)
    before = _share_won(game, trainer.network())
    for _ in range(6):  # about 20 s of CPU (tests assert no timings: docs/bots.md has them)
        trainer.generation()
    after = _share_won(game, trainer.network())
    assert after >= 0.8 and after >= before + 0.15, (before, after)


def test_a_resumed_run_goes_on_as_if_it_never_stopped(tmp_path: Path) -> None:
    game = Nim()
    header = header_for(game, 2, (16,), seed=5)
    small = Schedule(games_per_generation=3, steps=5, batch=32, check_every=0,
                     play=SelfPlay(iterations=12))  # fmt: skip
    straight = Trainer(game, DEFAULT_POLICY, header, small)
    for _ in range(3):
        straight.generation()
    first = Trainer(game, DEFAULT_POLICY, header, small)
    for _ in range(2):
        first.generation()
    first.save(tmp_path / "run.checkpoint")
    resumed = Trainer(game, DEFAULT_POLICY, header, small)
    resumed.resume(tmp_path / "run.checkpoint")
    resumed.generation()
    assert resumed.progress.games == straight.progress.games == 9
    for name, weights in straight.network().weights().items():
        np.testing.assert_allclose(resumed.network().weights()[name], weights, rtol=1e-5)
    other = Trainer(game, DEFAULT_POLICY, header_for(game, 2, (16,), seed=6), small)
    with pytest.raises(ValueError, match="another run"):
        other.resume(tmp_path / "run.checkpoint")


def test_games_played_in_worker_processes_train_the_same_network() -> None:
    game = Nim()
    header = header_for(game, 2, (16,), seed=7)
    small = Schedule(games_per_generation=4, steps=5, batch=32, check_every=0,
                     play=SelfPlay(iterations=12))  # fmt: skip
    here = Trainer(game, DEFAULT_POLICY, header, small)
    spread = Trainer(game, DEFAULT_POLICY, header, small, jobs=2)
    with spread._players() as players:
        assert players is not None
        for _ in range(2):
            here.generation()
            spread.generation(players)
    assert spread.progress.games == here.progress.games == 8
    for name, weights in here.network().weights().items():
        np.testing.assert_allclose(spread.network().weights()[name], weights, rtol=1e-5)


def test_a_check_plays_masters_search_at_its_own_budget() -> None:
    """The check measures the level that ships: master's guide, leaf values and all, with the
    check's share of expert's iterations."""
    master = LADDER["master"]
    checked = checked_level(0.25)
    assert checked.guide is not None and master.guide is not None
    assert checked.guide.share == 0.25
    assert replace(checked.guide, share=master.guide.share) == master.guide
    assert replace(checked, name=master.name, description=master.description,
                   guide=master.guide) == master  # fmt: skip


def test_a_check_draws_the_strength_curve(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                          capsys: pytest.CaptureFixture[str]) -> None:  # fmt: skip
    monkeypatch.chdir(tmp_path)
    argv = ["train", "swordcrafters", "--minutes", "0.001", "--games", "1", "--iterations", "2",
            "--check-every", "1", "--check-games", "2", "--check-iterations", "20",
            "--against", "random", "--hidden", "8",
            "--jobs", "1", "--out", str(tmp_path / "model.npz")]  # fmt: skip
    assert main(argv) == 0
    said = capsys.readouterr().out
    assert "finished ahead of random in" in said and "Strength curve written to" in said
    checks = load_model(tmp_path / "model.npz").header.trained["checks"]
    assert [check["games"] for check in checks] == [2]
    curve = (tmp_path / "records" / "training" / "swordcrafters-seed1-8-strength.svg").read_text()
    assert "<svg" in curve and "hours of training" in curve and "ahead of random" in curve


def test_the_train_command_writes_a_model_and_resumes(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.chdir(tmp_path)
    out = tmp_path / "model.npz"
    argv = ["train", "swordcrafters", "--minutes", "0.001", "--games", "1", "--iterations", "2",
            "--check-every", "0", "--hidden", "8", "--seed", "2", "--out", str(out)]  # fmt: skip
    assert main(argv) == 0
    header = load_model(out).header
    assert header.game == "swordcrafters" and header.seed == 2 and header.hidden == (8,)
    assert header.trained["games"] == 1
    assert "crafthall train swordcrafters --seed 2" in header.command
    assert main([*argv, "--resume"]) == 0
    assert load_model(out).header.trained["games"] == 2
    said = capsys.readouterr().out
    assert "Model written to" in said
    assert "gen 1: 1 games, loss" in said  # a line a generation when not in a terminal


def test_the_train_command_leaves_the_shipped_model_alone(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Without --out the model goes beside the checkpoint: a short run never replaces what the
    bots, hints and reviews read."""
    monkeypatch.chdir(tmp_path)
    shipped = folder("swordcrafters") / MODEL_FILE
    before = shipped.read_bytes() if shipped.exists() else None
    argv = ["train", "swordcrafters", "--minutes", "0.001", "--games", "1", "--iterations", "2",
            "--check-every", "0", "--hidden", "8", "--seed", "3"]  # fmt: skip
    assert main(argv) == 0
    written = tmp_path / "records" / "training" / "swordcrafters-seed3-8.npz"
    assert load_model(written).header.seed == 3
    assert (shipped.read_bytes() if shipped.exists() else None) == before
    said = " ".join(capsys.readouterr().out.split())
    assert "--model records/training/swordcrafters-seed3-8.npz" in said


def test_the_train_command_refuses_bad_options(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["train", "swordcrafters", "--hidden", "wide"]) == 2
    assert "--hidden takes widths such as 128,128" in capsys.readouterr().err
    assert main(["train", "swordcrafters", "--minutes", "0"]) == 2
    assert main(["train", "swordcrafters", "--leaf-mix", "2"]) == 2
    assert "--leaf-mix is a share from 0 to 1, not 2." in capsys.readouterr().err
    assert main(["train", "swordcrafters", "--jobs", "0"]) == 2
    assert "--jobs need at least 1" in capsys.readouterr().err
    assert main(["train", "swordcrafters", "--against", "wizard", "--minutes", "1"]) == 2
    assert "no bot level 'wizard'" in capsys.readouterr().err
    assert main(["train", "swordcrafters", "--resume", "--seed", "12345"]) == 2
    assert "There is no checkpoint" in capsys.readouterr().err
