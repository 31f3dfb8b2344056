"""Wordcraft's board plays like the table: a whole game with the keyboard alone on a desktop
and with taps alone on a phone, against a bot; the achievement cards a spelled word may take a
cube on are those of its legal actions, picked with a tap or a drag; a hint's move lights up;
the other player's last word stays marked; axe finds nothing serious at either width.
Screenshots: wordcraft-table-{1280,390}-{mid,end}-{light,dark}.png."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

import httpx
import pytest

from tests.games.wordcraft.helpers import EXAMPLE_ACHIEVEMENTS, EXAMPLE_GRID
from tests.patience import A_WHILE
from tests.server.helpers import seats
from tests.web.conftest import Server, patient_context, seat_page, shot
from tests.web.helpers import DESKTOP, PHONE
from tests.web.test_accessibility import (  # noqa: F401
    SERIOUS,
    axe_source,
    no_serious_violations,
)

FLIGHTS = """
window.flights = [];
const animate = Element.prototype.animate;
Element.prototype.animate = function (...args) {
  window.flights.push(this.className);
  return animate.apply(this, args);
};
"""
"""Counts the board's animations, so that a test sees cubes travel."""

FOCUSED_KEY = "() => document.activeElement && document.activeElement.dataset.key || null"
MINE_OR_OVER = (
    "() => document.querySelector('#turn.mine') || !document.querySelector('#end[hidden]')"
)
ARROWS = {"ArrowRight": (1, 0), "ArrowLeft": (-1, 0), "ArrowDown": (0, 1), "ArrowUp": (0, -1)}


def _open(page: Any, server: Server, fixed: bool = False, seed: int = 5) -> dict[str, Any]:
    """Ann against a random bot, her page open; with ``fixed``, the rulebook's example grid and
    achievements and Ann to start."""
    spec: dict[str, Any] = {"game": "wordcraft", "seats": seats("Ann", "bot"), "seed": seed}
    if fixed:
        spec["fixed"] = {
            "grids": [EXAMPLE_GRID] * 3,
            "achievements": EXAMPLE_ACHIEVEMENTS,
            "first_player": 0,
        }
    made = server.create(spec)
    seat_page(page, server, made)
    page.wait_for_selector(".wc-card")
    return made


def _last(page: Any) -> dict[str, Any]:
    """The page's last update from the server."""
    found: dict[str, Any] = page.evaluate("() => window.crafthallTable.last")
    return found


def _words(update: dict[str, Any]) -> list[dict[str, Any]]:
    """The word actions listed as legal for the seat."""
    return [a for a in update.get("legal") or [] if a["type"] == "word"]


def _a_word(page: Any, at_most: int = 5) -> dict[str, Any] | None:
    """A legal word of few cards (no achievement cube), or None when none is listed."""
    short = [a for a in _words(_last(page)) if len(a["spelling"]) <= at_most]
    return short[len(short) // 2] if short else None


def _wait_past(page: Any, version: int) -> None:
    """Wait for Ann's turn (or the end) in an update after ``version``."""
    page.wait_for_function(
        f"(v) => window.crafthallTable.last.table.version > v && ({MINE_OR_OVER})()", arg=version
    )


def _over(page: Any) -> bool:
    return bool(page.is_visible("#end"))


def _centre(page: Any, key: str) -> tuple[float, float]:
    box = page.locator(f".wc-card[data-key='{key}']").bounding_box()
    return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2


def _arrow_to(page: Any, key: str) -> None:
    """Move the grid's focus to card ``key`` with the arrow keys alone."""
    for _ in range(20):
        here = page.evaluate(FOCUSED_KEY)
        if here == key:
            return
        (x0, y0), (x1, y1) = _centre(page, here), _centre(page, key)
        dx, dy = x1 - x0, y1 - y0
        wanted = (0, 1 if dy > 0 else -1) if abs(dy) > 10 else (1 if dx > 0 else -1, 0)
        page.keyboard.press(next(name for name, step in ARROWS.items() if step == wanted))
    raise AssertionError(f"the arrows never reached {key}")


def _tab_to(page: Any, check: str, most: int = 40) -> int:
    """Press Tab until the focused element passes the JavaScript ``check``; how many Tabs."""
    for count in range(1, most + 1):
        page.keyboard.press("Tab")
        if page.evaluate(f"() => {{ const el = document.activeElement; return {check}; }}"):
            return count
    raise AssertionError(f"{most} Tabs never reached {check}")


def _shots(page: Any, name: str) -> None:
    for scheme in ("light", "dark"):
        page.emulate_media(color_scheme=scheme)
        shot(page, f"{name}-{scheme}")
    page.emulate_media(color_scheme="light")


def _play_to_the_end(page: Any, turn: Callable[[int], None], width: int) -> None:
    """Ann plays each of her turns with ``turn`` (told how many she has had) until the end
    screen; screenshots mid-play and at the end."""
    turns = 0
    version = -1
    while True:
        _wait_past(page, version)
        if _over(page):
            break
        version = _last(page)["table"]["version"]
        turn(turns)
        turns += 1
        if turns == 3:
            _shots(page, f"wordcraft-table-{width}-mid")
        page.wait_for_function(
            "(v) => window.crafthallTable.last.table.version > v"
            " || document.querySelector('.refusal')",
            arg=version,
        )
        assert not page.locator("#board .refusal").count(), page.inner_text("#board .refusal")
    page.wait_for_selector("#end:not([hidden]) .winner")
    assert turns >= 3
    _shots(page, f"wordcraft-table-{width}-end")


@contextmanager
def _browsing(browser: Any, **options: Any) -> Iterator[Any]:
    """A page in a browser context of its own (``options`` as ``new_context`` takes them);
    any script error on it fails the test."""
    context = patient_context(browser, **options)
    failures: list[str] = []
    context.on("weberror", lambda failure: failures.append(str(failure.error)))
    try:
        yield context.new_page()
    finally:
        context.close()
    assert not failures, failures


@pytest.fixture
def phone(browser: Any) -> Iterator[Any]:
    """A page on a touch screen 390 px wide."""
    with _browsing(browser, viewport=PHONE, has_touch=True, is_mobile=True) as found:
        yield found


def test_a_whole_game_with_the_keyboard_alone(page: Any, server: Server) -> None:
    page.add_init_script(FLIGHTS)
    _open(page, server)

    def turn(count: int) -> None:
        word = _a_word(page)
        focus = page.evaluate(FOCUSED_KEY)
        if word is None or count % 4 == 3:  # now and then a pass: Tab to the button, Enter
            if focus is None:
                _tab_to(page, "el.id === 'wc-pass'")
            else:
                assert _tab_to(page, "el.id === 'wc-pass'") <= 5  # the word box, ⌫, Clear, Play
            page.keyboard.press("Enter")
            return
        if focus is None:  # into the grid: one Tab stop for all its letters
            _tab_to(page, "el.classList.contains('wc-card')")
        for card in word["spelling"]:
            _arrow_to(page, card)
            page.keyboard.press("Enter")
        ring = page.evaluate("() => getComputedStyle(document.activeElement).outlineStyle")
        assert ring == "solid"  # the focused card shows it
        assert page.input_value("#wc-word") == word["word"]
        lit = page.eval_on_selector_all(".wc-card.chosen", "els => els.map(e => e.dataset.key)")
        assert set(lit) == set(word["spelling"])
        page.keyboard.press("Tab")  # to the word box: Enter plays
        page.keyboard.press("Enter")
        page.wait_for_selector(f".wc-words li:has-text('{word['word'].upper()}')")
        page.keyboard.press("Shift+Tab")  # back to the grid for the next turn

    _play_to_the_end(page, turn, 1280)
    assert page.evaluate("() => window.flights.filter((c) => c.includes('wc-cube')).length") > 0


def test_a_whole_game_on_a_phone_with_taps(phone: Any, server: Server) -> None:
    _open(phone, server, seed=8)
    small = phone.eval_on_selector_all(
        ".wc-card, .wc-ach, #wc-bar button, #wc-word",
        """(els) => els
             .map((e) => [e.dataset.key || e.id || e.textContent, e.getBoundingClientRect()])
             .filter(([, r]) => r.width < 44 || r.height < 44).map(([name]) => name)""",
    )
    assert not small, f"smaller than 44 px: {small}"

    def turn(count: int) -> None:
        word = _a_word(phone)
        if word is None or count % 4 == 3:
            phone.tap("#wc-pass")
            return
        for card in word["spelling"]:
            phone.tap(f".wc-card[data-key='{card}']")
        assert phone.input_value("#wc-word") == word["word"]
        phone.tap("#wc-play")

    _play_to_the_end(phone, turn, 390)


def test_the_cards_a_word_may_take_a_cube_on_are_its_legal_ones(page: Any, server: Server) -> None:
    _open(page, server, fixed=True)
    page.wait_for_selector("#turn.mine")
    words = _words(_last(page))
    claims: dict[tuple[str, tuple[str, ...]], set[str]] = {}
    for action in words:
        claims.setdefault((action["word"], tuple(action["spelling"])), set()).update(
            action["achievements"]
        )
    with_cards = [key for key, cards in claims.items() if len(cards) >= 2]
    without = [key for key, cards in claims.items() if not cards]
    assert with_cards and without
    for word, spelling in (with_cards[0], without[0]):
        page.click("#wc-clear")
        for card in spelling:
            page.click(f".wc-card[data-key='{card}']")
        targets = page.eval_on_selector_all(".wc-ach.target", "els => els.map(e => e.dataset.key)")
        assert set(targets) == claims[(word, spelling)], word
        tiles = page.eval_on_selector_all(".wc-tray .wc-tile", "els => els.map(e => e.textContent)")
        assert "".join(tiles).lower() == word

    # Tap-tap: a word, then a card it may take a cube on; a card it may not stays as it was.
    word, spelling = with_cards[0]
    page.click("#wc-clear")
    for card in spelling:
        page.click(f".wc-card[data-key='{card}']")
    first = sorted(claims[(word, spelling)])[0]
    ach = page.locator(f".wc-ach[data-key='{first}']")
    before = ach.get_attribute("aria-checked")
    ach.click()
    assert ach.get_attribute("aria-checked") != before
    other = next(c for c in EXAMPLE_ACHIEVEMENTS if c not in claims[(word, spelling)])
    page.click(f".wc-ach[data-key='{other}']", force=True)  # aria-disabled: a click does nothing
    assert page.get_attribute(f".wc-ach[data-key='{other}']", "aria-checked") == "false"

    # Drag and drop with a mouse: letters onto the word, the word onto an achievement card.
    page.click("#wc-clear")
    for card in spelling:
        page.drag_and_drop(f".wc-card[data-key='{card}']", ".wc-tray")
    assert page.input_value("#wc-word") == word
    page.click(f".wc-card[data-key='{spelling[-1]}']")  # after a drag, a click is a click
    assert page.input_value("#wc-word") == word + spelling[-1]
    page.click("button[aria-label='Remove the last letter']")
    ach.click()  # off, then dragged on again
    assert ach.get_attribute("aria-checked") == "false"
    page.drag_and_drop(".wc-tray", f".wc-ach[data-key='{first}']")
    assert ach.get_attribute("aria-checked") == "true"
    page.click("#wc-play")
    page.wait_for_selector(f"#log li:has-text('{word.upper()}'):has-text('{first}')")


def test_achievement_cards_by_keyboard(page: Any, server: Server) -> None:
    """From the word box, Tab reaches the achievement cards in a few steps; the arrows move
    among them, Space takes a cube off a card and Enter puts it back; Enter in the box plays."""
    _open(page, server, fixed=True)
    page.wait_for_selector("#turn.mine")
    page.keyboard.type("wage")  # letters typed go to the word box, wherever the focus is
    assert page.input_value("#wc-word") == "wage"
    targets = page.eval_on_selector_all(".wc-ach.target", "els => els.map(e => e.dataset.key)")
    assert targets
    assert _tab_to(page, "el.classList.contains('wc-ach')") <= 5  # ⌫, Clear, Play, Pass
    for _ in EXAMPLE_ACHIEVEMENTS:
        if page.evaluate(FOCUSED_KEY) == targets[0]:
            break
        page.keyboard.press("ArrowRight")
    card = f".wc-ach[data-key='{targets[0]}']"
    assert page.evaluate(FOCUSED_KEY) == targets[0]
    assert page.get_attribute(card, "aria-checked") == "true"  # ticked for the word
    page.keyboard.press(" ")
    assert page.get_attribute(card, "aria-checked") == "false"
    page.keyboard.press("Enter")
    assert page.get_attribute(card, "aria-checked") == "true"
    _tab_to(page, "el.id === 'wc-word'")
    page.keyboard.press("Enter")
    page.wait_for_selector(f"#log li:has-text('WAGE'):has-text('{targets[0]}')")


def test_a_hint_lights_up_its_move(page: Any, server: Server) -> None:
    """The move of a hint the server gives: its letter cards and achievement cards light up."""
    made = _open(page, server, fixed=True)
    page.wait_for_selector("#turn.mine")
    asked = httpx.post(
        f"{server.base}/api/tables/{made['table']['id']}/hints",
        json={"token": made["tokens"]["0"]},
        timeout=A_WHILE,
    )
    assert asked.status_code == 200, asked.text
    move = next(h["action"] for h in asked.json()["hints"] if h["action"]["type"] == "word")
    page.evaluate("(action) => window.crafthallTable.board.highlight(action)", move)
    lit = page.eval_on_selector_all("#board .hinted", "els => els.map(e => e.dataset.key)")
    assert sorted(lit) == sorted(set(move["spelling"]) | set(move["achievements"]))
    page.evaluate("() => window.crafthallTable.board.highlight({type: 'pass'})")
    assert page.eval_on_selector_all("#board .hinted", "els => els.map(e => e.id)") == ["wc-pass"]
    page.evaluate("() => window.crafthallTable.board.highlight(null)")
    assert page.locator("#board .hinted").count() == 0


def _cubes(view: dict[str, Any]) -> dict[str, list[int]]:
    """Each side's cubes on each letter card and achievement card, by card."""
    cards = {g["card"]: g["cubes"] for g in view["grid"]}
    return cards | {a["id"]: a["cubes"] for a in view["achievements"]}


def test_each_bots_last_word_stays_marked_until_ann_acts(page: Any, server: Server) -> None:
    made = server.create(
        {"game": "wordcraft", "seats": seats("Ann", "bot", "bot"), "seed": 4,
         "fixed": {"grids": [EXAMPLE_GRID] * 3, "first_player": 0}}
    )  # fmt: skip
    seat_page(page, server, made)
    page.wait_for_selector("#turn.mine")
    checked = 0
    for _ in range(4):
        before, version = _last(page)["view"], _last(page)["table"]["version"]
        page.click("#wc-pass")
        _wait_past(page, version)
        now = _last(page)["view"]
        if _over(page) or now["round"] != before["round"]:
            break
        earlier = _cubes(before)
        placed = {
            card
            for card, cubes in _cubes(now).items()
            for side in (1, 2)
            if cubes[side] > earlier[card][side]
        }
        page.fill("#wc-word", "dare")  # a word under way changes no mark
        marked = page.eval_on_selector_all(".last-move", "els => els.map(e => e.dataset.key)")
        assert set(marked) == placed
        if placed and not checked:  # the marks come from the moves as played: a reload keeps them
            page.reload()
            page.wait_for_selector("#turn.mine")
            again = page.eval_on_selector_all(".last-move", "els => els.map(e => e.dataset.key)")
            assert set(again) == placed
        checked += bool(placed)
    assert checked


@pytest.mark.parametrize("size", [DESKTOP, PHONE], ids=["1280", "390"])
def test_no_serious_accessibility_violation(
    browser: Any,
    server: Server,
    axe_source: str,  # noqa: F811
    size: dict[str, int],
) -> None:
    """The whole page in light; in dark, the board (axe is added to the page, past its
    content security policy)."""
    with _browsing(browser, viewport=size, bypass_csp=True) as page:
        _open(page, server, fixed=True)
        page.wait_for_selector("#turn.mine")
        page.fill("#wc-word", "wage")  # a word under way: its letters lit, its cards marked
        page.wait_for_selector(".wc-ach.target")
        no_serious_violations(page, axe_source)
        page.emulate_media(color_scheme="dark")
        found = page.evaluate(
            "async () => (await axe.run('#board', {resultTypes: ['violations']})).violations"
        )
        serious = [
            f"{v['id']}: {[n['target'] for n in v['nodes'][:4]]}"
            for v in found
            if v["impact"] in SERIOUS
        ]
        assert not serious, serious
