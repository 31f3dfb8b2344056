"""Inflections: which words a word is a plural, a verb form or a comparative of.

The lists take an inflection only with a word it inflects (APPS with APP, CARBS with CARB), so
that no table accepts a plural and refuses its singular.  A word's *bases* are the words of a
given vocabulary it inflects, by lemminflect's lemmas and by English spelling rules: plurals
(BOXES, CITIES, KNIVES, ANALYSES, MATRICES), verb forms (MAXED, SHIPPING, MIMICKED, DYING) and
comparatives of adjectives (TRUER, HAPPIEST).  A word lemminflect knows as a lemma of its own
(NEWS, SCISSORS), an UN- participle (UNCHARGED: un + charged, not a form of "uncharge") and a
field in -ICS (GENOMICS) inflect nothing; so do the words of ``data/not_inflections.tsv``, which
only look like inflections (AIRWAVES, DURING, METHINKS): words in their own right.
"""

from __future__ import annotations

from collections.abc import Collection, Container, Iterable
from functools import cache

import lemminflect

from crafthall.lexicon.families import read_data

PLURAL, VERB, COMPARATIVE, SUPERLATIVE = "plural", "verb", "comparative", "superlative"
# (ending, what the base ends with instead, which inflection it is)
ENDINGS: tuple[tuple[str, tuple[str, ...], str], ...] = (
    ("s", ("",), PLURAL),
    ("es", ("",), PLURAL),  # only after a sibilant or an O: see candidates()
    ("ies", ("y", "ey"), PLURAL),
    ("ves", ("f", "fe"), PLURAL),
    ("ses", ("sis",), PLURAL),
    ("ices", ("ex", "ix"), PLURAL),
    ("ae", ("a",), PLURAL),
    ("eaux", ("eau",), PLURAL),
    ("ed", ("", "e"), VERB),
    ("ied", ("y", "ey"), VERB),
    ("cked", ("c",), VERB),
    ("ing", ("", "e"), VERB),
    ("ying", ("ie",), VERB),
    ("cking", ("c",), VERB),
    ("er", ("", "e"), COMPARATIVE),
    ("ier", ("y", "ey"), COMPARATIVE),
    ("est", ("", "e"), SUPERLATIVE),
    ("iest", ("y", "ey"), SUPERLATIVE),
)
# Endings after which a base may have doubled its last consonant (SHIPPED, BIGGER).
DOUBLING = frozenset({"ed", "ing", "er", "est"})


@cache
def candidates(word: str) -> tuple[tuple[str, str], ...]:
    """(base, the inflection ``word`` would be of it) pairs, by spelling alone (not checked)."""
    found: dict[str, str] = {}
    for ending, replacements, kind in ENDINGS:
        stem = word.removesuffix(ending)
        if stem == word or len(stem) < 2 or (ending == "s" and word.endswith("ss")):
            continue  # GLASS is no plural of GLAS
        if ending == "es" and not stem.endswith(("s", "x", "z", "ch", "sh", "o")):
            continue  # CRAPES is no plural of CRAP
        bases = [stem + replacement for replacement in replacements]
        if ending in DOUBLING and len(stem) > 2 and stem[-1] == stem[-2] not in "aeiouy":
            bases.append(stem[:-1])
        for base in bases:
            found.setdefault(base, kind)
    found.pop(word, None)
    return tuple(found.items())


@cache
def _lemmas(word: str) -> dict[str, tuple[str, ...]]:
    return dict(lemminflect.getAllLemmas(word))


def is_own_lemma(word: str) -> bool:
    """True if lemminflect knows ``word`` as a lemma (NEWS, SCISSORS, BORDER)."""
    return any(word in forms for forms in _lemmas(word).values())


def _is_adjective(word: str) -> bool:
    return word in _lemmas(word).get("ADJ", ())


@cache
def not_inflections() -> frozenset[str]:
    """The words that only look like inflections (``data/not_inflections.tsv``)."""
    return frozenset(line.split("\t", 1)[0] for line in read_data("not_inflections.tsv"))


def bases(word: str, known: Container[str]) -> frozenset[str]:
    """The words of ``known`` that ``word`` is an inflection of (empty for none): lemminflect's
    lemmas of a word it knows (SPICED is of SPICE, not SPIC), else by spelling (APPS, CARBS)."""
    if is_own_lemma(word) or word in not_inflections() or word.endswith("ics"):
        return frozenset()
    if word.startswith("un") and word.endswith(("ed", "ing", "en")) and word[2:] in known:
        return frozenset()  # UNCHARGED is un + charged
    found = {lemma for forms in _lemmas(word).values() for lemma in forms}
    if not found:
        ruled = candidates(word)
        found = {base for base, kind in ruled if _can_inflect(word, base, kind, known)}
    return frozenset(base for base in found if base != word and base in known)


def spelled_bases(word: str, known: Container[str]) -> frozenset[str]:
    """Every word of ``known`` that ``word`` may be an inflection of, by lemminflect or by
    spelling (EERIER of EERIE, though lemminflect names only EERY): any will do as its base."""
    ruled = candidates(word)
    found = (base for base, kind in ruled if _can_inflect(word, base, kind, known))
    return bases(word, known) | frozenset(base for base in found if base in known)


def _can_inflect(word: str, base: str, kind: str, known: Container[str]) -> bool:
    """A word in -ER or -EST is a degree of an adjective, or of a base whose other degree is
    known too (SHITTIER, SHITTIEST): HOSIER and BORDER are nouns."""
    if kind == COMPARATIVE:
        return _is_adjective(base) or f"{word[:-1]}st" in known
    if kind == SUPERLATIVE:
        return _is_adjective(base) or f"{word[:-2]}r" in known
    return True


def missing_bases(
    words: Collection[str], known: Container[str], among: Iterable[str] | None = None
) -> dict[str, frozenset[str]]:
    """Each word (of ``among``, default all of ``words``) that inflects words of ``known`` of
    which ``words`` holds none, with those bases."""
    missing = {}
    for word in words if among is None else among:
        found = bases(word, known)
        if found and spelled_bases(word, known).isdisjoint(words):
            missing[word] = found
    return missing
