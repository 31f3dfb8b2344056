"""The family-friendly default: slurs are never accepted, vulgar words only with adult words."""

from __future__ import annotations

from pathlib import Path

import pytest

from crafthall.lexicon import ADULT_ONLY, OFFENSIVE, SIZES, load
from crafthall.lexicon.families import read_data
from crafthall.lexicon.wordlist import offensive_words

# word, what the filter does with it: slur (never), vulgar (adult tables only), clean (always)
TABLE = [
    ("yid", "slur"), ("kike", "slur"), ("spic", "slur"), ("wetback", "slur"),
    ("faggot", "slur"), ("faggots", "slur"), ("dyke", "slur"), ("retards", "slur"),
    ("gook", "slur"), ("wop", "slur"), ("dago", "slur"), ("squaw", "slur"),
    ("coon", "slur"), ("darkie", "slur"), ("gypped", "slur"), ("spastic", "slur"),
    ("clit", "vulgar"), ("shit", "vulgar"), ("shitty", "vulgar"), ("fuck", "vulgar"),
    ("fucking", "vulgar"), ("bitch", "vulgar"), ("crap", "vulgar"), ("piss", "vulgar"),
    ("twat", "vulgar"), ("wank", "vulgar"), ("horny", "vulgar"), ("whore", "vulgar"),
    ("hooker", "vulgar"), ("turd", "vulgar"), ("porn", "vulgar"), ("orgasm", "vulgar"),
    ("ass", "clean"), ("hell", "clean"), ("cock", "clean"), ("tit", "clean"),
    ("butt", "clean"), ("sex", "clean"), ("snatch", "clean"), ("suck", "clean"),
    ("sucks", "clean"), ("escort", "clean"), ("bondage", "clean"), ("scat", "clean"),
    ("spunk", "clean"), ("damning", "clean"), ("dike", "clean"), ("fagged", "clean"),
    ("smut", "clean"), ("boob", "clean"), ("swastika", "clean"), ("intercourse", "clean"),
]  # fmt: skip


def test_the_table_is_big_enough() -> None:
    assert len(TABLE) >= 50
    assert {kind for _, kind in TABLE} == {"slur", "vulgar", "clean"}


@pytest.mark.parametrize(("word", "kind"), TABLE)
def test_filter(word: str, kind: str) -> None:
    family = load("large")
    adult = load("large", adult_words=True)
    if kind == "slur":
        assert word not in family and word not in adult
        assert family.withheld(word) == OFFENSIVE == adult.withheld(word)
    elif kind == "vulgar":
        assert word not in family and word in adult
        assert family.withheld(word) == ADULT_ONLY
        assert adult.withheld(word) is None
    else:
        assert word in family and family.withheld(word) is None


def test_no_size_or_spelling_holds_a_slur() -> None:
    slurs = {word for word, kind in offensive_words().items() if kind == "slur"}
    for size in SIZES:
        for spelling in ("en", "en-US", "en-GB"):
            lexicon = load(size, spelling=spelling, adult_words=True)
            assert not slurs & {*lexicon.words, *lexicon.extra_words}


def test_adult_lists_add_only_vulgar_words() -> None:
    for size in SIZES:
        added = set(load(size, adult_words=True).words) - set(load(size).words)
        assert added and all(offensive_words()[word] == "vulgar" for word in added)
        assert load(size, adult_words=True).name == f"{size} adult"


def test_a_tables_own_list_is_filtered_too(tmp_path: Path) -> None:
    path = tmp_path / "ours.txt"
    path.write_text("tree\nyid\nclit\n", "utf-8")
    assert load(str(path)).words == ["tree"]
    assert load(str(path), adult_words=True).words == ["clit", "tree"]


def test_our_table_is_well_formed() -> None:
    rows = [line.split("\t") for line in read_data("offensive.tsv")]
    assert all(len(row) == 3 and row[1] in ("slur", "vulgar", "clean") for row in rows)
    words = [row[0] for row in rows]
    assert len(words) == len(set(words))
