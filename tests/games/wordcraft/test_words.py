"""The dictionary worked out once for Wordcraft agrees with the rules' own definitions: the
words a grid spells, their cubes and achievements, word families, and the listed moves."""

from __future__ import annotations

from itertools import combinations

import pytest

from crafthall.engine.rng import Rng, new_rng_state
from crafthall.games.wordcraft.components import achievements
from crafthall.games.wordcraft.moves import Moves
from crafthall.games.wordcraft.setup import draw_grid
from crafthall.games.wordcraft.spelling import spellings
from crafthall.games.wordcraft.words import ACHIEVEMENT_BIT, dictionary_words, fewest_cubes
from crafthall.lexicon import load
from tests.games.wordcraft.helpers import QUIET_GRID, table, word

STANDARD = load("standard")
GRIDS = [tuple(draw_grid(Rng(new_rng_state(seed)))) for seed in range(12)] + [tuple(QUIET_GRID)]


@pytest.mark.parametrize("grid", GRIDS)
def test_a_grids_words_cubes_and_achievements(grid: tuple[str, ...]) -> None:
    found = dictionary_words(STANDARD).on_grid(grid)
    expected = [
        w
        for w in STANDARD.words_from_letters(grid, reusable=True, min_length=3)
        if spellings(w, grid)
    ]
    assert sorted(found.words) == expected
    cubes = [len(fewest_cubes(w)) for w in found.words]
    assert cubes == sorted(cubes)  # fewest cubes first
    for supply in range(25):
        assert found.affordable(supply) == sum(1 for n in cubes if n <= supply)
    for position, w in enumerate(found.words):
        assert fewest_cubes(w) == spellings(w, grid)[0]
        met = {card for card, rule in achievements().items() if rule.fulfilled_by(fewest_cubes(w))}
        assert {card for card, bit in ACHIEVEMENT_BIT.items() if found.fulfils[position] & bit} == (
            met
        ), w
        assert found.word(position) == w


def test_a_family_is_the_words_sharing_a_root() -> None:
    table_words = dictionary_words(STANDARD)
    grid_words = table_words.on_grid(GRIDS[0]).words
    for played in ("bike", "bicycle", "happy", "runner", "state", *grid_words[::97]):
        family = set(table_words.family(played))
        assert played in family
        near = {w for w in grid_words if STANDARD.same_family(w, played)}
        assert family & set(grid_words) == near, played
    assert {"bike", "bikes", "biker", "bicycle", "bicycles"} <= set(table_words.family("bike"))


def test_the_listing_is_every_word_spelling_and_affordable_achievement_set() -> None:
    match = table(2, grids=[QUIET_GRID] * 3, achievements=["A8", "A9", "A2", "A14"])
    match.apply(0, word("quiet", spelling=["qu", "i", "e", "t"]))
    match.state["supply"][1] = 6
    game, state = match.game, match.state
    listed = {game.action_key(a) for a in game.legal_actions(state, 1)}
    expected: set[tuple[object, ...]] = {("pass",)}
    for w in ("test", "quit", "quits", "suit"):  # the helpers' words on this grid, QUIET played
        for way in spellings(w, QUIET_GRID):
            met = [card for card in state["achievements"] if achievements()[card].fulfilled_by(way)]
            for size in range(len(met) + 1):
                for claims in combinations(met, size):
                    if len(way) + size <= 6:
                        expected.add(("word", w, tuple(way), tuple(sorted(claims))))
    assert listed == expected


@pytest.mark.parametrize("grid", GRIDS)
def test_a_grids_ways_fulfil_exactly_the_achievements_in_play(grid: tuple[str, ...]) -> None:
    # one grid with two sets of achievements in play: the ways of each are read from the
    # dictionary's bits of those cards alone, and cached by grid and cards in play
    moves = Moves(dictionary_words(STANDARD))
    words = moves.table.on_grid(grid).words
    expected_ways = [(w, fewest_cubes(w)) for w in words] + [
        (w, way) for w in words for way in spellings(w, grid)[1:]
    ]
    for in_play in (
        ["A1", "A6", "A9", "A13"],
        ["A8", "A9", "A2", "A14"],
        ["A1", "A6", "A9", "A13"],
    ):
        found = moves.candidates(list(grid), in_play)
        assert list(zip(found.words, found.spellings, strict=True)) == expected_ways
        for spelling, fulfilled, claim_sets in zip(
            found.spellings, found.fulfilled, found.claim_sets, strict=True
        ):
            met = tuple(card for card in in_play if achievements()[card].fulfilled_by(spelling))
            assert fulfilled == met, spelling
            assert claim_sets == [
                list(claims) for size in range(len(met) + 1) for claims in combinations(met, size)
            ]
