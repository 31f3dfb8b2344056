"""The rules in short (``REMINDERS``): shown by every front end, true to the rules' figures."""

from __future__ import annotations

from crafthall.games import entry
from crafthall.games.wordcraft.components import colours, constants
from crafthall.games.wordcraft.text import REMINDERS, RULES, WordcraftText
from tests.games.wordcraft.helpers import table


def reminder(starts: str) -> str:
    return next(line for line in REMINDERS if line.startswith(starts))


def test_the_entry_hands_the_reminders_to_every_front_end() -> None:
    assert entry("wordcraft").reminders == REMINDERS
    assert REMINDERS[: len(RULES)] == RULES
    assert all(line.endswith(".") for line in REMINDERS)


def test_the_terminal_help_shows_the_rules_once_and_not_the_pages_keys() -> None:
    match = table(2)
    help_text = WordcraftText(match.game, ["P1", "P2"]).help()
    for line in RULES:
        assert help_text.count(line) == 1
    assert "On the page" not in help_text
    assert "dispute +" in help_text


def test_the_reminders_figures_are_the_components() -> None:
    limits = constants()
    colour_line = reminder("Colours:")
    for colour in colours().values():
        assert f"{colour.name} {colour.points}" in colour_line
    trigger = reminder("A player left with")
    assert f"{limits['round_end_at']} cubes or fewer" in trigger
    assert f"+{limits['trigger_bonus']} EP" in trigger
    round_end = reminder("Round end:")
    assert f"get {limits['per_round']} more" in round_end
    assert f"After {limits['rounds']} rounds" in round_end
