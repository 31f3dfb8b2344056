"""The engine's error types.

Every refusal a player can meet is an :class:`IllegalAction`: a stable machine-readable
``code`` for programs and tests, and a ``message`` written for the person at the table.
"""

from __future__ import annotations

from typing import Any


class IllegalAction(Exception):
    """An action the rules refuse. Raised before anything changes.

    >>> err = IllegalAction("word-too-short", "IN has 2 letters; a word needs at least 3.")
    >>> err.code, str(err)
    ('word-too-short', 'IN has 2 letters; a word needs at least 3.')
    """

    def __init__(self, code: str, message: str, **details: Any) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.details = details

    def to_json(self) -> dict[str, Any]:
        return {"code": self.code, "message": self.message, **self.details}


class SetupError(ValueError):
    """Options, seats or a fixed set-up that a game cannot start from."""


class RecordError(ValueError):
    """A match record that cannot be read or replayed."""


def require(condition: bool, code: str, message: str, **details: Any) -> None:
    """Raise :class:`IllegalAction` unless ``condition`` holds."""
    if not condition:
        raise IllegalAction(code, message, **details)
