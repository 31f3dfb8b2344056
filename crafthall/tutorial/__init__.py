"""Guided first games: each game's ``tutorial.json`` played by a :class:`Lesson`.

A tutorial is data (set-up, steps, expected moves, scripted opponent moves and text), kept
next to its game; this package reads it and referees it, for the terminal and the server:

>>> from crafthall.games import names
>>> lesson = Lesson(load(names()[0]))
>>> lesson.step is not None and lesson.step.number
1
"""

from __future__ import annotations

from crafthall.tutorial.lesson import Lesson, Outcome, TutorialError
from crafthall.tutorial.model import Scripted, Step, Tutorial, available, load, matches

__all__ = [
    "Lesson",
    "Outcome",
    "Scripted",
    "Step",
    "Tutorial",
    "TutorialError",
    "available",
    "load",
    "matches",
]
