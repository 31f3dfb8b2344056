"""The import graph points one way: games and front ends use the engine; the engine uses
nothing above it; no game reaches into another game; no part imports one that imports it back;
no module, and no script of the browser client, imports one that imports it back; a game's
board (``crafthall/games/<game>/board.js``) imports only the client's helpers, never another
game's board.

Every form of import counts (``tests/layers/python.py`` and ``tests/layers/js.py`` list them):
``from crafthall import server``, ``from crafthall.games import wordcraft``, relative imports,
``import_module(...)`` and ``__import__(...)`` of a literal or an f-string's literal prefix, in
functions and under TYPE_CHECKING too; ``import ... from "./x.js"`` and ``import("./x.js")``.
The layers themselves are in ``tests/layers/rules.py``; ``tests/layers/test_planted.py`` plants
each kind of wrong import in a small tree and shows the checks below report it.

Between parts (the engine, the registry, each game, the server...) every import counts, lazy or
not: no part may reach a part that reaches it back. Between files, only the imports that run
when a file loads count: crafthall breaks file-level cycles on purpose with imports inside
functions (``evocabulary.moves`` asks ``evocabulary.ending``, which lists placements from
``moves``; ``cli.stopping`` loads ``cli.main`` only once its signal handlers stand) and names
types under TYPE_CHECKING (``wordcraft.view`` and ``wordcraft.rules``). Such an import runs once
every module involved has loaded, so it never meets a half-loaded one, and a TYPE_CHECKING
import never runs; a dynamic ``import()`` in a script is left out alike.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.layers.graph import cycles, describe_cycle, normalized
from tests.layers.js import js_imports, missing, scripts
from tests.layers.python import modules, python_imports
from tests.layers.rules import layer_breaks, part_imports, script_breaks

PACKAGE = Path(__file__).resolve().parents[1] / "crafthall"
CLIENT = PACKAGE / "web" / "static" / "js"

KNOWN_CYCLES: dict[tuple[str, ...], str] = {}
"""The file-level cycles known today, each to be broken in a change of its own; in import order
(each file imports the next, the last the first). Any other cycle fails its test at once; each
of these is a strict expected failure of ``test_known_cycle_is_gone``, so the day it is broken
that test fails until the cycle's entry here is deleted."""


def file_cycles() -> list[tuple[tuple[str, ...], str]]:
    """Every file-level cycle of the package and the client, with its sentence."""
    every = (*python_imports(PACKAGE), *js_imports(CLIENT, PACKAGE))
    loaded = [one for one in every if not one.lazy]
    return [(cycle, describe_cycle(cycle, loaded)) for cycle in cycles(loaded)]


def games() -> list[str]:
    """The games' folders (``enchanted_grid``), where their boards are."""
    return [path.parent.name for path in PACKAGE.glob("games/*/__init__.py")]


def test_every_import_points_down_the_layers() -> None:
    broken = layer_breaks(python_imports(PACKAGE), modules(PACKAGE))
    assert not broken, "imports against the layers:\n" + "\n".join(broken)


def test_no_cycle_between_parts() -> None:
    found = part_imports(python_imports(PACKAGE), modules(PACKAGE))
    told = [describe_cycle(cycle, found, unit="parts") for cycle in cycles(found)]
    assert not told, "\n".join(told)


@pytest.mark.parametrize("language", ["Python", "JavaScript"])
def test_no_import_cycle_between_files(language: str) -> None:
    told = [
        sentence
        for cycle, sentence in file_cycles()
        if cycle[0].endswith(".js") == (language == "JavaScript")
        and cycle not in {normalized(known) for known in KNOWN_CYCLES}
    ]
    assert not told, "\n".join(told)


@pytest.mark.parametrize(
    "cycle",
    [
        pytest.param(
            cycle,
            marks=pytest.mark.xfail(
                strict=True, reason=f"{why}; once it is broken, delete it from KNOWN_CYCLES"
            ),
        )
        for cycle, why in KNOWN_CYCLES.items()
    ],
    ids=" -> ".join,
)
def test_known_cycle_is_gone(cycle: tuple[str, ...]) -> None:
    stands = [sentence for found, sentence in file_cycles() if found == normalized(cycle)]
    assert not stands, stands[0]


def test_every_script_import_names_a_script_a_page_loads() -> None:
    wrong = missing(js_imports(CLIENT, PACKAGE), scripts(CLIENT, PACKAGE).values())
    assert not wrong, "\n".join(wrong)


def test_the_boards_are_scanned_with_the_client() -> None:
    boards = sorted(path.relative_to(PACKAGE).as_posix() for path in PACKAGE.glob("games/*/*.js"))
    assert boards, f"no game's board found under {PACKAGE / 'games'}"
    scanned = [name for name in scripts(CLIENT, PACKAGE).values() if name.startswith("games/")]
    assert scanned == boards


def test_no_board_imports_another_game_or_the_page() -> None:
    assert games(), f"no game found under {PACKAGE / 'games'}"
    broken = script_breaks(js_imports(CLIENT, PACKAGE), games())
    assert not broken, "\n".join(broken)
