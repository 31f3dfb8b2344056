import json

import pytest

from crafthall.engine import (
    Header,
    IllegalAction,
    Match,
    RecordError,
    Result,
    Seat,
    SetupError,
    to_json,
)
from crafthall.engine.record import parse_lines
from tests.toygames import ToyTurns as ToyGame


def new_match(seats: int = 2, seed: int = 7, **options: int) -> Match:
    game = ToyGame(dict(options))
    header = Header("toy-turns", "1", [Seat(f"P{n}") for n in range(seats)], seed, dict(options))
    return Match(game, header)


def test_refused_action_changes_nothing() -> None:
    match = new_match()
    before = json.loads(to_json(match.state))
    for seat, action, code in [
        (0, {"type": "add", "amount": 5}, "bad-amount"),
        (0, {"type": "jump"}, "bad-action"),
        (0, ["add"], "bad-action"),
        (1, {"type": "add", "amount": 1}, "not-your-turn"),
        (4, {"type": "add", "amount": 1}, "no-such-seat"),
    ]:
        with pytest.raises(IllegalAction) as caught:
            match.apply(seat, action)  # type: ignore[arg-type]
        assert caught.value.code == code
        assert caught.value.message.endswith(".")
    assert match.state == before and match.moves == []


def test_a_game_that_changes_state_before_refusing_still_leaves_the_match_untouched() -> None:
    class Careless(ToyGame):
        def apply(self, state, seat, action):  # type: ignore[no-untyped-def]
            state["scores"][seat] += 100
            raise IllegalAction("nope", "Refused after a change.")

    match = Match(Careless(), Header("toy-turns", "1", [Seat("A"), Seat("B")], 1))
    before = json.loads(to_json(match.state))
    with pytest.raises(IllegalAction):
        match.apply(0, {"type": "add", "amount": 1})
    assert match.state == before


def test_record_round_trip_replays_to_the_same_state() -> None:
    match = new_match(seats=3, seed=11)
    while match.result() is None:
        seat = match.active_seats()[0]
        match.apply(seat, {"type": "add", "amount": 1 + len(match.moves) % 3})
    lines = match.record_lines()
    header, moves = parse_lines(lines)
    again = Match(ToyGame(header.options), header)
    for move in moves:
        again.apply(move.seat, move.action)
    assert again.state == match.state
    assert again.result() == match.result()
    assert all(event["move"] < len(match.moves) for event in match.events)


def test_views_hide_other_seats_secrets() -> None:
    match = new_match(seats=2)
    assert match.view(0)["my_secret"] == match.state["secret"][0]
    assert match.view(None)["my_secret"] is None
    assert "rng" not in match.view(0)


def test_options_are_validated_with_a_sentence() -> None:
    with pytest.raises(SetupError, match="'speed' is not an option"):
        ToyGame({"speed": 3})
    with pytest.raises(SetupError, match="option 'target'"):
        ToyGame({"target": 0})
    assert ToyGame({"target": "5"}).options.target == 5  # type: ignore[attr-defined]


def test_seat_count_is_checked() -> None:
    with pytest.raises(SetupError, match="1 to 4 players, not 5"):
        ToyGame().check_seats(5)


@pytest.mark.parametrize(
    ("lines", "message"),
    [
        ([], "empty"),
        (["{not json"], "Line 1 is not valid JSON"),
        (['{"format": "other"}'], "not a crafthall match header"),
        (['{"format": "crafthall-match/1", "game": "toy"}'], "incomplete"),
        (
            [
                to_json(Header("toy-turns", "1", [Seat("A")], 1).to_json()),
                '{"seat": "zero", "action": {}}',
            ],
            "Line 2 is not a move",
        ),
    ],
)
def test_malformed_records_are_refused_with_the_line(lines: list[str], message: str) -> None:
    with pytest.raises(RecordError, match=message):
        parse_lines(lines)


def test_result_ranks_share_places_on_equal_keys() -> None:
    result = Result.from_keys([30, 30, 25, 30], [(30, 2), (30, 2), (25, 9), (30, 1)], {})
    assert result.winners == [0, 1]
    assert result.ranks == [1, 1, 4, 3]


def test_out_of_turn_refusal_names_who_is_to_play() -> None:
    match = new_match(seats=2)
    with pytest.raises(IllegalAction) as caught:
        match.apply(1, {"type": "add", "amount": 1})
    assert caught.value.message == "It is not your turn: P0 is to play."
    assert caught.value.details["active"] == [0]


def test_clone_is_a_deep_copy_of_plain_data_and_of_other_types() -> None:
    from collections import Counter

    from crafthall.engine.data import clone

    state = {"grid": [[1, 2], [3, None]], "seen": {"a", "b"}, "pair": (1, "x"), 7: True}
    copied = clone(state)
    assert copied == state and copied is not state
    copied["grid"][0].append(9)
    assert state["grid"][0] == [1, 2]
    # A type marshal cannot write (a dict subclass) is copied all the same.
    counted = {"tally": Counter("aab")}
    again = clone(counted)
    assert again == counted and type(again["tally"]) is Counter
    again["tally"]["a"] += 1
    assert counted["tally"]["a"] == 2
