"""The server's messages as typed models: docs/protocol.md's table of their fields and the
models in ``crafthall.server.wire`` say the same, field by field (so neither drifts), and
every message sent is one of the models."""

from __future__ import annotations

import re
import typing
from pathlib import Path
from typing import Any

from crafthall.server.wire import MODELS, error
from tests.server.helpers import ThreadServer, Ws, create, seats

PROTOCOL = Path(__file__).parents[2] / "docs" / "protocol.md"
HEADER = "| message | field | always | meaning |"


def documented() -> dict[str, dict[str, bool]]:
    """Each message's fields in docs/protocol.md, each with whether it is always there."""
    lines = PROTOCOL.read_text(encoding="utf-8").splitlines()
    start = lines.index(HEADER) + 2  # past the header and its rule
    found: dict[str, dict[str, bool]] = {}
    for line in lines[start:]:
        if not line.startswith("|"):
            break
        message, field, always = re.findall(r"\|\s*([^|]*?)\s*(?=\|)", line)[:3]
        assert always in ("yes", "no"), f"'always' is yes or no: {line}"
        found.setdefault(message.strip("`"), {})[field.strip("`")] = always == "yes"
    return found


def modelled() -> dict[str, dict[str, bool]]:
    """Each model's fields, each with whether it is required."""
    return {
        message: {
            **{field: False for field in model.__optional_keys__},
            **{field: True for field in model.__required_keys__},
        }
        for message, model in MODELS.items()
    }


def test_the_documented_fields_are_the_models_fields() -> None:
    assert documented() == modelled()


def test_each_model_names_its_own_type() -> None:
    for message, model in MODELS.items():
        assert typing.get_args(typing.get_type_hints(model)["type"]) == (message,)


def test_the_table_reader_sees_a_field_left_out() -> None:
    """The check above fails when the doc and a model differ (here: one row less)."""
    doc = documented()
    del doc["bye"]["reason"]
    assert doc != modelled()


def conforms(message: dict[str, Any]) -> bool:
    """Has ``message`` its model's required fields, and no field its model lacks?"""
    model = MODELS[message["type"]]
    fields = set(message)
    return model.__required_keys__ <= fields <= model.__required_keys__ | model.__optional_keys__


def test_the_messages_sent_are_the_models(server: ThreadServer) -> None:
    made = create(server.base, game="toy-turns", seats=seats("Ann", "Ben"), seed=5)
    ann = Ws(server.base, made["table"]["id"])
    ann.hello(made["tokens"]["0"], legal=True)
    ann.send({"type": "ping", "id": 1})
    ann.send({"type": "legal", "id": 2})
    ann.send({"type": "undo", "id": 3})
    seen = ann.act({"type": "add", "amount": 1}, msg_id=4)
    kinds = {m["type"] for m in ann.messages}
    assert {"welcome", "update", "pong", "legal", "error"} <= kinds
    assert all(conforms(m) for m in ann.messages), ann.messages
    assert seen["type"] == "update" and "legal" in seen and "can_undo" in seen
    ann.close()


def test_an_error_carries_its_id_and_details_only_when_it_has_them() -> None:
    assert error("busy", "Try again.") == {"type": "error", "code": "busy", "message": "Try again."}
    stale = error("stale-version", "Look again.", 7, {"version": 3})
    assert stale["id"] == 7 and stale["details"] == {"version": 3}
