"""The state's TypedDicts (state.py) describe exactly the keys the rules write, and the view's
(view.py) the keys every seat is sent: the type checker trusts them, so a test holds them."""

from __future__ import annotations

from typing import Any

from crafthall.arena.autoplay import seat_bots
from crafthall.engine import Match
from crafthall.games.wordcraft.state import (
    Ballot,
    Disputable,
    FinalScores,
    RoundBoard,
    UsedWord,
    WordcraftState,
)
from crafthall.games.wordcraft.view import (
    AchievementView,
    BallotView,
    CardView,
    DisputableView,
    SideView,
    TableView,
)
from tests.games.wordcraft.helpers import PASS, spend_sixteen, table, word
from tests.support import start


def keys(described: Any) -> set[str]:
    return set(described.__required_keys__ | described.__optional_keys__)


def check_state(state: dict[str, Any]) -> set[str]:
    """Every record of ``state`` has exactly its described keys; returns the records met."""
    assert set(state) == keys(WordcraftState)
    met = {"state"}
    for entry in state["used"]:
        assert set(entry) == keys(UsedWord)
    for name, described in (("final", FinalScores), ("vote", Ballot), ("disputable", Disputable)):
        if state[name] is not None:
            assert set(state[name]) == keys(described), name
            met.add(name)
    pending = state["disputable"]
    if pending is not None and pending["board"] is not None:
        assert set(pending["board"]) == keys(RoundBoard)
        met.add("board")
    return met


def check_view(match: Match) -> None:
    view = match.view(None)
    assert keys(TableView) <= set(view)
    for name, described in (
        ("grid", CardView),
        ("achievements", AchievementView),
        ("sides", SideView),
    ):
        assert all(set(entry) == keys(described) for entry in view[name]), name
    for name, described in (("vote", BallotView), ("disputable", DisputableView)):
        if view[name] is not None:
            assert set(view[name]) == keys(described), name


def test_random_games_states_and_views_have_the_described_keys() -> None:
    met: set[str] = set()
    for seats, seed in [(2, 1), (3, 2), (4, 3)]:
        match = start("wordcraft", seats, seed=seed)
        bots = seat_bots(match, ["random"], seed)
        while match.result() is None:
            met |= check_state(match.state)
            check_view(match)
            seat = match.active_seats()[0]  # a vote's voters in seat order
            match.apply(seat, bots[seat].choose(match.state, seat))
        met |= check_state(match.state)
    assert {"state", "final", "vote", "disputable"} <= met


def test_a_vote_on_a_word_that_ended_the_round_keeps_the_described_board() -> None:
    match = table(3)
    spend_sixteen(match, 0)  # the round end is triggered: seats 1 and 2 have a last turn
    match.apply(1, PASS)
    match.apply(2, word("tree"))  # ends the round, open to a vote
    assert "board" in check_state(match.state)
    match.apply(0, {"type": "dispute"})
    assert {"vote", "board"} <= check_state(match.state)
    check_view(match)
