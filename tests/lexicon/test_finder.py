from __future__ import annotations

import itertools
import string
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from crafthall.lexicon import Lexicon


def test_rulebook_quiet_example(standard: Lexicon) -> None:
    cards = ["Qu", "U", "I", "E", "T"]
    assert standard.spellings("quiet", ["qu", "u", "i", "e", "t"]) == [
        ["qu", "i", "e", "t"],
        ["qu", "u", "i", "e", "t"],
    ]
    assert standard.spellings("QUIET", cards) == [["Qu", "I", "E", "T"], ["Qu", "U", "I", "E", "T"]]
    assert "quiet" in standard.words_from_letters(cards)


def test_qu_card_without_u_card(standard: Lexicon) -> None:
    found = standard.words_from_letters(["qu", "i", "e", "t"])
    assert "quiet" in found  # qu as QU
    assert "quit" in found
    assert all("u" not in w.replace("qu", "") for w in found)  # every u comes from the qu card
    assert "tie" in found
    assert standard.spellings("quiet", ["qu", "i", "e", "t"]) == [["qu", "i", "e", "t"]]


def test_qu_card_stands_for_q_alone() -> None:
    lexicon = Lexicon.from_words(["qat", "quat", "cat", "uta"])
    assert lexicon.words_from_letters(["qu", "a", "t"]) == ["qat", "quat"]
    assert lexicon.words_from_letters(["q", "a", "t"]) == ["qat"]
    assert lexicon.spellings("qat", ["qu", "a", "t"]) == [["qu", "a", "t"]]


def test_reusable_and_min_length(standard: Lexicon) -> None:
    found = standard.words_from_letters(list("tre"), min_length=3)
    assert "tree" in found
    assert "teeter" in found
    assert "re" not in found
    assert found == sorted(found)
    assert all(set(w) <= set("tre") and len(w) >= 3 for w in found)


def test_multiset_mode(standard: Lexicon) -> None:
    found = standard.words_from_letters(list("retains"), reusable=False, min_length=7)
    assert found == sorted(found)
    assert {"retains", "retinas", "nastier"} <= set(found)
    assert all(Counter(w) == Counter("retains") for w in found)
    assert "tree" not in standard.words_from_letters(list("tre"), reusable=False)
    assert "tree" in standard.words_from_letters(list("tree"), reusable=False)
    assert standard.spellings("tree", list("tre"), reusable=False) == []


def test_wildcards(standard: Lexicon) -> None:
    without = set(standard.words_from_letters(list("retain"), reusable=False, min_length=7))
    found = standard.words_from_letters(list("retain"), reusable=False, min_length=7, wildcards=1)
    assert without == set()
    assert {"certain", "painter", "retains", "trainer"} <= set(found)
    assert all(len(w) == 7 for w in found)
    two = standard.words_from_letters(list("cat"), reusable=False, min_length=5, wildcards=2)
    assert "catch" in two
    assert all(sum((Counter(w) - Counter("cat")).values()) <= 2 for w in two)


def test_wildcards_need_tiles(standard: Lexicon) -> None:
    with pytest.raises(ValueError, match="reusable=False"):
        standard.words_from_letters(list("abc"), wildcards=1)


def test_bad_cards_are_refused(standard: Lexicon) -> None:
    with pytest.raises(ValueError, match="not one or more letters"):
        standard.words_from_letters(["a", "1"])
    with pytest.raises(TypeError):
        standard.words_from_letters("abc")


# --- brute-force reference ------------------------------------------------------------------


def reference_spellable(word: str, cards: list[str], reusable: bool, wildcards: int) -> bool:
    """Try every sequence of card uses, the slow obvious way."""
    pieces = [(i, p) for i, card in enumerate(cards) for p in {card, card[0]}]
    pieces += [(-1 - k, letter) for k in range(wildcards) for letter in string.ascii_lowercase]

    def go(rest: str, used: frozenset[int]) -> bool:
        if not rest:
            return True
        return any(
            rest.startswith(piece)
            and ((reusable and index >= 0) or index not in used)
            and go(rest[len(piece) :], used | {index})
            for index, piece in pieces
        )

    return go(word, frozenset())


letters_st = st.sampled_from("abeiloqrstu")
word_st = st.text(alphabet="abeiloqrstu", min_size=1, max_size=6)
card_st = st.one_of(letters_st, st.sampled_from(["qu", "qu", "st", "ea"]))


@settings(max_examples=150, deadline=None)
@given(
    words=st.lists(word_st, min_size=1, max_size=40, unique=True),
    cards=st.lists(card_st, min_size=1, max_size=6),
    reusable=st.booleans(),
    wildcards=st.integers(0, 2),
    min_length=st.integers(1, 3),
)
def test_finder_agrees_with_brute_force(
    words: list[str], cards: list[str], reusable: bool, wildcards: int, min_length: int
) -> None:
    if reusable:
        wildcards = 0
    lexicon = Lexicon.from_words(words)
    found = lexicon.words_from_letters(
        cards, reusable=reusable, min_length=min_length, wildcards=wildcards
    )
    expected = sorted(
        w
        for w in set(words)
        if len(w) >= min_length and reference_spellable(w, cards, reusable, wildcards)
    )
    assert found == expected
    if not wildcards:
        for word in found:
            assert lexicon.spellings(word, cards, reusable=reusable), word


@settings(max_examples=100, deadline=None)
@given(word=word_st, cards=st.lists(card_st, min_size=1, max_size=5), reusable=st.booleans())
def test_spellings_are_valid_splits(word: str, cards: list[str], reusable: bool) -> None:
    splits = lexicon_free_spellings(word, cards, reusable)
    assert bool(splits) == reference_spellable(word, cards, reusable, 0)
    for split in splits:
        assert any(
            "".join(choice) == word for choice in itertools.product(*[{c, c[0]} for c in split])
        )
        if not reusable:
            assert not Counter(split) - Counter(cards)


def lexicon_free_spellings(word: str, cards: list[str], reusable: bool) -> list[list[str]]:
    return Lexicon.from_words([]).spellings(word, cards, reusable=reusable)
