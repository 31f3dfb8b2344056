"""A rule changed under a new rules version keeps its old reading as an option, so records of
the earlier version still replay exactly; a version the game no longer knows is refused."""

from __future__ import annotations

import dataclasses
from typing import Any, ClassVar

import pytest
from pydantic import Field

from crafthall.engine import Match
from crafthall.engine.data import Action, Event, State
from crafthall.engine.errors import RecordError
from crafthall.engine.record import parse_lines
from tests.toygames import ToyTurns, TurnsOptions


class BonusOptions(TurnsOptions):
    bonus: int = Field(1, ge=0, le=1, description="a point more for every add (new in 2)")


class ToyTurnsTwo(ToyTurns):
    """Version 2 of the toy: every add scores a bonus point; version 1 did not."""

    version = "2"
    earlier_versions: ClassVar[dict[str, dict[str, Any]]] = {"1": {"bonus": 0}}
    Options = BonusOptions

    def apply(self, state: State, seat: int, action: Action) -> list[Event]:
        events = super().apply(state, seat, action)
        if action["type"] == "add":
            state["scores"][seat] += self.options.bonus  # type: ignore[attr-defined]
        return events


def _version_one_record() -> list[str]:
    match = Match.start(ToyTurns(), ["Ann", "Bo"], seed=3)
    for amount in (3, 2, 3, 1):
        match.apply(match.active_seats()[0], {"type": "add", "amount": amount})
    return match.record_lines()


def test_a_record_of_the_earlier_version_replays_under_its_old_rules() -> None:
    header, moves = parse_lines(_version_one_record())
    options = ToyTurnsTwo.record_options(header.game_version, header.options)
    assert options == {"target": 12, "bonus": 0}
    again = Match.replay(ToyTurnsTwo(options), header, moves)
    assert again.state["scores"] == [6, 3]  # version 1's scores, without the bonus


def test_the_new_version_plays_the_new_rule() -> None:
    match = Match.start(ToyTurnsTwo(), ["Ann", "Bo"], seed=3)
    match.apply(0, {"type": "add", "amount": 3})
    assert match.state["scores"] == [4, 0]
    header, _ = parse_lines(match.record_lines())
    assert ToyTurnsTwo.record_options(header.game_version, header.options)["bonus"] == 1


def test_a_version_the_game_no_longer_replays_is_refused_with_a_sentence() -> None:
    header, moves = parse_lines(_version_one_record())
    with pytest.raises(RecordError, match="rules version 0; this crafthall has version 2"):
        Match.replay(ToyTurnsTwo(), dataclasses.replace(header, game_version="0"), moves)
