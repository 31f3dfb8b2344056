"""Each game's rules page: found for the terminal and the server alike, and cut up for players
(the sections of play, the Interpretations, the sections for programs), rendered without raw
HTML."""

from __future__ import annotations

from pathlib import Path

import pytest

from crafthall.engine.errors import SetupError
from crafthall.games import names
from crafthall.tutorial import rules_pages
from crafthall.tutorial.rules_pages import (
    FOR_PROGRAMS,
    IN_THE_TERMINAL,
    players_page,
    rules_page,
)


@pytest.mark.parametrize("game", names())
def test_every_game_has_a_players_page_with_its_interpretations(game: str) -> None:
    page = players_page(game)
    source = rules_page(game)
    assert page.sections and page.interpretations
    assert page.components_after is not None, "every game's page has a Components section"
    # Every section of the source is somewhere: none lost, the order of play kept.
    headings = [line[3:] for line in source.splitlines() if line.startswith("## ")]
    assert page.programs[0].heading == IN_THE_TERMINAL
    assert "<code>crafthall play" in page.programs[0].html
    assert "<code>crafthall play" not in page.lead
    kept = [s.heading for s in page.sections] + [s.heading for s in page.programs[1:]]
    assert sorted([*kept, "Interpretations"]) == sorted(headings)
    assert [s.heading for s in page.sections] == [
        h for h in headings if h in {s.heading for s in page.sections}
    ]
    assert all(FOR_PROGRAMS.search(s.heading) for s in page.programs[1:])
    assert "<h2" not in page.lead and "## " not in page.lead


def test_the_sections_for_programs_are_told_apart_by_their_headings() -> None:
    programs = ("Actions (JSON)", "Action format", "Views and events", "The view", "Search")
    for heading in programs:
        assert FOR_PROGRAMS.search(heading), heading
    for heading in ("Set-up", "A round", "Playing a card", "Variants (options)", "Bots", "End"):
        assert not FOR_PROGRAMS.search(heading), heading


def test_raw_html_in_a_page_is_shown_as_text_and_repository_links_as_their_words(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "wordcraft.md").write_text(
        "# Wordcraft\n\nSee [the rulebook](shared/rulebooks/wordcraft.md), "
        "[below](#interpretations) and [the site](https://example.org).\n\n"
        "<script>alert(1)</script>\n\n## Set-up\n\n| a | b |\n|---|--:|\n| 1 | 2 |\n\n"
        "## Interpretations\n\n- **One.** <b>bold</b>\n"
    )
    monkeypatch.setattr(rules_pages, "PLACES", (tmp_path,))
    players_page.cache_clear()
    try:
        page = players_page("wordcraft")
    finally:
        players_page.cache_clear()
    assert "<script>" not in page.lead and "&lt;script&gt;" in page.lead
    assert "the rulebook" in page.lead and "shared/rulebooks" not in page.lead
    assert '<a href="#interpretations">' in page.lead
    assert '<a href="https://example.org">' in page.lead
    assert "&lt;b&gt;" in page.interpretations
    assert 'class="rules-table"' in page.sections[0].html
    # A column's alignment is a class: the pages' Content-Security-Policy refuses inline styles.
    assert '<td class="align-right">2</td>' in page.sections[0].html
    assert "style=" not in page.sections[0].html


def test_an_unknown_game_has_no_page() -> None:
    with pytest.raises(SetupError, match="no game called 'nope'"):
        rules_page("nope")


def test_a_headings_remark_naming_a_file_or_an_option_is_left_out_for_players() -> None:
    shown = {s.heading: s.heading_html for s in players_page("swordcrafters").sections}
    assert shown["Components (designed; see `crafthall/games/swordcrafters/components.json`)"] == (
        "Components"
    )
    assert [s.heading_html for s in players_page("wordcraft").sections][-1] == "Variants (options)"
