"""Each game's rules page: its Markdown text, and the players' page the browser shows (beside
the tutorials, the other way to learn a game).

The pages are written once, in the repository's ``docs/rules/``. A built package carries a
copy of them in ``crafthall/_rules/`` (``setup.py`` copies them at build time); a checkout or
an editable install reads ``docs/rules/`` itself. A game without a page there (a new one)
shows the ``rulebook.md`` of its own folder. The terminal (``crafthall rules``) draws the
Markdown; the server (``/rules/GAME``) shows :func:`players_page`.

Each game's page is checked by ``tests/cli/test_rules.py``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any, cast

from markdown_it import MarkdownIt
from markdown_it.renderer import RendererHTML
from markdown_it.rules_core import StateCore
from markdown_it.token import Token

from crafthall.engine.errors import SetupError
from crafthall.games import entry
from crafthall.games import folder as folder_of

PACKAGE = Path(__file__).resolve().parent.parent
PLACES = (PACKAGE / "_rules", PACKAGE.parent / "docs" / "rules")
"""Where the pages are looked for: the built package's copy, then the checkout's folder."""

INTERPRETATIONS = "Interpretations"
READING = "How this table reads the rules"
"""The players' name for a page's Interpretations."""

FOR_PROGRAMS = re.compile(
    r"^(actions?\b|action format|fixed set-up|in the terminal)|\bviews?\b|\bsearch\b|\bprograms?\b",
    re.IGNORECASE,
)
"""Headings of the sections written for programs and the terminal (the action format, the
view's keys, search hooks, fixed set-ups): the players' page folds them away at its end."""

COMPONENTS = re.compile(r"^components\b", re.IGNORECASE)
CODE_REMARK = re.compile(r"\s*\([^()]*`[^()]*\)")


def rules_page(game: str) -> str:
    """The Markdown text of ``game``'s rules page."""
    name = entry(game).game.name  # an unknown game is refused with the list of known ones
    for place in PLACES:
        page = place / f"{name}.md"
        if page.is_file():
            return page.read_text(encoding="utf-8")
    own = folder_of(name) / "rulebook.md"
    if own.is_file():
        return own.read_text(encoding="utf-8")
    raise SetupError(f"The rules page of {name} is missing from this installation.")


@dataclass(frozen=True)
class Section:
    id: str
    heading: str
    """The heading as written (Markdown)."""
    html: str
    """The section's body, its heading left out."""

    @property
    def heading_html(self) -> str:
        """The heading shown to players: without a remark in brackets that names a file or an
        option ("Components (designed; see `...components.json`)" reads "Components")."""
        return str(MD.renderInline(CODE_REMARK.sub("", self.heading)))


@dataclass(frozen=True)
class PlayersPage:
    """A rules page cut up for players: the lead, the sections of play in the page's order,
    the Interpretations, and the sections for programs."""

    game: str
    title: str
    lead: str
    sections: tuple[Section, ...]
    interpretations: str
    programs: tuple[Section, ...]

    @property
    def components_after(self) -> str | None:
        """The id of the section after which the components are drawn: the Components
        section (else none: they follow the lead)."""
        found = [s.id for s in self.sections if COMPONENTS.match(s.heading)]
        return found[0] if found else None


def _markdown() -> MarkdownIt:
    """CommonMark with tables; raw HTML in a page is shown as text, never passed on."""
    md = MarkdownIt("commonmark", {"html": False}).enable("table")
    md.core.ruler.push("local_links", _keep_page_links)
    md.core.ruler.push("aligned_cells", _align_by_class)
    md.add_render_rule("table_open", _open_table)
    md.add_render_rule("table_close", _close_table)
    for rule in ("fence", "code_block"):
        md.add_render_rule(rule, _focusable_code(cast(RendererHTML, md.renderer).rules[rule]))
    return md


def _keep_page_links(state: StateCore) -> None:
    """Links into the repository (``shared/rulebooks/...``, ``crafthall/...``) lead nowhere on
    a served page: they become their text. Links within the page and to the web stay."""
    for block in state.tokens:
        if block.type != "inline" or not block.children:
            continue
        kept: list[Token] = []
        dropped: list[bool] = []  # for each open link, whether it was dropped
        for token in block.children:
            if token.type == "link_open":
                href = str(token.attrGet("href") or "")
                drop = not href.startswith(("#", "http://", "https://"))
                dropped.append(drop)
                if drop:
                    continue
            elif token.type == "link_close" and dropped.pop():
                continue
            kept.append(token)
        block.children = kept


def _align_by_class(state: StateCore) -> None:
    """A column's alignment (``|---:|``) as a class, not an inline style, which the pages'
    Content-Security-Policy refuses."""
    for token in state.tokens:
        style = str(token.attrGet("style") or "")
        if token.type in ("th_open", "td_open") and style.startswith("text-align:"):
            token.attrs.pop("style")
            token.attrSet("class", "align-" + style.removeprefix("text-align:"))


def _open_table(self: object, tokens: list[Token], idx: int, options: object, env: object) -> str:
    # A wide table scrolls inside its own box on a phone; the box takes the focus so that a
    # keyboard can scroll it too.
    return '<div class="rules-table" role="region" aria-label="Table" tabindex="0"><table>\n'


def _close_table(self: object, tokens: list[Token], idx: int, options: object, env: object) -> str:
    return "</table></div>\n"


def _focusable_code(default: Any) -> Any:
    """A block of code keeps its lines and scrolls sideways on a phone: the keyboard reaches it."""

    def render(self: object, tokens: list[Token], idx: int, options: Any, env: Any) -> str:
        return str(default(tokens, idx, options, env)).replace("<pre>", '<pre tabindex="0">', 1)

    return render


MD = _markdown()


def _slug(text: str, taken: set[str]) -> str:
    base = re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-") or "section"
    slug, n = base, 2
    while slug in taken:
        slug, n = f"{base}-{n}", n + 1
    taken.add(slug)
    return slug


def _render(tokens: list[Token], taken: set[str]) -> str:
    """HTML of ``tokens``; each heading gets an id from its words, so that links to a
    section (``#interpretations``) lead to it."""
    for n, token in enumerate(tokens):
        if token.type == "heading_open":
            token.attrSet("id", _slug(tokens[n + 1].content, taken))
    return str(MD.renderer.render(tokens, MD.options, {}))


TERMINAL_LEAD = re.compile(r"^(play it\b|rules version\b)", re.IGNORECASE)
"""Paragraphs of a page's lead written for the terminal and for old records ("Play it:
`crafthall play ...`", "Rules version 3: a record made under version 2 ..."); its blocks of
code are commands too. The players' page moves them to the sections for programs."""

IN_THE_TERMINAL = "Commands to play, and records of earlier rules versions"


def _blocks(tokens: list[Token]) -> list[list[Token]]:
    """``tokens`` cut into their top-level blocks (a paragraph, a list, a block of code)."""
    blocks: list[list[Token]] = []
    depth = 0
    for token in tokens:
        if depth == 0:
            blocks.append([])
        blocks[-1].append(token)
        depth += token.nesting
    return blocks


def _for_the_terminal(block: list[Token]) -> bool:
    if block[0].type in ("fence", "code_block"):
        return True
    return block[0].type == "paragraph_open" and bool(TERMINAL_LEAD.match(block[1].content))


@cache
def players_page(game: str) -> PlayersPage:
    """``game``'s rules page for players: cut at its ``##`` headings into the lead (what comes
    before the first, but its words for the terminal: :data:`TERMINAL_LEAD`), the sections of
    play, the Interpretations and the sections for programs (:data:`FOR_PROGRAMS`)."""
    name = entry(game).game.name
    tokens = MD.parse(rules_page(name))
    starts = [n for n, t in enumerate(tokens) if t.type == "heading_open" and t.tag in ("h1", "h2")]
    parts = [tokens[a:b] for a, b in zip(starts, [*starts[1:], len(tokens)], strict=True)]
    taken = {"interpretations", "for-programs", "rules-board", "contents"}
    lead_tokens = tokens[: starts[0]] if starts else tokens
    if parts and parts[0][0].tag == "h1":  # the page's own title: its lead follows it
        lead_tokens = lead_tokens + parts.pop(0)[3:]
    blocks = _blocks(lead_tokens)
    lead = _render([t for b in blocks if not _for_the_terminal(b) for t in b], taken)
    terminal = [t for b in blocks if _for_the_terminal(b) for t in b]
    sections: list[Section] = []
    programs: list[Section] = []
    if terminal:
        slug = _slug(IN_THE_TERMINAL, taken)
        programs.append(Section(slug, IN_THE_TERMINAL, _render(terminal, taken)))
    interpretations = ""
    for part in parts:
        heading, body = part[1].content, _render(part[3:], taken)
        if heading.strip().lower() == INTERPRETATIONS.lower():
            interpretations = body
        else:
            section = Section(_slug(heading, taken), heading, body)
            (programs if FOR_PROGRAMS.search(heading) else sections).append(section)
    return PlayersPage(
        name, entry(name).game.title, lead, tuple(sections), interpretations, tuple(programs)
    )
