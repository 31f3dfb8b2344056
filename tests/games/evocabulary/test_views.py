"""What each seat may see: its own hand, the others' hand sizes, never the deck's order."""

from __future__ import annotations

import json

from tests.games.evocabulary.helpers import DRAW, fam, table
from tests.support import start


def test_a_seat_sees_its_own_hand_and_only_sizes_of_others() -> None:
    match = table([["z", "x", "j", "e", "e", "e", "e"], ["k", "v", "w", "a", "a", "a", "a"]])
    mine = match.view(0)
    assert sorted(mine["hand"]) == ["e", "e", "e", "e", "j", "x", "z"]
    assert mine["hand_sizes"] == [7, 7]
    text = json.dumps(mine)
    assert '"k"' not in text and '"v"' not in text and '"w"' not in text
    spectator = match.view(None)
    assert "hand" not in spectator
    assert '"z"' not in json.dumps(spectator)


def test_nobody_sees_the_deck_or_the_generator() -> None:
    match = start("evocabulary", 3, seed=5)
    deck = match.state["deck"]
    for seat in (None, 0, 1, 2):
        view = match.view(seat)
        assert "rng" not in view and "deck" not in view
        assert view["deck_size"] == len(deck)


def test_events_never_show_a_drawn_card() -> None:
    match = table(
        [["s", "a", "t", "e", "e", "e", "e"], ["e"] * 7],
        deck=["z", "qu"],
        teams=[{"3": [fam(DRAW)]}],
    )
    events = match.apply(0, {"type": "start", "word": "sat", "cards": ["s", "a", "t"]})
    events += match.apply(0, {"type": "use", "card": "leader"})
    events += match.apply(0, {"type": "use", "card": DRAW})
    text = json.dumps(events)
    assert '"z"' not in text and '"qu"' not in text
    assert [e["count"] for e in events if e["type"] == "drew"] == [1, 1]
    assert "z" not in json.dumps(match.view(1)["hand"])


def test_views_and_events_do_not_depend_on_the_deck_order_or_a_hidden_draw() -> None:
    """Two tables differing only in the deck's order: every view is the same, and after
    seat 0 plays its whole hand and draws 7, the other seats still see the same thing."""
    decks = (["z", "qu", "x", "j", "k", "b", "c", "d"], ["d", "c", "b", "k", "j", "x", "qu", "z"])
    tables = [table([["s", "a", "t"], ["e"] * 7], deck=deck) for deck in decks]
    for seat in (None, 0, 1):
        assert tables[0].view(seat) == tables[1].view(seat)
    move = {"type": "start", "word": "sat", "cards": ["s", "a", "t"]}
    events = [match.apply(0, move) for match in tables]
    assert events[0] == events[1]
    assert [e["count"] for e in events[0] if e["type"] == "drew"] == [7]
    for seat in (None, 1):
        assert tables[0].view(seat) == tables[1].view(seat)
    assert tables[0].view(0)["hand"] != tables[1].view(0)["hand"]
