"""Spell layouts: one per choice of cards, none lost."""

from __future__ import annotations

from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from crafthall.games.evocabulary.spells import Supply, canonical_layout, is_change, layouts

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


def test_repeated_letters_take_each_source_in_turn() -> None:
    """Single cards spelling the word alone: the n-th card showing a letter (locked, then the
    spell's, then the hand's) goes to the n-th place wanting it."""
    sources = {"": Counter("eeir"), "@": Counter("e"), "=": Counter("r")}
    assert canonical_layout("eerie", sources, False, 1) == ["@e", "e", "=r", "i", "e"]
    sources = {"": Counter("ir"), "@": Counter("eee"), "=": Counter("r")}
    assert canonical_layout("eerie", sources, False, 3) == ["@e", "@e", "=r", "i", "@e"]
    # the spell's own cards only, the locked R left out: it drops none, so no change
    assert canonical_layout("eerie", {"": Counter("ir"), "@": Counter("eee")}, False, 4) == [
        "@e",
        "@e",
        "r",
        "i",
        "@e",
    ]


def test_a_start_needs_a_card_from_the_hand_however_the_cards_are_counted() -> None:
    assert canonical_layout("sat", {"=": Counter("sat"), "": Counter("x")}, True) is None
    assert canonical_layout("sat", {"=": Counter("sa"), "": Counter("t")}, True) == [
        "=s",
        "=a",
        "t",
    ]
    # a face held no times is no card
    sources = {"": Counter({"t": 1, "e": 0, "es": 0}), "=": Counter("ee")}
    assert canonical_layout("tee", sources, True) == ["t", "=e", "=e"]


def test_a_wild_standing_for_a_typed_sign_is_read_by_its_source() -> None:
    """A word typed by a player may hold any sign, which a wild then stands for."""
    sources = {"": Counter({"a": 1, "?": 2}), "@": Counter("e")}
    assert canonical_layout("a@e", sources, False, 1) == ["a", "?@", "@e"]
    assert canonical_layout("a@", {"@": Counter({"a": 1, "?": 1})}, False, 2) is None


@settings(max_examples=100, deadline=None)
@given(
    words=st.lists(st.text(alphabet="aetsr", min_size=3, max_size=7), max_size=8),
    hand=st.lists(st.sampled_from([*FACES, "r", "er", "st", "es"]), max_size=8),
    kept=st.lists(st.sampled_from(FACES), max_size=3),
    locked=st.lists(st.sampled_from(["a", "e", "?"]), max_size=2),
    modify=st.booleans(),
)
def test_laying_out_many_words_at_once_gives_each_word_s_own_layout(
    words: list[str], hand: list[str], kept: list[str], locked: list[str], modify: bool
) -> None:
    sources = {"": Counter(hand), "=": Counter(locked)}
    change = None
    if modify:
        sources["@"] = Counter(kept)
        change = len(kept)
    supply = Supply(sources)
    each = [(w, canonical_layout(w, sources, not modify, change)) for w in words]
    assert list(supply.lay_out_each(words, not modify, change)) == [
        (word, layout) for word, layout in each if layout is not None
    ]
