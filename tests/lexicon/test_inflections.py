"""No list takes an inflection without a word it inflects (APPS without APP), in any size,
spelling or adult choice; the only exceptions are documented: the words of
data/not_inflections.tsv (words in their own right) and the words our offensive table keeps
clean for their own sense (CHINKING) while their look-alike base is withheld."""

from __future__ import annotations

from functools import cache

import pytest

from crafthall.lexicon import SIZES, SPELLINGS, load
from crafthall.lexicon.families import read_data
from crafthall.lexicon.inflections import missing_bases, not_inflections
from crafthall.lexicon.wordlist import offensive_words

LIST_OPTIONS = [
    (size, spelling, adult) for size in SIZES for spelling in SPELLINGS for adult in (False, True)
]


@cache
def _known() -> frozenset[str]:
    """Every word a base may be: the large list's, adult words and withheld ones included."""
    return frozenset(load("large", adult_words=True).words) | frozenset(offensive_words())


@cache
def _kept_clean() -> frozenset[str]:
    rows = (line.split("\t") for line in read_data("offensive.tsv"))
    return frozenset(row[0] for row in rows if row[1].strip() == "clean")


@pytest.mark.parametrize(("size", "spelling", "adult"), LIST_OPTIONS)
def test_every_inflection_comes_with_a_word_it_inflects(
    size: str, spelling: str, adult: bool
) -> None:
    words = frozenset(load(size, spelling=spelling, adult_words=adult).words)
    lacking = missing_bases(words, _known())
    undocumented = {w: sorted(found) for w, found in lacking.items() if w not in _kept_clean()}
    first = dict(sorted(undocumented.items())[:20])
    assert not undocumented, f"inflections without a word they inflect: {first}"


def test_the_detector_reads_plurals_verb_forms_and_comparatives() -> None:
    known = {"app", "box", "city", "knife", "analysis", "max", "ship", "stop", "happy", "true"}
    assert missing_bases({"apps", "boxes", "cities", "knives", "analyses"}, known) == {
        "apps": {"app"}, "boxes": {"box"}, "cities": {"city"}, "knives": {"knife"},
        "analyses": {"analysis"},
    }  # fmt: skip
    assert set(missing_bases({"maxed", "shipping", "stopped", "happiest", "truer"}, known)) == {
        "maxed", "shipping", "stopped", "happiest", "truer",
    }  # fmt: skip
    assert not missing_bases({"glass", "news", "uncharged", "genomics", "charged"}, {"gla"})


def test_the_cases_that_raised_the_rule_are_settled() -> None:
    for size in SIZES:
        assert "app" in load(size) and "apps" in load(
            size
        )  # a clipping SCOWL filed as an abbreviation
        assert "carb" in load(size)  # a base SCOWL files at a larger size
    assert "fucked" not in load("common")  # an inflection of a vulgar word is adult-only too
    assert load("common").withheld("fucked") == "adult-only"
    assert "fucked" in load("common", adult_words=True)
    assert "licorices" not in load("common", spelling="en-GB")  # its base is spelled LIQUORICE


def test_the_documented_exceptions_are_words_of_the_lists() -> None:
    assert not_inflections() <= _known()
