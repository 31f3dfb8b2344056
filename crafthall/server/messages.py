"""The WebSocket protocol's client messages, validated by schema, and display-name rules.

Every message a client sends is one JSON object with a ``type``; anything else is refused
with an ``error`` message naming what was wrong (see ``docs/protocol.md``).
"""

from __future__ import annotations

import json
import unicodedata
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter, ValidationError, field_validator

from crafthall.server.bodies import value_problem

MAX_NAME = 32
MAX_DEPTH = 12

ClientId = Annotated[str, Field(max_length=64)] | Annotated[int, Field(ge=0, le=2**53)]


class _Message(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
    id: ClientId | None = Field(None, description="echoed in the answer, to pair it with this")


class Hello(_Message):
    type: Literal["hello"]
    token: Annotated[str, Field(max_length=128)] | None = None
    since: int = Field(-1, ge=-1, le=10**9, description="last version this client has seen")
    legal: bool = Field(False, description="send this seat's legal actions with every update")
    chat: bool = Field(False, description="follow this connection's room of the table chat")
    name: Annotated[str, Field(max_length=4 * MAX_NAME)] | None = Field(
        None, description="a spectator's name in the spectators' chat (seats chat as their seat)"
    )


class Act(_Message):
    type: Literal["act"]
    action: Any = Field(
        description="the action, in the game's own format; the engine checks its shape and "
        "refuses a malformed one with bad-action"
    )
    expect: int | None = Field(
        None, ge=0, le=10**9, description="refuse unless the table is still at this version"
    )

    @field_validator("action")
    @classmethod
    def _shallow(cls, action: Any) -> Any:
        if _depth(action) > MAX_DEPTH:
            raise ValueError(f"an action nests at most {MAX_DEPTH} levels deep")
        return action


class Undo(_Message):
    type: Literal["undo"]


class Leave(_Message):
    type: Literal["leave"]


class Legal(_Message):
    type: Literal["legal"]


class Chat(_Message):
    type: Literal["chat"]
    text: str = Field(
        description="what to say (its size is checked by the chat, which says by how much); "
        "the writer is the connection's seat (or spectator name)"
    )
    room: Literal["players", "spectators"] | None = Field(
        None, description="the connection's own room if left out; another room is refused"
    )


class Ping(_Message):
    type: Literal["ping"]


class Sync(_Message):
    type: Literal["sync"]


AnyMessage = Hello | Act | Undo | Leave | Legal | Ping | Sync | Chat
ClientMessage = Annotated[AnyMessage, Field(discriminator="type")]
_ADAPTER: TypeAdapter[AnyMessage] = TypeAdapter(ClientMessage)
TYPES = ("hello", "act", "undo", "leave", "legal", "ping", "sync", "chat")


class BadMessage(Exception):
    def __init__(self, code: str, message: str, msg_id: Any = None) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.msg_id = msg_id


def _depth(value: Any, level: int = 1) -> int:
    if level > MAX_DEPTH:
        return level
    if isinstance(value, dict):
        return max((_depth(v, level + 1) for v in value.values()), default=level)
    if isinstance(value, list):
        return max((_depth(v, level + 1) for v in value), default=level)
    return level


def parse_message(text: str | bytes, limit: int) -> AnyMessage:
    """One client message, or :class:`BadMessage` with a code and a sentence."""
    if len(text) > limit:
        raise BadMessage(
            "message-too-large",
            f"A message may be at most {limit} bytes; this one has {len(text)}.",
        )
    try:
        data = json.loads(text)
    except (ValueError, RecursionError):
        raise BadMessage("malformed-message", "A message must be one JSON object.") from None
    if not isinstance(data, dict):
        raise BadMessage("malformed-message", "A message must be one JSON object.")
    msg_id = data.get("id") if isinstance(data.get("id"), str | int) else None
    unfit = value_problem(data)
    if unfit is not None:
        raise BadMessage(
            "invalid-message", unfit, msg_id if value_problem(msg_id) is None else None
        )
    if data.get("type") not in TYPES:
        raise BadMessage(
            "unknown-message",
            f"A message needs a 'type', one of: {', '.join(TYPES)}.",
            msg_id,
        )
    try:
        return _ADAPTER.validate_python(data)
    except ValidationError as err:
        problems = []
        for problem in err.errors()[:3]:
            where = ".".join(str(part) for part in problem["loc"][1:]) or "message"
            problems.append(f"{where}: {problem['msg']}")
        raise BadMessage(
            "invalid-message",
            f"The {data['type']} message is invalid ({'; '.join(problems)}).",
            msg_id,
        ) from None


def clean_name(raw: str) -> str:
    """A display name as shown at the table: normalised, single-spaced, printable, short.

    >>> clean_name("  Ann   Lee ")
    'Ann Lee'
    """
    return clean_text(raw, MAX_NAME, "A name")


def clean_text(raw: str, most: int, what: str) -> str:
    """Text people write for others to read (a name, a chat message): normalised (NFC),
    single-spaced, printable and at most ``most`` characters, or :class:`ValueError` with a
    sentence about ``what`` ("A name").

    >>> clean_text(" good   game ", 300, "A chat message")
    'good game'
    """
    text = " ".join(unicodedata.normalize("NFC", raw).split())
    if not text:
        raise ValueError(f"{what} needs at least one visible character.")
    if len(text) > most:
        raise ValueError(f"{what} may be at most {most} characters long; this one has {len(text)}.")
    if any(
        unicodedata.category(ch).startswith("C") and not _joins_emoji(text, i)
        for i, ch in enumerate(text)
    ):
        raise ValueError(f"{what} may not contain control or invisible characters.")
    if not any(_visible(ch) for ch in text):
        raise ValueError(f"{what} needs at least one visible character.")
    marks = 0
    for ch in text:
        marks = marks + 1 if unicodedata.combining(ch) else 0
        if marks > MAX_MARKS:
            raise ValueError(f"A letter may carry at most {MAX_MARKS} accents or marks.")
    return text


BLANK_LOOKING = frozenset("\u115f\u1160\u3164\uffa0\u2800\u180e\u17b4\u17b5")
"""Characters that are letters or symbols to Unicode but draw nothing (Hangul fillers, the
blank Braille pattern, ...)."""

MAX_MARKS = 3
"""Combining marks on one letter: enough for any language, too few to smear over a page."""


ZWJ = "\u200d"
"""The zero width joiner: invisible, but it glues emoji into one ("👩\u200d🚀", an astronaut)."""


def _joins_emoji(name: str, i: int) -> bool:
    """Whether ``name[i]`` is a zero width joiner between two emoji (the first may carry a
    skin tone or the emoji presentation selector)."""
    if name[i] != ZWJ or not 0 < i < len(name) - 1:
        return False
    before, after = unicodedata.category(name[i - 1]), unicodedata.category(name[i + 1])
    return after == "So" and before in ("So", "Sk", "Mn")


def _visible(ch: str) -> bool:
    category = unicodedata.category(ch)
    return category[0] in "LNPS" and ch not in BLANK_LOOKING
