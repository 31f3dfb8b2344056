"""``crafthall rules GAME``: a game's rules page, drawn in the terminal.

The pages are written once, in the repository's ``docs/rules/``. A built package carries a
copy of them in ``crafthall/_rules/`` (``setup.py`` copies them at build time); a checkout or
an editable install reads ``docs/rules/`` itself. A game without a page there (a new one)
shows the ``rulebook.md`` of its own folder.
"""

from __future__ import annotations

import os
from pathlib import Path

from rich.console import Console
from rich.markdown import Markdown

from crafthall.engine.errors import SetupError
from crafthall.games import entry
from crafthall.games import folder as folder_of

PACKAGE = Path(__file__).resolve().parent.parent
PLACES = (PACKAGE / "_rules", PACKAGE.parent / "docs" / "rules")
"""Where the pages are looked for: the built package's copy, then the checkout's folder."""


def rules_page(game: str) -> str:
    """The Markdown text of ``game``'s rules page."""
    name = entry(game).game.name  # an unknown game is refused with the list of known ones
    for folder in PLACES:
        page = folder / f"{name}.md"
        if page.is_file():
            return page.read_text(encoding="utf-8")
    own = folder_of(name) / "rulebook.md"
    if own.is_file():
        return own.read_text(encoding="utf-8")
    raise SetupError(f"The rules page of {name} is missing from this installation.")


def show_rules(game: str, console: Console) -> int:
    page = Markdown(rules_page(game))
    if console.is_terminal:
        # A long page is read at the reader's pace; less shows the styles only with -R.
        os.environ["LESS"] = f"{os.environ.get('LESS', '')} -R".strip()
        with console.pager(styles=True):
            console.print(page)
    else:
        console.print(page)
    return 0
