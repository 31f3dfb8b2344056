"""Action shapes: what passes, and the sentence for what does not."""

from __future__ import annotations

from typing import Any, Literal

import pytest

from crafthall.engine import ActionShape, Cell, IllegalAction, check_action

SHAPES = {
    "place": ActionShape(
        required={"card": int, "at": Cell},
        optional={"face_down": bool, "push": Literal["left", "right"], "cards": list[str]},
    ),
    "pass": ActionShape(),
}


@pytest.mark.parametrize(
    "action",
    [
        {"type": "pass"},
        {"type": "place", "card": 3, "at": [0, -1]},
        {"type": "place", "card": 3, "at": [0, 1], "face_down": True, "push": "left"},
        {"type": "place", "card": 3, "at": [0, 1], "cards": []},
    ],
)
def test_fitting_actions_pass(action: dict[str, Any]) -> None:
    assert check_action(SHAPES, action) == action["type"]


@pytest.mark.parametrize(
    ("action", "field", "words"),
    [
        ({"type": "place", "card": 3}, "at", "needs the field 'at'"),
        ({"type": "place", "card": "3", "at": [0, 1]}, "card", "must be a whole number"),
        ({"type": "place", "card": True, "at": [0, 1]}, "card", "not true/false"),
        ({"type": "place", "card": 3, "at": [0, 1, 2]}, "at", "a list of 2 items"),
        ({"type": "place", "card": 3, "at": [0, 1], "push": "up"}, "push", "one of 'left'"),
        ({"type": "place", "card": 3, "at": [0, 1], "cards": ["a", 1]}, "cards", "a list of"),
        ({"type": "place", "card": 3, "at": [0, 1], "extra": 1}, "extra", "has no field"),
        ({"type": "jump"}, "type", "'jump' is not an action here"),
    ],
)
def test_misfits_are_refused_naming_the_field(
    action: dict[str, Any], field: str, words: str
) -> None:
    with pytest.raises(IllegalAction) as caught:
        check_action(SHAPES, action)
    assert caught.value.code == "bad-action"
    assert caught.value.details["field"] == field
    assert words in caught.value.message and caught.value.message.endswith(".")


@pytest.mark.parametrize("action", [["place"], None, {"kind": "pass"}, {"type": 3}])
def test_anything_but_an_action_object_is_refused(action: Any) -> None:
    with pytest.raises(IllegalAction) as caught:
        check_action(SHAPES, action)
    assert caught.value.code == "bad-action"
    assert "one of: pass, place" in caught.value.message
