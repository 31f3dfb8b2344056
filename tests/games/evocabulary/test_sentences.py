"""Each event's one sentence (``EvocabularyText.say``), which every front end shows."""

from __future__ import annotations

from functools import cache

from crafthall.arena.autoplay import play_to_end, seat_bots
from crafthall.engine import Action, Match
from crafthall.games import entry
from crafthall.games.evocabulary.text import SENTENCES, EvocabularyText
from tests.games.evocabulary.helpers import LOCK, PICKUP, PUBLISH, WILD, fam, table
from tests.support import event_types_said, start

EVERY_EVENT = {*SENTENCES, "game-over"}


def _ui(match: Match) -> EvocabularyText:
    ui = entry("evocabulary").text(match.game, match.seat_names)
    assert isinstance(ui, EvocabularyText)
    return ui


def _said(match: Match, seat: int, action: Action) -> list[str | None]:
    """The sentences of the events of ``seat``'s ``action``."""
    ui = _ui(match)
    return [ui.say(seat, event) for event in match.apply(seat, action)]


@cache
def _random_games() -> tuple[Match, ...]:
    """A few whole games between random bots, at tables of 2 to 4."""
    games = []
    for seed in range(3):
        match = start("evocabulary", 2 + seed, seed=seed)
        games.append(play_to_end(match, seat_bots(match, ["random"], seed), seed))
    return tuple(games)


def test_every_event_of_random_games_has_its_own_sentence() -> None:
    seen: set[str] = set()
    for match in _random_games():
        seen |= event_types_said(match)
    assert seen <= EVERY_EVENT
    assert {"started", "drew", "discarded", "published", "done", "game-over"} <= seen


def test_a_sentence_names_the_player_the_event_is_about() -> None:
    for match in _random_games():
        ui = _ui(match)
        for event in match.events:
            if "seat" in event:
                said = ui.say(match.moves[event["move"]].seat, event)
                assert said is not None and said.startswith(match.seat_names[event["seat"]])


def test_the_hand_drawn_as_the_turn_passes_is_the_next_players() -> None:
    match = table([["s", "a", "t"], []], deck=["o", "r", "e", "n", "d", "i", "l"] * 2)
    match.apply(0, {"type": "start", "word": "sat", "cards": ["s", "a", "t"]})
    assert _said(match, 0, {"type": "done"}) == [
        "P1 ended the activation.",
        "P2 drew a new hand of 7 letters (the hand was empty).",
    ]


def test_the_sentences_of_an_activation() -> None:
    match = table(
        [["s", "t", "a", "r", "e", "c", "e"], ["e"] * 7],
        teams=[{"5": [fam(PUBLISH), fam(WILD)]}],
        deck=["o", "n"],
    )
    start_stare = {"type": "start", "word": "stare", "cards": ["s", "t", "a", "r", "e"]}
    assert _said(match, 0, start_stare) == ["P1 started STARE at team 5."]
    assert _said(match, 0, {"type": "use", "card": "leader", "letter": "c"}) == [
        "P1 burned C for 3 points."
    ]
    assert _said(match, 0, {"type": "use", "card": WILD}) == ["P1 took a wild."]
    publish = {"type": "use", "card": PUBLISH, "team": 5, "achievement": "len5"}
    assert _said(match, 0, publish) == [
        "P1 published STARE for 10 points, claiming achievement A01 (len5)."
    ]


def test_the_sentences_of_a_hire_a_pickup_and_a_modify() -> None:
    match = table(
        [["c", "a", "t", "s", "e", "e", "x"], ["e"] * 7],
        teams=[{"4": [fam(PICKUP)]}],
        deck=["o", "r"],
        market=[LOCK],
    )
    match.apply(0, {"type": "start", "word": "cats", "cards": ["c", "a", "t", "s"]})
    hire = {"type": "use", "card": "leader", "familiar": LOCK, "team": 5, "side": "front"}
    assert _said(match, 0, {**hire, "lock": "x"}) == [
        "P1 hired F40 Toad 1 (lock) to team 5, front up, locking X."
    ]
    assert _said(match, 0, {"type": "use", "card": PICKUP, "team": 4}) == [
        "P1 picked up CATS from team 4."
    ]
    assert _said(match, 1, {"type": "draw"}) == ["P2 drew nothing."]  # a full hand: a pass
    match.apply(0, {"type": "start", "word": "cats", "cards": ["c", "a", "t", "s"]})
    match.apply(0, {"type": "done"})
    match.apply(1, {"type": "discard", "letter": "e"})
    match.apply(1, {"type": "draw"})
    modify = {"type": "modify", "team": 4, "word": "cat", "cards": ["@c", "@a", "@t"]}
    assert _said(match, 0, modify) == [
        "P1 modified CAT at team 3, discarding S (the spell was at team 4)."
    ]


def test_a_team_finding_the_deck_or_the_wild_pile_empty_says_so() -> None:
    match = table(
        [["s", "a", "t", "e"], ["?"] * 6],
        teams=[{"3": [fam(WILD)]}],
        deck=[],
    )
    match.apply(0, {"type": "start", "word": "sat", "cards": ["s", "a", "t"]})
    assert _said(match, 0, {"type": "use", "card": "leader"}) == [
        "P1 drew nothing: the deck is empty."
    ]
    assert _said(match, 0, {"type": "use", "card": WILD}) == ["P1 found no wild left to take."]


def test_the_end_names_every_score() -> None:
    ui = _ui(table([["e"], ["e"]]))
    assert ui.say(0, {"type": "game-over", "scores": [12, 9]}) == "Game over: P1 12, P2 9."
    assert ui.describe(0, {"type": "done"}, [{"type": "done", "seat": 0}]) == (
        "P1 ended the activation."
    )


def test_a_modify_at_its_own_team_names_one_team() -> None:
    match = table([["s", "a", "t", "e", "e", "e", "e"], ["e"] * 7], deck=["o", "r"])
    match.apply(0, {"type": "start", "word": "sat", "cards": ["s", "a", "t"]})
    match.apply(0, {"type": "done"})
    match.apply(1, {"type": "discard", "letter": "e"})
    match.apply(1, {"type": "draw"})
    modify = {"type": "modify", "team": 3, "word": "eat", "cards": ["e", "@a", "@t"]}
    assert _said(match, 0, modify) == ["P1 modified EAT at team 3, discarding S."]
