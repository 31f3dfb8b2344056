"""Views hide only the draw pile's order; the terminal draws and reads the game."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from rich.console import Console

from crafthall import games
from crafthall.engine import IllegalAction, Match
from crafthall.games.swordcrafters import rules
from crafthall.games.swordcrafters import view as views
from crafthall.games.swordcrafters.components import components
from crafthall.games.swordcrafters.options import SwordCraftersOptions
from crafthall.games.swordcrafters.text import REMINDERS, RULES, SwordCraftersText
from tests.games.swordcrafters.helpers import fixed_match, slice_at
from tests.support import start


def test_view_never_shows_the_pile_order() -> None:
    match = start("swordcrafters", 3, seed=11)
    pile = match.state["pile"]
    for seat in (None, 0, 1, 2):
        view = match.view(seat)
        assert view["pile"] == len(pile)
        assert "rng" not in json.dumps(view)
        assert "pile" not in {k for k, v in view.items() if isinstance(v, list)}


def test_view_has_scores_turn_and_prompt() -> None:
    match = fixed_match(4)
    view = match.view(2)
    assert view["game"] == "swordcrafters" and view["seat"] == 2
    # Empty swords hold none of any card's gems: no magic place, no score yet.
    assert view["scores"] == [0, 0, 0, 0]
    old = fixed_match(4, options={"zero_magic_place": True})
    # Rules version 1's reading: the four zeros tie every card, 18 // 4 = 4 a card, 12 each.
    assert old.view(2)["scores"] == [12, 12, 12, 12]
    assert view["active"] == [0]
    assert view["prompt"] == ""  # seat 2 has nothing to do while seat 0 slices
    assert match.view(0)["prompt"].startswith("Slice")
    assert match.view(None)["prompt"] == ""
    assert [card["gems"] for card in view["magic"]] == [
        ["red", "blue"],
        ["red", "green"],
        ["red", "yellow"],
    ]


def ui_for(match: Match) -> SwordCraftersText:
    return SwordCraftersText(match.game, match.seat_names)


def test_parse_slice_shorthands() -> None:
    match = fixed_match(4)
    ui = ui_for(match)
    view = match.view(0)
    assert ui.parse("A v2", view, 0) == {"type": "slice", "from": [0, 2], "to": [4, 2]}
    assert ui.parse("cut h1", view, 0) == {"type": "slice", "from": [1, 0], "to": [1, 4]}
    assert ui.parse("0,2 3,2", view, 0) == {"type": "slice", "from": [0, 2], "to": [3, 2]}
    slice_at(match, True, 2)
    with pytest.raises(IllegalAction) as caught:
        ui.parse("h1", match.view(1), 1)  # both halves lie across horizontal line 1
    assert caught.value.code == "unreadable-input"


def test_parse_take_and_place() -> None:
    match = fixed_match(4)
    ui = ui_for(match)
    match.state["phase"] = "select"
    assert ui.parse("take b", match.view(0), 0) == {"type": "take", "group": "B"}
    match.state["phase"] = "craft"
    view = match.view(0)
    assert ui.parse("R 2", view, 0) == {"type": "place", "gem": "red", "side": 2}
    assert ui.parse("place purple 4", view, 0) == {"type": "place", "gem": "purple", "side": 4}
    assert ui.parse("- 3", view, 0) == {"type": "place", "gem": "blank", "side": 3}
    for bad in ("X 2", "red", ""):
        with pytest.raises(IllegalAction) as caught:
            ui.parse(bad, view, 0)
        assert caught.value.code == "unreadable-input"
        assert "for example" in caught.value.message


def test_render_shows_grid_cuts_swords_magic_and_legend() -> None:
    match = fixed_match(4)
    slice_at(match, True, 2)
    ui = ui_for(match)
    console = Console(width=120, record=True)
    console.print(ui.render(match.view(1), 1))
    screen = console.export_text()
    assert "┃" in screen and "━" in screen
    assert "Most R + B" in screen
    assert "hilt" in screen and "score 0" in screen
    assert "R red" in screen and "* first-player tile" in screen
    assert "A:" in screen and "B:" in screen
    assert ui.help()


def test_describe_events() -> None:
    match = fixed_match(4)
    ui = ui_for(match)
    events = match.apply(0, {"type": "slice", "from": [0, 2], "to": [4, 2]})
    assert "vertical line 2" in ui.describe(0, {}, events)


# --- the view's shared part, worked out once a state ------------------------------------------


def test_views_asked_together_share_the_table(monkeypatch: pytest.MonkeyPatch) -> None:
    """What every seat sees alike is worked out once for the views of a state asked for
    together, not once a seat; each seat still gets its own ``seat`` and ``prompt``, and a
    view asked for alone is worked out afresh."""
    worked_out: list[int] = []
    real = views.table_view

    def counted(state: dict[str, Any], options: SwordCraftersOptions) -> dict[str, Any]:
        worked_out.append(1)
        return real(state, options)

    monkeypatch.setattr(rules, "table_view", counted)
    match = fixed_match(4)
    together = match.views([None, 0, 1, 2, 3])
    assert len(worked_out) == 1
    seen = [together[seat] for seat in (None, 0, 1, 2, 3)]
    assert [view["seat"] for view in seen] == [None, 0, 1, 2, 3]
    assert [bool(view["prompt"]) for view in seen] == [False, True, False, False, False]
    assert all(view == {**seen[0], "seat": view["seat"], "prompt": view["prompt"]} for view in seen)
    assert match.view(2) == seen[3] and len(worked_out) == 2
    # A view asked for later is its own: changing one seen before changes nothing after.
    seen[1]["hands"][0].append("red")
    assert match.view(3)["hands"][0] == []
    match.state["swords"][0][0].append("red")
    assert match.views([0])[0]["swords"][0][0] == ["red"]


def test_views_together_equal_views_alone_all_game_long() -> None:
    match = start("swordcrafters", 3, seed=5)
    rng = random.Random(5)
    while match.result() is None:
        fresh = views.table_view(match.state, SwordCraftersOptions.model_validate({}))
        together = match.views([None, 0, 1, 2])
        for seat in (None, 0, 1, 2):
            view = match.view(seat)
            assert together[seat] == view
            assert {key: view[key] for key in fresh} == fresh
            assert view["scores"] == fresh["score_table"]["total"]
        assert match.game.scores_of(match.state) == fresh["score_table"]["total"]
        seat = match.active_seats()[0]
        match.apply(seat, match.game.sample_action(match.state, seat, rng))


# --- the rules' reminders ---------------------------------------------------------------------


def test_the_reminders_are_the_entrys_and_the_terminal_help_shows_the_rules() -> None:
    assert games.entry("swordcrafters").reminders == REMINDERS
    assert set(RULES) < set(REMINDERS)
    help_text = ui_for(fixed_match(2)).help()
    assert all(rule in help_text for rule in RULES)
    assert "On the page" not in help_text  # the page's clicks are no help in a terminal


def test_the_reminders_give_the_components_figures() -> None:
    """The scoring sentence and the gem letters follow components.json: a change there that
    the reminders miss fails here."""
    data = components()
    scoring = next(rule for rule in RULES if rule.startswith("Scoring"))
    assert f"{data.longest_points} VP for the longest sword" in scoring
    assert f"quality {data.quality_per_gem} x (run - 1) VP" in scoring
    assert f"each of the {data.magic_in_play} Sword Magic cards" in scoring
    assert "/".join(map(str, data.magic_points)) + " VP" in scoring
    letters = ", ".join(f"{data.letters[gem]} {gem}" for gem in data.gems)
    assert f"Gems: {letters}; a blank tile has none." in RULES
