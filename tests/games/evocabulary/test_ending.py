"""The end of the game ("Rules fidelity, third pass", item 2): the game ends only when the deck
is empty and no player can burn or publish, and it always gets there because a pass may not
follow the same player's pass while that player could bring the end closer."""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest

from crafthall.engine import Action, Match
from crafthall.games.evocabulary import ending
from crafthall.games.wordgame import WordGame
from crafthall.lexicon import Lexicon
from tests.games.evocabulary.helpers import BURN, PICKUP, fam, hand, table
from tests.support import assert_refused, assert_replays, start

PASS: Action = {"type": "draw"}
V2 = {"second_pass": True, "stall_rounds": 2}
"""The options that play as rules version 2 did."""


def _lexicon(match: Match) -> Lexicon:
    assert isinstance(match.game, WordGame)
    return match.game.lexicon


def _can_publish_banana(options: dict[str, bool | int] | None = None) -> Match:
    """The deck is empty; P1 holds BANANA and an E, and the 6+ leader publishes (leaders side
    a): P1 can publish. P2 holds an X alone and can do nothing."""
    return table([["b", "a", "n", "a", "n", "a", "e"], ["x"]], deck=[], options=options)


def test_a_player_who_can_still_publish_keeps_the_game_going() -> None:
    """Rulebook: "The game ends when the deck of letter cards is empty and no player can burn
    a letter or publish a spell." Three full rounds go by without a burn or a publish (the old
    clock ended the game 0-0 after two), and the game goes on while P1 can publish BANANA."""
    match = _can_publish_banana()
    match.apply(0, PASS)
    match.apply(1, PASS)
    assert match.view(0)["passed"] == [True, True]
    assert PASS not in match.legal_actions(0)
    err = assert_refused(match, 0, PASS, "no-second-pass")
    assert "burn or publish" in err.message
    match.apply(0, {"type": "discard", "letter": "e"})
    match.apply(0, PASS)  # after a discard: not a pass
    for seat in (1, 0, 1):  # P2, who can do nothing, passes again and again; P1 once more
        match.apply(seat, PASS)
        assert match.result() is None
    assert match.view(0)["quiet_turns"] == 6 and ending.can_score(match.state, 0, _lexicon(match))
    assert_refused(match, 0, PASS, "no-second-pass")
    match.apply(0, {"type": "start", "word": "banana", "cards": list("banana")})
    match.apply(0, {"type": "use", "card": "leader", "team": 6})
    result = match.result()  # now nobody can burn or publish: the rulebook's end
    assert result is not None and result.scores == [8, 0]
    assert_replays(match)


def test_rules_version_2_ended_that_game_after_two_quiet_rounds() -> None:
    """Under the options that keep rules version 2 (a second pass allowed, two quiet rounds
    end the game), the same table ends 0-0 although P1 could publish."""
    match = _can_publish_banana(V2)
    for seat in (0, 1, 0):
        match.apply(seat, PASS)
        assert match.result() is None
    match.apply(1, PASS)
    result = match.result()
    assert result is not None and result.scores == [0, 0]
    assert ending.can_score(match.state, 0, _lexicon(match))  # which the rulebook does not allow


def test_the_quiet_round_clock_is_a_table_option() -> None:
    """A table may still set a clock (``stall_rounds``): with the deck empty, that many full
    rounds without a burn or a publish end the game. A discard is no burn."""
    match = table(
        [["s", "t", "a", "r", "e", "e", "e"], ["x"]], deck=[], options={"stall_rounds": 2}
    )
    match.apply(0, PASS)
    match.apply(1, PASS)
    match.apply(0, {"type": "discard", "letter": "e"})
    match.apply(0, PASS)
    assert match.result() is None and match.view(0)["stall_rounds"] == 2
    match.apply(1, PASS)
    assert match.result() is not None  # though P1 could still start STARE and burn an E


def test_no_second_pass_in_a_row_while_the_deck_has_cards() -> None:
    """With 7 letters a player may pass (issue 18, item 3), but not twice running while the
    deck has cards: else every player could hold a full hand for ever and the deck would never
    run out. A discard (and draw) in between opens the pass again."""
    match = table([["qu", "z", "x", "e", "e", "e", "e"], ["e"] * 7], deck=["a", "b", "c", "d"])
    match.apply(0, PASS)
    match.apply(1, PASS)
    err = assert_refused(match, 0, PASS, "no-second-pass")
    assert "the deck still has cards" in err.message
    assert "second pass" in match.view(0)["prompt"]
    match.apply(0, {"type": "discard", "letter": "qu"})
    assert PASS in match.legal_actions(0)  # drawing after a discard is no pass
    match.apply(0, PASS)
    assert sorted(hand(match, 0)) == ["a", "e", "e", "e", "e", "x", "z"]
    assert_refused(match, 1, PASS, "no-second-pass")
    match.apply(1, {"type": "discard", "letter": "e"})
    match.apply(1, PASS)
    match.apply(0, PASS)  # P1's last turn was no pass
    assert_replays(match)


def test_a_player_short_of_7_letters_always_draws() -> None:
    """A draw that brings letters is no pass, whatever the player did the turn before."""
    match = table([["e"] * 7, ["e"] * 5], deck=["a", "b", "c", "d"])
    match.apply(0, PASS)
    match.apply(1, PASS)  # draws 2: no pass
    assert match.view(0)["passed"] == [True, False]
    match.apply(0, {"type": "discard", "letter": "e"})
    match.apply(0, PASS)
    assert PASS in match.legal_actions(1)


def test_a_second_pass_is_open_to_whoever_cannot_burn_or_publish() -> None:
    """With the deck empty, a player with nothing to burn or publish holds nothing off: they
    pass as often as they like (P2 here, while P1 can still publish and so must play every
    other turn)."""
    match = table([["b", "a", "n", "a", "n", "a", "e", "e"], ["x"]], deck=[])
    for turn in range(4):
        if turn % 2:
            match.apply(0, {"type": "discard", "letter": "e"})
        match.apply(0, PASS)
        assert PASS in match.legal_actions(1)
        match.apply(1, PASS)
    assert match.result() is None and match.view(0)["passed"][1]


def test_the_version_2_options_allow_a_second_pass() -> None:
    match = table([["qu", "z", "x", "e", "e", "e", "e"], ["e"] * 7], deck=["a"], options=V2)
    for seat in (0, 1, 0, 1, 0):
        match.apply(seat, PASS)
    assert match.result() is None and match.view(0)["deck_size"] == 1


def test_a_pickup_cycle_goes_on_as_the_rulebook_allows() -> None:
    """The one loop left: laying a spell and taking it back with a Pickup, turn after turn,
    while the player could burn. "All familiar actions are optional" and a Pickup takes "any of
    your spells back into hand", so the game goes on; a table that wants a clock sets one."""
    for options, ends in (({}, False), ({"stall_rounds": 2}, True)):
        match = table(
            [["s", "a", "t", "r", "e", "e"], ["x"]],
            deck=[],
            teams=[{"3": [fam(PICKUP)]}],
            options=options,
        )
        for _ in range(3):
            match.apply(0, {"type": "start", "word": "sat", "cards": ["s", "a", "t"]})
            match.apply(0, {"type": "use", "card": PICKUP, "team": 3})
            match.apply(0, {"type": "done"})
            if match.result() is None:
                match.apply(1, PASS)
            if match.result() is not None:
                break
        assert (match.result() is not None) == ends, options
        assert hand(match, 0) == ["a", "e", "e", "r", "s", "t"]


def _pass_first(match: Match, seat: int, rng: random.Random) -> Action:
    """A player who passes whenever the rules let them, ends every activation at once (never
    burning or publishing), and otherwise takes any legal action."""
    legal = match.legal_actions(seat)
    for preferred in (PASS, {"type": "done"}):
        if preferred in legal:
            return preferred
    return rng.choice(legal)


def _random(match: Match, seat: int, rng: random.Random) -> Action:
    return match.game.sample_action(match.state, seat, rng)


Chooser = Callable[[Match, int, random.Random], Action]


def _play(match: Match, choose: Chooser, seed: int, max_moves: int) -> None:
    rng = random.Random(seed)
    for _ in range(max_moves):
        active = match.active_seats()
        if not active:
            break
        match.apply(active[0], choose(match, active[0], rng))
    result = match.result()
    assert result is not None, f"no end within {max_moves} moves"
    state = match.state
    # the game ended where the rulebook ends it
    assert not state["deck"] and not ending.can_anyone_score(state, _lexicon(match), 0)


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_players_who_always_pass_still_reach_the_end(seats: int) -> None:
    """Finiteness: players who pass whenever they may, and never burn or publish, play whole
    games with the real dictionary to the rulebook's end (the deck empty, nobody able to burn
    or publish); the only clock is the rule on second passes."""
    match = start("evocabulary", seats, seed=seats)
    _play(match, _pass_first, seed=seats, max_moves=6000)
    result = match.result()
    assert result is not None and result.scores == [0] * seats
    assert_replays(match)


def test_under_rules_version_2_players_who_always_pass_never_end() -> None:
    """What looped: with every hand full, a pass every turn draws nothing, so the deck never
    runs out, and the two-round clock only ran once it had."""
    match = start("evocabulary", 2, seed=2, options=V2)
    for _ in range(1000):
        seat = match.active_seats()[0]
        match.apply(seat, _pass_first(match, seat, random.Random(0)))
    assert match.result() is None and match.view(0)["deck_size"] == 106


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_random_games_reach_the_end(seed: int) -> None:
    """Finiteness: random players (``sample_action``) play whole games to the rulebook's end."""
    match = start("evocabulary", 2 + seed % 3, seed=seed)
    _play(match, _random, seed=seed, max_moves=6000)


def test_a_burner_left_unused_does_not_end_the_game_early() -> None:
    """P1 can burn at a team of their own (a Salamander at the 3 team): the game waits for
    them, and P1, once they have passed, must play."""
    match = table([["s", "a", "t", "e"], ["x"]], deck=[], teams=[{"3": [fam(BURN)]}])
    match.apply(0, PASS)
    match.apply(1, PASS)
    assert match.result() is None
    assert {a["type"] for a in match.legal_actions(0)} == {"start", "discard"}
