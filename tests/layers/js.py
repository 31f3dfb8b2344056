"""Every import the browser's ES modules make of each other: the client's scripts and the
games' boards.

``import x from "./a.js"``, ``import { x } from``, ``import * as x from``, ``import "./a.js"``,
``export ... from "./a.js"`` (static, run when the importing script loads) and ``import("./a.js")``
(dynamic, run when called; a template literal imports anything under the folder its literal
prefix names). A client script is named by its path under the client's folder (``table.js``); a
game's board by its path under the package (``games/wordcraft/board.js``). A board imports the
client's scripts by the URL the server gives them (``/static/js/dom.js`` is ``dom.js``), and a
board's URL (``/games/enchanted-grid/board.js``) names its file (``games/enchanted_grid/board.js``).

A small scanner first blanks out comments, strings, template literals and regular expressions
(keeping every offset and newline), so ``import`` inside them is never taken for an import and
an import's line number is exact.
"""

from __future__ import annotations

import posixpath
import re
from collections.abc import Iterable
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from tests.layers.graph import Import

STATIC = re.compile(r"^[ \t]*(?:import|export)\b(?![ \t]*[(.])", re.MULTILINE)
CLAUSE = re.compile(r"\s*(?:[\w$\s{},*]*\bfrom\s*)?")
"""What may stand between ``import``/``export`` and the string naming the module."""
DYNAMIC = re.compile(r"(?<![\w$.])import\s*\(\s*")

SPECIAL = re.compile(r"//|/\*|[/'\"`{}]")
STRING = {quote: re.compile(rf"{quote}(?:[^{quote}\\\n]|\\.)*{quote}?") for quote in "'\""}
TEMPLATE_TEXT = re.compile(r"(?:[^`\\$]|\\.|\$(?!\{))*(`|\$\{)?", re.DOTALL)
REGEX = re.compile(r"/(?:[^/\\\[\n]|\\.|\[(?:[^\]\\\n]|\\.)*\])*/[a-z]*")
REGEX_AFTER = set("(,=:[!&|?{};+-*%<>~^")
REGEX_AFTER_WORDS = {"return", "typeof", "case", "do", "else", "in", "of", "new", "delete"}
REGEX_AFTER_WORDS |= {"void", "throw", "yield", "await", "instanceof"}


@dataclass(frozen=True)
class Literal:
    """A string or template literal: where it starts and ends, and its text (a template's up
    to its first ``${``, ``whole`` False)."""

    start: int
    end: int
    text: str
    whole: bool


CLIENT_URL = "/static/js/"
"""Where the server serves the client's scripts: a board imports them by this URL."""
BOARD_URL = re.compile(r"/games/([^/]+)/(.+)")
"""Where the server serves a game's board: ``/games/<name>/board.js``."""


def scripts(client: Path, package: Path | None = None) -> dict[Path, str]:
    """Each script a page may load, with its name: the client's under ``client`` and, with
    the ``package``, each game's board (``games/<folder>/board.js``)."""
    found = {path: path.relative_to(client).as_posix() for path in sorted(client.rglob("*.js"))}
    if package is not None:
        for path in sorted(package.glob("games/*/board.js")):
            found[path] = path.relative_to(package).as_posix()
    return found


@cache
def js_imports(client: Path, package: Path | None = None) -> tuple[Import, ...]:
    """Every import made by a script of :func:`scripts`."""
    found: list[Import] = []
    for path, name in scripts(client, package).items():
        found.extend(script_imports(name, path))
    return tuple(found)


def script_imports(source: str, path: Path) -> list[Import]:
    """The imports the script named ``source`` (its file at ``path``) makes."""
    text = path.read_text(encoding="utf-8")
    masked, literals = scan(text)
    starts = {literal.start: literal for literal in literals}
    found: list[Import] = []

    def add(at: int, literal: Literal | None, lazy: str) -> None:
        specifier, whole = (literal.text, literal.whole) if literal else ("", False)
        line = masked.count("\n", 0, at) + 1
        end = literal.end if literal and not lazy else after(text, "\n", at, keep=True)
        statement = " ".join(text[at:end].split()).rstrip(";")
        target = resolve(source, specifier, whole)
        found.append(Import(path, line, source, target, statement, lazy, not whole))

    for match in STATIC.finditer(masked):
        literal = next((lit for lit in literals if lit.start >= match.end()), None)
        if literal and literal.whole and CLAUSE.fullmatch(masked, match.end(), literal.start):
            add(match.start(), literal, "")
    for match in DYNAMIC.finditer(masked):
        add(match.start(), starts.get(match.end()), "a dynamic import()")
    return found


def resolve(source: str, specifier: str, whole: bool) -> str:
    """The script a specifier names (for a prefix, the folder it names; for no prefix at all,
    anything: ``.``), by its name (see the module's docstring); anything else is kept as
    written."""
    if not whole:
        if not specifier.startswith((".", "/")):  # no literal prefix: anything at all
            return "."
        specifier = specifier.rpartition("/")[0] + "/"  # ./games/w -> ./games/
    if specifier.startswith(CLIENT_URL):
        return specifier.removeprefix(CLIENT_URL) or "."
    board = BOARD_URL.fullmatch(specifier)
    if board:
        return f"games/{board.group(1).replace('-', '_')}/{board.group(2)}"
    if not specifier.startswith("."):
        return specifier
    return posixpath.normpath(posixpath.join(posixpath.dirname(source), specifier))


def missing(imports: tuple[Import, ...], names: Iterable[str]) -> list[str]:
    """One sentence for each import that names none of the scripts ``names`` (or, for an
    import known only by a prefix, no folder of theirs)."""
    known = set(names)
    folders = {".", *(folder for name in known for folder in _folders(name))}
    return [
        f"{found.where()}: {found.statement} names {found.target}, which is not a "
        f"{'folder of scripts' if found.anything_under else 'script'} a page loads (a client "
        f"script imports another by its relative path, a board by its URL, {CLIENT_URL}...)."
        for found in imports
        if found.target not in (folders if found.anything_under else known)
    ]


def _folders(name: str) -> list[str]:
    """The folders a script's name lies in: ``games/wordcraft/board.js`` lies in ``games``
    and ``games/wordcraft``."""
    parts = name.split("/")[:-1]
    return ["/".join(parts[: at + 1]) for at in range(len(parts))]


def scan(source: str) -> tuple[str, list[Literal]]:
    """The source with comments, strings, templates and regular expressions blanked out
    (offsets and newlines kept), and its string and template literals in order."""
    out = list(source)
    literals: list[Literal] = []
    braces: list[int] = []  # for each open ``${`` of a template, the ``{`` open inside it

    def blank(start: int, end: int) -> None:
        for at in range(start, end):
            if out[at] != "\n":
                out[at] = " "

    special = SPECIAL.search(source)
    while special:
        at, token = special.start(), special.group()
        end = at + len(token)
        if token == "//":
            end = after(source, "\n", at, keep=True)
            blank(at, end)
        elif token == "/*":
            end = after(source, "*/", at + 2)
            blank(at, end)
        elif token in STRING:
            string = STRING[token].match(source, at)
            assert string is not None
            end = string.end()
            literals.append(Literal(at, end, source[at + 1 : end - 1], whole=True))
            blank(at + 1, end - 1)
        elif token == "`" or (token == "}" and braces and braces[-1] == 0):
            if token == "}":
                braces.pop()
            text = TEMPLATE_TEXT.match(source, end)
            assert text is not None
            closer = text.group(1) or ""
            if token == "`":
                value = source[end : text.end() - len(closer)]
                literals.append(Literal(at, text.end(), value, whole=closer != "${"))
            blank(end, text.end() - len(closer))
            if closer == "${":
                braces.append(0)
            end = text.end()
        elif token in "{}":
            if braces:
                braces[-1] += 1 if token == "{" else -1
        elif regex_may_start(out, at):
            regex = REGEX.match(source, at)
            end = regex.end() if regex else end
            blank(at + 1, end - 1)
        special = SPECIAL.search(source, end)
    return "".join(out), literals


def after(source: str, end_mark: str, start: int, keep: bool = False) -> int:
    """Where the first ``end_mark`` from ``start`` ends (begins, if ``keep``), or the end."""
    found = source.find(end_mark, start)
    if found < 0:
        return len(source)
    return found if keep else found + len(end_mark)


def regex_may_start(out: list[str], at: int) -> bool:
    """Whether a ``/`` at ``at`` begins a regular expression rather than a division: it does
    after an operator, an opening bracket, a comma or a keyword such as ``return``."""
    before = "".join(out[max(0, at - 40) : at]).rstrip()
    word = re.search(r"[\w$]+$", before)
    if word:
        return word.group() in REGEX_AFTER_WORDS
    return not before or before[-1] in REGEX_AFTER
