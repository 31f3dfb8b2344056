"""The players' rules pages: ``/rules/{game}`` shows a game's rules page
(:func:`crafthall.tutorial.rules_pages.players_page`) as HTML made here, with no script of its own
but ``rules.js``, which draws the game's components on the game's own board from
``/api/rules/{game}/table``; ``/rules`` lists the games. An unknown game gets a 404 page that
says so and lists the games."""

from __future__ import annotations

import html
from functools import cache
from typing import Any

from fastapi import APIRouter
from fastapi.responses import HTMLResponse

from crafthall.engine.errors import SetupError
from crafthall.games import entry, names, new_match
from crafthall.server.routes.common import ApiError, HubDep
from crafthall.server.routes.pages import SECURITY_HEADERS
from crafthall.tutorial import Lesson, available, load
from crafthall.tutorial.rules_pages import READING, PlayersPage, Section, players_page

router = APIRouter(tags=["rules"])


def _document(title: str, body: str, status: int = 200) -> HTMLResponse:
    """A page of the site: the client's style sheet, the top bar, ``body``."""
    return HTMLResponse(
        "<!doctype html><html lang='en'><head><meta charset='utf-8'>"
        "<meta name='viewport' content='width=device-width, initial-scale=1'>"
        f"<title>{html.escape(title)} · crafthall</title>"
        "<link rel='stylesheet' href='/static/style.css'>"
        "<link rel='icon' href='data:,'>"
        "<script type='module' src='/static/js/rules.js'></script></head><body>"
        "<header class='topbar'><a class='brand' href='/'>crafthall</a>"
        f"<span id='where'>{html.escape(title)}</span><span class='spacer'></span></header>"
        f"<main id='app' class='rules-page'>{body}</main></body></html>",
        status_code=status,
        headers=SECURITY_HEADERS,
    )


def _games_list() -> str:
    items = "".join(
        f"<li><a href='/rules/{name}'>{html.escape(entry(name).game.title)}</a></li>"
        for name in names()
    )
    return f"<ul class='rules-games'>{items}</ul>"


def _section(section: Section) -> str:
    return (
        f"<section aria-labelledby='{section.id}'>"
        f"<h2 id='{section.id}'>{section.heading_html}</h2>{section.html}</section>"
    )


def _contents(page: PlayersPage) -> str:
    links = [f"<li><a href='#{s.id}'>{s.heading_html}</a></li>" for s in page.sections]
    if page.interpretations:
        links.append(f"<li><a href='#interpretations'>{READING}</a></li>")
    if page.programs:
        links.append("<li><a href='#for-programs'>For programs and the terminal</a></li>")
    return (
        "<nav class='panel rules-contents' id='contents' aria-label='Contents'>"
        f"<ol>{''.join(links)}</ol></nav>"
    )


def _board_figure(page: PlayersPage) -> str:
    """Where ``rules.js`` draws the components on the game's own board."""
    return (
        f"<figure class='panel rules-board' id='rules-board' data-game='{page.game}'>"
        "<figcaption>The components as the board draws them, at the start of the "
        "tutorial's game.</figcaption><p class='hint'>Drawing the table…</p></figure>"
    )


def _rules_body(page: PlayersPage) -> str:
    tutorial = page.game in available()
    links = [
        "<a class='button' href='/'>Back to the lobby</a>",
        f"<a class='button' href='/#learn-{page.game}'>Learn {html.escape(page.title)}</a>"
        if tutorial
        else "",
    ]
    parts = [
        f"<h1>{html.escape(page.title)}: the rules</h1>",
        f"<p class='rules-links'>{' '.join(links)}</p>",
        f"<div class='rules-lead'>{page.lead}</div>",
        _contents(page),
    ]
    if page.components_after is None:
        parts.append(_board_figure(page))
    for section in page.sections:
        parts.append(_section(section))
        if section.id == page.components_after:
            parts.append(_board_figure(page))
    if page.interpretations:
        parts.append(
            "<section class='rules-reading' aria-labelledby='interpretations'>"
            f"<h2 id='interpretations'>{READING}</h2><p class='hint'>Where the rulebook leaves "
            "a question open, this is how crafthall plays it, and the rulebook's words each "
            f"answer rests on.</p>{page.interpretations}</section>"
        )
    if page.programs:
        inner = "".join(_section(s) for s in page.programs)
        parts.append(
            "<details class='rules-programs' id='for-programs'><summary>For programs and the "
            f"terminal: actions, views, set-ups</summary>{inner}</details>"
        )
    return f"<article class='rules' data-game='{page.game}'>{''.join(parts)}</article>"


@router.get("/rules", response_class=HTMLResponse, include_in_schema=False)
async def rules_index() -> HTMLResponse:
    return _document("Rules", f"<h1>The rules of each game</h1>{_games_list()}")


@router.get("/rules/{game}", response_class=HTMLResponse, include_in_schema=False)
async def rules(game: str, hub: HubDep) -> HTMLResponse:
    """A game's rules for players; an unknown game: a 404 page with the games."""
    try:
        page = await hub.compute(players_page, game)
    except SetupError:
        return _document(
            "No such game",
            f"<h1>No such game</h1><p>There is no game called “{html.escape(game)}” here. "
            f"Pick one of these:</p>{_games_list()}",
            status=404,
        )
    return _document(f"{page.title} rules", _rules_body(page))


@cache
def sample_table(game: str) -> dict[str, Any]:
    """The position the rules page draws: the tutorial's set-up as its learner sees it (the
    rulebook's own table, for most games), or a fresh deal of the fewest seats."""
    if game in available():
        lesson = Lesson(load(game))
        match, seat, seats = lesson.match, lesson.learner, lesson.tutorial.seats
    else:
        rules = entry(game).game
        seats = ["You", *(f"Player {n + 2}" for n in range(rules.min_seats - 1))]
        match, seat = new_match(game, seats, seed=0), 0
    return {"game": game, "seat": seat, "seats": seats, "view": match.view(seat)}


@router.get("/api/rules/{game}/table", summary="The table a game's rules page draws")
async def rules_table(game: str, hub: HubDep) -> dict[str, Any]:
    try:
        name = entry(game).game.name
    except SetupError as err:
        raise ApiError(404, "no-such-game", str(err)) from None
    found: dict[str, Any] = await hub.compute(sample_table, name)
    return found
