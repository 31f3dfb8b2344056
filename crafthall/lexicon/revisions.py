"""Numbered revisions of the bundled word lists, so that every earlier revision can be rebuilt.

A match record pins its dictionary's content hash, and a record replays only with the words it
was played with.  So the bundled lists never change in place: the files in ``data/`` are the
newest revision, and each revision ``N`` (from 1) is kept as ``data/revisions/N.tsv.gz``, the
lines each data file of :data:`REVISED_FILES` gained and lost at revision ``N``, one a line::

    common.txt.gz<TAB>+<TAB>app
    common.txt.gz<TAB>-<TAB>prithee
    families.tsv.gz<TAB>-<TAB>truth<TAB>truthful

Undoing the edits of revisions ``REVISION`` down to ``N + 1`` gives the data as it was at
revision ``N``; revision 0 is the data as first shipped.  ``data/revisions/notes.tsv`` says
what each revision changed and why.  ``scripts/build_lexicon.py --revision-note`` writes a new
revision when a build changes the data; the newest revision loads as fast as ever (no edit is
read), an earlier one reads the edits of every later one.
"""

from __future__ import annotations

import gzip
from functools import cache
from importlib import resources
from importlib.resources.abc import Traversable

from crafthall.lexicon.errors import LexiconError

REVISIONS_DIR = "revisions"
REVISED_FILES: tuple[str, ...] = (
    *(f"{size}{kind}" for size in ("common", "standard", "large") for kind in (
        ".txt.gz", ".extra.txt.gz", ".adult.txt.gz"
    )),
    "spellings.tsv.gz", "offensive.tsv.gz", "families.tsv.gz",
)  # fmt: skip
"""The data files a word list is read with: its words, spellings, offensive words and families."""
ADDED, REMOVED = "+", "-"


def _data_dir() -> Traversable:
    return resources.files("crafthall.lexicon") / "data"


def _revision_numbers() -> list[int]:
    folder = _data_dir() / REVISIONS_DIR
    if not folder.is_dir():
        return []
    names = (entry.name.removesuffix(".tsv.gz") for entry in folder.iterdir())
    return sorted(int(name) for name in names if name.isdigit())


REVISION: int = max(_revision_numbers(), default=0)
"""The newest revision: the one the files in ``data/`` hold, and new tables play with."""


def read_lines(data: bytes, source: str) -> list[str]:
    """The lines of a word-list file's bytes (gzip is fine), or a sentence saying what is wrong."""
    if data[:2] == b"\x1f\x8b":
        try:
            data = gzip.decompress(data)
        except (OSError, EOFError) as error:
            raise LexiconError(f"Word list {source} is not a valid gzip file ({error}).") from error
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        raise LexiconError(
            f"Word list {source} is not UTF-8 text (byte {error.start} is invalid): "
            "save it as UTF-8 with one word per line."
        ) from error
    return text.splitlines()


def check_revision(revision: int) -> None:
    """Refuse a revision the bundled data does not have, saying which ones it has."""
    if not 0 <= revision <= REVISION:
        raise LexiconError(
            f"The bundled word lists have revisions 0 to {REVISION}, not {revision}: records "
            "pin their list's hash, and the newest revision is the default."
        )


def data_lines(filename: str, revision: int | None = None) -> list[str]:
    """The non-empty lines of a bundled data file at ``revision`` (default: the newest).

    A missing file says how to get it back."""
    resource = _data_dir() / filename
    try:
        data = resource.read_bytes()
    except (FileNotFoundError, NotADirectoryError) as error:
        raise LexiconError(
            f"The bundled word list file {filename} is missing from "
            "crafthall/lexicon/data: reinstall crafthall, or rebuild the lists with "
            "scripts/build_lexicon.py."
        ) from error
    lines = [line for line in read_lines(data, filename) if line]
    if revision is None or revision == REVISION:
        return lines
    check_revision(revision)
    kept = set(lines)
    for number in range(REVISION, revision, -1):
        added, removed = edits(number).get(filename, ((), ()))
        kept.difference_update(added)
        kept.update(removed)
    return sorted(kept)


@cache
def edits(revision: int) -> dict[str, tuple[frozenset[str], frozenset[str]]]:
    """File name -> (lines added, lines removed) at ``revision`` (from 1)."""
    path = _data_dir() / REVISIONS_DIR / f"{revision}.tsv.gz"
    found: dict[str, tuple[set[str], set[str]]] = {}
    for line in read_lines(path.read_bytes(), path.name):
        filename, change, text = line.split("\t", 2)
        added, removed = found.setdefault(filename, (set(), set()))
        (added if change == ADDED else removed).add(text)
    return {name: (frozenset(a), frozenset(r)) for name, (a, r) in found.items()}


def edit_lines(filename: str, before: list[str], after: list[str]) -> list[str]:
    """The lines of a revision file recording how ``filename`` went from ``before`` to
    ``after`` (for the build script)."""
    old, new = set(before), set(after)
    return [
        *(f"{filename}\t{ADDED}\t{line}" for line in sorted(new - old)),
        *(f"{filename}\t{REMOVED}\t{line}" for line in sorted(old - new)),
    ]
