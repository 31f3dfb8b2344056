"""Hints and reviews: they use only the acting seat's knowledge, repeat for a seed, name legal
moves, and find that a random player loses more than a greedy one."""

from __future__ import annotations

import random
from itertools import pairwise
from pathlib import Path

import pytest

from crafthall.arena.autoplay import play_to_end, seat_bots
from crafthall.bots.ismcts import Budget, ismcts
from crafthall.cli.main import main
from crafthall.engine import Match, State, clone
from crafthall.games import names
from crafthall.review import Effort, Review, assess, best_words, hints, review, review_moves
from crafthall.review.analysis import (
    HINT_RESERVE,
    KEEP_SPAN,
    WORDS,
    Keeper,
    judge_level,
    policy_of,
)
from crafthall.server.compute import jobs
from crafthall.server.routes.hints import PART_MOVES
from tests.support import midgame, start

TINY = Effort(iterations=40, seed=7)


def _midgame(name: str, moves: int = 7, seed: int = 11) -> Match:
    return midgame(name, 3 if name != "swordcrafters" else 2, moves, seed)


def _greedy_against_random(name: str, seed: int = 5) -> Match:
    match = start(name, 2, seed=seed)
    return play_to_end(match, seat_bots(match, ["greedy", "random"], 1), 1)


@pytest.mark.parametrize("name", names())
def test_hints_use_only_what_the_seat_knows(name: str) -> None:
    match = _midgame(name)
    game, state = match.game, match.state
    seat = match.active_seats()[0]
    before = clone(state)
    found = [h.to_json() for h in hints(game, state, seat, TINY)]
    assert found and len(found) <= 5
    assert state == before  # a hint never changes the game
    for shuffle in (99, 100):
        lookalike = game.determinize(state, seat, random.Random(shuffle))
        assert game.view(lookalike, seat) == game.view(state, seat)
        assert [h.to_json() for h in hints(game, lookalike, seat, TINY)] == found


@pytest.mark.parametrize("name", names())
def test_hints_repeat_for_a_seed_and_are_legal(name: str) -> None:
    match = _midgame(name, moves=4, seed=3)
    game, state = match.game, match.state
    seat = match.active_seats()[0]
    first = hints(game, state, seat, TINY)
    assert [h.to_json() for h in first] == [h.to_json() for h in hints(game, state, seat, TINY)]
    legal = {game.action_key(a) for a in game.legal_actions(state, seat)}
    assert all(game.action_key(h.action) in legal for h in first)
    # The search's choice first, then by how often the search tried each move.
    visits = [h.visits for h in first]
    assert visits == sorted(visits, reverse=True)
    assert all(0.0 <= h.estimate <= 1.0 for h in first)


def test_a_seat_that_cannot_act_gets_no_hint() -> None:
    match = _midgame("swordcrafters")
    idle = next(s for s in range(len(match.seat_names)) if s not in match.active_seats())
    assert hints(match.game, match.state, idle, TINY) == []


@pytest.mark.parametrize("name", ["wordcraft", "evocabulary"])
def test_a_reviewed_move_is_judged_from_the_movers_knowledge(name: str) -> None:
    match = _midgame(name)
    game, state = match.game, match.state
    seat = match.active_seats()[0]
    played = game.sample_action(state, seat, random.Random(2))
    found = [a.to_json() for a in assess(game, state, seat, TINY, include=[played])]
    assert any(a["action"] == played for a in found)  # the played move is always judged
    lookalike = game.determinize(state, seat, random.Random(5))
    again = assess(game, lookalike, seat, TINY, include=[played])
    assert [a.to_json() for a in again] == found


def test_sword_crafters_hints_show_the_effect_on_the_scores() -> None:
    match = _midgame("swordcrafters", moves=12, seed=3)
    seat = match.active_seats()[0]
    found = hints(match.game, match.state, seat, TINY)
    assert any(key.startswith("score_table.") for h in found for key in h.effects)


def test_word_game_hints_name_their_words() -> None:
    match = _midgame("wordcraft", moves=0)
    found = hints(match.game, match.state, match.active_seats()[0], TINY)
    assert all(h.words and h.words[0].upper() in h.label for h in found)


@pytest.mark.slow
def test_the_random_seat_loses_more_than_the_greedy_one() -> None:
    match = _greedy_against_random("enchanted-grid")
    found = review(match, TINY)
    assert len(found.moves) == len(match.moves)
    greedy, chance = found.summary
    assert chance.mean_lost > greedy.mean_lost
    assert chance.accuracy < greedy.accuracy
    assert found.turning_point is not None
    for move in found.moves:
        assert move.forced or (move.best is not None and move.lost >= 0)
    assert review(match, TINY).to_json() == found.to_json()  # repeatable


def test_a_live_game_is_not_reviewed() -> None:
    with pytest.raises(ValueError):
        review(_midgame("wordcraft"), TINY)


def test_the_review_command(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    match = _greedy_against_random("wordsmith", seed=5)
    record = match.save(tmp_path / "game.jsonl")
    small = ["--iterations", "8"]
    assert main(["review", str(record), *small]) == 0
    out = capsys.readouterr().out
    assert "accuracy" in out and "best" in out
    assert (tmp_path / "game.review.json").is_file()  # saved with the game

    def no_new_review(*_args: object) -> None:
        raise AssertionError("the saved review should have been used")

    # Asked again with the same effort: the saved review, printed alike.
    monkeypatch.setattr("crafthall.cli.review.review", no_new_review)
    assert main(["review", str(record), *small]) == 0
    assert capsys.readouterr().out == out
    assert main(["review", str(record), "--json", *small]) == 0
    assert '"summary"' in capsys.readouterr().out
    with pytest.raises(AssertionError):  # another effort, or --fresh: worked out anew
        main(["review", str(record), "--iterations", "9"])
    with pytest.raises(AssertionError):
        main(["review", str(record), "--fresh", *small])
    unfinished = _midgame("wordsmith").save(tmp_path / "live.jsonl")
    assert main(["review", str(unfinished)]) == 2


def test_a_saved_review_reads_back() -> None:
    found = review(_greedy_against_random("swordcrafters", seed=2), Effort(iterations=8))
    assert Review.from_json(found.to_json()).to_json() == found.to_json()


def test_wordcraft_lists_the_ten_best_words_of_the_grid() -> None:
    match = _midgame("wordcraft", moves=5)
    game, state = match.game, match.state
    seat = match.active_seats()[0]
    found = best_words(game, state, seat, seed=3)
    assert len(found) == WORDS == 10
    assert len({w.word for w in found}) == 10  # each word once
    values = [w.immediate for w in found]
    assert values == sorted(values, reverse=True)
    # Every other word the seat could play is worth no more than the last one listed.
    world = game.determinize(state, seat, random.Random(3))
    listed = {w.word.lower() for w in found}
    for action in game.legal_actions(world, seat):
        if action["type"] == "word" and action["word"] not in listed:
            after = clone(world)
            game.apply(after, seat, action)
            assert game.evaluate(after, seat) <= values[-1]
    for option in found:  # cubes and achievements as the move lays them
        assert option.cubes == len(option.action["spelling"])
        assert option.achievements == option.action["achievements"]
    lookalike = game.determinize(state, seat, random.Random(8))
    assert [w.to_json() for w in best_words(game, lookalike, seat, seed=3)] == [
        w.to_json() for w in found
    ]


def test_a_wordcraft_review_lists_ten_words_at_every_turn() -> None:
    match = start("wordcraft", 2, seed=4)
    play_to_end(match, seat_bots(match, ["greedy"], 2), 2)
    found = review(match, Effort(iterations=4))
    words = [move for move in found.moves if move.words]
    assert words and all(len(move.words) == 10 for move in words)
    again = Review.from_json(found.to_json())
    first = words[0]
    assert [w.to_json() for w in again.moves[first.index].words] == [
        w.to_json() for w in first.words
    ]


def test_the_best_move_is_the_strong_searchs_choice() -> None:
    match = _midgame("swordcrafters", moves=6, seed=3)
    game, state = match.game, match.state
    seat = match.active_seats()[0]
    found = assess(game, state, seat, TINY)
    policy, level = policy_of(game), judge_level(policy_of(game))
    # The strong bot's own steps, with the review's seed: the same move.
    rng = random.Random(TINY.seed)
    world = game.determinize(state, seat, rng)
    options = policy.prune(game, world, seat, list(game.legal_actions(world, seat)))
    budget = Budget(iterations=TINY.iterations)
    choice = ismcts(game, state, seat, budget, rng, policy, options, level.rollout_moves)
    assert game.action_key(found[0].action) == game.action_key(choice.action)
    assert sum(a.visits for a in found) == TINY.iterations


def _greedy_game(name: str, seats: int = 2, seed: int = 3) -> Match:
    match = start(name, seats, seed=seed)
    return play_to_end(match, seat_bots(match, ["greedy"], seed), seed)


def _moving_again(match: Match) -> int:
    """The first move of ``match`` after which its seat moves again, both with a choice."""
    game, replay = match.game, Match(match.game, match.header)
    choices = []
    for move in match.moves:
        choices.append(len(list(game.legal_actions(replay.state, move.seat))) > 1)
        replay.apply(move.seat, move.action, move.at)
    return next(
        index
        for index, (move, after) in enumerate(pairwise(match.moves))
        if move.seat == after.seat and choices[index] and choices[index + 1]
    )


def _before(match: Match, index: int) -> State:
    replay = Match(match.game, match.header)
    for move in match.moves[:index]:
        replay.apply(move.seat, move.action, move.at)
    return clone(replay.state)


def test_a_seat_moving_again_goes_on_from_its_own_tree() -> None:
    match = _greedy_game("swordcrafters")
    index = _moving_again(match)
    game, move = match.game, match.moves[index]
    keeper = Keeper()
    assess(game, _before(match, index), move.seat, TINY, [move.action], keeper=keeper)
    keeper.played(move.seat, move.action)
    again = match.moves[index + 1]
    found = assess(game, _before(match, index + 1), again.seat, TINY, [again.action], keeper=keeper)
    assert keeper.reused == 1 and 0 < keeper.kept < TINY.iterations
    assert TINY.iterations is not None
    # The second search ran only what the kept visits left of its budget.
    assert keeper.iterations == 2 * TINY.iterations - keeper.kept
    assert sum(a.visits for a in found) > TINY.iterations - keeper.kept
    legal = {game.action_key(a) for a in game.legal_actions(_before(match, index + 1), again.seat)}
    assert all(game.action_key(a.action) in legal for a in found)
    # Another seat's move between lets the tree go: what that seat did is not the mover's.
    keeper.played(again.seat, again.action)
    keeper.played(1 - again.seat, again.action)
    assert keeper.root(again.seat) is None


def test_a_review_in_parts_is_the_review_at_once() -> None:
    assert PART_MOVES % KEEP_SPAN == 0  # the server's parts start where trees are let go
    match = _greedy_game("swordcrafters", seed=5)
    moves, quick = min(len(match.moves), 3 * KEEP_SPAN), Effort(iterations=12, seed=7)
    keeper = Keeper()
    whole = review_moves(match, 0, moves, quick, keeper)
    assert keeper.reused > 0  # the game has seats moving again
    parts = [
        one
        for start in range(0, moves, KEEP_SPAN)
        for one in review_moves(match, start, min(moves, start + KEEP_SPAN), quick)
    ]
    assert [m.to_json() for m in parts] == [m.to_json() for m in whole]


def test_forced_moves_cost_no_search() -> None:
    match = _greedy_game("wordsmith", seats=3, seed=1)
    keeper, quick = Keeper(), Effort(iterations=4, seed=7)
    found = review_moves(match, 0, len(match.moves), quick, keeper)
    forced = [m for m in found if m.forced]
    assert forced, "the game should have moves with a single option"
    assert all(m.best is None and not m.alternatives and not m.words for m in forced)
    assert all(m.lost == 0 and m.played_value is None for m in forced)
    chosen = len(found) - len(forced)
    assert keeper.iterations + keeper.kept <= chosen * 4


@pytest.mark.parametrize("name", ["wordcraft", "swordcrafters"])
def test_a_hint_past_its_deadline_still_shows_its_candidates(name: str) -> None:
    match = _midgame(name, moves=6)
    game, state = match.game, match.state
    seat = match.active_seats()[0]
    long = Effort(iterations=5_000, seed=7)
    legal = {game.action_key(a) for a in game.legal_actions(state, seat)}
    # Due already: no search at all, the moves judged by the position right after each.
    found = hints(game, state, seat, long, within=0.0)
    assert 1 < len(found) <= 5 and sum(h.visits for h in found) == 0
    assert all(game.action_key(h.action) in legal for h in found)
    values = [h.estimate for h in found]
    assert values == sorted(values, reverse=True)
    # Due a moment after the search's share: it stops long before its 5,000 iterations.
    found = hints(game, state, seat, long, within=HINT_RESERVE + 0.05)
    assert 1 < len(found) <= 5 and sum(h.visits for h in found) < 5_000
    assert all(game.action_key(h.action) in legal for h in found)


def test_the_hint_job_keeps_to_the_deadline_the_server_gives() -> None:
    match = _midgame("swordcrafters", moves=6)
    seat = match.active_seats()[0]
    header = match.header.to_json()
    due = jobs.hint(header, match.state, seat, 0.0)
    assert due and all(h["visits"] == 0 and h["said"] for h in due)
    assert sum(h["visits"] for h in jobs.hint(header, match.state, seat)) > 0
