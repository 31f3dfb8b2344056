"""A :class:`Lesson` referees one tutorial: it keeps the match, takes the learner's moves, says
why a move is refused, and plays the other seats' scripted moves."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from crafthall.engine.data import Action, Event, clone
from crafthall.engine.errors import IllegalAction
from crafthall.engine.match import Match
from crafthall.engine.record import Seat
from crafthall.games import entry, new_match
from crafthall.games.entry import TextUI
from crafthall.lexicon import Lexicon
from crafthall.tutorial.model import Scripted, Step, Tutorial, matches


class TutorialError(RuntimeError):
    """The tutorial's own data does not fit the rules (a scripted move refused, and so on)."""


@dataclass
class Outcome:
    """What became of one move of the learner."""

    accepted: bool
    text: str
    """The tutorial's words: the step's ``after`` text, or its ``wrong`` text."""
    rule: str = ""
    """Why the rules themselves refuse the move, when they do."""
    code: str = ""
    """The rules' code for that refusal; ``details`` are its particulars (a front end may act
    on them, e.g. offer the spellings of an ambiguous word)."""
    details: dict[str, Any] = field(default_factory=dict)
    events: list[Event] = field(default_factory=list)
    """The learner's move's events."""
    scripted: list[tuple[Scripted, list[Event]]] = field(default_factory=list)
    """The other seats' moves that followed, with their events."""


ALLOWED = "The rules allow that move, but it is not this step's."
"""Said before what the step asks, of a legal move that is not the step's (after what the
move would do, in the game's words)."""


def answer(step: Step, action: Action, lead: str, screen: bool = False) -> str:
    """The tutorial's words for a refused move: ``wrong`` for the move they were written for
    (``try``), else what the step asks, after ``lead``. ``wrong`` told any other move a reason
    of its own: a whole, legal slice heard that stopping halfway splits nothing."""
    if matches(action, step.trial):
        return step.words("wrong", screen)
    return f"{lead} {step.asks(screen)}".strip()


class Lesson:
    def __init__(
        self, tutorial: Tutorial, lexicon: Lexicon | None = None, screen: bool = False
    ) -> None:
        self.tutorial = tutorial
        self.screen = screen
        """Whether the lesson speaks to the browser (else the terminal): see ``Step.words``."""
        self._text: TextUI | None = None
        seats = [Seat(name) for name in tutorial.seats]
        self.match: Match = new_match(
            tutorial.game,
            seats,
            options=tutorial.options,
            seed=tutorial.seed,
            fixed=tutorial.fixed,
            lexicon=lexicon,
        )
        self.index = 0
        self._check_turn()

    @property
    def learner(self) -> int:
        return self.tutorial.learner

    @property
    def step(self) -> Step | None:
        """The step to do now; ``None`` once the tutorial is over."""
        steps = self.tutorial.steps
        return steps[self.index] if self.index < len(steps) else None

    @property
    def finished(self) -> bool:
        return self.step is None

    def rules_verdict(self, action: Action) -> IllegalAction | None:
        """Why the rules refuse ``action`` for the learner now (``None`` if they allow it),
        found on a copy so that nothing at the table changes."""
        return self._try(action)[0]

    def _try(self, action: Action) -> tuple[IllegalAction | None, list[Event]]:
        """The rules' refusal of ``action``, or the events it would make, on a copy."""
        game, state = self.match.game, clone(self.match.state)
        try:
            game.check_turn(state, self.learner, self.match.seat_names)
            game.check_action(action)
            events = game.apply(state, self.learner, action)
        except IllegalAction as err:
            return err, []
        return None, events

    def what_it_does(self, events: list[Event]) -> str:
        """The game's own sentence for a move that made ``events`` (the first the game says:
        the move itself, not what follows from it), as the log would show it."""
        if self._text is None:
            self._text = entry(self.tutorial.game).text(self.match.game, self.match.seat_names)
        said = (self._text.say(self.learner, event) for event in events)
        return next((sentence for sentence in said if sentence), "")

    def move(self, action: Action) -> Outcome:
        """Take the learner's move: refused unless it is what the step asks (and legal);
        otherwise played, followed by the scripted moves, and the lesson goes on."""
        step, screen = self.step, self.screen
        if step is None:
            return Outcome(False, "The tutorial is over: " + self.tutorial.words("outro", screen))
        refusal, events = self._try(action)
        if refusal is not None:
            text = answer(step, action, "", screen)
            return Outcome(False, text, refusal.message, refusal.code, refusal.details)
        if not any(matches(action, pattern) for pattern in step.expect):
            lead = f"{self.what_it_does(events)} {ALLOWED}".strip()
            return Outcome(False, answer(step, action, lead, screen))
        after = step.words("after", screen)
        outcome = Outcome(True, after, events=self.match.apply(self.learner, action))
        for scripted in step.then:
            try:
                events = self.match.apply(scripted.seat, scripted.action)
            except IllegalAction as err:
                raise TutorialError(
                    f"Step {step.number} of the {self.tutorial.game} tutorial: the rules refuse "
                    f"the scripted move {scripted.action} of seat {scripted.seat}: {err.message}"
                ) from None
            outcome.scripted.append((scripted, events))
        self.index += 1
        self._check_turn()
        return outcome

    def _check_turn(self) -> None:
        if self.step is not None and self.learner not in self.match.active_seats():
            raise TutorialError(
                f"Step {self.step.number} of the {self.tutorial.game} tutorial asks the learner "
                f"to move, but the seats to act are {self.match.active_seats()}."
            )
