from __future__ import annotations

import gzip
import re
from importlib import resources
from pathlib import Path

import pytest

from crafthall.lexicon import SIZES, Lexicon, LexiconError, load


def test_sizes_are_nested_and_plausible() -> None:
    lexicons = [load(size) for size in SIZES]
    assert [lx.name for lx in lexicons] == ["common", "standard", "large"]
    assert all(len(lx) > 40_000 for lx in lexicons)
    common, standard, large = lexicons
    assert len(common) < len(standard) < len(large)
    assert set(common.words) <= set(standard.words) <= set(large.words)


def test_bundled_files_exist_and_stay_small() -> None:
    data = resources.files("crafthall.lexicon") / "data"
    total = 0
    for size in SIZES:
        for name in (f"{size}.txt.gz", f"{size}.extra.txt.gz"):
            raw = (data / name).read_bytes()
            assert raw[:2] == b"\x1f\x8b"
            total += len(raw)
        words = gzip.decompress((data / f"{size}.txt.gz").read_bytes()).decode().split("\n")
        assert words[:-1] == sorted(words[:-1])  # reproducible: sorted
    total += len((data / "syllables.tsv.gz").read_bytes())
    assert total < 3_000_000


def test_load_is_cached() -> None:
    assert load() is load("standard")


def test_contains_is_case_insensitive(standard: Lexicon) -> None:
    assert "quiet" in standard
    assert "QUIET" in standard
    assert "Bicycle" in standard
    assert "qxzv" not in standard
    assert 42 not in standard


def test_proper_nouns_and_abbreviations_are_dropped(standard: Lexicon) -> None:
    assert "paris" not in standard  # only capitalized in SCOWL
    assert "etc" not in standard  # an abbreviation
    assert "cat" in standard  # though CAT is an abbreviation too
    assert "b" not in standard  # a letter name, not a word
    assert "a" in standard


def test_check_codes(standard: Lexicon) -> None:
    assert standard.check("tree", min_length=3) is None
    assert standard.check("in", min_length=3) == "too-short"
    assert standard.check("qxzv") == "not-in-dictionary"
    assert standard.check("tr3e") == "not-letters"
    assert standard.check("two words") == "not-letters"
    assert standard.check("") == "too-short"


def test_apostrophe_words_only_when_allowed(standard: Lexicon) -> None:
    assert "doesn't" not in standard
    assert not standard.contains("doesn't")
    assert standard.contains("doesn't", allow_apostrophe=True)
    assert standard.contains("DOESN\u2019T", allow_apostrophe=True)  # typographic apostrophe
    assert standard.check("doesn't") == "not-letters"
    assert standard.check("doesn't", allow_apostrophe=True) is None
    assert standard.check("it's", allow_apostrophe=True) is None
    assert standard.check("cat's", allow_apostrophe=True) == "not-in-dictionary"  # possessive
    # Wordsmith counts apostrophes as letters
    assert standard.check("i'm", min_length=3, allow_apostrophe=True) is None


def test_hyphen_words_only_when_allowed() -> None:
    lexicon = Lexicon.from_words(["T-shirt", "cat", "doesn't"], name="tiny")
    assert lexicon.name == "tiny"
    assert len(lexicon) == 1
    assert "t-shirt" not in lexicon
    assert not lexicon.contains("t-shirt")
    assert lexicon.contains("T-Shirt", allow_hyphen=True)
    assert not lexicon.contains("t-shirt", allow_apostrophe=True)
    assert lexicon.check("t-shirt") == "not-letters"
    assert lexicon.check("t-shirt", allow_hyphen=True) is None
    assert lexicon.check("doesn't", allow_hyphen=True) == "not-letters"


def test_custom_word_list_file(tmp_path: Path) -> None:
    path = tmp_path / "table-words.txt"
    path.write_text(
        "# our table's words\nZorb\nblick  # a comment\n\nflorp\nt-bar\ncafé\n", "utf-8"
    )
    lexicon = load(str(path))
    assert lexicon.name == str(path)
    assert sorted(lexicon.words) == ["blick", "cafe", "florp", "zorb"]
    assert "ZORB" in lexicon
    assert lexicon.contains("t-bar", allow_hyphen=True)
    assert load(str(path)) is lexicon


def test_missing_file_error_says_what_to_do(tmp_path: Path) -> None:
    missing = tmp_path / "nope.txt"
    with pytest.raises(LexiconError, match=r"does not exist: give the path of a UTF-8"):
        load(str(missing))


def test_unknown_size_error_names_the_sizes() -> None:
    with pytest.raises(LexiconError, match=r"Unknown word list 'huge'.*common, standard, large"):
        load("huge")


def test_non_utf8_and_empty_files_are_refused(tmp_path: Path) -> None:
    latin = tmp_path / "latin.txt"
    latin.write_bytes("caf\xe9\n".encode("latin-1"))
    with pytest.raises(LexiconError, match="not UTF-8"):
        load(str(latin))
    empty = tmp_path / "empty.txt"
    empty.write_text("# nothing\n", "utf-8")
    with pytest.raises(LexiconError, match="holds no words"):
        load(str(empty))


def test_letter_plurals_and_units_are_not_words() -> None:
    large = load("large")
    for entry in ("rs", "ts", "ms", "kb", "lm", "pwn"):
        assert entry not in large, entry
    for word in ("hmm", "nth", "shh", "rhythm", "crypt"):
        assert word in large, word
    assert not [w for w in large.words if not re.search("[aeiouy]", w) and len(w) < 3 and w != "sh"]


def test_every_region_spells_by_default(standard: Lexicon) -> None:
    for word in ("grey", "gray", "colour", "color", "theatre", "centre", "axe", "tyre", "cheque"):
        assert word in standard, word
    for word in ("realise", "realize", "judgement", "judgment"):
        assert word in standard, word


def test_stricter_spellings() -> None:
    us = load("standard", spelling="en-US")
    gb = load("standard", spelling="en-GB")
    assert (us.name, gb.name) == ("standard en-US", "standard en-GB")
    assert "color" in us and "colour" not in us and "theatre" not in us
    assert "colour" in gb and "color" not in gb and "tyre" in gb
    assert "realize" in gb  # the -ize spellings of British English (Oxford) count
    assert set(us.words) < set(load("standard").words)
    assert set(gb.words) < set(load("standard").words)
    with pytest.raises(LexiconError, match="Unknown spelling 'en-AU'"):
        load("standard", spelling="en-AU")


def test_accents_are_folded(standard: Lexicon) -> None:
    for word in ("cafe", "cliche", "fiance", "entree", "saute", "protege", "naivete"):
        assert word in standard, word
    assert "café" in standard
    assert standard.check("Fiancée", min_length=3) is None
    assert not [w for w in standard.words if not w.isascii()]


def test_hyphenated_words_for_games_that_allow_them(standard: Lexicon) -> None:
    for word in ("t-shirt", "well-known", "x-ray", "mother-in-law", "e-mail"):
        assert standard.contains(word, allow_hyphen=True), word
        assert word not in standard


def test_prefixes_standing_alone_are_not_words() -> None:
    """Wordcraft's rulebook: "Suffixes, prefixes and abbreviations are not allowed."."""
    large = load("large")
    for entry in ("non", "multi", "pre", "intra", "neo", "proto", "ok", "ly", "ing"):
        assert entry not in large, entry
    for word in ("anti", "semi", "sub", "mini", "ultra", "extra", "retro", "ism", "re"):
        assert word in large, word


def test_scowl_misspellings_are_corrected() -> None:
    assert "nonoccurence" not in load("large")
    assert "nonoccurrence" in load("standard")


def test_the_sizes_stay_nested_for_every_option() -> None:
    for spelling in ("en-US", "en-GB"):
        sizes = [set(load(size, spelling=spelling).words) for size in SIZES]
        assert sizes[0] <= sizes[1] <= sizes[2]


def test_issue_18_item_16_wordcraft_refuses_prefixes_standing_alone() -> None:
    """NON and MULTI were accepted though the rulebook bans prefixes standing alone."""
    from crafthall.games import make_game
    from crafthall.games.wordcraft.words import dictionary_words
    from crafthall.games.wordgame import WordGame

    game = make_game("wordcraft")
    assert isinstance(game, WordGame)
    table = dictionary_words(game.lexicon)
    assert table.check("non") == table.check("multi") == "not-in-dictionary"
    assert table.check("nonstop") is None and table.check("anti") is None
