"""``crafthall rules GAME``: a game's rules page, drawn in the terminal (the page itself is
found by :func:`crafthall.tutorial.rules_pages.rules_page`, which the server's rules pages share).
"""

from __future__ import annotations

import os

from rich.console import Console
from rich.markdown import Markdown

from crafthall.tutorial.rules_pages import rules_page


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
