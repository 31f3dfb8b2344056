"""Evocabulary's board plays like the table: whole games against a bot with the keyboard alone
(desktop) and with taps alone (a 390 px phone); the places a picked letter or a decision may go
are marked from the legal actions; a hint lights up its move; drag and drop; the other player's
last move stays marked; axe finds nothing serious; screenshots light and dark, at both widths."""

from __future__ import annotations

import contextlib
import re
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

from playwright.sync_api import TimeoutError as PlaywrightTimeout

from tests.server.helpers import seats
from tests.web.conftest import Server, patient_context, seat_page, shot
from tests.web.helpers import DESKTOP, PHONE, no_sideways_scroll
from tests.web.test_accessibility import axe_source, no_serious_violations

__all__ = ["axe_source"]  # the fixture, for the tests below

SEED = 3
MOVES = 400
"""More moves of Ann than any game against a random bot takes: a game that never ends fails."""
TAP = 44
"""The least size of a place a finger must hit (the page's --tap)."""
LAST = "() => window.crafthallTable.last"
MY_MOVE = """(after) => {
  const t = window.crafthallTable;
  const m = t && t.last;
  if (!m || m.version <= after) return false;
  return m.table.status === "finished" || (m.active.includes(m.seat) && (m.legal || []).length > 0);
}"""


def _table(server: Server, **spec: Any) -> dict[str, Any]:
    return server.create(
        {"game": "evocabulary", "seats": seats("Ann", "bot"), "seed": SEED, **spec}
    )


def _next(page: Any, after: int) -> dict[str, Any]:
    """The page's update once it is Ann's move again (or the game is over), after ``after``."""
    page.wait_for_function(MY_MOVE, arg=after)
    found: dict[str, Any] = page.evaluate(LAST)
    return found


def _team_for(word: str) -> int:
    """The team a word's spell goes to, as the board reads it: its length, 3 to 6+."""
    return min(6, max(3, len(word)))


def _plain(action: dict[str, Any]) -> bool:
    """A start played from the hand's own cards only (no wild, no locked letter)."""
    return action["type"] == "start" and all(
        not t.startswith(("=", "?", "@")) for t in action["cards"]
    )


def _plan(msg: dict[str, Any]) -> dict[str, Any]:
    """Ann's move: in an activation, the best option if it gains points, else the end; in a
    turn, her longest spell of plain hand cards, else a discard, else the draw, else any
    spell (the server lists up to 300 actions, spells first: a hand with a wild may have
    more spells than that)."""
    legal = msg["legal"]
    if msg["view"]["phase"] == "activation":
        return {"type": "activation"}
    starts = [a for a in legal if _plain(a)]
    if starts:
        return max(starts, key=lambda a: len(a["word"]))
    discards = [a for a in legal if a["type"] == "discard"]
    if msg["view"]["phase"] == "turn" and discards:
        return discards[0]
    return next(a for a in legal if a["type"] in ("draw", "discard", "start", "modify"))


def _picked(plan: dict[str, Any]) -> list[str] | None:
    """The hand's letters to pick for a move, in order; None for a spell to be typed."""
    if plan["type"] == "discard":
        return [plan["letter"]]
    return list(plan["cards"]) if _plain(plan) else None


def _place(plan: dict[str, Any]) -> str:
    """The place a move's letters go: the discard pile, the team of a spell."""
    if plan["type"] == "discard":
        return "discard"
    return f"t{plan['team'] if plan['type'] == 'modify' else _team_for(plan['word'])}"


def _hand_keys(hand: list[str], faces: list[str]) -> list[str]:
    """The ``data-key`` of a hand card for each face, each card once."""
    used: list[int] = []
    for face in faces:
        used.append(next(i for i, f in enumerate(hand) if f == face and i not in used))
    return [f"h{i}" for i in used]


def _play(page: Any, moves: Callable[[Any, dict[str, Any]], None]) -> dict[str, Any]:
    """Ann plays to the end of the game, each move made by ``moves``; the last update.
    Screenshots mid-play at her 12th move."""
    msg = _next(page, -1)
    for n in range(MOVES):
        if msg["table"]["status"] == "finished":
            return msg
        moves(page, msg)
        msg = _next(page, msg["version"])
        if n == 12:
            _shots(page, "mid")
    raise AssertionError(f"the game did not end in {MOVES} moves of Ann")


def _shots(page: Any, when: str) -> None:
    """Screenshots of the page as it is, light and dark, named by the viewport's width."""
    width = page.viewport_size["width"]
    for scheme in ("light", "dark"):
        page.emulate_media(color_scheme=scheme)
        shot(page, f"evocabulary-{when}-{width}-{scheme}")
    page.emulate_media(color_scheme="light")


# --- the keyboard alone ----------------------------------------------------------------------


def _focused(page: Any) -> str:
    key: str = page.evaluate("() => document.activeElement?.dataset?.key || ''")
    return key


def _tab_to(page: Any, selector: str) -> None:
    """Press Tab until the focus is on ``selector``."""
    for _ in range(80):
        if page.evaluate("(s) => document.activeElement?.matches(s)", selector):
            return
        page.keyboard.press("Tab")
    raise AssertionError(f"Tab never reached {selector}")


ARROWS = """([key]) => {
  const from = document.activeElement.getBoundingClientRect();
  const to = document.querySelector(`[data-key="${key}"]`).getBoundingClientRect();
  const dx = to.left + to.width / 2 - from.left - from.width / 2;
  const dy = to.top + to.height / 2 - from.top - from.height / 2;
  const across = Math.abs(dx) < 2 ? [] : [dx > 0 ? "ArrowRight" : "ArrowLeft"];
  const down = Math.abs(dy) < 2 ? [] : [dy > 0 ? "ArrowDown" : "ArrowUp"];
  return Math.abs(dy) > to.height / 2 ? [...down, ...across] : [...across, ...down];
}"""


def _arrow_to(page: Any, key: str) -> None:
    """Move the focus to the place ``key`` with the arrow keys, as one looking at the board
    would: to its row, then along it (along the other axis when one leads nowhere)."""
    path = []
    for _ in range(60):
        here = _focused(page)
        path.append(here)
        if here == key:
            return
        for arrow in page.evaluate(ARROWS, [key]):
            page.keyboard.press(arrow)
            if _focused(page) != here:
                break
        else:
            raise AssertionError(f"the arrows lead from {here} no nearer to {key}")
    raise AssertionError(f"the arrows never reached {key}: {path}")


def _enter_on(page: Any, key: str) -> None:
    _arrow_to(page, key)
    page.keyboard.press("Enter")


def _keyboard_move(page: Any, msg: dict[str, Any]) -> None:
    plan = _plan(msg)
    if plan["type"] == "activation":
        _decide_with_keys(page, msg)
    elif plan["type"] == "draw":
        _tab_to(page, "#evo-draw")
        page.keyboard.press("Enter")
    else:
        faces = _picked(plan)
        if faces is None:
            _tab_to(page, "#evo-word")
            page.keyboard.type(plan["word"])
        else:
            _tab_to(page, ".evo-hand-card")
            for key in _hand_keys(msg["view"]["hand"], faces):
                _enter_on(page, key)
        _tab_to(page, ".evo-place")
        assert "target" in page.get_attribute(f"[data-key='{_place(plan)}']", "class")
        _enter_on(page, _place(plan))


def _gains(page: Any) -> bool:
    """Whether the activation's best option scores points (its label says "+N")."""
    best = page.locator(".evo-option.best")
    return best.count() > 0 and re.search(r"\+\d", best.inner_text()) is not None


def _decide_with_keys(page: Any, msg: dict[str, Any]) -> None:
    """The activation: its best option is focused, Enter takes it (and the best of each next
    decision) while it gains points; else End and Enter end the activation."""
    page.wait_for_function("() => document.activeElement?.matches('.evo-option.best, .evo-option')")
    if not _gains(page):
        page.keyboard.press("End")
        assert _focused(page) == "done"
        page.keyboard.press("Enter")
        return
    while page.evaluate(LAST)["version"] == msg["version"]:
        if page.evaluate("() => document.activeElement?.matches('.evo-option.best')"):
            page.keyboard.press("Enter")
        page.wait_for_timeout(20)


def test_a_whole_game_with_the_keyboard_alone(page: Any, server: Server) -> None:
    seat_page(page, server, _table(server))
    end = _play(page, _keyboard_move)
    assert end["table"]["result"]
    page.wait_for_selector("#end:not([hidden])")
    _shots(page, "end")


# --- taps alone, on a phone ------------------------------------------------------------------


@contextmanager
def _browsing(browser: Any, **options: Any) -> Iterator[Any]:
    """A page in a browser context of its own (``options`` as ``new_context`` takes them);
    a JavaScript error on it fails the test."""
    context = patient_context(browser, **options)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda err: errors.append(str(err)))
    try:
        yield page
    finally:
        context.close()
    assert not errors, f"JavaScript errors on the page: {errors}"


def _tap_move(page: Any, msg: dict[str, Any]) -> None:
    plan = _plan(msg)
    if plan["type"] == "activation":
        if not _gains(page):
            page.tap(".evo-option[data-key='done']")
            return
        while page.evaluate(LAST)["version"] == msg["version"]:
            best = page.locator(".evo-option.best")
            if best.count():
                # The last choice sends the move, and its update may take the options away
                # while this tap waits: it then gives up and the loop looks at the version.
                with contextlib.suppress(PlaywrightTimeout):
                    best.tap(timeout=5_000)
            page.wait_for_timeout(20)
    elif plan["type"] == "draw":
        page.tap("#evo-draw")
    else:
        faces = _picked(plan)
        if faces is None:  # typed on the phone's own keyboard
            page.tap("#evo-word")
            page.keyboard.type(plan["word"])
        else:
            for key in _hand_keys(msg["view"]["hand"], faces):
                page.tap(f".evo-hand-card[data-key='{key}']")
        page.tap(f".target[data-key='{_place(plan)}']")


def _big_enough(page: Any) -> None:
    """Every place, letter and button of the board a finger may need is 44 px at least."""
    small = page.eval_on_selector_all(
        "#board :is(.evo-place, .evo-hand-card, .evo-option, .actionbar button)",
        """(found, tap) => found.filter((el) => el.checkVisibility())
             .map((el) => [el.dataset.key || el.id || el.textContent, el.getBoundingClientRect()])
             .filter(([, r]) => r.width < tap - 0.5 || r.height < tap - 0.5)
             .map(([name, r]) => `${name} ${Math.round(r.width)}x${Math.round(r.height)}`)""",
        TAP,
    )
    assert not small, f"too small for a finger: {small}"


def test_a_whole_game_with_taps_on_a_phone(browser: Any, server: Server) -> None:
    checked: list[bool] = []

    def move(page: Any, msg: dict[str, Any]) -> None:
        if not checked and msg["view"]["phase"] == "activation":
            _big_enough(page)
            no_sideways_scroll(page)
            checked.append(True)
        _tap_move(page, msg)

    with _browsing(browser, viewport=PHONE, has_touch=True, is_mobile=True) as phone:
        seat_page(phone, server, _table(server, seed=SEED + 1))
        end = _play(phone, move)
        assert checked, "no activation came to check the sizes in"
        assert end["table"]["result"]
        phone.wait_for_selector("#end:not([hidden])")
        _shots(phone, "end")


# --- marks, hints, drag and drop, the last move, axe -----------------------------------------


def _marked(page: Any) -> set[str]:
    return _keys(page, "#board .target")


def _keys(page: Any, selector: str, key: str = "key") -> set[str]:
    """The ``data-key`` (or another data field) of every element ``selector`` finds."""
    found: list[str] = page.eval_on_selector_all(
        selector, f"(els) => els.map((e) => e.dataset.{key})"
    )
    return set(found)


def test_picked_letters_mark_where_they_may_go(page: Any, server: Server) -> None:
    seat_page(page, server, _table(server))
    msg = _next(page, -1)
    hand = msg["view"]["hand"]
    start = max((a for a in msg["legal"] if _plain(a)), key=lambda a: len(a["word"]))
    keys = _hand_keys(hand, start["cards"])
    page.click(f".evo-hand-card[data-key='{keys[0]}']")
    discards = {a["letter"] for a in msg["legal"] if a["type"] == "discard"}
    assert _marked(page) == ({"discard"} if hand[int(keys[0][1:])] in discards else set())
    for key in keys[1:]:
        page.click(f".evo-hand-card[data-key='{key}']")
    word = start["word"]
    expected = {
        f"t{_team_for(word)}" for a in msg["legal"] if a["type"] == "start" and a["word"] == word
    }
    expected |= {
        f"t{a['team']}" for a in msg["legal"] if a["type"] == "modify" and a["word"] == word
    }
    assert _marked(page) == expected
    page.click("#evo-clear")
    assert _marked(page) == set()


def test_a_hint_lights_up_its_move(page: Any, server: Server) -> None:
    seat_page(page, server, _table(server))
    msg = _next(page, -1)
    start = next(a for a in msg["legal"] if _plain(a))
    page.evaluate("(action) => window.crafthallTable.board.highlight(action)", start)
    lit = _keys(page, "#board .hinted")
    assert lit == {*_hand_keys(msg["view"]["hand"], start["cards"]), f"t{_team_for(start['word'])}"}
    page.evaluate("() => window.crafthallTable.board.highlight(null)")
    assert page.locator("#board .hinted").count() == 0


WATCH_TRAVEL = """() => {
  window.travelled = new Set();
  new MutationObserver(() => {
    for (const a of document.getAnimations()) window.travelled.add(a.effect.target.dataset.flip);
  }).observe(document.getElementById("board"), {subtree: true, childList: true});
}"""


def test_a_spells_letters_travel_from_the_hand_to_their_team(page: Any, server: Server) -> None:
    hand = ["r", "a", "t", "e", "s", "o", "n"]
    seat_page(page, server, _table(server, fixed={"hands": [hand, None], "first": 0}))
    page.wait_for_selector(".evo-hand-card")
    page.evaluate(WATCH_TRAVEL)
    page.fill("#evo-word", "rate")
    page.press("#evo-word", "Enter")
    page.wait_for_selector(".evo-option")
    travelled = set(page.evaluate("() => [...window.travelled]"))
    assert {f"spell-0-4-{i}-{face}" for i, face in enumerate("rate")} <= travelled


def test_a_letter_dragged_to_the_discard_pile_is_discarded(page: Any, server: Server) -> None:
    seat_page(page, server, _table(server))
    msg = _next(page, -1)
    assert _drag(page, ".evo-hand-card[data-key='h0']", "[data-key='discard']") == {"discard"}
    page.wait_for_function("(v) => window.crafthallTable.last.version > v", arg=msg["version"])
    letter = msg["view"]["hand"][0].upper()
    page.wait_for_selector(f"#log li:has-text('discarded {letter}')")


def _drag(page: Any, piece: str, place: str) -> set[str]:
    """Drag ``piece`` with the mouse onto ``place``; the places marked once the drag began."""
    start = page.locator(piece).bounding_box()
    end = page.locator(place).bounding_box()
    page.mouse.move(start["x"] + start["width"] / 2, start["y"] + start["height"] / 2)
    page.mouse.down()
    page.mouse.move(start["x"] + 30, start["y"] + 90, steps=3)  # far enough to be a drag
    marked = _marked(page)
    page.mouse.move(end["x"] + end["width"] / 2, end["y"] + end["height"] / 2, steps=5)
    page.mouse.up()
    return marked


def test_a_familiar_dragged_from_the_market_to_a_team_is_hired(page: Any, server: Server) -> None:
    hand = ["r", "a", "t", "e", "s", "o", "n"]
    page.set_viewport_size({"width": 1280, "height": 1600})  # the market and the teams in sight
    seat_page(page, server, _table(server, fixed={"hands": [hand, None], "first": 0}))
    page.fill("#evo-word", "rate")
    page.press("#evo-word", "Enter")  # to team 4, whose leader hires
    page.wait_for_selector(".evo-option.best:has-text('hire')")
    hires = [a for a in page.evaluate(LAST)["legal"] if a.get("familiar")]
    page.keyboard.press("Enter")
    page.wait_for_selector("#evo-asks:has-text('familiar')")
    assert _marked(page) == {f"m{a['familiar']}" for a in hires}
    familiar = hires[0]["familiar"]
    teams = {f"t{a['team']}" for a in hires if a["familiar"] == familiar}
    assert _drag(page, f"[data-key='m{familiar}']", "[data-key='t3']") == teams
    page.wait_for_selector("#evo-asks:has-text('side')")
    page.click(".evo-option:has-text('back')")
    page.wait_for_selector(f".evo-wizard.mine [data-key='c{familiar}']")


def test_the_other_players_last_move_stays_marked_until_ann_acts(page: Any, server: Server) -> None:
    bot_hand = ["c", "a", "t", "j", "x", "z", "v"]  # spells of 3 letters only: they stay
    made = _table(server, seats=seats("Ann", "bot:greedy"), fixed={"hands": [None, bot_hand]})
    seat_page(page, server, made)
    msg = _next(page, -1)
    page.click("#evo-draw")  # a pass: the bot plays while the page looks on
    msg = _next(page, msg["version"])
    changed = {str(t["team"]) for t in msg["view"]["teams"][1] if t["spell"] or t["familiars"]}
    assert changed, "the greedy bot laid no spell"
    marked = page.eval_on_selector_all(
        ".evo-team.last-move", "(els) => els.map((e) => e.dataset.team)"
    )
    assert set(marked) == {f"1-{team}" for team in changed}
    # The marks come from the moves as played (the table's changes), so a reload keeps them.
    page.reload()
    page.wait_for_selector(".evo-team.last-move")
    again = page.eval_on_selector_all(
        ".evo-team.last-move", "(els) => els.map((e) => e.dataset.team)"
    )
    assert again == marked
    page.click(".evo-hand-card[data-key='h0']")
    page.click("#evo-discard")
    page.wait_for_function("(v) => window.crafthallTable.last.version > v", arg=msg["version"])
    assert page.locator(".evo-team.last-move").count() == 0


def test_no_serious_accessibility_violation(browser: Any, server: Server, axe_source: str) -> None:
    """The table mid-activation at both widths, light and dark (axe's script let past the
    page's content security policy)."""
    made = _table(server)
    with _browsing(browser, viewport=DESKTOP, bypass_csp=True) as page:
        seat_page(page, server, made)
        msg = _next(page, -1)
        start = max((a for a in msg["legal"] if _plain(a)), key=lambda a: len(a["word"]))
        page.fill("#evo-word", start["word"])
        page.click("#evo-start")
        page.wait_for_selector(".evo-option.best")
        for size in (DESKTOP, PHONE):
            page.set_viewport_size(size)
            for scheme in ("light", "dark"):
                page.emulate_media(color_scheme=scheme)
                no_serious_violations(page, axe_source)
