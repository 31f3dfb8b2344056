"""The view (everything public but the decks) and the terminal screen."""

from __future__ import annotations

import io
import json
import random

import pytest
from rich.console import Console

from crafthall.cli.table import TerminalTable
from crafthall.engine import IllegalAction, Seat, to_json
from crafthall.games import make_bot, new_match
from crafthall.games.wordcraft.components import achievement, letter
from crafthall.games.wordcraft.text import WordcraftText
from tests.games.wordcraft.helpers import (
    EXAMPLE_GRID,
    PASS,
    QUIET_GRID,
    spend_sixteen,
    table,
    word,
)


def test_view_shows_the_table() -> None:
    match = table(3, options={"turn_seconds": 180})
    match.apply(0, word("wage", "A3", "A12"))
    view = match.view(1)
    json.loads(to_json(view))  # plain JSON
    assert list(view)[:6] == ["game", "seat", "active", "phase", "prompt", "scores"]
    assert view["seat"] == 1 and view["your_side"] == 1
    assert view["round"] == 1 and view["rounds"] == 3 and view["first"] == 0
    assert view["turn"] == 1 and view["active"] == [1]
    assert view["phase"] == "play" and "word" in view["prompt"]
    assert view["turn_seconds"] == 180
    w = next(card for card in view["grid"] if card["card"] == "w")
    assert w == {
        "card": "w",
        "label": "W",
        "colour": "red",
        "points": 5,
        "cubes": [1, 0, 0],
        "scoring": [5, 0, 0],
    }
    a3 = next(card for card in view["achievements"] if card["id"] == "A3")
    assert a3["cubes"] == [1, 0, 0] and a3["points"] == [3, 6, 10, 14, 19]
    assert a3["requirement"] == "at least 2 Red letters"
    assert view["sides"][0]["supply"] == 12
    assert view["sides"][0]["letters_now"] == 14
    assert view["sides"][0]["projected"] == 14 + 3 + 2
    assert view["scores"] == [0, 0, 0]  # nothing banked before the round ends
    assert view["used_words"] == [{"word": "wage", "side": 0, "round": 1}]
    assert view["last_events"][0]["word"] == "wage"
    assert view["round_end"] == {"triggered_by": None, "last_turns": []}


def test_views_hide_only_the_decks_and_are_the_same_for_every_seat() -> None:
    match = table(3, grids=[EXAMPLE_GRID, QUIET_GRID])
    match.apply(0, word("tree"))
    views = [match.view(seat) for seat in (0, 1, 2, None)]
    for view in views:
        text = to_json(view)
        assert "rng" not in view and "planned" not in view
        assert '"qu"' not in text  # the next round's grid (QUIET_GRID) is not shown
        assert {k: v for k, v in view.items() if k not in ("seat", "your_side", "prompt")} == {
            k: v for k, v in views[0].items() if k not in ("seat", "your_side", "prompt")
        }
    assert "word" in views[1]["prompt"]
    assert views[0]["prompt"] == views[2]["prompt"] == ""  # waiting: nothing to do
    assert views[3]["seat"] is None and views[3]["prompt"] == ""


def test_views_all_game_long_show_the_cards_as_the_components_say_and_are_the_callers_own() -> None:
    # the cards' fixed keys are made once: a view must still agree with the components on
    # every state, and a caller changing its view must not change the next one
    match = new_match("wordcraft", [Seat(f"P{n}") for n in range(3)], seed=7)
    picker = random.Random(7)
    while True:
        state = match.state
        view = match.view(0)
        assert view["your_side"] == 0 and list(view)[6:8] == ["your_side", "teams"]
        for shown, (card, counts) in zip(view["grid"], state["cubes"].items(), strict=True):
            face = letter(card)
            scoring = [face.points if n == max(counts) > 0 else 0 for n in counts]
            fixed = {key: getattr(face, key) for key in ("label", "colour", "points")}
            assert shown == {"card": card, **fixed, "cubes": counts, "scoring": scoring}
        for shown, card in zip(view["achievements"], state["achievements"], strict=True):
            rule = achievement(card)
            fixed = {key: getattr(rule, key) for key in ("type", "difficulty", "requirement")}
            cubes = state["claims"][card]
            assert shown == {"id": card, **fixed, "points": rule.points, "cubes": cubes}
        letters_now = [sum(card["scoring"][side] for card in view["grid"]) for side in range(3)]
        assert [side["letters_now"] for side in view["sides"]] == letters_now
        assert [side["projected"] for side in view["sides"]] == match.game.projected(state)
        assert view["scores"] == match.game.scores_of(state)
        for shown in view["grid"] + view["achievements"]:  # the caller's to change
            shown.update(card="?", id="?", label="?", type="?", requirement="?")
        assert match.view(1)["grid"][0]["label"] == letter(next(iter(state["cubes"]))).label
        assert match.view(None)["achievements"][0]["id"] == state["achievements"][0]
        if match.result() is not None:
            break
        seat = picker.choice(match.active_seats())
        match.apply(seat, match.game.sample_action(state, seat, picker))


def test_final_view() -> None:
    match = table(2)
    while match.result() is None:
        match.apply(match.active_seats()[0], PASS)
    view = match.view(None)
    assert view["phase"] == "over" and view["turn"] is None
    assert view["active"] == [] and view["prompt"] == ""
    assert view["final"] == {"achievement_ep": [0, 0], "totals": [0, 0], "places": [1, 1]}


def ui(seats: int = 3) -> WordcraftText:
    match = table(seats)
    return WordcraftText(match.game, [f"P{n + 1}" for n in range(seats)])


@pytest.mark.parametrize(
    ("text", "action"),
    [
        ("pass", {"type": "pass"}),
        ("PASS", {"type": "pass"}),
        ("tree", {"type": "word", "word": "tree"}),
        ("Quiet qu,i,e,t", {"type": "word", "word": "quiet", "spelling": ["qu", "i", "e", "t"]}),
        (
            "quiet qu-u-i-e-t +a8",
            {
                "type": "word",
                "word": "quiet",
                "spelling": ["qu", "u", "i", "e", "t"],
                "achievements": ["A8"],
            },
        ),
        ("tree +A3 +A7", {"type": "word", "word": "tree", "achievements": ["A3", "A7"]}),
        ("tree +A3+A7", {"type": "word", "word": "tree", "achievements": ["A3", "A7"]}),
    ],
)
def test_parse(text: str, action: dict[str, object]) -> None:
    match = table()
    assert ui().parse(text, match.view(0), 0) == action


@pytest.mark.parametrize("text", ["", "tree t,r,e,e extra"])
def test_unreadable_input(text: str) -> None:
    match = table()
    with pytest.raises(IllegalAction) as caught:
        ui().parse(text, match.view(0), 0)
    assert caught.value.code == "unreadable-input"


def render(match_view: dict[str, object], seat: int | None = 0) -> str:
    console = Console(file=io.StringIO(), width=120, color_system=None)
    console.print(ui().render(match_view, seat))
    text = console.file.getvalue()  # type: ignore[attr-defined]
    assert isinstance(text, str)
    return text


def test_render_shows_grid_cubes_achievements_scores_and_words() -> None:
    match = table(3, options={"turn_seconds": 60})
    match.apply(0, word("wage", "A3", "A12"))
    text = render(match.view(1), 1)
    for part in (
        "round 1 of 3",
        "turn: P2",
        "60 s per turn",
        "EP · cubes of #1 #2 #3 (* scores now)",
        " W   5  1*   ·   · ",  # one line a card: W, 5 EP, P1's scoring cube, nobody else's
        "at least 2 Red letters",
        "3/6/10/14/19",
        "Players",
        "WAGE",
    ):
        assert part in text, part


def test_render_shows_the_round_end_trigger() -> None:
    match = table(3)
    spend_sixteen(match, 0)
    text = render(match.view(1), 1)
    assert "Round end triggered by P1" in text and "last turns: P2, P3" in text


def test_describe_and_help() -> None:
    match = table(2)
    text = ui(2)
    events = match.apply(0, word("wage", "A3"))
    assert text.describe(0, {}, events) == "P1 plays WAGE (W-A-G-E: 4 cubes on letters, 1 on A3)."
    match.apply(1, PASS)
    events = match.apply(0, PASS)
    line = text.describe(0, PASS, events)
    assert "P1 passes." in line and "Everyone passed" in line and "Round 2" in line
    assert "new grid A E R S T D L M G W K Z" in line
    assert "quiet qu,i,e,t" in text.help() and "pass" in text.help()


def test_terminal_table_plays_a_game_with_typed_input(tmp_path: object) -> None:
    match = table(2)
    typed = iter(["help", "zebra", "tree +A5"])
    console = Console(file=io.StringIO(), width=120, color_system=None)
    bots = {1: make_bot(match.game, "greedy", 1)}
    terminal = TerminalTable(
        match,
        bots,
        console=console,
        read=lambda _: next(typed, "pass"),
        record_dir=tmp_path,  # type: ignore[arg-type]
    )
    terminal.run()
    out = console.file.getvalue()  # type: ignore[attr-defined]
    assert "ZEBRA needs the letter B" in out
    assert "P1 plays TREE (T-R-E-E: 4 cubes on letters, 1 on A5)." in out
    assert match.result() is not None
    assert "Winner" in out


def test_new_round_line_names_the_qu_card_as_printed() -> None:
    match = table(2, grids=[EXAMPLE_GRID, QUIET_GRID])
    match.apply(0, PASS)
    events = match.apply(1, PASS)
    line = WordcraftText(match.game, ["P1", "P2"]).describe(1, PASS, events)
    assert "new grid E I N S T D L U B P Qu Z; P2 starts." in line


def test_issue16_item4_the_terminal_calls_and_casts_the_vote() -> None:
    match = table(3)
    text = ui(3)
    assert text.parse("dispute", match.view(1), 1) == word("dispute")  # no word yet: a word
    events = match.apply(0, word("tree"))
    assert "Type dispute" in render(match.view(2), 2)
    assert "Type dispute" not in render(match.view(0), 0)  # not for the word's own player
    call = text.parse("dispute", match.view(2), 2)
    assert call == {"type": "dispute"}
    assert text.parse("dispute +", match.view(2), 2) == word("dispute")
    assert text.parse("keep", match.view(1), 1) == word("keep")  # no vote open: a word
    events = match.apply(2, call)
    assert text.describe(2, call, events) == (
        "P3 doubts TREE and calls the table's vote (a vote to reject it)."
    )
    screen = render(match.view(1), 1)
    assert "Vote on TREE (played by P1). P3 rejects. Type keep or reject." in screen
    assert "the table votes on a word" in screen and "game over" not in screen
    vote = text.parse("reject", match.view(1), 1)
    assert vote == {"type": "vote", "keep": False}
    assert text.parse("keep", match.view(1), 1) == {"type": "vote", "keep": True}
    events = match.apply(1, vote)
    assert text.describe(1, vote, events) == (
        "P2 votes to reject the word.\n"
        "TREE is rejected (1 keep, 2 reject) and taken back: P1 makes another word, which "
        "stands, or passes."
    )
    events = match.apply(0, word("wage"))
    assert text.describe(0, word("wage"), events).endswith(
        "WAGE stands: the table's vote takes back one word a turn."
    )
    assert "dispute" in text.help() and "keep / reject" in text.help()
