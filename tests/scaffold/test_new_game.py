"""``crafthall new-game`` writes a working game into its own folder with one registry line, and
that game passes the checks every game passes: conformance, golden playthrough, tutorial,
research adapters, and it plays in the terminal, in ``simulate`` and in ``study``.

The scaffold runs in a copy of the project, so the checkout is never changed."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from crafthall.engine.errors import SetupError
from crafthall.games import names, register, unregister
from crafthall.scaffold import new_game
from tests.scaffold.project import NAME, REPO, crafthall, made_project, package_files, run


@pytest.fixture(scope="module")
def project(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict[str, str]]:
    """A copy of the project with the new game written into it, and its files from before."""
    root = tmp_path_factory.mktemp("project")
    return root, made_project(root)


def test_only_the_new_folder_and_one_registry_line_change(
    project: tuple[Path, dict[str, str]],
) -> None:
    root, before = project
    after = package_files(root)
    changed = {path for path in after if before.get(path) != after[path]}
    registry = "crafthall/games/__init__.py"
    assert {path for path in changed if not path.startswith("crafthall/games/fox_trot/")} == {
        registry
    }
    assert not set(before) - set(after), "nothing is deleted"
    old = (REPO / registry).read_text(encoding="utf-8").splitlines()
    new = (root / registry).read_text(encoding="utf-8").splitlines()
    added = [line for line in new if line not in old]
    assert added == ['    "fox-trot": "crafthall.games.fox_trot",'] and len(new) == len(old) + 1
    assert "crafthall/games/fox_trot/golden/playthrough.jsonl" in after


def test_the_new_game_passes_the_suites_every_game_passes(
    project: tuple[Path, dict[str, str]],
) -> None:
    root, _ = project
    suites = [
        "tests/games/test_conformance.py",
        "tests/games/test_golden.py",
        "tests/games/test_registry.py",
        "tests/tutorial/test_tutorials.py",
        "tests/research",
        "tests/arena/test_study.py",
    ]
    ran = run(
        root,
        "-m",
        "pytest",
        "-o",
        "addopts=",
        "-q",
        "-p",
        "no:randomly",
        "-p",
        "no:cacheprovider",
        "-k",
        "fox",
        *suites,
    )
    assert ran.returncode == 0, ran.stdout[-4000:] + ran.stderr[-2000:]
    passed = re.search(r"(\d+) passed", ran.stdout)
    assert passed and int(passed.group(1)) >= 10, ran.stdout[-2000:]


def test_the_new_game_is_listed_simulated_studied_and_has_a_rules_page(
    project: tuple[Path, dict[str, str]],
) -> None:
    root, _ = project
    listed = crafthall(root, "games")
    assert listed.returncode == 0 and "fox-trot" in listed.stdout
    simulated = crafthall(root, "simulate", NAME, "--games", "20", "--seed", "3")
    assert simulated.returncode == 0, simulated.stderr
    studied = crafthall(
        root, "study", NAME, "--games", "4", "--bot", "random", "--out", str(root / "study")
    )
    assert studied.returncode == 0, studied.stderr
    rules = crafthall(root, "rules", NAME)
    assert rules.returncode == 0 and "Fox Trot" in rules.stdout


def test_the_new_game_plays_to_the_end_in_the_terminal(
    project: tuple[Path, dict[str, str]],
) -> None:
    root, _ = project
    # Adding 1 is always legal, so a player who types 1 each turn reaches the end.
    played = crafthall(
        root,
        "play",
        NAME,
        "--plain",
        "--seed",
        "5",
        "--seat",
        "Ann",
        "--seat",
        "bot:random",
        "--bot-pause",
        "0",
        "--record-dir",
        str(root / "records"),
        stdin="1\n" * 30,
    )
    assert played.returncode == 0, played.stdout[-2000:] + played.stderr[-2000:]
    assert "Ann adds 1: the total is" in played.stdout
    assert "reaches 21 and wins." in played.stdout


@pytest.mark.parametrize(
    ("name", "sentence"),
    [
        ("Fox", "cannot name a game: use lower-case letters"),
        ("fox trot", "cannot name a game"),
        ("fox--trot", "cannot name a game"),
        (names()[0], "There is already a game called"),
        ("entry", "crafthall/games/entry is taken"),
    ],
)
def test_a_name_that_cannot_be_a_new_game_is_refused_with_a_sentence(
    name: str, sentence: str
) -> None:
    with pytest.raises(SetupError, match=sentence):
        new_game(name)


def test_the_template_is_a_whole_game() -> None:
    """The template itself plays a game to the end (the copies above depend on it)."""
    from crafthall.arena.autoplay import play_to_end, seat_bots
    from crafthall.games import new_match

    register("template-game", "crafthall.scaffold.template_game")
    try:
        match = new_match("template-game", ["a", "b", "c"], seed=4)
        play_to_end(match, seat_bots(match, ["random"], 3), 3)
        result = match.result()
        assert result is not None and len(result.winners) == 1
        assert match.state["total"] == 21
    finally:
        unregister("template-game")
