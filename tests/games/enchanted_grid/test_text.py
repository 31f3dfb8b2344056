"""The terminal screen: reading typed moves, drawing the grid for each seat, the log, a table."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from rich.console import Console
from rich.style import Style

from crafthall.cli.table import TerminalTable
from crafthall.engine import IllegalAction, Match
from crafthall.games import make_bot
from crafthall.games.enchanted_grid import ENTRY, EnchantedGrid, EnchantedGridOptions
from crafthall.games.enchanted_grid.text import REMINDERS, EnchantedGridText
from tests.games.enchanted_grid.helpers import WORDS, cid, play, table
from tests.support import start

UI = tuple[EnchantedGridText, Match]

HANDS = {
    "grid": [
        {"at": [0, 0], "card": "U grey enchanter"},
        {"at": [1, 0], "card": "E blue enchanter"},
    ],
    "hands": [
        ["S red", "S green", "N grey", "D blue", "H green enchanter", "G red"],
        ["E red"],
    ],
}


@pytest.fixture
def ui_match() -> tuple[EnchantedGridText, Match]:
    match = table(HANDS)
    return EnchantedGridText(match.game, match.seat_names), match


def text_of(renderable: object) -> str:
    buffer = io.StringIO()
    Console(file=buffer, width=120, color_system=None).print(renderable)
    return buffer.getvalue()


@pytest.mark.parametrize(
    ("typed", "expected"),
    [
        ("place red S 0,1", {"type": "place", "card": "S red", "at": [0, 1]}),
        ("place #2 at 0,1", {"type": "place", "card": "S green", "at": [0, 1]}),
        (
            "place N -1,0 down",
            {"type": "place", "card": "N grey", "at": [-1, 0], "face_down": True},
        ),
        ("place D 1,1 swap 1,0", {"type": "place", "card": "D blue", "at": [1, 1], "swap": [1, 0]}),
        ("overwrite S 0,0", {"type": "overwrite", "card": "S red", "at": [0, 0]}),
        (
            "insert S 1,0 right",
            {"type": "insert", "card": "S green", "at": [1, 0], "push": "right"},
        ),
        (
            "insert H 1,0 left",
            {"type": "insert", "card": "H green enchanter", "at": [1, 0], "push": "left"},
        ),
        ("claim 0,-2 down", {"type": "claim", "at": [0, -2], "direction": "down"}),
        ("pass", {"type": "pass"}),
    ],
)
def test_typed_moves(ui_match: UI, typed: str, expected: dict) -> None:
    ui, match = ui_match
    if "card" in expected:
        expected = {**expected, "card": cid(match, 0, expected["card"])}
    assert ui.parse(typed, match.view(0), 0) == expected


@pytest.mark.parametrize(
    "typed",
    [
        "fly",
        "place S",
        "place S 1,0",
        "place Q 1,0",
        "place #9 1,0",
        "insert H 1,0",
        "place S 1,0 sideways",
        "overwrite G 1,0 now",
        "place big S 1,0",
    ],
)
def test_unreadable_input(ui_match: UI, typed: str) -> None:
    ui, match = ui_match
    with pytest.raises(IllegalAction) as caught:
        ui.parse(typed, match.view(0), 0)
    assert caught.value.code == "unreadable-input"
    assert caught.value.message.endswith((".", ")"))


def test_face_down_cards_are_drawn_for_their_owner_only(ui_match: UI) -> None:
    ui, match = ui_match
    events = play(match, 0, "place", "N grey", [-1, 0], face_down=True)
    assert " n? " in text_of(ui.render(match.view(0), 0))
    other = text_of(ui.render(match.view(1), 1))
    assert " n? " not in other and "▒▒" in other
    line = ui.describe(0, match.moves[-1].action, events)
    assert line == "P1 places a grey card face down at -1,0."
    assert ui.private_between_seats()
    assert "place S 1,0" in ui.help()


def test_the_log_names_words_and_awards() -> None:
    match = table(
        {
            "grid": [{"at": [0, 0], "card": "O red"}],
            "hands": [["T blue"], ["D blue"]],
            "deck": [],
            "first": 1,
        },
        round_cards=2,
    )
    ui = EnchantedGridText(match.game, match.seat_names)
    play(match, 1, "place", "D blue", [0, -1])
    events = play(match, 0, "place", "T blue", [-1, 0])
    lines = ui.describe(0, match.moves[-1].action, events).split("\n")
    assert lines == [
        "P1 places the blue T at -1,0.",
        "P1 claims TO (across).",
        "P2 wins DO (1 card).",
        "P1 wins TO (2 cards).",
        "Round 1 ends.",
        "The final scramble begins: in turn, claim a word on the grid or pass.",
        "Game over: P1 2 cards, P2 1 card.",
    ]
    screen = text_of(ui.render(match.view(None), None))
    assert "game over" in screen and "Last round: DO to P2 (1), TO to P1 (2)" in screen


def test_a_terminal_table_plays_bots_and_reads_a_person(tmp_path: Path) -> None:
    match = start("enchanted-grid", 2, seed=4, lexicon=WORDS)
    typed = iter(["help", "place Z 5,5", "place #1 0,0", "quit"])
    buffer = io.StringIO()
    console = Console(file=buffer, width=100, color_system=None)
    terminal = TerminalTable(
        match,
        {1: make_bot(match.game, "greedy", 1)},
        console=console,
        read=lambda prompt: next(typed),
    )
    terminal.record_dir = tmp_path
    terminal.run()
    out = buffer.getvalue()
    assert "Enchanted Grid" in out and "Your hand" in out and "P1 places" in out
    assert len(match.moves) == 2


def test_a_bot_game_in_the_terminal_runs_to_the_end(tmp_path: Path) -> None:
    match = start("enchanted-grid", 3, seed=8, lexicon=WORDS)
    bots = {
        s: make_bot(match.game, level, s) for s, level in enumerate(["random", "greedy", "greedy"])
    }
    buffer = io.StringIO()
    console = Console(file=buffer, width=100, color_system=None)
    TerminalTable(match, bots, console=console, record_dir=tmp_path).run()
    assert "Game over" in buffer.getvalue()


def segments(renderable: object) -> list[tuple[str, Style | None]]:
    console = Console(width=120, color_system="truecolor")
    return [(s.text, s.style) for s in console.render(renderable)]


def test_cards_are_drawn_bright_and_cards_in_a_zone_are_marked() -> None:
    """Cards keep their colour (the dim row label does not dim them), and an occupied cell in
    a zone is marked in the zone's colour: that is where red may overwrite and green insert."""
    match = table(
        {
            "grid": [
                {"at": [0, 0], "card": "T red enchanter"},
                {"at": [1, 0], "card": "O blue"},
                {"at": [3, 0], "card": "B blue"},
            ],
            "hands": [["S red"], ["E red"]],
        }
    )
    ui = EnchantedGridText(match.game, match.seat_names)
    drawn = segments(ui.render(match.view(0), 0))
    cards = [(text, style) for text, style in drawn if text.strip() in ("T*", "O", "B")]
    assert len(cards) == 3
    assert all(style is not None and not style.dim and style.bgcolor for _, style in cards)
    assert "T*" in cards[0][0] and "O" in cards[1][0]
    rows = text_of(ui._grid(match.view(0))).splitlines()
    row = next(r for r in rows if r.startswith("   0 "))
    assert " O  ·" in row and " B   " in row  # O is in T's red zone, B is not


def test_a_named_colour_is_honoured_when_picking_a_card() -> None:
    match = table({"grid": [{"at": [0, 0], "card": "T red"}], "hands": [["R blue"], ["E red"]]})
    ui = EnchantedGridText(match.game, match.seat_names)
    view = match.view(0)
    with pytest.raises(IllegalAction, match="no red R"):
        ui.parse("overwrite red R 0,0", view, 0)
    blue = ui.parse("place blue R 1,0", view, 0)
    assert blue["card"] == view["hand"][0]["id"]


def test_column_numbers_stand_over_their_cards() -> None:
    match = table(
        {
            "grid": [{"at": [0, 0], "card": "T red"}, {"at": [1, 0], "card": "O blue"}],
            "hands": [["S red"], ["E red"]],
        }
    )
    ui = EnchantedGridText(match.game, match.seat_names)
    rows = text_of(ui._grid(match.view(0))).splitlines()
    ruler = rows[0]
    row = next(r for r in rows if r.startswith("   0 "))
    assert ruler[row.index("T")] == "0" and ruler[row.index("O")] == "1"
    left = row.index("T") - 5  # the letter spot of the empty column left of T
    assert ruler[left - 1 : left + 1] == "-1"


def test_the_reminders_are_the_entrys_and_the_help_shows_them_once() -> None:
    """One copy of the rules' short sentences: beside the board in every front end, and in the
    terminal's help after the commands."""
    assert ENTRY.reminders == REMINDERS
    ui = EnchantedGridText(EnchantedGrid(), ["P1", "P2"])
    shown = " ".join(ui.help().split())
    for reminder in REMINDERS:
        assert shown.count(" ".join(reminder.split())) == 1, reminder


def test_the_reminders_state_the_default_round_and_shortest_word() -> None:
    """The reminders name the default table's numbers: they are stale the day those change."""
    defaults = EnchantedGridOptions()
    said = " ".join(REMINDERS)
    assert f"after {defaults.round_cards} cards" in said
    assert f"{defaults.min_word} letters or more" in said
