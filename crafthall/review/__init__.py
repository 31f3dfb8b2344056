"""Hints and post-game reviews: the good moves a seat has now, and every move of a finished
game held up against the best its mover could have made.

It sits above the registry, as the arena does (it asks the registry for a game's search
policy and text); the terminal and the server use it. Everything it computes for a seat goes
through ``Game.determinize`` for that seat, so it never uses what the seat could not see.
"""

from crafthall.review.analysis import (
    HINT_EFFORT,
    REVIEW_EFFORT,
    Assessment,
    BestWord,
    Effort,
    assess,
    best_words,
    hints,
)
from crafthall.review.report import (
    GAME_SECONDS,
    VERSION,
    MoveReview,
    Review,
    SeatSummary,
    assemble,
    bounded,
    review,
    review_moves,
)

__all__ = [
    "GAME_SECONDS",
    "HINT_EFFORT",
    "REVIEW_EFFORT",
    "VERSION",
    "Assessment",
    "BestWord",
    "Effort",
    "MoveReview",
    "Review",
    "SeatSummary",
    "assemble",
    "assess",
    "best_words",
    "bounded",
    "hints",
    "review",
    "review_moves",
]
