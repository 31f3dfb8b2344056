"""Every game words each public event once, in its text's ``say``, for every front end: every
event of whole random games gets a sentence of the game's own, at its smallest and its largest
table (each game's own tests check the wording of each kind of event)."""

from __future__ import annotations

import pytest

from crafthall.games import entry, names
from tests.support import event_types_said, play_out, start

CASES = [
    (name, seats)
    for name in names()
    for seats in sorted({entry(name).game.min_seats, max(2, entry(name).game.max_seats)})
]


@pytest.mark.parametrize(("name", "seats"), CASES)
def test_every_event_of_a_random_game_has_a_sentence_of_the_games_own(
    name: str, seats: int
) -> None:
    match = play_out(start(name, seats, seed=seats), seed=seats)
    assert match.result() is not None
    assert event_types_said(match), "a whole game has events"
