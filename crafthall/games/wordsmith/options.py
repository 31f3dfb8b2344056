"""Wordsmith's table options: the variants of the rulebook, each with a default."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field

from crafthall.games.wordgame import WordGameOptions


class WordsmithOptions(WordGameOptions):
    mode: Literal["race", "word-by-word"] = Field(
        "race",
        description="'race': everyone builds at once, rolling at will, first to six words "
        "calls Done; 'word-by-word': three dice per word for everyone, 1 to 4 players, solo too.",
    )
    secret: bool = Field(
        False,
        description="Secret Wordsmith: claims are hidden until the challenge is scored; the "
        "same word may be on several sheets; invalid words score zero at scoring.",
    )
    advanced: bool = Field(
        False,
        description="Advanced Game: six required letters per challenge, one per sheet line; "
        "a word goes in any free line and must contain that line's letter.",
    )
    required_from: Literal["word", "random"] = Field(
        "word",
        description="Advanced Game: take the required letters from a random six-letter "
        "dictionary word, or draw six different random letters.",
    )
    challenges: int = Field(3, ge=1, le=3, description="Challenges in the game (1 to 3).")
    min_length: int = Field(
        1,
        ge=1,
        le=8,
        description="Fewest letters in a word (hyphen and apostrophe count); the rulebook sets "
        "none, so A and I are words; 2 rules them out.",
    )
    last_word_after_pass: bool = Field(
        True,
        description="Race: after Done every other player claims one more word, also one who "
        "passed earlier (the rulebook's 'all other players'); false keeps rules version 2, "
        "where a pass ended the player's challenge, only to replay its records.",
    )
    handicap: tuple[Annotated[int, Field(ge=0, le=6)], ...] = Field(
        (),
        max_length=4,
        description="Player levels: free discard boxes crossed out for each seat at the start "
        "of every challenge (0 to 6 each, one per seat, at most 4), e.g. [0,3]; empty: none.",
    )
