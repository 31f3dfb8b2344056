"""Wordsmith's board plays like the table: a whole game with the keyboard alone on a desktop
and with taps alone on a phone, against a bot; the tray's compartments marked as targets are
the pieces the seat may take, the sheet lines marked for a word are where its legal claims
write it; a hint lights up its move; axe finds nothing serious; screenshots light and dark."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

import pytest

from tests.server.helpers import seated, seats
from tests.web.conftest import Server, patient_context, seat_page, shot
from tests.web.helpers import DESKTOP, PHONE, no_sideways_scroll
from tests.web.test_accessibility import axe_source, no_serious_violations

__all__ = ["axe_source"]  # the fixture, for the tests below

STATE = "() => window.crafthallTable.last"
"""The page's last update (its view and the seat's legal actions), as the board got it."""
MOST_TABS = 12
"""Tabs from one part of the board to another (the tray, the word box, the bar) at most."""
MOST_TURNS = 400
"""Actions of a whole game at most: a bound that a board which stopped playing would hit."""
TAP = 44
"""The smallest place a finger must hit, in CSS pixels (the page's --tap)."""


def _watched(browser: Any, **options: Any) -> Iterator[Any]:
    """A page of a new browser context (``options`` as Playwright's ``new_context`` takes
    them) on which axe may run: the pages' Content-Security-Policy allows no inline script, so
    this context passes it by (the other tests keep it: the board works under it). A script
    error on the page fails the test."""
    context = patient_context(browser, bypass_csp=True, **options)
    failures: list[str] = []
    context.on("weberror", lambda failure: failures.append(str(failure.error)))
    yield context.new_page()
    context.close()
    assert not failures, f"JavaScript errors on the page: {failures}"


@pytest.fixture
def desktop(browser: Any) -> Iterator[Any]:
    yield from _watched(browser, viewport=DESKTOP)


@pytest.fixture
def phone(browser: Any) -> Iterator[Any]:
    """A 390 px touch screen."""
    yield from _watched(browser, viewport=PHONE, has_touch=True, is_mobile=True)


def _readable_in_the_dark(page: Any) -> None:
    """The board's words keep their contrast (AA) in the dark scheme too, by the axe that
    ``no_serious_violations`` put on the page. (The whole page is checked in the light scheme:
    the board is what this file answers for in both.)"""
    page.emulate_media(color_scheme="dark")
    found = page.evaluate(
        "async () => (await axe.run('#board', {runOnly: ['color-contrast']})).violations"
    )
    page.emulate_media(color_scheme="light")
    assert not found, [n["target"] for v in found for n in v["nodes"]]


def _state(page: Any) -> dict[str, Any]:
    found: dict[str, Any] = page.evaluate(STATE)
    return found


def _ready(page: Any) -> dict[str, Any]:
    """The last update once the seat may act, or the game is over."""
    page.wait_for_function(
        "() => { const m = window.crafthallTable?.last; return m && m.view"
        " && (m.table.status === 'finished' || (m.active.includes(m.seat) && m.legal?.length)); }"
    )
    return _state(page)


def _choose(legal: list[dict[str, Any]], rolls: int) -> dict[str, Any]:
    """A plain player's move: take the piece offered, claim the longest word of three letters
    or more, roll a few times for one, else claim what there is, else pass."""
    takes = [a for a in legal if a["type"] == "take"]
    if takes:
        return takes[-1]
    claims = sorted((a for a in legal if a["type"] == "claim"), key=lambda a: -len(a["word"]))
    if claims and len(claims[0]["word"]) >= 3:
        return claims[0]
    if rolls < 4 and any(a["type"] == "roll" for a in legal):
        return {"type": "roll"}
    return claims[0] if claims else {"type": "pass"}


def _play(page: Any, make: Callable[[Any, dict[str, Any]], None]) -> dict[str, Any]:
    """Seat 0 plays to the end, each move made by ``make``; halfway a screenshot. The last
    update."""
    rolls = 0
    challenge = 1
    for turn in range(MOST_TURNS):
        latest = _ready(page)
        view = latest["view"]
        if latest["table"]["status"] == "finished":
            return latest
        if view["challenge"] != challenge:
            challenge, rolls = view["challenge"], 0
        action = _choose(latest["legal"], rolls)
        rolls += action["type"] == "roll"
        make(page, action)
        page.wait_for_function(
            "(v) => window.crafthallTable.last.version > v", arg=latest["version"]
        )
        if turn == 4:
            _midway(page)
    raise AssertionError(f"the game did not end in {MOST_TURNS} moves")


def _midway(page: Any) -> None:
    """Mid-play: no sideways scroll, screenshots light and dark."""
    no_sideways_scroll(page)
    _shots(page, "mid")


def _the_end(page: Any) -> None:
    page.wait_for_selector("#end:not([hidden])")
    _shots(page, "end")


def _shots(page: Any, when: str) -> None:
    """Screenshots of the page as it is, light and dark, named by the viewport's width."""
    width = page.viewport_size["width"]
    for scheme in ("light", "dark"):
        page.emulate_media(color_scheme=scheme)
        shot(page, f"wordsmith-{when}-{width}-{scheme}")
    page.emulate_media(color_scheme="light")


# --- the keyboard ---------------------------------------------------------------------------


def _focused(page: Any, selector: str) -> bool:
    found: bool = page.evaluate(
        "(s) => document.activeElement && document.activeElement.matches(s)", selector
    )
    return found


def _tab_to(page: Any, selector: str) -> None:
    """Tab (or Shift+Tab) from where the focus is to ``selector``, in a few presses, once the
    board has drawn the update that lets the seat act (a disabled control takes no Tab)."""
    page.wait_for_selector(f"{selector}:not([disabled])")
    # Shift+Tab first walks back over the Tabs that went past.
    for key, presses in (("Tab", MOST_TABS), ("Shift+Tab", 2 * MOST_TABS)):
        for _ in range(presses):
            if _focused(page, selector):
                return
            page.keyboard.press(key)
        if _focused(page, selector):
            return
    raise AssertionError(f"{selector} is not {MOST_TABS} Tabs away: {_active(page)}")


def _active(page: Any) -> str:
    said: str = page.evaluate("() => document.activeElement?.outerHTML.slice(0, 120)")
    return said


def _arrow_to(page: Any, selector: str) -> None:
    """Arrow keys over a roving group until ``selector`` has the focus."""
    for key in ("ArrowRight", "ArrowLeft", "ArrowDown", "ArrowUp") * 2:
        for _ in range(30):
            if _focused(page, selector):
                return
            before = _active(page)
            page.keyboard.press(key)
            if _active(page) == before:
                break
    raise AssertionError(f"the arrows never reached {selector}")


def _by_keys(page: Any, action: dict[str, Any]) -> None:
    kind = action["type"]
    if kind == "take":
        _tab_to(page, ".ws-compartment")
        _arrow_to(page, f".ws-compartment[data-piece='{action['piece']}']")
        page.keyboard.press("Enter")
    elif kind == "claim":
        _tab_to(page, "#ws-word")
        page.keyboard.press("Control+A")
        page.keyboard.type(action["word"])
        page.keyboard.press("Enter")
    else:
        _tab_to(page, "#ws-roll" if kind == "roll" else "#ws-pass")
        page.keyboard.press("Enter")


def test_a_whole_game_with_the_keyboard_alone(
    desktop: Any, server: Server, axe_source: str
) -> None:
    made = server.create({"game": "wordsmith", "seats": seats("Ann", "bot"), "seed": 7})
    seat_page(desktop, server, made)
    desktop.wait_for_selector(".ws-letter")
    no_serious_violations(desktop, axe_source)
    _readable_in_the_dark(desktop)
    desktop.keyboard.press("Tab")
    end = _play(desktop, _by_keys)
    assert end["view"]["phase"] == "over"
    _the_end(desktop)


# --- taps on a phone ------------------------------------------------------------------------


def _letter(ch: str) -> str:
    return f'.ws-letter[data-key="{ch}"]'


def _by_taps(page: Any, action: dict[str, Any]) -> None:
    kind = action["type"]
    if kind == "take":
        page.tap(f".ws-compartment[data-piece='{action['piece']}']")
    elif kind == "claim":
        while page.locator(".ws-tile").count():  # a word left from a refused claim
            page.tap(".ws-tile >> nth=0")
        for ch in action["word"]:
            page.tap(_letter(ch))
        assert page.input_value("#ws-word") == action["word"]
        page.tap("#ws-claim")
    else:
        page.tap("#ws-roll" if kind == "roll" else "#ws-pass")


PLACES = ".ws-compartment, #ws-roll, .ws-letter, .ws-tile, .ws-line-place, #ws-bar button, #ws-word"


def _small_places(page: Any) -> list[str]:
    """The board's places in view that a finger could miss (under --tap either way)."""
    found: list[str] = page.eval_on_selector_all(
        PLACES,
        f"""els => els.filter((e) => e.checkVisibility()).map((e) => [e, e.getBoundingClientRect()])
            .filter(([, r]) => r.width < {TAP} - 0.5 || r.height < {TAP} - 0.5)
            .map(([e, r]) => `${{e.className || e.id}} ${{r.width}}x${{r.height}}`)""",
    )
    return found


def test_a_whole_game_on_a_phone_with_taps_alone(
    phone: Any, server: Server, axe_source: str
) -> None:
    made = server.create({"game": "wordsmith", "seats": seats("Ann", "bot"), "seed": 8})
    seat_page(phone, server, made)
    phone.wait_for_selector(".ws-letter")
    phone.tap(".ws-letter[data-key='a']")  # a tile in the word box, to be measured too
    assert not _small_places(phone)
    glyph = phone.eval_on_selector(
        ".ws-letter .ws-glyph", "e => parseFloat(getComputedStyle(e).fontSize)"
    )
    assert glyph >= 16, f"letters of {glyph} px are hard to read on a phone"
    no_serious_violations(phone, axe_source)
    _readable_in_the_dark(phone)
    end = _play(phone, _by_taps)
    assert end["view"]["phase"] == "over"
    _the_end(phone)


# --- targets, hints and marks ---------------------------------------------------------------

WILD_FIRST = {"pool": {"red": 3, "yellow": 2, "blue": 1, "green": 2}, "dice": ["green"]}
"""Every player's pool (the rulebook's example: BAG and CAST) and a first roll that is wild."""


def test_a_wild_roll_marks_the_pieces_it_may_take_and_one_is_dragged_home(
    page: Any, server: Server
) -> None:
    made = server.create({"game": "wordsmith", "seats": seats("Ann"), "fixed": WILD_FIRST})
    seat_page(page, server, made)
    page.wait_for_selector(".ws-letter")
    assert page.locator(".ws-compartment.target").count() == 0
    page.keyboard.press("Tab")
    _tab_to(page, "#ws-roll")
    page.keyboard.press("Enter")
    page.wait_for_selector(".ws-compartment.target")
    assert _focused(page, ".ws-compartment.target")  # the keyboard is where the choice is
    offered = {a["piece"] for a in _state(page)["legal"] if a["type"] == "take"}
    marked = page.eval_on_selector_all(
        ".ws-compartment.target", "els => els.map((e) => e.dataset.piece)"
    )
    assert offered and set(marked) == offered
    assert page.is_visible("#ws-roll.chosen") and page.is_visible(".ws-pool.target")
    page.drag_and_drop(".ws-compartment[data-piece='blue']", ".ws-pool")
    page.wait_for_selector("[data-pile='mine-blue']:has-text('×2')")
    assert page.locator(".ws-compartment.target").count() == 0


def test_a_word_marks_the_lines_it_may_go_to_and_is_dragged_onto_one(
    page: Any, server: Server
) -> None:
    made = server.create(
        {
            "game": "wordsmith",
            "seats": seats("Ann"),
            "options": {"advanced": True},
            "fixed": {**WILD_FIRST, "required": "bagful"},
        }
    )
    seat_page(page, server, made)
    claims = [a for a in _ready(page)["legal"] if a["type"] == "claim"]
    word = next(a["word"] for a in claims if "a" in a["word"] and "b" in a["word"])
    page.fill("#ws-word", word)
    lines = {f"line-{a['line']}" for a in claims if a["word"] == word}
    page.wait_for_selector(".ws-line-place.target")
    marked = page.eval_on_selector_all(
        ".ws-line-place.target", "els => els.map((e) => e.dataset.key)"
    )
    assert set(marked) == lines and len(lines) >= 2  # the B line and the A line at least
    line = sorted(lines)[-1]
    page.drag_and_drop(".ws-tile >> nth=0", f"[data-key='{line}']")
    written = f".ws-sheet.mine li[data-line='0-{line.removeprefix('line-')}']"
    page.wait_for_selector(f"{written}:has-text('{word.upper()}')")
    assert page.input_value("#ws-word") == ""


def _hinted(page: Any) -> list[str]:
    found: list[str] = page.eval_on_selector_all(
        "#board .hinted", "els => els.map((e) => e.dataset.key || e.dataset.line || e.id)"
    )
    return sorted(found)


def test_a_hint_lights_up_its_move(page: Any, server: Server) -> None:
    made = server.create({"game": "wordsmith", "seats": seats("Ann"), "fixed": WILD_FIRST})
    seat_page(page, server, made)
    page.wait_for_selector(".ws-letter")
    board = "window.crafthallTable.board"
    page.evaluate(f"() => {board}.highlight({{type: 'claim', word: 'cast'}})")
    assert _hinted(page) == ["0-0", "a", "c", "s", "t"]  # the letters and the first line
    shot(page, "wordsmith-hint")
    page.evaluate(f"() => {board}.highlight({{type: 'take', piece: 'green'}})")
    assert _hinted(page) == ["green"]
    page.evaluate(f"() => {board}.highlight({{type: 'roll'}})")
    assert _hinted(page) == ["ws-roll"]
    page.evaluate(f"() => {board}.highlight(null)")
    assert _hinted(page) == []


def test_another_players_last_move_stays_marked_until_you_act(page: Any, server: Server) -> None:
    made = server.create({"game": "wordsmith", "seats": seats("Ann", "Bo"), "fixed": WILD_FIRST})
    seat_page(page, server, made)
    page.wait_for_selector(".ws-letter")
    bo = seated(server.base, made, 1)
    try:
        assert bo.act({"type": "claim", "word": "bag"})["type"] == "update"
    finally:
        bo.close()
    page.wait_for_selector(".ws-sheet[data-seat='1'] li.last-move:has-text('BAG')")
    # The mark comes from the move as played (the table's changes), so a reload keeps it.
    page.reload()
    page.wait_for_selector(".ws-sheet[data-seat='1'] li.last-move:has-text('BAG')")
    page.click("#ws-roll")
    page.wait_for_function("() => !document.querySelector('#board .last-move')")
