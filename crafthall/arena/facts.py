"""A finished match's study facts, by its game's extractor (:mod:`crafthall.engine.facts`).

>>> from crafthall.arena.autoplay import play_to_end, seat_bots
>>> from crafthall.games import names, new_match
>>> match = new_match(names()[0], ["a", "b"], seed=2)
>>> _ = play_to_end(match, seat_bots(match, ["random"], 2), 2)
>>> len(study_facts(match).seats)
2
"""

from __future__ import annotations

from crafthall.engine.facts import Component, Facts, Finished
from crafthall.engine.match import Match
from crafthall.games import entry

__all__ = ["Component", "Facts", "Finished", "finished", "study_facts"]


def finished(match: Match) -> Finished:
    result = match.result()
    if result is None:
        raise ValueError("Study facts are read from finished games only.")
    seats = len(match.seat_names)
    return Finished(
        match.game.name,
        seats,
        match.events,
        match.view(None),
        [match.view(seat) for seat in range(seats)],
        result,
    )


def study_facts(match: Match) -> Facts:
    """The game's own facts about a finished ``match`` (empty for a game with no extractor)."""
    done = finished(match)
    extract = entry(done.game).facts
    facts = extract(done) if extract is not None else Facts()
    while len(facts.seats) < done.seats:
        facts.seats.append({})
    return facts
