"""The terminal screen: typed commands become actions; the table renders for a seat."""

from __future__ import annotations

import pytest
from rich.console import Console

from crafthall.engine import IllegalAction
from crafthall.games import entry
from crafthall.games.evocabulary.text import REMINDERS
from tests.games.evocabulary.helpers import DRAW, LOCK, PUBLISH, fam, table


def _ui(match):  # type: ignore[no-untyped-def]
    return entry("evocabulary").text(match.game, match.seat_names)


def test_commands_parse_to_actions() -> None:
    match = table(
        [["s", "t", "c", "e", "e", "e", "e"], ["e"] * 7],
        teams=[{"3": [fam(LOCK, lock="a"), fam(PUBLISH), fam(DRAW)]}],
    )
    ui = _ui(match)
    view = match.view(0)
    assert ui.private_between_seats()
    assert ui.parse("start sat", view, 0) == {
        "type": "start",
        "word": "sat",
        "cards": ["s", "=a", "t"],
    }
    assert ui.parse("start cat ?c a t", view, 0)["cards"] == ["?c", "a", "t"]
    assert ui.parse("discard e", view, 0) == {"type": "discard", "letter": "e"}
    assert ui.parse("draw", view, 0) == {"type": "draw"}
    assert ui.parse('{"type": "draw"}', view, 0) == {"type": "draw"}
    with pytest.raises(IllegalAction) as err:
        ui.parse("fly away", view, 0)
    assert err.value.code == "unreadable-input"
    events = match.apply(0, ui.parse("start sat", view, 0))
    assert "started SAT" in ui.describe(0, {}, events)
    view = match.view(0)
    assert ui.parse("publish 3 len5", view, 0) == {
        "type": "use",
        "card": PUBLISH,
        "team": 3,
        "achievement": "len5",
    }
    assert ui.parse("draw", view, 0) == {"type": "use", "card": "leader"}
    assert ui.parse("done", view, 0) == {"type": "done"}
    events = match.apply(0, ui.parse("publish 3", view, 0))
    assert "published SAT for 2" in ui.describe(0, {}, events)
    view = match.view(0)
    match.apply(0, ui.parse("done", view, 0))
    view = match.view(1)
    match.apply(1, ui.parse("discard e", view, 1))
    assert ui.parse("modify 3 cats", view, 1)["team"] == 3


def test_render_shows_own_hand_only() -> None:
    match = table([["z", "a", "t", "e", "e", "e", "e"], ["k"] * 1])
    ui = _ui(match)
    console = Console(record=True, width=120)
    console.print(ui.render(match.view(0), 0))
    text = console.export_text()
    assert "Your hand: A1 E1 E1 E1 E1 T1 Z10" in text
    console = Console(record=True, width=120)
    console.print(ui.render(match.view(1), 1))
    assert "Z10" not in console.export_text()
    assert "start" in ui.help()


def test_help_gives_the_commands_then_the_rules_of_the_reminders() -> None:
    text = _ui(table([["e"], ["e"]])).help()
    commands, rules = text.split("The rules in short:")
    assert "modify TEAM WORD [CARDS]" in commands
    assert "second pass" not in commands  # the rules are said once, in the reminders
    assert rules.strip().splitlines() == [f"- {line}" for line in REMINDERS]
    assert entry("evocabulary").reminders == REMINDERS


def test_modify_without_cards_picks_a_layout_that_changes_the_spell() -> None:
    match = table([["c", "a", "t", "s", "t", "e", "e"], ["e"] * 7], deck=["o"] * 4)
    match.apply(0, {"type": "start", "word": "cats", "cards": ["c", "a", "t", "s"]})
    match.apply(0, {"type": "done"})
    match.apply(1, {"type": "discard", "letter": "e"})
    match.apply(1, {"type": "draw"})
    ui, view = _ui(match), match.view(0)
    assert ui.parse("modify 4 cat", view, 0)["cards"] == ["@c", "@a", "@t"]  # drop the S
    assert ui.parse("modify 4 cats", view, 0)["cards"] == ["@c", "@a", "t", "@s"]  # a new T


def test_modify_loops_are_logged_with_the_letters_discarded() -> None:
    """Issue 18, item 2: the log says which letters a modify took out (they are discarded)."""
    match = table([["c", "a", "t", "s", "t", "e", "e"], ["e"] * 7], deck=["o"] * 4)
    match.apply(0, {"type": "start", "word": "cats", "cards": ["c", "a", "t", "s"]})
    match.apply(0, {"type": "done"})
    match.apply(1, {"type": "draw"})
    ui = _ui(match)
    events = match.apply(0, ui.parse("modify 4 cat", match.view(0), 0))
    assert "modified CAT at team 3, discarding S (the spell was at team 4)" in (
        ui.describe(0, {}, events)
    )


def test_end_of_game_rule_is_shown_once_the_deck_is_empty() -> None:
    """Issue 18, item 1: with the deck empty the screen says when the game will end; the
    quiet-round clock only at a table that set one ("Rules fidelity, third pass", item 2)."""
    for options, clock in (({}, False), ({"stall_rounds": 2}, True)):
        match = table([["s", "t", "a", "r", "e", "e"], ["x"]], deck=[], options=options)
        match.apply(0, {"type": "draw"})
        console = Console(record=True, width=160)
        console.print(_ui(match).render(match.view(1), 1))
        text = console.export_text()
        assert "the game ends when nobody can burn or publish any more" in text
        assert ("after 3 more turns without a burn or publish" in text) == clock
