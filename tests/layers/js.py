"""Every import the browser client's ES modules make of each other.

``import x from "./a.js"``, ``import { x } from``, ``import * as x from``, ``import "./a.js"``,
``export ... from "./a.js"`` (static, run when the importing script loads) and ``import("./a.js")``
(dynamic, run when called; a template literal imports anything under the folder its literal
prefix names). Scripts are named by their path under the root (``games/index.js``).

A small scanner first blanks out comments, strings, template literals and regular expressions
(keeping every offset and newline), so ``import`` inside them is never taken for an import and
an import's line number is exact.
"""

from __future__ import annotations

import posixpath
import re
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


@cache
def js_imports(root: Path) -> tuple[Import, ...]:
    """Every import of a script under ``root`` by a script under it."""
    found: list[Import] = []
    for path in sorted(root.rglob("*.js")):
        found.extend(script_imports(root, path))
    return tuple(found)


def script_imports(root: Path, path: Path) -> list[Import]:
    source = path.relative_to(root).as_posix()
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
    the root), relative to the root; anything but a relative path is kept as written."""
    if not whole:
        if not specifier.startswith("."):  # no literal prefix: anything at all
            return "."
        specifier = specifier.rpartition("/")[0] or "."  # ./games/w -> ./games
    if not specifier.startswith("."):
        return specifier
    return posixpath.normpath(posixpath.join(posixpath.dirname(source), specifier))


def missing(imports: tuple[Import, ...], root: Path) -> list[str]:
    """One sentence for each import that names no script (or folder) under ``root``."""
    return [
        f"{found.where()}: {found.statement} names {found.target}, which is not a "
        f"{'folder' if found.anything_under else 'script'} under {root.name}/ (imports are "
        "relative paths to the client's own scripts)."
        for found in imports
        if found.target.startswith("..")
        or not (root / found.target).exists()
        or (root / found.target).is_dir() != found.anything_under
    ]


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
