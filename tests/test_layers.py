"""The import graph points one way: games and front ends use the engine; the engine uses
nothing above it; no game reaches into another game or a front end; no part imports one that
imports it back. Every import counts, also those inside functions and under TYPE_CHECKING."""

from __future__ import annotations

import ast
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[1] / "crafthall"

BELOW: dict[str, set[str]] = {
    "engine": set(),
    "lexicon": set(),
    "bots": {"engine"},
    "gamekit": {"engine", "lexicon", "bots"},
    "game": {"engine", "lexicon", "bots", "gamekit"},
    "registry": {"engine", "lexicon", "bots", "gamekit"},
    "tutorial": {"engine", "lexicon", "bots", "gamekit", "registry"},
    "arena": {"engine", "lexicon", "bots", "gamekit", "registry"},
    "research": {"engine", "lexicon", "bots", "gamekit", "registry", "arena"},
    "review": {"engine", "lexicon", "bots", "gamekit", "registry", "arena"},
    "server": {"engine", "lexicon", "bots", "gamekit", "registry", "arena", "tutorial", "review"},
    "cli": {
        "engine",
        "lexicon",
        "bots",
        "gamekit",
        "registry",
        "arena",
        "research",
        "server",
        "tutorial",
        "review",
    },
}
"""The parts each part may import (besides itself)."""


def part_of(module: str) -> str:
    """``crafthall.games.wordcraft.rules`` -> ``game:wordcraft``, and so on."""
    names = module.split(".")[1:]
    if not names:
        return "root"
    if names[0] != "games":
        return names[0]
    if len(names) == 1:
        return "registry"
    if names[1] in ("entry", "wordgame"):
        return "gamekit"
    return f"game:{names[1]}"


def kind(part: str) -> str:
    return part.split(":")[0]


def imports() -> dict[str, set[str]]:
    """For each part, the crafthall parts its modules import."""
    found: dict[str, set[str]] = {}
    for path in PACKAGE.rglob("*.py"):
        relative = path.relative_to(PACKAGE.parent).with_suffix("")
        module = ".".join(relative.parts).removesuffix(".__init__")
        edges = found.setdefault(part_of(module), set())
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            targets: list[str] = []
            if isinstance(node, ast.Import):
                targets = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
                targets = [node.module]
            for target in targets:
                if target.startswith("crafthall."):
                    edges.add(part_of(target))
    return found


def test_every_part_imports_only_parts_below_it() -> None:
    wrong = []
    for part, targets in sorted(imports().items()):
        for target in sorted(targets - {part}):
            if kind(target) not in BELOW.get(kind(part), set()):
                wrong.append(f"{part} imports {target}")
    assert not wrong, "imports against the layers:\n" + "\n".join(wrong)


def test_no_cycle_between_parts() -> None:
    graph = imports()
    done: set[str] = set()

    def visit(part: str, trail: list[str]) -> None:
        if part in trail:
            raise AssertionError("import cycle: " + " -> ".join([*trail, part]))
        if part in done:
            return
        for target in sorted(graph.get(part, set()) - {part}):
            visit(target, [*trail, part])
        done.add(part)

    for part in sorted(graph):
        visit(part, [])


def test_the_checker_sees_a_wrong_import() -> None:
    assert part_of("crafthall.games.wordsmith.terminal") == "game:wordsmith"
    assert "cli" not in BELOW["game"] and "registry" not in BELOW["engine"]
