"""A new game from the template: ``crafthall new-game NAME`` copies ``template_game/`` (a small
whole game in the layout every game follows) into ``crafthall/games/<folder>/`` under the new
name, adds its one line to the registry, and writes its golden playthrough.

The template is a real package, linted, type-checked and tested like every game, so what it
hands a new game works.
"""

from __future__ import annotations

import importlib
import re
from pathlib import Path

from crafthall.arena import golden
from crafthall.engine.errors import SetupError
from crafthall.games import names, register

TEMPLATE = Path(__file__).resolve().parent / "template_game"
GAMES = Path(__file__).resolve().parent.parent / "games"
REGISTRY = GAMES / "__init__.py"
_NAME = re.compile(r"[a-z][a-z0-9]*(-[a-z0-9]+)*")
_COPIED = ("*.py", "*.json", "*.md")


def new_game(name: str) -> Path:
    """Write game ``name`` (lower-case words joined by hyphens, e.g. ``fox-trot``) into its
    folder and register it; its folder. Refused with a sentence if the name is taken or not
    a name."""
    folder = _check_name(name)
    title = " ".join(word.capitalize() for word in name.split("-"))
    words = {"TemplateGame": title.replace(" ", ""), "template-game": name, "Template Game": title}
    target = GAMES / folder
    target.mkdir()
    for pattern in _COPIED:
        for source in TEMPLATE.glob(pattern):
            text = source.read_text(encoding="utf-8")
            for old, new in words.items():
                text = text.replace(old, new)
            (target / source.name).write_text(text, encoding="utf-8")
    module = f"crafthall.games.{folder}"
    _add_registry_line(name, module)
    importlib.invalidate_caches()
    register(name, module)
    golden.write(name)
    return target


def _check_name(name: str) -> str:
    if not _NAME.fullmatch(name) or len(name) > 30:
        raise SetupError(
            f"'{name}' cannot name a game: use lower-case letters and digits, words joined by "
            "hyphens, at most 30 characters (e.g. fox-trot)."
        )
    if name in names():
        raise SetupError(f"There is already a game called '{name}'; choose another name.")
    folder = name.replace("-", "_")
    if (GAMES / folder).exists() or (GAMES / f"{folder}.py").exists():
        raise SetupError(
            f"crafthall/games/{folder} is taken (by a folder or a module); choose another name."
        )
    return folder


def _add_registry_line(name: str, module: str) -> None:
    """The one line outside the folder: the game's entry in the registry's ``_MODULES``."""
    text = REGISTRY.read_text(encoding="utf-8")
    start = text.index("_MODULES: dict[str, str] = {")
    end = text.index("\n}\n", start)
    line = f'\n    "{name}": "{module}",'
    REGISTRY.write_text(text[:end] + line + text[end:], encoding="utf-8")
