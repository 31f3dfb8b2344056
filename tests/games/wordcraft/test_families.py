"""No word played earlier in the game, nor a word that stems from one, on the standard dictionary.

The rulebook: "You may not use words that have already been used throughout the game, nor
derivatives that stem from those words ... (i.e you may not create BIKE or BICYCLES if the word
BICYCLE has already been created in this game)". A played word rules out its forms (BICYCLES,
and BICYCLE after BICYCLES: one word) and the words that stem from it (BIKE, a clipping of
BICYCLE; HAPPINESS from HAPPY), in every round, for everyone, and ``legal_actions`` leaves them
out too; it does not rule out the words it stems from (BICYCLE after BIKE, HAPPY after
HAPPINESS) nor compounds (FOOTBALL after FOOT). The option ``families="related"`` keeps rules
version 2's reading: every word sharing a root with a played word, either way.
"""

from __future__ import annotations

import pytest

from crafthall.engine import Match
from crafthall.games import game_class
from crafthall.games.wordcraft.words import dictionary_words
from crafthall.lexicon import load
from crafthall.lexicon.families import clippings, derivatives, one_word, stem_of
from tests.games.wordcraft.helpers import PASS, table, word
from tests.support import assert_refused, assert_replays

BIKE_GRID = ["i", "e", "s", "t", "r", "c", "l", "d", "b", "y", "k", "z"]
"""I E | S T R | C L D | B Y | K Z: spells BIKE, BIKES, BIKER, BICYCLE, BICYCLES."""
DEEP_GRID = ["e", "o", "h", "s", "t", "c", "d", "l", "p", "y", "k", "z"]
"""E O | H S T | C D L | P Y | K Z: spells DEEP, DEEPLY, DEPTH, DEPTHS."""
FOOT_GRID = ["a", "o", "h", "s", "t", "c", "d", "l", "b", "f", "k", "z"]
"""A O | H S T | C D L | B F | K Z: spells FOOT, FOOTBALL, FOOTBALLS."""


def on_grid(grid: list[str], options: dict[str, object] | None = None) -> Match:
    return table(2, grids=[grid] * 3, lexicon=load("standard"), options=options)


def listed_words(match: Match, seat: int) -> set[str]:
    return {action["word"] for action in match.legal_actions(seat) if action["type"] == "word"}


def refused_after(match: Match, played: str, later: str, how: str) -> None:
    assert later in listed_words(match, 0)
    match.apply(0, word(played))
    error = assert_refused(match, 1, word(later), "word-same-family")
    assert f"{later.upper()} {how} {played.upper()}, played in round 1" in error.message
    listed = listed_words(match, 1)
    assert later not in listed and played not in listed


def allowed_after(match: Match, played: str, later: str) -> None:
    match.apply(0, word(played))
    assert later in listed_words(match, 1)
    match.apply(1, word(later))
    assert [entry["word"] for entry in match.state["used"]] == [played, later]
    assert_replays(match)


@pytest.mark.parametrize(
    ("played", "later", "how"),
    [
        ("bicycle", "bike", "stems from"),  # the rulebook's example: a clipping of BICYCLE
        ("bicycle", "bicycles", "is a form of"),  # the rulebook's example
        ("bicycle", "bikes", "stems from"),
        ("bicycle", "biker", "stems from"),  # from BIKE, which stems from BICYCLE
        ("bicycles", "bike", "stems from"),
        ("bike", "bikes", "is a form of"),
        ("bikes", "bike", "is a form of"),  # forms of one word rule each other out
        ("bicycles", "bicycle", "is a form of"),
        ("bike", "biker", "stems from"),
    ],
)
def test_a_word_that_stems_from_a_played_word_is_refused_and_not_listed(
    played: str, later: str, how: str
) -> None:
    refused_after(on_grid(BIKE_GRID), played, later, how)


@pytest.mark.parametrize(
    ("played", "later"), [("bike", "bicycle"), ("bikes", "bicycles"), ("biker", "bike")]
)
def test_issue_item7_the_word_a_played_word_stems_from_stays_playable(
    played: str, later: str
) -> None:
    """BICYCLE after BIKE: BICYCLE does not stem from BIKE (BIKE stems from BICYCLE)."""
    allowed_after(on_grid(BIKE_GRID), played, later)


def test_issue_item7_deep_rules_out_depth_and_depth_not_deep() -> None:
    refused_after(on_grid(DEEP_GRID), "deep", "depth", "stems from")
    refused_after(on_grid(DEEP_GRID), "deep", "deeply", "stems from")
    allowed_after(on_grid(DEEP_GRID), "depth", "deep")
    allowed_after(on_grid(DEEP_GRID), "deeply", "depth")  # siblings: neither stems from the other


def test_issue_item7_happiness_leaves_happy_and_happily_playable() -> None:
    """HAPPINESS needs three vowels (no grid shows them), so the words' table is asked."""
    words = dictionary_words(load("standard"))
    assert {"happiness", "happily", "happier", "unhappy", "unhappiness"} <= set(
        words.derivatives("happy")
    )
    assert sorted(words.derivatives("happiness")) == ["happiness", "unhappiness"]
    assert sorted(words.derivatives("unhappiness")) == ["unhappiness"]
    assert "happy" in words.family("happiness")  # the whole family, as version 2 ruled out


@pytest.mark.parametrize("families", ["derivatives", "related"])
def test_a_compound_is_no_derivative(families: str) -> None:
    allowed_after(on_grid(FOOT_GRID, {"families": families}), "foot", "football")


@pytest.mark.parametrize(
    ("played", "later"), [("bike", "bicycle"), ("bikes", "bicycles"), ("biker", "bicycle")]
)
def test_the_related_option_rules_out_the_whole_family_either_way(played: str, later: str) -> None:
    match = on_grid(BIKE_GRID, {"families": "related"})
    refused_after(match, played, later, "is of the same family as")


def test_the_family_stays_blocked_in_later_rounds_for_the_same_player() -> None:
    match = on_grid(BIKE_GRID)
    match.apply(0, word("bicycle"))
    match.apply(1, PASS)
    match.apply(0, PASS)
    match.apply(1, PASS)
    assert match.state["round"] == 2
    seat = match.active_seats()[0]
    error = assert_refused(match, seat, word("bikes"), "word-same-family")
    assert "played in round 1" in error.message
    assert "bikes" not in listed_words(match, seat)


def test_version_2_records_replay_with_the_whole_family_ruled_out() -> None:
    options = game_class("wordcraft").record_options("2", {"dictionary": "standard"})
    assert options["families"] == "related" and options["vote_majority"] == "others"
    assert game_class("wordcraft").replays("2")
    assert on_grid(BIKE_GRID).game.options.families == "derivatives"  # version 3's default


# --- the direction, as the lexicon works it out ----------------------------------------------


def test_the_curated_clippings_are_read_with_the_short_form_first() -> None:
    found = clippings()
    assert ("bike", "bicycle") in found and ("phone", "telephone") in found
    assert ("view", "preview") not in found  # a derivation, below the clippings
    assert all(len(short) < len(full) for short, full in found)
    assert stem_of("bike", "bicycle") == "bicycle"  # BIKE stems from BICYCLE
    assert stem_of("view", "preview") == "view"
    assert stem_of("deep", "depth") == "deep"
    assert stem_of("anger", "angry") is None  # one length: the data cannot tell
    assert stem_of("colour", "color") is None  # one word, two spellings


def test_forms_of_one_word() -> None:
    assert one_word("bike", "bikes") and one_word("colours", "color") and one_word("saw", "seen")
    assert not one_word("bike", "bicycle") and not one_word("happy", "happiness")


@pytest.mark.parametrize(
    ("base", "derived"),
    [
        ("happy", "happiness"), ("happy", "unhappiness"), ("bicycle", "bike"), ("bike", "biker"),
        ("build", "rebuild"), ("care", "careless"), ("view", "preview"), ("kind", "unkind"),
        ("telephone", "phone"), ("examination", "exam"), ("grow", "growth"), ("light", "lighten"),
    ],
)  # fmt: skip
def test_a_derivative_is_ruled_out_by_its_stem_and_not_the_other_way(
    base: str, derived: str
) -> None:
    lexicon = load("standard")
    words = dictionary_words(lexicon)
    assert derived in words.derivatives(base)
    assert base not in words.derivatives(derived)
    members = words.family(base)
    assert derived in derivatives(base, members, lexicon.family_roots)


def test_a_word_is_ruled_out_by_itself_and_only_within_its_family() -> None:
    lexicon = load("standard")
    words = dictionary_words(lexicon)
    for word_ in ("tree", "quiet", "foot", "happy", "growth"):
        ruled_out = set(words.derivatives(word_))
        assert word_ in ruled_out and ruled_out <= set(words.family(word_))
