"""Spell layouts: one per choice of cards, none lost."""

from __future__ import annotations

from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from crafthall.games.evocabulary.spells import layouts

FACES = ["a", "e", "t", "s", "th", "?"]


@settings(max_examples=60, deadline=None)
@given(
    word=st.text(alphabet="aets", min_size=3, max_size=7),
    hand=st.lists(st.sampled_from(FACES), max_size=7),
    kept=st.lists(st.sampled_from(FACES), max_size=3),
    need_hand=st.booleans(),
)
def test_one_layout_per_choice_of_cards_and_none_lost(
    word: str, hand: list[str], kept: list[str], need_hand: bool
) -> None:
    sources = {"": Counter(hand), "@": Counter(kept)}
    every = [tuple(sorted(layout)) for layout in layouts(word, sources, need_hand, False)]
    distinct = [tuple(sorted(layout)) for layout in layouts(word, sources, need_hand)]
    assert len(distinct) == len(set(distinct))
    assert set(distinct) == set(every)


def test_three_wilds_in_a_long_word_stay_few() -> None:
    sources = {"": Counter({"t": 2, "e": 1, "?": 3, "n": 1, "a": 1, "i": 1, "v": 1})}
    sources["@"] = Counter({"t": 1, "e": 1})
    every = sum(1 for _ in layouts("tentative", sources, True, False))
    distinct = sum(1 for _ in layouts("tentative", sources, True))
    assert (every, distinct) == (710, 101)
