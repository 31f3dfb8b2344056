"""The pieces, the die and the alphabet, and the word finder over them."""

from __future__ import annotations

import itertools
import random

import pytest

from crafthall.games.wordsmith import components as comp
from crafthall.games.wordsmith.finder import PieceIndex, Query, index_for
from crafthall.lexicon import load
from tests.games.wordsmith.helpers import BAG_POOL, LEXICON, WORDS

KNOWN = {
    "i": {"red": 1},
    "l": {"red": 1, "yellow": 1},
    "t": {"red": 1, "yellow": 1},
    "f": {"red": 1, "yellow": 2},
    "k": {"red": 1, "yellow": 2},
    "z": {"red": 1, "yellow": 2},
    "e": {"red": 1, "yellow": 3},
    "a": {"red": 2, "yellow": 1},
    "h": {"red": 2, "yellow": 1},
    "m": {"red": 2, "yellow": 2},
    "w": {"red": 2, "yellow": 2},
    "r": {"red": 1, "yellow": 1, "green": 1},
    "u": {"yellow": 2, "green": 1},
}


def test_piece_counts_and_shapes() -> None:
    assert comp.PIECES == ("red", "yellow", "blue", "green")
    assert comp.piece_totals() == {"red": 40, "yellow": 40, "blue": 20, "green": 20}
    assert [comp.shape(p) for p in comp.PIECES] == [
        "long straight",
        "short straight",
        "large curve",
        "small curve",
    ]


def test_die_faces() -> None:
    assert sorted(comp.FACES) == ["blue", "green", "red", "red", "yellow", "yellow"]
    assert {"blue", "green"} == comp.WILD_FACES


def test_alphabet_has_one_recipe_per_symbol() -> None:
    assert comp.SYMBOLS == "'-abcdefghijklmnopqrstuvwxyz"
    for vector in comp.letter_vectors().values():
        assert sum(vector) >= 1


@pytest.mark.parametrize(("letter", "pieces"), sorted(KNOWN.items()))
def test_known_letters_match_the_research(letter: str, pieces: dict[str, int]) -> None:
    assert comp.recipe(letter) == {**comp.empty_pool(), **pieces}


def test_bag_and_cast_use_the_same_eight_pieces() -> None:
    """The rulebook's example: the 8-piece pool that makes BAG makes CAST."""
    assert comp.recipe("bag") == comp.recipe("cast") == BAG_POOL
    assert comp.pool_size(BAG_POOL) == 8


def test_hyphen_and_apostrophe_are_letters() -> None:
    assert comp.word_vector("yo-yo") is not None
    assert comp.word_vector("don't") is not None
    assert comp.word_vector("naïve") is None


def test_find_matches_brute_force() -> None:
    index = PieceIndex.build(LEXICON)
    rng = random.Random(3)
    for _ in range(200):
        pool = {p: rng.randint(0, 5) for p in comp.PIECES}
        expected = {w for w in WORDS if all(comp.recipe(w)[p] <= pool[p] for p in comp.PIECES)}
        assert set(index.find(pool)) == expected


def test_find_filters() -> None:
    index = PieceIndex.build(LEXICON)
    assert index.find(BAG_POOL, Query(max_leftover=0)) == [
        "acts",
        "cast",
        "cats",
        "disk",
        "glib",
        "grip",
        "mics",
        "bag",
        "gab",
    ]
    assert "gab" not in index.find(BAG_POOL, Query(previous="bag"))
    assert "cast" in index.find(BAG_POOL, Query(previous="bag"))
    assert all("g" in w for w in index.find(BAG_POOL, Query(required="g")))
    assert "bag" not in index.find(BAG_POOL, Query(excluded=frozenset({"bag"})))
    assert all(len(w) >= 4 for w in index.find(BAG_POOL, Query(min_length=4)))


def test_the_new_letter_rule_counts_repeats_alike_in_the_finder_and_the_rules() -> None:
    assert (comp.new_letters("tat", "at"), comp.new_letters("toot", "to")) == ("t", "ot")
    assert comp.new_letters("at", "tat") == comp.new_letters("gab", "bag") == ""
    for word, previous in itertools.product(WORDS, repeat=2):
        assert comp.has_new_letter(word, previous) == (comp.new_letters(word, previous) != "")
    index = PieceIndex.build(LEXICON)
    pool = {"red": 12, "yellow": 12, "blue": 6, "green": 6}
    everything = index.find(pool)
    rng = random.Random(3)
    for previous in WORDS:
        query = Query(previous=previous)
        expected = [word for word in everything if comp.new_letters(word, previous)]
        assert index.find(pool, query) == expected, previous
        drawn = {index.sample(pool, query, rng) for _ in range(30)}
        assert drawn <= set(expected) if expected else drawn == {None}
    only_tat = Query(previous="at", max_leftover=0)  # its letters are all in AT: a slow path
    assert index.sample(comp.recipe("tat"), only_tat, rng) == "tat"
    assert index.unlocks({"red": 4, "yellow": 2}, Query(previous="at"))["yellow"] == "tat"


def test_unlocks_name_the_piece_that_completes_a_word() -> None:
    index = PieceIndex.build(LEXICON)
    short_of_green = {**BAG_POOL, "green": 1}
    assert "cast" not in index.find(short_of_green)
    unlocks = index.unlocks(short_of_green)
    assert len(unlocks["green"]) == 4  # CAST, CATS, ACTS or MICS: four letters
    for piece, word in unlocks.items():
        bigger = {**short_of_green, piece: short_of_green[piece] + 1}
        assert word in index.find(bigger) and word not in index.find(short_of_green)
    assert index.best_unlock(short_of_green) is not None
    assert index.best_unlock(comp.empty_pool()) in {None, ("red", "i")}


def test_unlocks_on_the_real_dictionary_are_one_piece_away() -> None:
    index = index_for(load("standard"))
    rng = random.Random(5)
    for _ in range(20):
        pool = comp.empty_pool()
        for _ in range(rng.randint(8, 15)):
            pool[rng.choice(comp.FACES)] += 1
        found = set(index.find(pool))
        for piece, word in index.unlocks(pool).items():
            assert word not in found
            assert word in index.find({**pool, piece: pool[piece] + 1})


def test_real_dictionary_index_includes_contractions() -> None:
    index = index_for(load("standard"))
    assert "don't" in index.words
    assert index_for(load("standard")) is index


def test_every_piece_type_builds_some_letter() -> None:
    """Letters may share a recipe (the game's twist), but every piece type is used."""
    vectors = comp.letter_vectors().values()
    used = set(
        itertools.chain.from_iterable(
            (p for p, n in zip(comp.PIECES, v, strict=True) if n) for v in vectors
        )
    )
    assert used == set(comp.PIECES)
