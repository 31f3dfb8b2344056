"""The word caches of a dictionary's tables stay at their bounds however many different words
a long-lived process meets (a worker plays game after game), and a word pushed out is worked
out again to the same answer."""

from __future__ import annotations

from itertools import combinations

from crafthall.games.wordcraft.words import (
    _FAMILIES_KEPT,
    _FILED_KEPT,
    FILED,
    dictionary_words,
)
from crafthall.lexicon import load
from crafthall.lexicon.families import LEMMAS_KEPT, FamilyResolver, lemmas


def test_families_and_derivatives_stay_at_their_bound() -> None:
    table = dictionary_words(load("standard"))
    words = [str(word) for word in table.spelled[: _FAMILIES_KEPT + 300]]
    first_family, first_stems = table.family(words[0]), table.derivatives(words[0])
    for word in words:
        table.family(word)
        table.derivatives(word)
    assert table._families.cache_info().currsize == _FAMILIES_KEPT
    assert table._derivatives.cache_info().currsize == _FAMILIES_KEPT
    # the first word was pushed out: worked out again, the same
    misses = table._families.cache_info().misses
    assert table.family(words[0]) == first_family
    assert table._families.cache_info().misses == misses + 1
    assert table.derivatives(words[0]) == first_stems


def test_the_filings_stay_at_their_bound() -> None:
    table = dictionary_words(load("standard"))
    bits = [1 << bit for bit in range(26) if FILED & (1 << bit)]
    keys = [sum(chosen) for size in (3, 4) for chosen in combinations(bits, size)]
    assert len(keys) > _FILED_KEPT
    for key in keys:
        rows, needs = table._filed_under(key)
        assert not (needs & (FILED & ~key)).any()
        assert len(rows) == len(needs)
    assert table._filed.cache_info().currsize == _FILED_KEPT


def test_lemmas_and_worked_out_roots_stay_at_their_bound() -> None:
    words = [str(word) for word in dictionary_words(load("standard")).spelled]
    made_up = [f"{word}zz" for word in words]  # outside any table: roots are worked out
    for word in (words + made_up)[: LEMMAS_KEPT + 300]:
        lemmas(word)
    assert lemmas.cache_info().currsize == LEMMAS_KEPT
    assert "tree" in lemmas("trees")
    resolver = FamilyResolver(frozenset(), table={})
    size = resolver._worked_out.cache_info().maxsize
    assert size is not None
    for word in made_up[: size + 50]:
        assert word in resolver.roots(word)
    assert resolver._worked_out.cache_info().currsize == size
