"""What each seat sees: public pieces and sheets, hidden generator, secret sheets hidden."""

from __future__ import annotations

from tests.games.wordsmith.helpers import BAG_POOL, PASS, ROLL, claim, table


def test_view_shows_scores_phase_prompt_and_public_pieces() -> None:
    match = table(seats=3, dice=["blue"])
    match.apply(1, ROLL)
    view = match.view(0)
    assert view["phase"] == "race" and view["active"] == [0, 1, 2]
    assert view["scores"] == [6, 6, 6]  # every bonus box still unchecked
    assert view["players"][2]["pool"] == BAG_POOL
    assert view["players"][1]["pending"] is not None
    assert "Roll" in view["prompt"]
    assert "Take a piece" in match.view(1)["prompt"]
    for seat in (0, 1, 2, None):
        shown = match.view(seat)
        assert "rng" not in shown and "forced" not in shown and "fixed_pools" not in shown


def test_a_seat_with_nothing_to_do_has_an_empty_prompt() -> None:
    match = table(options={"challenges": 1})
    match.apply(0, PASS)
    assert match.view(0)["prompt"] == "" and match.view(None)["prompt"] == ""
    assert match.view(1)["prompt"] and match.view(0)["active"] == [1]
    match.apply(1, PASS)
    assert [match.view(seat)["prompt"] for seat in (0, 1, None)] == ["", "", ""]


def test_views_start_with_the_common_frame() -> None:
    match = table(seats=3)
    for seat in (0, 2, None):
        shown = match.view(seat)
        assert list(shown)[:6] == ["game", "seat", "active", "phase", "prompt", "scores"]
        assert shown["game"] == "wordsmith" and shown["seat"] == seat
        assert "you" not in shown


def test_open_game_shows_every_sheet_but_secret_only_ones_own() -> None:
    open_game = table()
    open_game.apply(0, claim("bag"))
    assert open_game.view(1)["players"][0]["sheet"][0] == "bag"
    assert open_game.view(1)["scores"][0] == 3 + 6
    secret = table(options={"secret": True})
    secret.apply(0, claim("bag"))
    assert secret.view(1)["players"][0]["sheet"] is None
    assert secret.view(1)["scores"][0] == 0  # running scores of others would leak lengths
    assert secret.view(0)["scores"][0] == 3 + 6
