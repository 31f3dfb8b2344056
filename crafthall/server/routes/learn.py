"""Learn to play: a game's tutorial as a table for one person.

``POST /api/learn/{game}`` lays out the tutorial's set-up and answers its id (``learn-...``);
the browser opens ``/t/{id}`` like any table. The learner's moves go to
``POST /api/learn/{id}/move``: a move the step does not ask for is refused with the tutorial's
own words, and an accepted one is followed by the other seats' scripted moves. The lesson speaks
to the browser: each text in its ``screen`` wording (``crafthall.tutorial.model``).

A lesson lives in this process's memory only (it has no record worth keeping), under the
client address that started it: an address keeps its last ``lessons_per_address``, and past
:data:`KEPT` in all the address holding the most loses its least recently used, so no address
can push out another's lesson (:class:`Lessons`); a learner whose lesson is gone simply starts
again. Behind several server processes, a lesson's requests must reach the process that
started it.
"""

from __future__ import annotations

import asyncio
import json
import secrets
from collections import OrderedDict
from dataclasses import dataclass, field
from typing import Annotated, Any

from fastapi import APIRouter, Body, Depends, Request

from crafthall.engine.errors import SetupError
from crafthall.games import entry as game_entry
from crafthall.games.entry import TextUI
from crafthall.server.routes.common import ApiError, HubDep, QuotasDep, address_of, over_quota
from crafthall.server.sentences import sentences, text_of
from crafthall.tutorial import Lesson, Outcome, available, load

router = APIRouter(tags=["learn"])

KEPT = 500
"""Lessons kept at once; starting one more drops the least recently used."""


@dataclass
class Held:
    lesson: Lesson
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    """One move at a time: a double click must not play a step twice."""
    text: TextUI | None = None
    """The game's words for the lesson's events, made on its first move."""

    def words(self) -> TextUI:
        if self.text is None:
            self.text = text_of(self.lesson.match)
        return self.text


class Lessons:
    """The lessons of this process, each kept under the address that started it: an address
    keeps at most ``per_address`` (its own oldest goes first), and past :data:`KEPT` in all
    the least recently used lesson of the address holding the most goes, so that one address
    starting lesson after lesson never drops another's."""

    def __init__(self, per_address: int = 10) -> None:
        self.per_address = per_address
        self._held: dict[str, Held] = {}
        self._by_address: dict[str, OrderedDict[str, None]] = {}
        """Each address's lessons, least recently used first."""
        self._owner: dict[str, str] = {}

    def __len__(self) -> int:
        return len(self._held)

    def add(self, lesson: Lesson, address: str = "unknown") -> str:
        lesson_id = "learn-" + secrets.token_urlsafe(9)
        self._held[lesson_id] = Held(lesson)
        self._owner[lesson_id] = address
        own = self._by_address.setdefault(address, OrderedDict())
        own[lesson_id] = None
        while len(own) > self.per_address:
            self._drop(next(iter(own)))
        while len(self._held) > KEPT:
            most = max(self._by_address.values(), key=len)
            self._drop(next(iter(most)))
        return lesson_id

    def _drop(self, lesson_id: str) -> None:
        self._held.pop(lesson_id, None)
        address = self._owner.pop(lesson_id)
        own = self._by_address[address]
        own.pop(lesson_id, None)
        if not own:
            del self._by_address[address]

    def get(self, lesson_id: str) -> Held:
        held = self._held.get(lesson_id)
        if held is None:
            raise ApiError(
                404,
                "no-such-lesson",
                "This tutorial is no longer here (the server keeps them for a while only); "
                "start it again from the lobby.",
            )
        self._by_address[self._owner[lesson_id]].move_to_end(lesson_id)
        return held


def lessons_of(request: Request) -> Lessons:
    """The application's lessons, made on first use."""
    state = request.app.state
    if not hasattr(state, "lessons"):
        state.lessons = Lessons(state.settings.lessons_per_address)
    found: Lessons = state.lessons
    return found


LessonsDep = Annotated[Lessons, Depends(lessons_of)]


def describe(lesson_id: str, lesson: Lesson, legal: bool) -> dict[str, Any]:
    """What the page shows: the step in the browser's words (and its move, which the board
    lights up), the learner's view, and the tutorial's framing text."""
    tutorial, match, step = lesson.tutorial, lesson.match, lesson.step
    found: dict[str, Any] = {
        "id": lesson_id,
        "game": tutorial.game,
        "title": tutorial.title,
        "intro": tutorial.words("intro", screen=True),
        "outro": tutorial.words("outro", screen=True),
        "seats": tutorial.seats,
        "learner": lesson.learner,
        "steps": len(tutorial.steps),
        "step": None
        if step is None
        else {
            "number": step.number,
            "text": step.words("text", screen=True),
            "look": step.words("look", screen=True),
            "play": step.play,
        },
        "finished": step is None,
        "view": match.view(lesson.learner),
        "active": match.active_seats(),
        "legal": match.legal_actions(lesson.learner) if legal and step is not None else None,
    }
    return found


def _plain(details: dict[str, Any]) -> dict[str, Any]:
    """A refusal's details when they are JSON (a front end acts on them), else none."""
    try:
        json.dumps(details)
    except (TypeError, ValueError):
        return {}
    return details


def told(outcome: Outcome, learner: int, text: TextUI) -> dict[str, Any]:
    """A move's outcome, each move's events with the game's sentences for them."""
    return {
        "accepted": outcome.accepted,
        "text": outcome.text,
        "rule": outcome.rule,
        "code": outcome.code,
        "details": _plain(outcome.details),
        "events": outcome.events,
        "said": sentences(text, learner, outcome.events),
        "scripted": [
            {
                "seat": move.seat,
                "action": move.action,
                "events": events,
                "said": sentences(text, move.seat, events),
            }
            for move, events in outcome.scripted
        ],
    }


@router.get("/api/learn", summary="The games that have a tutorial")
async def tutorials() -> dict[str, Any]:
    return {
        "tutorials": [
            {"game": name, "title": load(name).title, "game_title": game_entry(name).game.title}
            for name in available()
        ]
    }


@router.post("/api/learn/{game}", status_code=201, summary="Start a game's tutorial")
async def start(
    game: str,
    request: Request,
    hub: HubDep,
    lessons: LessonsDep,
    quotas: QuotasDep,
    legal: bool = False,
) -> dict[str, Any]:
    address = address_of(request)
    wait = await quotas.lessons.take(address)
    if wait:
        raise over_quota(
            "too-many-lessons",
            f"One client may start {quotas.settings.lessons_per_hour} tutorials an hour.",
            wait,
        )
    try:
        # Laying out the table may load a dictionary: off the event loop.
        lesson = await hub.compute(lambda: Lesson(load(game), screen=True))
    except SetupError as err:
        raise ApiError(404, "no-tutorial", str(err)) from None
    lesson_id = lessons.add(lesson, address)
    found: dict[str, Any] = await hub.compute(describe, lesson_id, lesson, legal)
    return found


@router.get("/api/learn/{lesson_id}/state", summary="A tutorial's current step and table")
async def state(
    lesson_id: str, hub: HubDep, lessons: LessonsDep, legal: bool = False
) -> dict[str, Any]:
    held = lessons.get(lesson_id)
    async with held.lock:  # not halfway through a move
        found: dict[str, Any] = await hub.compute(describe, lesson_id, held.lesson, legal)
    return found


@router.post("/api/learn/{lesson_id}/move", summary="The learner's move for the current step")
async def move(
    lesson_id: str,
    action: Annotated[dict[str, Any], Body(embed=True)],
    hub: HubDep,
    lessons: LessonsDep,
    legal: bool = False,
) -> dict[str, Any]:
    held = lessons.get(lesson_id)
    async with held.lock:
        # The rules and a long list of legal actions (many ways to change a word) take a while.
        outcome = await hub.compute(held.lesson.move, action)
        found = await hub.compute(describe, lesson_id, held.lesson, legal)
        outcome_told = told(outcome, held.lesson.learner, held.words())
    return {"outcome": outcome_told, **found}
