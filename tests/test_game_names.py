"""A game is its folder: outside ``crafthall/games/<folder>/`` no code, comment or page of the
package names a game (its registry name, folder or title), except its one registry line. Code
that needs a game's knowledge asks the registry's entry, so a new game needs no edit elsewhere
and a removed one leaves nothing behind."""

from __future__ import annotations

import re
from pathlib import Path

from crafthall.games import entry, folder, names

PACKAGE = Path(__file__).resolve().parents[1] / "crafthall"
SCANNED = (".py", ".js", ".css", ".html", ".md")
REGISTRY = PACKAGE / "games" / "__init__.py"


def _spellings(name: str) -> re.Pattern[str]:
    """The ways a text names game ``name``: ``enchanted-grid``, ``enchanted_grid``, the title."""
    words = re.split(r"[-_ ]", name)
    title = entry(name).game.title
    ways = {"[-_ ]?".join(map(re.escape, words)), re.escape(title).replace(r"\ ", "[-_ ]?")}
    return re.compile(rf"(?<![a-z0-9])(?:{'|'.join(sorted(ways))})(?![a-z0-9])", re.IGNORECASE)


def _registry_line(name: str, line: str) -> bool:
    module = f"crafthall.games.{folder(name).name}"
    return line.strip() == f'"{name}": "{module}",'


def offending_lines(name: str, root: Path = PACKAGE) -> list[str]:
    """Every line outside the game's folder that names it, as ``path:line: text``."""
    pattern, own = _spellings(name), folder(name)
    found = []
    for path in sorted(root.rglob("*")):
        if path.suffix not in SCANNED or own in path.parents or "node_modules" in path.parts:
            continue
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if pattern.search(line) and not (path == REGISTRY and _registry_line(name, line)):
                found.append(f"{path.relative_to(root.parent)}:{number}: {line.strip()}")
    return found


def test_no_game_is_named_outside_its_folder() -> None:
    found = [line for name in names() for line in offending_lines(name)]
    assert not found, "A game is named outside its folder (ask its registry entry):\n" + "\n".join(
        found
    )


def test_the_check_finds_a_planted_name(tmp_path: Path) -> None:
    name = names()[-1]
    title = entry(name).game.title
    planted = tmp_path / "crafthall" / "elsewhere.py"
    planted.parent.mkdir()
    planted.write_text(f"# ready for {title}\nLIMITS = {{'{name}': 3}}\nOK = 1\n", encoding="utf-8")
    assert [line.split(": ", 1)[0] for line in offending_lines(name, tmp_path / "crafthall")] == [
        "crafthall/elsewhere.py:1",
        "crafthall/elsewhere.py:2",
    ]
