"""The common list (Enchanted Grid claims its words automatically) holds no archaic word: the
words of data/archaic.txt and their inflections leave it, in every spelling and adult choice,
while the standard and large lists keep them."""

from __future__ import annotations

from functools import cache

import pytest

from crafthall.lexicon import SPELLINGS, load
from crafthall.lexicon.families import read_data
from crafthall.lexicon.inflections import bases


@cache
def _archaic() -> frozenset[str]:
    return frozenset(line.split("\t", 1)[0] for line in read_data("archaic.txt"))


@pytest.mark.parametrize("spelling", SPELLINGS)
@pytest.mark.parametrize("adult", [False, True])
def test_no_archaic_word_nor_its_inflection_is_common(spelling: str, adult: bool) -> None:
    common = load("common", spelling=spelling, adult_words=adult)
    words = {*common.words, *common.extra_words}
    known = set(load("large", adult_words=True).words)
    archaic = _archaic()
    assert not words & archaic
    inflected = {word for word in words if (found := bases(word, known)) and found <= archaic}
    assert not inflected


def test_archaic_words_stay_in_the_bigger_lists() -> None:
    standard = load("standard")
    for word in ("prithee", "forsooth", "hath", "thee", "methinks"):
        assert word not in load("common")
        assert word in standard and word in load("large")
    assert standard.contains("o'er", allow_apostrophe=True)


def test_words_with_a_current_sense_stay_common() -> None:
    common = load("common")
    for word in ("thou", "anon", "aught", "nigh", "yore", "wherefore", "twain", "morn"):
        assert word in common


def test_the_archaic_list_names_words_of_the_standard_list() -> None:
    standard = load("standard")
    extra = set(standard.extra_words)
    assert all(word in standard or word in extra for word in _archaic())
