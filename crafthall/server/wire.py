"""The messages the server sends on a table's WebSocket, as typed models.

Each is a ``TypedDict`` serialised by orjson (:func:`crafthall.server.clients.dump`): the
server already writes every message with orjson, a tenth of the standard library's time, and
a ``TypedDict`` is the plain dict orjson writes fastest, with no conversion on the way. An
``update``'s big parts, shared by many clients, are written once and put in as
:data:`Part` (orjson's already-serialised fragments). ``docs/protocol.md`` lists each
message's fields in a table that ``tests/server/test_wire.py`` checks against these models.
"""

# No ``from __future__ import annotations`` here: a TypedDict reads ``NotRequired`` from its
# annotations as they are evaluated, and the test of docs/protocol.md reads which fields are.
from typing import Any, Literal, NotRequired, TypedDict

import orjson

from crafthall.engine.data import Action, View

Part = orjson.Fragment
"""A field's value already serialised: what many clients share is written once."""

MessageId = str | int
"""The ``id`` a client gave its message (see ``ClientId`` in :mod:`crafthall.server.messages`)."""


class Clock(TypedDict):
    since: float | None
    """When the seats' clocks in ``table.seats`` were stamped (the server's time)."""
    now: float
    """The server's time as the update was made."""


class Welcome(TypedDict):
    type: Literal["welcome"]
    id: MessageId | None
    table: str
    seat: int | None
    version: int


class Update(TypedDict):
    type: Literal["update"]
    table: dict[str, Any] | Part
    version: int
    seat: int | None
    view: View | Part | None
    active: list[int] | Part
    changes: list[dict[str, Any]] | Part
    clock: Clock | Part | None
    can_undo: NotRequired[bool]
    legal: NotRequired[list[Action] | Part]
    id: NotRequired[MessageId]


class Error(TypedDict):
    type: Literal["error"]
    code: str
    message: str
    id: NotRequired[MessageId]
    details: NotRequired[dict[str, Any]]


class LegalActions(TypedDict):
    type: Literal["legal"]
    id: MessageId | None
    version: int
    actions: list[Action]


class Pong(TypedDict):
    type: Literal["pong"]
    id: MessageId | None
    time: float


class Bye(TypedDict):
    type: Literal["bye"]
    reason: str


class ChatLine(TypedDict):
    n: int
    """The message's number: later ones have larger numbers (a client keeps each once)."""
    room: Literal["players", "spectators"]
    seat: int | None
    """The writer's seat; ``None``: a spectator."""
    name: str
    text: str
    """As shown: vulgar words masked unless the table allows adult words."""
    move: int
    """Moves played at the table when it was said."""
    at: float


class ChatMessage(TypedDict):
    type: Literal["chat"]
    room: Literal["players", "spectators"]
    messages: list[ChatLine]
    full: bool
    id: NotRequired[MessageId]


ServerMessage = Welcome | Update | Error | LegalActions | Pong | Bye | ChatMessage
"""Every message the server sends on the socket."""

MODELS: dict[str, type[Any]] = {
    "welcome": Welcome,
    "update": Update,
    "error": Error,
    "legal": LegalActions,
    "pong": Pong,
    "bye": Bye,
    "chat": ChatMessage,
}
"""Each server message's model, by its ``type``."""


def bye(reason: str) -> Bye:
    """The last message of every connection when the server stops: why, in a sentence."""
    return {"type": "bye", "reason": reason}


def error(
    code: str, message: str, msg_id: MessageId | None = None, details: dict[str, Any] | None = None
) -> Error:
    """A refusal: ``code`` for programs, ``message`` a sentence for people; it answers the
    client's message ``msg_id`` (if it had one) and carries the refusal's ``details``, if any."""
    found: Error = {"type": "error", "code": code, "message": message}
    if msg_id is not None:
        found["id"] = msg_id
    if details:
        found["details"] = details
    return found
