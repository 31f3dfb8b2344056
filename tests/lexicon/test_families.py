from __future__ import annotations

import random

import pytest

from crafthall.lexicon import Lexicon, load
from crafthall.lexicon.families import (
    FamilyResolver,
    bundled_family_table,
    family_table_lines,
    parse_family_table,
)

SAME_FAMILY = [
    ("bike", "bikes"), ("bike", "biked"), ("bike", "biking"), ("bicycle", "bicycles"),
    ("bike", "bicycle"), ("bikes", "bicycle"), ("bike", "bicycles"), ("happy", "happiness"),
    ("happy", "happily"), ("happy", "unhappy"), ("unhappiness", "happy"), ("bike", "biker"),
    ("bikers", "bike"), ("run", "runner"), ("run", "ran"), ("sing", "singer"), ("sing", "sang"),
    ("go", "went"), ("child", "children"), ("mouse", "mice"), ("kind", "kindness"),
    ("quick", "quickly"), ("gentle", "gently"), ("true", "truly"), ("pay", "payment"),
    ("inform", "information"), ("organize", "organization"), ("create", "creation"),
    ("act", "action"), ("decide", "decision"), ("pure", "purity"), ("able", "ability"),
    ("read", "readable"), ("help", "helpful"), ("help", "helpless"), ("beauty", "beautiful"),
    ("child", "childish"), ("danger", "dangerous"), ("rain", "rainy"), ("sun", "sunny"),
    ("art", "artist"), ("friend", "friendship"), ("king", "kingdom"), ("free", "freedom"),
    ("perform", "performance"), ("exist", "existence"), ("phone", "telephone"),
    ("plane", "airplane"), ("photo", "photograph"), ("build", "rebuild"), ("like", "dislike"),
    ("lead", "mislead"), ("care", "careless"), ("employ", "employee"), ("act", "actor"),
    ("sail", "sailor"), ("music", "musical"), ("nation", "national"), ("basic", "basically"),
    ("real", "reality"), ("teach", "teacher"), ("write", "rewrite"), ("do", "undo"),
    ("lab", "laboratory"), ("exam", "examination"), ("Tree", "TREES"),
]  # fmt: skip

NOT_SAME_FAMILY = [
    ("cat", "catalog"), ("car", "care"), ("pain", "paint"), ("bus", "business"), ("ear", "earth"),
    ("man", "mane"), ("moth", "mother"), ("sing", "singe"), ("hat", "hate"), ("ear", "early"),
    ("state", "station"), ("rate", "ration"), ("miss", "mission"), ("pass", "passion"),
    ("cap", "capable"), ("tow", "tower"), ("corn", "corner"), ("butt", "butter"),
    ("let", "letter"), ("mat", "matter"), ("lad", "ladder"), ("fin", "finish"),
    ("van", "vanish"), ("pun", "punish"), ("arm", "army"), ("lady", "lad"), ("cop", "copy"),
    ("part", "party"), ("store", "story"), ("hole", "holy"), ("ten", "tent"),
    ("bat", "battery"), ("ham", "hammer"), ("sum", "summer"), ("plan", "planet"),
    ("war", "ward"), ("pet", "petal"), ("sign", "signal"), ("cover", "recover"),
    ("tire", "retire"), ("sea", "season"), ("bike", "bake"),
]  # fmt: skip


@pytest.mark.parametrize(("a", "b"), SAME_FAMILY)
def test_same_family(standard: Lexicon, a: str, b: str) -> None:
    assert standard.same_family(a, b)
    assert standard.same_family(b, a)


@pytest.mark.parametrize(("a", "b"), NOT_SAME_FAMILY)
def test_not_same_family(standard: Lexicon, a: str, b: str) -> None:
    assert not standard.same_family(a, b)
    assert not standard.same_family(b, a)


def test_tables_are_big_enough() -> None:
    assert len(SAME_FAMILY) >= 30
    assert len(NOT_SAME_FAMILY) >= 20


def test_roots_explain_a_match(standard: Lexicon) -> None:
    assert {"bike", "bicycle"} <= standard.family_roots("bikers")
    assert "happy" in standard.family_roots("unhappiness")


def test_the_shipped_roots_cover_the_large_list() -> None:
    table = bundled_family_table()
    assert set(table) == set(load("large").words)
    assert set(table["bikers"]) >= {"bike", "bicycle"}
    assert table["tree"] == ()


def test_the_shipped_roots_are_what_the_rules_work_out() -> None:
    """A stale data file (affix rules changed, lemmatizer upgraded) fails here: rebuild it with
    ``python scripts/build_lexicon.py --families-only``."""
    words = sorted(bundled_family_table())
    sample = random.Random(11).sample(words, 400) + [w for pair in SAME_FAMILY for w in pair]
    sample = [word.lower() for word in sample if word.lower() in bundled_family_table()]
    fresh = parse_family_table(family_table_lines(sample))
    assert {word: bundled_family_table()[word] for word in sample} == fresh


def test_words_outside_the_shipped_list_are_worked_out() -> None:
    assert "bikerz" not in bundled_family_table()
    fresh = FamilyResolver(frozenset(), table={})
    shipped = FamilyResolver(frozenset())
    assert shipped.roots("bikers") == fresh.roots("bikers")
    assert shipped.roots("unbikeable") == fresh.roots("unbikeable")
    assert Lexicon.from_words(["bikes", "blorks"]).same_family("bikes", "bike")
