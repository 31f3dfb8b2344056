"""How columns read (option ``reading``): top to bottom only (``down``, the default) or either
way (``either``: the longer word of a column read down or up, the upward one on equal length).
The rules, the move lists, the bots, the codec and the terminal all read the table's way."""

from __future__ import annotations

import copy
import random

import numpy as np
import pytest

from crafthall.engine import Match
from crafthall.engine.errors import SetupError
from crafthall.games import make_bot
from crafthall.games.enchanted_grid import EnchantedGrid, EnchantedGridGreedy, EnchantedGridText
from crafthall.games.enchanted_grid.components import card, deck
from crafthall.games.enchanted_grid.search import POLICY
from crafthall.games.enchanted_grid.words import WordReader
from crafthall.lexicon import Lexicon, load
from tests.games.enchanted_grid.helpers import WORDS, conserved, table
from tests.games.enchanted_grid.test_properties import check_claims, check_indexes
from tests.support import assert_refused, assert_replays, start

COLUMN = [
    {"at": [0, 0], "card": "G blue"},
    {"at": [0, 1], "card": "O blue"},
    {"at": [0, 2], "card": "D blue"},
]
"""G above O above D: GOD read down, DOG read up."""


def game_of(match: Match) -> EnchantedGrid:
    game = match.game
    assert isinstance(game, EnchantedGrid)
    return game


def test_the_default_reads_columns_down_and_an_unknown_reading_is_refused() -> None:
    assert EnchantedGrid().options.reading == "down"
    with pytest.raises(SetupError):
        EnchantedGrid({"reading": "sideways"})
    with pytest.raises(ValueError, match="reading"):
        WordReader(WORDS, 2, "sideways")


@pytest.mark.parametrize(
    ("letters", "down", "either"),
    [
        ("GOD", "GOD", "DOG"),  # equal length: the upward word
        ("GO", "GO", "GO"),  # OG read up is no word
        ("GUB", None, "BUG"),  # only up
        ("TGOD", "GOD", "DOG"),
        ("GODX", "GOD", "DOG"),
        ("SUB", None, "BUS"),
        ("ODOG", "DOG", "GOD"),  # read up: G O D O, GOD first from the bottom (equal length)
        ("BUGS", "BUGS", "BUGS"),
        ("GODS", "GODS", "GODS"),  # read up S D O G holds DOG, shorter than GODS read down
    ],
)
def test_a_column_reads_the_longer_word_the_upward_one_on_equal_length(
    letters: str, down: str | None, either: str | None
) -> None:
    lexicon = Lexicon.from_words(["go", "god", "gods", "dog", "bug", "bus", "bugs"])
    grid = dict(zip((f"0,{y}" for y in range(len(letters))), card_ids(letters), strict=True))
    for reading, expected in (("down", down), ("either", either)):
        words = list(WordReader(lexicon, 2, reading).all_words(grid).values())
        assert [w.text for w in words] == ([expected] if expected else []), reading
        for word in words:  # cards and cells in the word's own order, from its first letter
            assert "".join(card(i).letter for i in word.ids) == word.text
            step = 1 if word.direction == "down" else -1
            x, y = word.cells[0]
            assert word.cells == tuple((x, y + step * n) for n in range(len(word.ids)))
            assert [grid[f"{x},{y}"] for x, y in word.cells] == list(word.ids)


def card_ids(letters: str) -> list[int]:
    """Ids of distinct cards spelling ``letters``."""
    ids: list[int] = []
    for letter in letters:
        ids.append(next(c.id for c in deck() if c.letter == letter and c.id not in ids))
    return ids


def test_rows_read_left_to_right_only() -> None:
    grid = [{"at": [0, 0], "card": "S blue"}, {"at": [1, 0], "card": "U blue"}]
    fixed = {"grid": [*grid, {"at": [2, 0], "card": "B blue"}], "hands": [["E red"], ["A red"]]}
    match = table(fixed, lexicon=Lexicon.from_words(["bus", "sub"]), reading="either")
    assert [w["word"] for w in match.view(None)["words"]] == ["SUB"]


def test_the_scramble_claims_a_word_read_up_from_its_first_letter() -> None:
    match = table({"grid": COLUMN, "hands": [[], []], "deck": []}, reading="either")
    game = game_of(match)
    assert match.state["phase"] == "scramble"
    legal = list(match.legal_actions(0))
    assert legal == [{"type": "claim", "at": [0, 2], "direction": "up"}, {"type": "pass"}]
    # Each listed claim has its own number, which decodes back to it.
    codes = [game.encode_action(match.state, 0, a) for a in legal]
    assert [game.decode_action(match.state, 0, c) for c in codes] == legal
    assert set(np.flatnonzero(game.legal_action_mask(match.state, 0))) == set(codes)
    refused = assert_refused(
        match, 0, {"type": "claim", "at": [0, 0], "direction": "down"}, "no-word-there"
    )
    assert "DOG (up)" in refused.message and "down or up a column" in refused.message
    assert_refused(match, 0, {"type": "claim", "at": [0, 0], "direction": "up"}, "no-word-there")
    events = match.apply(0, legal[0])
    assert events[0] == {"type": "awarded", "seat": 0, "word": "DOG", "cards": 3}
    assert match.result() is not None
    assert_replays(match)


def test_a_default_table_claims_down_and_knows_no_up() -> None:
    match = table({"grid": COLUMN, "hands": [[], []], "deck": []})
    assert list(match.legal_actions(0)) == [
        {"type": "claim", "at": [0, 0], "direction": "down"},
        {"type": "pass"},
    ]
    assert_refused(match, 0, {"type": "claim", "at": [0, 2], "direction": "up"}, "bad-action")


def test_the_greedy_bot_and_the_rollouts_see_words_read_up() -> None:
    """G above U: a B under U reads BUG only upwards. The greedy bot takes it at a table that
    reads columns either way; its word is the one applying the move claims."""
    grid = [{"at": [0, 0], "card": "G blue"}, {"at": [0, 1], "card": "U blue"}]
    fixed = {"grid": grid, "hands": [["B green", "K grey"], ["E blue"]]}
    match = table(fixed, reading="either")
    game = game_of(match)
    chosen = make_bot(game, "greedy", 1).choose(match.state, 0)
    assert chosen == {"type": "place", "card": chosen["card"], "at": [0, 2]}
    assert card(chosen["card"]).letter == "B"
    assert POLICY.words_in(game, match.state, chosen) == ["bug"]
    after = EnchantedGridGreedy.claims_after(game, match.state, 0, chosen)
    match.apply(0, chosen)
    assert [(c["word"], c["direction"]) for c in match.state["claims"]] == [("BUG", "up")]
    assert after == [{"seat": 0, "cards": match.state["claims"][0]["cards"]}]
    # The same move at a default table creates nothing.
    down = table(fixed)
    assert EnchantedGridGreedy.claims_after(game_of(down), down.state, 0, chosen) == []


def test_the_terminal_reads_up_claims_and_says_how_columns_read() -> None:
    either = table({"grid": COLUMN, "hands": [[], []], "deck": []}, reading="either")
    text = EnchantedGridText(either.game, ["P1", "P2"])
    assert text.parse("claim 0,2 up", either.view(0), 0) == {
        "type": "claim",
        "at": [0, 2],
        "direction": "up",
    }
    assert "claim 1,2 up" in text.help() and "At this table columns read either way" in text.help()
    down = table({"grid": COLUMN, "hands": [[], []], "deck": []})
    assert "At this table" not in EnchantedGridText(down.game, ["P1", "P2"]).help()


@pytest.mark.parametrize(("seed", "seats"), [(21, 2), (22, 4)])
def test_random_games_reading_either_way_keep_every_invariant(seed: int, seats: int) -> None:
    """Random games at a table whose columns read either way: the claims are the standing
    words, the words remembered between moves are the words read afresh, the greedy bot's list
    after each move of some positions is exactly the one applying it gives (the words of the
    touched lines read afresh), every listed action has a number that decodes back to it, and
    the record replays."""
    match = start(
        "enchanted-grid",
        seats,
        seed=seed,
        lexicon=load("standard"),
        options={"reading": "either", "round_cards": 10},
    )
    game = game_of(match)
    rng = random.Random(seed)
    checked = ups = 0
    while match.active_seats():
        (seat,) = match.active_seats()
        state = match.state
        if rng.random() < 0.15:
            remembered = game.reader.all_words(state["tops"])
            game.reader._runs.clear()
            game.reader._either.clear()
            assert list(game.reader.all_words(state["tops"]).items()) == list(remembered.items())
            codes = set()
            for action in game.legal_actions(state, seat):
                code = game.encode_action(state, seat, action)
                assert code not in codes
                codes.add(code)
                assert game.action_key(game.decode_action(state, seat, code)) == game.action_key(
                    action
                )
                if state["phase"] != "play":
                    continue
                after = copy.deepcopy(state)
                game.apply(after, seat, action)
                if after["round"] == state["round"]:
                    expected = [{"seat": c["seat"], "cards": c["cards"]} for c in after["claims"]]
                    assert EnchantedGridGreedy.claims_after(game, state, seat, action) == expected
                    checked += 1
        match.apply(seat, game.sample_action(state, seat, rng))
        ups += sum(1 for c in match.state["claims"] if c["direction"] == "up")
        check_claims(match)
        check_indexes(match)
        assert conserved(match) == match.state["total"]
    assert checked and ups  # some moves were checked, and words were claimed upwards
    assert_replays(match)
