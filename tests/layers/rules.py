"""The layers of crafthall: which part may import which, and the imports that break the rule."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace

from tests.layers.graph import Import

BELOW: dict[str, set[str]] = {
    "engine": set(),
    "lexicon": set(),
    "bots": {"engine"},
    "gamekit": {"engine", "lexicon", "bots"},
    "game": {"engine", "lexicon", "bots", "gamekit"},
    "registry": {"engine", "lexicon", "bots", "gamekit", "game"},
    "tutorial": {"engine", "lexicon", "bots", "gamekit", "registry"},
    "arena": {"engine", "lexicon", "bots", "gamekit", "registry"},
    "research": {"engine", "lexicon", "bots", "gamekit", "registry", "arena"},
    "review": {"engine", "lexicon", "bots", "gamekit", "registry", "arena"},
    "scaffold": {"engine", "lexicon", "bots", "gamekit", "registry", "arena"},
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
        "scaffold",
    },
}
"""The kinds of part each kind of part may import, besides itself. Only the registry imports
the games (each by the name it is registered under); everything above reaches a game through
the registry. A game is a part of its own: no game imports another."""


def part_of(module: str) -> str:
    """``crafthall.games.wordcraft.rules`` -> ``game:wordcraft``; ``crafthall.games`` ->
    ``registry``; ``crafthall.games.entry`` -> ``gamekit``; ``crafthall.engine.match`` ->
    ``engine``."""
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


def reached(found: Import, modules: Iterable[str]) -> list[str]:
    """The modules an import may load: its target, and for a dynamic import known only by a
    prefix, every module under the package that prefix names."""
    if not found.anything_under:
        return [found.target]
    return [found.target, *sorted(name for name in modules if name.startswith(found.target + "."))]


def part_imports(imports: Iterable[Import], modules: Iterable[str]) -> list[Import]:
    """The imports between parts: each import once for each part it may reach."""
    modules = list(modules)
    found: dict[Import, None] = {}
    for one in imports:
        for target in reached(one, modules):
            found[replace(one, source=part_of(one.source), target=part_of(target))] = None
    return list(found)


def layer_breaks(imports: Iterable[Import], modules: Iterable[str]) -> list[str]:
    """One sentence for each import that reaches a part :data:`BELOW` does not allow."""
    modules = list(modules)
    broken: list[str] = []
    for one in imports:
        part = part_of(one.source)
        parts = dict.fromkeys(part_of(target) for target in reached(one, modules))
        wrong = [target for target in parts if target != part and not allowed(part, target)]
        if wrong:
            anything = f" (it may load anything under {one.target})" if one.anything_under else ""
            told = f"makes {part} import {', '.join(wrong)}{anything}, but {rule(part, wrong)}"
            broken.append(f"{one.where()}: {one.statement} {told}.")
    return broken


def allowed(part: str, target: str) -> bool:
    return kind(target) in BELOW.get(kind(part), set())


def rule(part: str, wrong: list[str]) -> str:
    """The rule that ``part`` importing the parts ``wrong`` breaks."""
    if kind(part) == "game" and all(kind(target) == "game" for target in wrong):
        return "no game imports another game"
    below = sorted(BELOW.get(kind(part), set()))
    may = f"only {', '.join(below)}" if below else "nothing else in crafthall"
    return f"{kind(part)} may import {may}"


BOARD_IMPORTS = ("dom.js", "board-kit.js")
"""The client's scripts a game's board may import: the page's helpers, nothing of the page."""


def script_breaks(imports: Iterable[Import], games: Iterable[str]) -> list[str]:
    """One sentence for each import by a game's board (``games/<folder>/board.js``, for each
    folder of ``games``) of another game's board, or of a client script but the helpers
    :data:`BOARD_IMPORTS` (a board is loaded into any page: table, replay or lesson)."""
    boards = {f"games/{game}/board.js" for game in games}
    broken: list[str] = []
    for found in imports:
        if found.source not in boards:
            continue
        others = sorted(b for b in boards if b != found.source and reaches(found, b))
        if others:
            broken.append(
                f"{found.where()}: {found.statement} makes the board {found.source} import "
                f"{', '.join(others)}, but no game's board imports another game's."
            )
        elif found.target not in (found.source, *BOARD_IMPORTS):
            broken.append(
                f"{found.where()}: {found.statement} makes the board {found.source} import "
                f"{found.target}, but a board imports only {' and '.join(BOARD_IMPORTS)}."
            )
    return broken


def reaches(found: Import, script: str) -> bool:
    """Whether a script import may load ``script`` (a dynamic one, anything under its folder)."""
    if not found.anything_under:
        return found.target == script
    return found.target == "." or script.startswith(found.target + "/")
