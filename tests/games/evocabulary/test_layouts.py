"""Spell layouts: one per choice of cards, none lost."""

from __future__ import annotations

from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from crafthall.games.evocabulary.spells import canonical_layout, is_change, layouts

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


@settings(max_examples=150, deadline=None)
@given(
    word=st.text(alphabet="aetsr", min_size=3, max_size=7),
    hand=st.lists(st.sampled_from([*FACES, "r", "er", "st", "es"]), max_size=8),
    kept=st.lists(st.sampled_from(FACES), max_size=3),
    locked=st.lists(st.sampled_from(["a", "e", "?"]), max_size=2),
    modify=st.booleans(),
)
def test_the_canonical_layout_is_a_valid_layout_with_fewest_wilds(
    word: str, hand: list[str], kept: list[str], locked: list[str], modify: bool
) -> None:
    """It exists exactly when some layout keeps the rules, is one of them, and no layout
    keeping them uses fewer wilds."""
    sources = {"": Counter(hand), "=": Counter(locked)}
    change = None
    if modify:
        sources["@"] = Counter(kept)
        change = len(kept)
    valid = [
        layout
        for layout in layouts(word, sources, not modify, distinct=False)
        if change is None or is_change(layout, change)
    ]
    found = canonical_layout(word, sources, not modify, change)
    assert (found is None) == (not valid)
    if found is not None:
        assert found in valid

        def wilds(layout: list[str]) -> int:
            return sum(1 for token in layout if "?" in token)

        assert wilds(found) == min(map(wilds, valid))


def test_the_canonical_layout_prefers_locked_then_kept_then_hand_and_saves_wilds() -> None:
    sources = {"": Counter(["s", "t", "a", "st"]), "@": Counter(["a"]), "=": Counter(["t"])}
    assert canonical_layout("stat", sources, False) == ["s", "=t", "@a", "t"]
    assert canonical_layout("stat", {"": Counter(["st", "a", "?"])}, True) == ["st", "a", "?t"]
    assert canonical_layout("quit", {"": Counter(["qu", "i", "t"])}, True) == ["qu", "i", "t"]
    assert canonical_layout("tsar", {"": Counter(["t", "s", "a", "?"])}, True) == [
        "t",
        "s",
        "a",
        "?r",
    ]
