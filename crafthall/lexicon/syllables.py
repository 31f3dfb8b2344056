"""Syllable counts: the CMU Pronouncing Dictionary first, then rules.

``data/syllables.tsv.gz`` (built by ``scripts/build_lexicon.py`` from the CMU Pronouncing
Dictionary, restricted to the large word list) gives, for each word, the syllable count of
CMU's first-listed pronunciation followed by the other counts its other pronunciations have
(``every`` -> 3, 2).  :func:`count_syllables` returns the first, the usual pronunciation;
:func:`syllable_counts` returns them all, for games that accept any dictionary pronunciation.

For a word CMU lacks:

1. an inflection or derivation of a word whose count is known: count the base and add what
   the suffix adds (BIKERS = BIKER = BIKE + 1; -ing +1; -ed +1 only after t/d; -es +1 only
   after a sibilant; -ness, -ful, -ly +1; -able, -ity, -ation +2; ...) or the prefix adds;
2. otherwise, count the vowel groups, with corrections for a silent final e, -ed and -es.
"""

from __future__ import annotations

import gzip
import re
from functools import cache
from importlib import resources

import lemminflect

VOWEL_GROUP = re.compile(r"[aeiouy]+")
SIBILANT_ENDINGS = ("s", "x", "z", "ch", "sh", "ce", "ge", "se", "ze")
MAX_RULE_DEPTH = 3

# (suffix, syllables it adds, how the base is spelt before it: (ending to replace, with))
SUFFIX_RULES: tuple[tuple[str, int, tuple[tuple[str, str], ...]], ...] = (
    ("ness", 1, (("i", "y"),)),
    ("ment", 1, ()),
    ("ful", 1, (("i", "y"),)),
    ("fully", 2, (("i", "y"),)),
    ("less", 1, (("i", "y"),)),
    ("ship", 1, ()),
    ("hood", 1, (("i", "y"),)),
    ("ably", 2, (("", "e"),)),
    ("able", 2, (("", "e"), ("i", "y"))),
    ("ible", 2, (("", "e"),)),
    ("ity", 2, (("", "e"),)),
    ("ation", 2, (("", "e"),)),
    ("ism", 2, (("", "e"),)),
    ("ist", 1, (("", "e"),)),
    ("ize", 1, (("", "e"),)),
    ("ise", 1, (("", "e"),)),
    ("ish", 1, (("", "e"),)),
    ("ous", 1, (("", "e"),)),
    ("ly", 1, (("i", "y"),)),
    ("er", 1, (("", "e"), ("i", "y"))),
    ("ers", 1, (("", "e"), ("i", "y"))),
    ("est", 1, (("", "e"), ("i", "y"))),
    ("ing", 1, (("", "e"),)),
    ("ings", 1, (("", "e"),)),
    ("y", 1, (("", "e"),)),
)
PREFIX_RULES: tuple[tuple[str, int], ...] = (
    ("un", 1),
    ("re", 1),
    ("dis", 1),
    ("mis", 1),
    ("non", 1),
    ("pre", 1),
    ("over", 2),
    ("under", 2),
    ("out", 1),
    ("anti", 2),
    ("super", 2),
    ("inter", 2),
    ("sub", 1),
)


CMU_GAPS: dict[str, tuple[int, ...]] = {
    "simile": (3,),
    "similes": (3,),
    "tamale": (3,),
    "tamales": (3,),
}
"""Words CMU lacks whose final E is sounded, where the silent-E rule would miscount."""


@cache
def _cmu() -> dict[str, tuple[int, ...]]:
    path = resources.files("crafthall.lexicon") / "data" / "syllables.tsv.gz"
    table: dict[str, tuple[int, ...]] = {}
    for line in gzip.decompress(path.read_bytes()).decode("utf-8").splitlines():
        word, _, counts = line.partition("\t")
        table[word] = tuple(int(n) for n in counts.split(","))
    return {**CMU_GAPS, **table}


def warm() -> None:
    """Load the pronunciations and the lemmatiser's tables now (half a second or more of CPU),
    not in the middle of whatever move first asks about a word."""
    _cmu()
    lemminflect.getAllLemmas("warming")


def syllable_counts(word: str) -> tuple[int, ...]:
    """Every syllable count of the (lowercase) word, the usual one first."""
    word = word.lower()
    known = _cmu().get(word)
    if known is not None:
        return known
    return (_estimate(word, MAX_RULE_DEPTH),)


def count_syllables(word: str) -> int:
    """The syllable count of the usual pronunciation of the word (at least 1 for a word)."""
    return syllable_counts(word)[0]


def _known_or_ruled(word: str, depth: int) -> int | None:
    """The count of a word from CMU or (depth permitting) the affix rules, else None."""
    known = _cmu().get(word)
    if known is not None:
        return known[0]
    if depth <= 0:
        return None
    return _by_rules(word, depth - 1)


def _inflection_delta(word: str, lemma: str) -> int:
    if word.endswith("ing"):
        return 1
    if word.endswith("ed") and not lemma.endswith("ed"):
        return 1 if lemma.endswith(("t", "d", "te", "de")) else 0
    if word.endswith("es") and not lemma.endswith("es"):
        return 1 if lemma.endswith(SIBILANT_ENDINGS) else 0
    if word.endswith(("er", "est")) and not lemma.endswith(("er", "est")):
        return 1
    return 0


def _by_rules(word: str, depth: int) -> int | None:
    for forms in lemminflect.getAllLemmas(word).values():
        for lemma in forms:
            if lemma != word and len(lemma) < len(word):
                base = _known_or_ruled(lemma, depth)
                if base is not None:
                    return base + _inflection_delta(word, lemma)
    if word.endswith(("ies", "ied")):  # majesties, tidied: the y of the base became ie
        base = _known_or_ruled(word[:-3] + "y", depth)
        if base is not None:
            return base
    if word.endswith("s") and not word.endswith("ss"):
        for base_word, extra in ((word[:-1], 0), (word[:-2], 1)):
            if base_word.endswith(SIBILANT_ENDINGS) != bool(extra) and extra:
                continue
            base = _known_or_ruled(base_word, depth)
            if base is not None and (extra == 0 or word.endswith("es")):
                return base + extra
    for suffix, added, respell in SUFFIX_RULES:
        if not word.endswith(suffix) or len(word) - len(suffix) < 3:
            continue
        stem = word[: -len(suffix)]
        candidates = [stem]
        candidates += [
            stem[: len(stem) - len(old)] + new for old, new in respell if stem.endswith(old)
        ]
        if len(stem) >= 3 and stem[-1] == stem[-2] and stem[-1] not in "aeiousl":
            candidates.append(stem[:-1])  # runn-ing
        for candidate in candidates:
            base = _known_or_ruled(candidate, depth)
            if base is not None:
                if suffix in ("ed",) and not candidate.endswith(("t", "d")):
                    return base
                return base + added
    for prefix, added in PREFIX_RULES:
        if word.startswith(prefix) and len(word) - len(prefix) >= 3:
            base = _known_or_ruled(word[len(prefix) :], depth)
            if base is not None:
                return base + added
    return None


def _estimate(word: str, depth: int) -> int:
    ruled = _by_rules(word, depth)
    if ruled is not None:
        return ruled
    return vowel_group_count(word)


def vowel_group_count(word: str) -> int:
    """Syllables by counting vowel groups, with the commonest English corrections."""
    letters = re.sub(r"[^a-z]", "", word.lower())
    if not letters:
        return 0
    count = len(VOWEL_GROUP.findall(letters))
    if letters.endswith("e") and not letters.endswith(("le", "ee", "ye")) and count > 1:
        count -= 1  # silent final e: bike, hope
    elif letters.endswith("le") and len(letters) > 2 and letters[-3] in "aeiouy" and count > 1:
        count -= 1  # whole, smile
    if letters.endswith("ed") and not letters.endswith(("ted", "ded", "ied")) and count > 1:
        count -= 1  # jumped
    if (
        letters.endswith("es")
        and not letters.endswith(("ses", "xes", "zes", "ches", "shes", "ces", "ges", "ies"))
        and count > 1
    ):
        count -= 1  # bikes
    # vowel pairs that are usually two syllables: ia (media), io (radio), eo (video)
    count += len(re.findall(r"[^aeiou](ia|io|eo|ua|uo)(?!n$|us$)", letters))
    if letters.startswith(("re", "pre", "de")) and len(letters) > 3 and letters[2:3] in "aeiou":
        count += 1  # reuse, preamble
    return max(count, 1)
