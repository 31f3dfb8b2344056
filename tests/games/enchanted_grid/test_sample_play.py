"""The rulebook's sample play, move by move, as a match record with a fixed set-up.

``sample_play.jsonl`` is the record: 14 cards, P1 and P2 alternating. Each move is checked
against what the sample says (board, Words Created list), then the round's end (SIT to P2,
HUG to P1, the hidden card revealed, P2 starting round 2). Interpretations (see the rules
page): D under O reads GOD (the sample's "DOG"), the award "RUG" is HUG, "I on top of U" is
above U, and E goes beside I.
"""

from __future__ import annotations

from pathlib import Path

from crafthall.engine import Match
from crafthall.engine.record import Move, parse_lines
from crafthall.lexicon import load
from tests.games.enchanted_grid.helpers import WORDS, claims, conserved, letters
from tests.support import assert_replays

RECORD = Path(__file__).with_name("sample_play.jsonl")

# (seat, what the sample says, Words Created after the move, cells that must read so)
STEPS: list[tuple[int, str, list[tuple[str, int]], dict[tuple[int, int], str]]] = [
    (0, "grey Enchanter U", [], {(0, 0): "U"}),
    (1, "green B next to U", [], {(-1, 0): "B", (0, 0): "U"}),
    (0, "green S next to U: BUS", [("BUS", 0)], {(-1, 0): "B", (0, 0): "U", (1, 0): "S"}),
    (1, "red Enchanter T under U", [("BUS", 0)], {(0, 1): "T"}),
    (0, "grey card face down next to T", [("BUS", 0)], {(-1, 1): "?"}),
    (1, "red G over S: BUS broken, BUG", [("BUG", 1)], {(1, 0): "G"}),
    (0, "red S next to the hidden card", [("BUG", 1)], {(-2, 1): "S"}),
    (1, "red I over the hidden card: SIT", [("BUG", 1), ("SIT", 1)], {(-1, 1): "I"}),
    (
        0,
        "green O next to T: GO (SITO still reads SIT)",
        [("BUG", 1), ("SIT", 1), ("GO", 0)],
        {(1, 1): "O"},
    ),
    (1, "blue D under O: GOD, GO removed", [("BUG", 1), ("SIT", 1), ("GOD", 1)], {(1, 2): "D"}),
    (0, "green Enchanter I above U", [("BUG", 1), ("SIT", 1), ("GOD", 1)], {(0, -1): "I"}),
    (1, "green E beside I", [("BUG", 1), ("SIT", 1), ("GOD", 1)], {(-1, -1): "E"}),
    (
        0,
        "green Enchanter H inserted, U and G pushed right: HUG",
        [("SIT", 1), ("HUG", 0)],
        {(-1, 0): "B", (0, 0): "H", (1, 0): "U", (2, 0): "G", (1, 1): "O", (1, 2): "D"},
    ),
]


def sample_match() -> tuple[Match, list[Move]]:
    """The table as the record's header lays it, and the record's moves (not yet played)."""
    lines = RECORD.read_text().splitlines()
    return Match.from_lines(lines[:1], lexicon=WORDS), parse_lines(lines)[1]


def test_every_move_of_the_sample_play() -> None:
    match, moves = sample_match()
    assert len(moves) == 14
    for (seat, said, words, cells), move in zip(STEPS, moves, strict=False):
        assert move.seat == seat, said
        match.apply(move.seat, move.action)
        assert claims(match) == words, said
        board = letters(match)
        for cell, letter in cells.items():
            assert board[cell] == letter, (said, cell)
        assert match.state["counter"] == len(match.moves), said
        assert conserved(match) == match.state["total"]
    # Before the last card the grid reads B H U G across, S I T O across (SIT), U O D down.
    assert letters(match) == {
        (-1, -1): "E", (0, -1): "I",
        (-1, 0): "B", (0, 0): "H", (1, 0): "U", (2, 0): "G",
        (-2, 1): "S", (-1, 1): "I", (0, 1): "T", (1, 1): "O",
        (1, 2): "D",
    }  # fmt: skip
    # The overwritten cards are still underneath: S under G (pushed with it), the grey card
    # under I.
    assert len(match.state["grid"]["2,0"]) == 2
    assert len(match.state["grid"]["-1,1"]) == 2

    events = match.apply(1, moves[13].action)  # blue L beside I; the counter reaches 14
    awards = [(e["word"], e["seat"], e["cards"]) for e in events if e["type"] == "awarded"]
    assert awards == [("SIT", 1, 3), ("HUG", 0, 3)]
    assert match.state["won"][0] and match.state["won"][1]
    assert [len(w) for w in match.state["won"]] == [3, 3]
    # Overwritten and unused cards stay; the hidden grey N under I is revealed for round 2.
    assert letters(match) == {
        (-1, -1): "E", (0, -1): "I", (1, -1): "L",
        (-1, 0): "B", (2, 0): "S",
        (-1, 1): "N", (1, 1): "O",
        (1, 2): "D",
    }  # fmt: skip
    assert [e["card"]["letter"] for e in events if e["type"] == "revealed"] == ["N"]
    state = match.state
    assert state["claims"] == [] and state["counter"] == 0 and state["round"] == 2
    assert match.active_seats() == [1]  # P2 starts the second round
    assert conserved(match) == state["total"]
    assert_replays(match)


def test_the_hidden_card_is_hidden_from_the_other_player_only() -> None:
    match, moves = sample_match()
    for move in moves[:5]:
        match.apply(move.seat, move.action)
    mine = next(c for c in match.view(0)["grid"] if c["at"] == [-1, 1])
    theirs = next(c for c in match.view(1)["grid"] if c["at"] == [-1, 1])
    spectator = next(c for c in match.view(None)["grid"] if c["at"] == [-1, 1])
    assert mine["face_down"] and mine["card"]["letter"] == "N"
    assert theirs == spectator == {"at": [-1, 1], "under": 0, "face_down": True, "by": 0}
    event = match.events[-1]
    assert event["how"] == "face-down" and event["card"] is None


def test_the_record_replays_to_the_same_table() -> None:
    match = Match.from_lines(RECORD.read_text().splitlines(), lexicon=WORDS)
    assert match.state["round"] == 2
    assert_replays(match)


def test_the_sample_with_the_standard_dictionary() -> None:
    """The standard list also knows BI (B over I in column -1): P2 claims it with SIT and wins
    the B (SIT, the longer word, keeps the shared I); everything else is as in the sample."""
    lexicon = load("standard")
    for word in ("bus", "bug", "sit", "go", "god", "hug", "to"):
        assert word in lexicon
    match = Match.from_lines(RECORD.read_text().splitlines()[:14], lexicon=lexicon)
    assert claims(match) == [("SIT", 1), ("BI", 1), ("HUG", 0)]
    events = match.apply(1, sample_match()[1][13].action)
    awards = [(e["word"], e["seat"], e["cards"]) for e in events if e["type"] == "awarded"]
    assert awards == [("SIT", 1, 3), ("BI", 1, 1), ("HUG", 0, 3)]
