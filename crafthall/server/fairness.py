"""Fair tables: nobody may know the shuffle before the others.

A normal table draws its seed on the server from a cryptographic source and shows everyone
``sha256(salt:seed)`` (the commitment) from the start; when the game ends it reveals the seed
and the salt, so anyone can check that the shuffle was fixed before the first move
(``crafthall verify RECORD``). A table whose seed or set-up its creator chose is a *prepared
table* (puzzles, tutorials, teaching): marked as such everywhere, and never a normal table.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
from collections.abc import Mapping
from typing import Any

from crafthall.server.config import Commitment, TableConfig, read_config

SEED_BITS = 62


def seed_hash(seed: int, salt: str) -> str:
    """The commitment to ``seed``: hex SHA-256 of ``"{salt}:{seed}"``."""
    return hashlib.sha256(f"{salt}:{seed}".encode()).hexdigest()


def draw_seed() -> tuple[int, Commitment]:
    """A fresh seed and its commitment (``{"sha256": ..., "salt": ...}``)."""
    seed = secrets.randbits(SEED_BITS)
    salt = secrets.token_hex(16)
    return seed, {"sha256": seed_hash(seed, salt), "salt": salt}


def check_commitment(seed: int, commitment: dict[str, Any] | None) -> str | None:
    """``None`` if ``commitment`` promised ``seed``; else a sentence saying what is wrong."""
    if not commitment:
        return (
            "This record carries no commitment: its seed may have been chosen by the table's "
            "creator (a prepared table) or the game was played locally."
        )
    promised, salt = commitment.get("sha256"), commitment.get("salt")
    if not isinstance(promised, str) or not isinstance(salt, str):
        return "The record's commitment needs both 'sha256' and 'salt'."
    if not hmac.compare_digest(seed_hash(seed, salt), promised.lower()):
        return (
            f"The seed {seed} does not match the commitment {promised[:16]}...: the shuffle "
            "is not the one promised at the start."
        )
    return None


def is_prepared(config: Mapping[str, Any]) -> bool:
    """Was the table's set-up chosen by its creator (its stored ``config`` says)? A table
    from before commitments has none to check, so it counts as prepared too."""
    return read_config(config)["prepared"]


def fairness_summary(config: TableConfig, seed: int, finished: bool) -> dict[str, Any]:
    """What a table's summary says of its shuffle: prepared, or the commitment (with the
    seed and salt revealed once the game is over)."""
    if config["prepared"]:
        return {"prepared": True, "commitment": None}
    commitment = config["commitment"]
    found: dict[str, Any] = {
        "prepared": False,
        "commitment": None if commitment is None else commitment["sha256"],
    }
    if finished and commitment is not None:
        found["seed"] = seed
        found["salt"] = commitment["salt"]
    return found
