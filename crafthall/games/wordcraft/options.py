"""Wordcraft's table options: dictionary, predetermined difficulty, teams, turn timer, the
table's vote and how it counts, which words a played word rules out. ``vote_majority="others"``
and ``families="related"`` are the readings of rules version 2, kept so that its records replay
(``Wordcraft.earlier_versions``)."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field, field_validator

from crafthall.games.wordcraft.components import difficulties
from crafthall.games.wordgame import WordGameOptions, dictionary_option

MAX_TEAMS = 4
"""The box holds cubes in 4 player colours."""
MAX_TEAM = 4
"""Players in one team at most: the teams variant seats 16 players at most."""
SeatNumber = Annotated[int, Field(ge=0, le=MAX_TEAMS * MAX_TEAM - 1)]
MAX_TURN_SECONDS = 86_400
"""The longest turn timer: a day (a table played over days has no timer)."""


class WordcraftOptions(WordGameOptions):
    dictionary: str = dictionary_option(
        "standard",
        "Dictionary for accepting words: common, standard, large, or a word list path.",
    )
    difficulty: list[str] | None = Field(
        None,
        max_length=4,
        description=(
            "Predetermined difficulty variant: 4 difficulty names (easy, medium, hard), e.g. "
            '["easy", "medium", "hard", "hard"]; the achievements in play are drawn by '
            "difficulty instead of one per requirement type."
        ),
    )
    teams: list[Annotated[list[SeatNumber], Field(max_length=MAX_TEAM)]] | None = Field(
        None,
        max_length=MAX_TEAMS,
        description=(
            "Teams variant: 2 to 4 teams of at most 4 players, each a list of seat numbers "
            "counted from 0, e.g. [[0, 2], [1, 3]]; every seat in exactly one team, at least 4 "
            "seats. A team shares one cube supply and one score and plays one word per turn."
        ),
    )
    turn_seconds: int | None = Field(
        None,
        le=MAX_TURN_SECONDS,
        description=(
            "Optional turn timer in seconds (the rulebook suggests 180), 1 to 86400 (a day): a "
            "front end passes for a player whose time runs out."
        ),
    )
    vote: bool = Field(
        True,
        description=(
            "The table's vote (the rulebook's dispute rule): after a word, the other players "
            "may call a vote on it until the next move; if a majority of the players reject "
            "it, it is taken back and its player makes another word, which stands (one word "
            "a turn may be taken back). Off: the dictionary alone decides."
        ),
    )
    vote_majority: Literal["players", "others"] = Field(
        "players",
        description=(
            "Whose majority rejects a word: 'players', more than half of all the players, the "
            "word's own player counted as keeping it (at 2 players no word is rejected, at 3 "
            "both others must reject it); 'others', more than half of the other players (at 2 "
            "players the other alone rejects it), as rules version 2."
        ),
    )
    take_backs: int = Field(
        1,
        ge=1,
        le=100,
        description=(
            "Words of one turn the vote may take back; the player's next word that turn stands "
            "(the dictionary still checks it), so the vote cannot hold a game up. Rules "
            "version 2 set no limit (its records replay with 100)."
        ),
    )
    families: Literal["derivatives", "related"] = Field(
        "derivatives",
        description=(
            "Which words a played word rules out besides itself: 'derivatives', its forms and "
            "the words that stem from it (after HAPPY no HAPPINESS, after HAPPINESS HAPPY is "
            "allowed; after BICYCLE no BIKE, after BIKE BICYCLE is allowed); 'related', every "
            "word sharing a root with it, either way, as rules version 2."
        ),
    )

    @field_validator("difficulty")
    @classmethod
    def _check_difficulty(cls, value: list[str] | None) -> list[str] | None:
        if value is None:
            return None
        known = list(difficulties())
        names = [str(name).strip().lower() for name in value]
        if len(names) != 4 or any(name not in known for name in names):
            raise ValueError(
                f"difficulty needs exactly 4 names from {', '.join(known)}, "
                'e.g. ["easy", "medium", "hard", "hard"]'
            )
        return names

    @field_validator("teams")
    @classmethod
    def _check_teams(cls, value: list[list[int]] | None) -> list[list[int]] | None:
        if value is None:
            return None
        if not 2 <= len(value) <= MAX_TEAMS or any(not team for team in value):
            raise ValueError(f"teams needs 2 to {MAX_TEAMS} non-empty teams, e.g. [[0, 2], [1, 3]]")
        seats = sorted(seat for team in value for seat in team)
        if seats != list(range(len(seats))):
            raise ValueError(
                "teams must name every seat exactly once, counting from 0, e.g. [[0, 2], [1, 3]]"
            )
        if len(seats) < 4:
            raise ValueError("the teams variant needs at least 4 players")
        return value

    @field_validator("turn_seconds")
    @classmethod
    def _check_turn_seconds(cls, value: int | None) -> int | None:
        if value is not None and value <= 0:
            raise ValueError("turn_seconds must be a positive number of seconds, e.g. 180")
        return value
