"""Evocabulary's greedy bot: finds the best spell and plays whole games legally."""

from __future__ import annotations

from crafthall.games import make_bot
from crafthall.games.evocabulary.bots import EvocabularyGreedyBot, best_spell
from tests.games.evocabulary.helpers import PUBLISH, fam, table
from tests.support import assert_replays, play_out, start


def test_greedy_is_the_games_own_bot() -> None:
    match = start("evocabulary", 2, seed=1)
    assert isinstance(make_bot(match.game, "greedy", 1), EvocabularyGreedyBot)


def test_best_spell_prefers_a_publishing_team_and_rare_letters() -> None:
    match = table([["z", "e", "b", "r", "a", "t", "e"], ["e"] * 7], teams=[{"5": [fam(PUBLISH)]}])
    found = best_spell(match.game, match.view(0), 0)
    assert found is not None and found.action["word"] == "zebra"


def test_greedy_publishes_when_it_can() -> None:
    match = table([["z", "e", "b", "r", "a", "t", "s"], ["e"] * 7], teams=[{"5": [fam(PUBLISH)]}])
    bot = make_bot(match.game, "greedy", 0)
    match.apply(0, bot.choose(match.state, 0))
    while match.active_seats() == [0]:
        match.apply(0, bot.choose(match.state, 0))
    assert match.view(0)["scores"][0] >= 16


def test_greedy_games_end_with_the_real_dictionary() -> None:
    for seats in (2, 5):
        match = play_out(start("evocabulary", seats, seed=seats), "greedy", seed=seats)
        result = match.result()
        assert result is not None and max(result.scores) > 0
        assert_replays(match)


def test_greedy_plays_on_when_a_second_pass_is_closed() -> None:
    """With the deck and its hand empty, having passed, the greedy bot may not pass again
    while it can publish (CATS cut to CAT lands at a team with a publisher): it modifies."""
    match = table([["c", "a", "t", "s"], ["x"]], deck=[], teams=[{"3": [fam(PUBLISH)]}])
    match.apply(0, {"type": "start", "word": "cats", "cards": ["c", "a", "t", "s"]})
    match.apply(0, {"type": "done"})
    for seat in (1, 0, 1):
        match.apply(seat, {"type": "draw"})
    assert match.view(0)["passed"] == [True, True] and match.view(0)["hand"] == []
    action = make_bot(match.game, "greedy", 0).choose(match.state, 0)
    assert action["type"] == "modify"
    match.apply(0, action)
