"""The bodies the lobby's HTTP calls accept (they are in the OpenAPI document)."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from crafthall.games import names
from crafthall.server.config import RATED, UNDO, ZOMBIE_LEVEL


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid")


class SeatSpec(_Strict):
    kind: Literal["human", "bot", "open"] = Field(
        description="human: you (or a friend at your keyboard) sit here now and get its token; "
        "open: an invite link lets someone join; bot: a server-side bot"
    )
    name: Annotated[str, Field(max_length=64)] | None = Field(None, description="display name")
    level: Annotated[str, Field(max_length=40)] | None = Field(None, description="bot level")


class ClockSpec(_Strict):
    initial: float = Field(ge=1, le=86_400, description="seconds on each seat's clock")
    increment: float = Field(0, ge=0, le=3_600, description="seconds added after each action")


class PaceSpec(_Strict):
    move: float = Field(
        ge=3_600, le=14 * 86_400, description="seconds each move may take (1 hour to 14 days)"
    )
    bank: float = Field(
        0, ge=0, le=30 * 86_400, description="seconds more each seat may use over the game"
    )
    timeout: Literal["skip", "bot", "wait"] = Field(
        "skip",
        description="when a seat's time runs out: skip its move (the game's own time-out "
        "move, else the take-over bot plays that one move), hand the seat to the take-over "
        "bot, or wait for the player",
    )


class TableSpec(_Strict):
    game: str = Field(max_length=40, examples=[names()[0]])
    options: dict[str, Any] = Field(default_factory=dict, description="the game's Options")
    seats: list[SeatSpec] = Field(min_length=1, max_length=8)
    seed: int | None = Field(None, ge=0, le=2**62)
    fixed: dict[str, Any] | None = Field(None, description="a fixed set-up (see the rules page)")
    undo: bool = Field(UNDO, description="may players take back their own last action?")
    clock: ClockSpec | None = None
    pace: PaceSpec | None = Field(
        None, description="turn-based: days per move instead of real time (none: real time)"
    )
    private: bool = Field(False, description="private tables are not listed in the lobby")
    rated: bool = Field(
        RATED,
        description="does the game change the ratings of the accounts seated (a table with a "
        "chosen seed or set-up is never rated)?",
    )
    grace: float | None = Field(
        None,
        ge=1,
        le=86_400,
        description="seconds a seat may stay disconnected on its turn before a bot takes it "
        "over for good; none (the default): a disconnected player's seat waits for them",
    )
    zombie_level: str = Field(
        ZOMBIE_LEVEL,
        max_length=40,
        description="bot level that takes over a seat whose player left or ran out of time "
        "(one of the game's `bots`)",
    )
    hints: bool | None = Field(
        None,
        description="may players ask for hints (good moves now)? none (the default): only "
        "at a table where every other seat is a bot",
    )


class JoinSpec(_Strict):
    seat: int = Field(ge=0, le=16)
    invite: str = Field(max_length=64)
    name: str = Field(max_length=64)
