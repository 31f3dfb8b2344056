"""IS-MCTS and the level ladder: they never peek at another seat's secrets, repeat exactly for a
seed and an iteration budget, and play legal moves in every game at every table size."""

from __future__ import annotations

import random
from collections.abc import Hashable

import pytest

from crafthall.arena.autoplay import play_to_end
from crafthall.bots.base import Bot, RandomBot
from crafthall.bots.ismcts import DEFAULT_POLICY, Budget, SearchPolicy, ismcts, rank_utility
from crafthall.bots.levels import LADDER, OLD_NAMES, Level, LevelBot
from crafthall.engine import Match, clone
from crafthall.engine.data import Action, State
from crafthall.engine.game import Result
from crafthall.games import bot_levels, entry, make_bot, names
from tests.support import midgame, start

TINY = Budget(iterations=12)


def _policy(name: str) -> SearchPolicy:
    return entry(name).search or DEFAULT_POLICY


Found = tuple[Hashable, list[tuple[Hashable, int, float]]]


def _search(match: Match, state: State, seat: int, seed: int) -> Found:
    game = match.game
    choice = ismcts(game, state, seat, TINY, random.Random(seed), _policy(game.name), horizon=8)
    stats = [(game.action_key(a), visits, round(value, 9)) for a, visits, value in choice.stats]
    return game.action_key(choice.action), stats


@pytest.mark.parametrize("name", names())
def test_the_choice_ignores_what_the_seat_cannot_see(name: str) -> None:
    match = midgame(name, 3 if match_seats(name, 3) else 2, moves=7)
    game, state = match.game, match.state
    seat = match.active_seats()[0]
    for shuffle in (99, 100):
        lookalike = game.determinize(state, seat, random.Random(shuffle))
        assert game.view(lookalike, seat) == game.view(state, seat)
        before = clone(state)
        assert _search(match, state, seat, 5) == _search(match, lookalike, seat, 5)
        for level in (LADDER["beginner"], _tiny_level("tiny")):
            bot, twin = (LevelBot(game, 7, level, _policy(name)) for _ in range(2))
            chosen = game.action_key(bot.choose(state, seat))
            assert game.action_key(twin.choose(lookalike, seat)) == chosen
        assert state == before, "the search must not change the state it is shown"


def match_seats(name: str, seats: int) -> bool:
    game = entry(name).game
    return game.min_seats <= seats <= game.max_seats


@pytest.mark.parametrize("name", names())
def test_a_seed_and_an_iteration_budget_repeat_the_search(name: str) -> None:
    match = midgame(name, 2, moves=3)
    seat = match.active_seats()[0]
    first = _search(match, match.state, seat, 8)
    assert first == _search(match, match.state, seat, 8)
    assert sum(visits for _, visits, _ in first[1]) == TINY.iterations


def _tiny_level(name: str) -> Level:
    return Level(name, "for tests", iterations=4, notice=8, common_words=False, rollout_moves=3)


@pytest.mark.parametrize("name", names())
def test_search_bots_play_legal_moves_at_every_table_size(name: str) -> None:
    game_type = entry(name).game
    for seats in range(game_type.min_seats, game_type.max_seats + 1):
        match = start(name, seats, seed=30 + seats)
        policy = _policy(name)
        bots: dict[int, Bot] = {seat: RandomBot(match.game, seat) for seat in range(seats)}
        bots[seats - 1] = LevelBot(match.game, 1, _tiny_level("tiny"), policy)
        play_to_end(match, bots, seed=seats)  # every move goes through Match.apply: all legal
        assert match.result() is not None


@pytest.mark.parametrize("name", names())
def test_every_game_offers_the_ladder(name: str) -> None:
    levels = bot_levels(name)
    assert levels[: len(LADDER)] == list(LADDER)
    assert {"random", "greedy", *OLD_NAMES} <= set(levels)
    match = midgame(name, 2, moves=2)
    seat = match.active_seats()[0]
    for level in [*LADDER, *OLD_NAMES]:
        assert isinstance(make_bot(match.game, level, 1), Bot)
    beginner = make_bot(match.game, "beginner", 2)
    action = beginner.choose(match.state, seat)
    copy = clone(match.state)
    match.game.apply(copy, seat, action)  # legal


def test_old_names_mean_their_levels_unless_a_game_keeps_its_own() -> None:
    match = start("swordcrafters", 2)
    assert make_bot(match.game, "search", 1).level == "strong"
    assert make_bot(match.game, "easy", 1).level == "beginner"
    assert make_bot(match.game, "medium", 1).level == "casual"
    wordsmith = start("wordsmith", 2)
    own = entry("wordsmith").bots
    assert type(make_bot(wordsmith.game, "beginner", 1)) is type(own["easy"](wordsmith.game, 1))


def test_levels_that_know_common_words_only_skip_rare_ones() -> None:
    match = start("swordcrafters", 2, seed=3)
    rng = random.Random(1)
    while match.state["phase"] != "craft":
        seat = match.active_seats()[0]
        match.apply(seat, match.game.sample_action(match.state, seat, rng))

    class Wordy(SearchPolicy):
        """Pretends a move on side 1 spells a rare word and one on side 2 a common one."""

        def words(self, game: object, action: Action) -> list[str]:
            return {1: ["zyzzyva"], 2: ["cat"]}.get(action["side"], [])

    seat = match.active_seats()[0]
    knows_few = LevelBot(match.game, 1, LADDER["beginner"], Wordy(), vocabulary={"cat"})
    knows_all = LevelBot(match.game, 1, LADDER["expert"], Wordy(), vocabulary={"cat"})
    few = [a["side"] for a in knows_few.options(match.state, seat, random.Random(2))]
    every = {a["side"] for a in knows_all.options(match.state, seat, random.Random(2))}
    assert 1 not in few and set(few) <= {2, 3, 4}
    assert every == {1, 2, 3, 4}


def test_rank_utility_shares_tied_places() -> None:
    assert rank_utility([1, 2, 3]) == [1.0, 0.5, 0.0]
    assert rank_utility([1, 1, 3]) == [0.75, 0.75, 0.0]
    values = DEFAULT_POLICY.final_values(Result([30, 10], [1, 2], [0]))
    assert values[0] > 0.9 and values[1] < 0.1 and abs(sum(values) - 1) < 1e-9


def test_a_level_searches_with_the_policy_its_game_gives_that_level() -> None:
    """``for_level`` lets a game's levels differ in more than budget: the bot searches with
    (and is tuned by) the policy returned for its level; by default the game's own."""
    match = start("swordcrafters", 2)
    assert DEFAULT_POLICY.for_level(LADDER["expert"]) is DEFAULT_POLICY

    class Narrow(SearchPolicy):
        max_children = 2

    class Leveled(SearchPolicy):
        narrow = Narrow()

        def for_level(self, level: Level) -> SearchPolicy:
            return self.narrow if level.name == "casual" else self

    policy = Leveled()
    casual = LevelBot(match.game, 1, LADDER["casual"], policy)
    strong = LevelBot(match.game, 1, LADDER["strong"], policy)
    assert casual.policy is policy.narrow and strong.policy is policy
