"""The learned network's runtime (numpy only): its model file, the loader's refusals, the bots'
fall back to the hand-written search, and the guided search, which reads the seat's
observation only (the reshuffle test) and follows the network's prior."""

from __future__ import annotations

import random
from dataclasses import replace
from pathlib import Path

import numpy as np
import pytest

from crafthall.bots.ismcts import DEFAULT_POLICY, Budget, SearchPolicy
from crafthall.bots.learned import network as runtime
from crafthall.bots.learned.guided import Guidance, GuidedSearch
from crafthall.bots.learned.network import (
    ModelRefused,
    Network,
    fitted,
    header_for,
    load_model,
    random_network,
    save_model,
    shipped_network,
)
from crafthall.bots.learned.selfplay import SelfPlay, play_game
from crafthall.bots.levels import LADDER, Guide, Level, LevelBot
from crafthall.engine import Match, clone
from crafthall.engine.game import Game
from crafthall.games import entry, make_bot, make_game, names
from tests.bots.test_ismcts import match_seats
from tests.support import midgame, start
from tests.training.nim import Nim


def _policy(name: str) -> SearchPolicy:
    return entry(name).search or DEFAULT_POLICY


def _small(game: Game, seats: int, seed: int = 1) -> Network:
    """A network of one narrow layer: enough to test with, even over a large action space."""
    return random_network(header_for(game, seats, (4,), command="test", seed=seed), seed)


def test_a_model_file_keeps_the_network_and_its_header(tmp_path: Path) -> None:
    game = Nim()
    network = random_network(header_for(game, 2, (16, 8), command="made here", seed=4), 4)
    path = tmp_path / "model.npz"
    save_model(path, network)
    loaded = load_model(path)
    assert loaded.header == network.header
    assert loaded.header.command == "made here" and loaded.header.seed == 4
    observation = game.encode_observation(game.view(game.setup(2, 3), 0))
    values, logits = network.forward(observation)
    again_values, again_logits = loaded.forward(observation)
    assert values.shape == (1, 2) and logits.shape == (1, 3)
    assert np.all((values > 0) & (values < 1))
    # float16 storage: the same judgement to three decimals
    np.testing.assert_allclose(again_values, values, atol=2e-3)
    np.testing.assert_allclose(again_logits, logits, atol=2e-2)


@pytest.mark.parametrize(
    ("change", "said"),
    [
        ({"version": "0"}, "rules version 0"),
        ({"game": "wordcraft"}, "trained for wordcraft"),
        ({"seats": 3}, "trained for 3 seats"),
        ({"observation_shape": (5,)}, "observations of shape (5,)"),
        ({"action_space_size": 9}, "9 action codes"),
    ],
)
def test_a_model_made_for_another_game_or_rules_is_refused_with_a_sentence(
    change: dict[str, object], said: str
) -> None:
    game = Nim()
    network = _small(game, 2)
    other = random_network(replace(network.header, **change), 1)  # type: ignore[arg-type]
    with pytest.raises(ModelRefused) as refused:
        fitted(other, game, 2)
    message = str(refused.value)
    assert said in message and "crafthall train toy-nim" in message, message
    assert fitted(network, game, 2) is network


def test_weights_that_do_not_fit_the_header_are_refused() -> None:
    network = _small(Nim(), 2)
    weights = network.weights()
    weights["wp"], weights["bp"] = weights["wp"][:, :2], weights["bp"][:2]
    with pytest.raises(ModelRefused, match="policy head"):
        Network(network.header, weights)
    del weights["wv"]
    with pytest.raises(ModelRefused, match="lacks the weights of its layer 'v'"):
        Network(network.header, weights)


def test_an_unreadable_model_file_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "model.npz"
    path.write_bytes(b"not a model")
    with pytest.raises(ModelRefused, match="not a readable model file"):
        load_model(path)
    np.savez(path, header=np.array('{"format": 99}'))
    with pytest.raises(ModelRefused, match="format 99"):
        load_model(path)


def test_a_refused_shipped_model_leaves_the_bots_on_the_hand_written_search(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    match = midgame("swordcrafters", 2, moves=5)
    game, seat = match.game, match.active_seats()[0]
    stale = _small(game, 2)
    stale = Network(replace(stale.header, version="0"), stale.weights())
    path = tmp_path / "model.npz"
    save_model(path, stale)
    monkeypatch.setattr(runtime, "model_path", lambda _: path)
    with caplog.at_level("WARNING"):
        assert shipped_network(game, 2) is None
    assert "rules version 0" in caplog.text
    master = make_bot(game, "master", 3)
    assert isinstance(master, LevelBot) and master.guiding_network(2) is None
    expert = make_bot(game, "expert", 3)
    assert master.choose(match.state, seat) == expert.choose(match.state, seat)


def test_a_fitting_shipped_model_guides_the_master(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    match = midgame("swordcrafters", 2, moves=5)
    path = tmp_path / "model.npz"
    save_model(path, _small(match.game, 2))
    monkeypatch.setattr(runtime, "model_path", lambda _: path)
    master = make_bot(match.game, "master", 3)
    assert isinstance(master, LevelBot)
    guiding = master.guiding_network(2)
    assert guiding is not None and guiding.header.seats == 2
    expert_budget = _policy("swordcrafters").tune(LADDER["expert"]).iterations
    assert master.level_info.iterations == round(expert_budget * LADDER["master"].guide.share)  # type: ignore[union-attr]
    seat = match.active_seats()[0]
    action = master.choose(match.state, seat)
    match.apply(seat, action)  # legal


def _guided(match: Match, network: Network, state: dict[str, object], seat: int) -> object:
    game = match.game
    guidance = Guidance(network, leaf_mix=0.5)
    search = GuidedSearch(game, state, seat, random.Random(5), guidance, _policy(game.name))
    choice = search.run(Budget(iterations=12))
    stats = [(game.action_key(a), n, round(v, 9)) for a, n, v in choice.stats]
    return game.action_key(choice.action), stats


@pytest.mark.parametrize("name", [n for n in names() if entry(n).game.has_codec()])
def test_the_guided_choice_ignores_what_the_seat_cannot_see(name: str) -> None:
    seats = 3 if match_seats(name, 3) else 2
    match = midgame(name, seats, moves=7)
    game, state = match.game, match.state
    seat = match.active_seats()[0]
    network = _small(game, seats)
    for shuffle in (99, 100):
        lookalike = game.determinize(state, seat, random.Random(shuffle))
        assert game.view(lookalike, seat) == game.view(state, seat)
        before = clone(state)
        assert _guided(match, network, state, seat) == _guided(match, network, lookalike, seat)
        level = _tiny_guided(_policy(name))
        bot, twin = (LevelBot(game, 7, level, _policy(name), network=network) for _ in range(2))
        assert bot.level_info.iterations == 6
        assert game.action_key(bot.choose(state, seat)) == game.action_key(
            twin.choose(lookalike, seat)
        )
        assert state == before, "the search must not change the state it is shown"


def _tiny_guided(policy: SearchPolicy) -> Level:
    """A guided level of 6 iterations that notices 8 moves, the network alone judging leaves
    (so its value head is read as well as its prior)."""
    expert = policy.for_level(LADDER["expert"]).tune(LADDER["expert"]).iterations
    guide = Guide("expert", share=6 / expert, fallback="strong", leaf_mix=1.0)
    return Level("tiny", "for tests", iterations=0, notice=8, common_words=False, guide=guide)


def test_the_toy_game_reshuffles_only_what_the_seat_cannot_see() -> None:
    game = Nim()
    state = game.setup(2, 4)
    lookalike = game.determinize(state, 0, random.Random(2))
    assert lookalike["secret"][1] != state["secret"][1]
    assert game.view(lookalike, 0) == game.view(state, 0)


@pytest.mark.parametrize("name", ["swordcrafters", "wordcraft"])
def test_the_search_follows_a_confident_prior(name: str) -> None:
    """With a flat value and a prior sure of one move, the guided search plays that move;
    with the prior on another, that one: the prior, not the order of the moves, decides.
    Sword Crafters has a logit per action code, Wordcraft's codes share hashed slots."""
    match = start(name, 2, seed=4)
    game, seat = match.game, match.active_seats()[0]
    header = _small(game, 2).header
    moves = _policy(name).actions(game, match.state, seat)  # the moves the search weighs
    legal = [game.encode_action(match.state, seat, a) for a in moves]
    slots = list(header.slots(legal))
    alone = [code for code, slot in zip(legal, slots, strict=True) if slots.count(slot) == 1]
    for favourite in (alone[0], alone[-1]):
        weights = {k: np.zeros_like(v) for k, v in _small(game, 2).weights().items()}
        weights["bp"][header.slots([favourite])[0]] = 8.0
        network = Network(header, weights)
        guidance = Guidance(network)
        search = GuidedSearch(game, match.state, seat, random.Random(1), guidance, _policy(name))
        chosen = search.run(Budget(iterations=30)).action
        assert game.encode_action(match.state, seat, chosen) == favourite


@pytest.mark.parametrize("name", [n for n in names() if entry(n).game.has_codec()])
def test_a_policy_head_has_at_most_its_slots(name: str) -> None:
    """A game with more action codes than POLICY_SLOTS shares that many logits by hash: its
    model stays small, and the legal moves of a position mostly read slots of their own."""
    seats = 2
    match = midgame(name, seats, moves=5)
    game, seat = match.game, match.active_seats()[0]
    header = header_for(game, seats, (4,))
    codes = game.action_space_size(seats)
    assert header.logits == min(codes, runtime.POLICY_SLOTS)
    moves = game.legal_actions(match.state, seat)
    legal = {game.encode_action(match.state, seat, a) for a in moves}
    slots = header.slots(sorted(legal))
    assert slots.min() >= 0 and slots.max() < header.logits
    if header.policy_slots:
        assert len(set(slots)) >= 0.9 * len(legal), "the hash crowds the legal moves together"
    else:
        assert list(slots) == sorted(legal)
    assert _small(game, seats).weights()["wp"].shape == (4, header.logits)


def test_master_and_swift_are_on_the_ladder_with_their_fallbacks() -> None:
    assert list(LADDER)[-1] == "master"
    for name, fallback in (("master", "expert"), ("swift", "strong")):
        guide = LADDER[name].guide
        assert guide is not None and guide.fallback == fallback
        assert LADDER[fallback].guide is None


def test_self_play_records_a_word_game_on_its_shared_slots() -> None:
    """Wordsmith's 86 thousand action codes share 4,096 logits: its self-play records are that
    wide, every visited slot is a legal one, and each row of visits sums to one."""
    game = make_game("wordsmith")
    network = _small(game, 2)
    assert network.header.policy_slots == runtime.POLICY_SLOTS
    played = play_game(game, network.header, 5, random.Random(1), _policy("wordsmith"), network,
                       SelfPlay(iterations=2))  # fmt: skip
    assert played.masks.shape == (len(played), runtime.POLICY_SLOTS) and len(played) > 10
    assert ((played.policies > 0) <= played.masks).all()
    np.testing.assert_allclose(played.policies.astype(np.float32).sum(axis=1), 1.0, rtol=1e-2)
