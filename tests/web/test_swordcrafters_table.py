"""Sword Crafters plays like the table: a whole game with the keyboard alone on a desktop and
with taps alone on a phone, against a bot; a picked corner or tile marks exactly where the
seat's legal actions let it go; a mouse drags a cut and a tile; the hint's move lights up; axe
finds nothing serious; screenshots mid-play and at the end, both widths, light and dark."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from tests.server.helpers import newest, seated, seats
from tests.web.conftest import Server, patient_context, seat_page, shot
from tests.web.helpers import PHONE, advance
from tests.web.test_accessibility import add_axe, axe_source  # noqa: F401

SPEC = {"game": "swordcrafters", "seats": seats("Ann", "bot"), "fixed": {"first_player": 0}}
TAP = 44
"""The size of a target a finger hits reliably (the page's --tap), in CSS pixels."""
MOST_TABS = 3
"""Tabs from one part of the board to the next (the hand to the sword, say)."""
TABS_TO_THE_BOARD = 8
"""Tabs from the top of the page to the grid: the brand and the tool bar come first."""
PLACES = ".sc-corner, .sc-cell.sc-place, .sc-hand, .sc-plus, .sc-take"

MY_TURN_OR_END = (
    "() => document.querySelector('#turn.mine') || !document.querySelector('#end').hidden"
)
PHASE = "() => document.querySelector('.sc-board').dataset.phase"


def _over(page: Any) -> bool:
    return bool(page.evaluate("() => !document.querySelector('#end').hidden"))


def _focused(page: Any, selector: str = "*") -> tuple[str, bool]:
    """The focused place's key, and whether it matches ``selector``."""
    found: tuple[str, bool] = tuple(
        page.evaluate(
            "(sel) => [document.activeElement?.dataset?.key || '',"
            " !!document.activeElement?.matches(sel)]",
            selector,
        )
    )
    return found


def _focus_matches(page: Any, selector: str) -> bool:
    return _focused(page, selector)[1]


def _walk_to(page: Any, selector: str) -> None:
    """Move the focus with the arrow keys alone to a place matching ``selector``: from the
    first place of the group, along its rows as a snake."""
    page.keyboard.press("Home")
    seen: list[str] = []
    across = "ArrowRight"
    key, there = _focused(page, selector)
    while not there:
        seen.append(key)
        page.keyboard.press(across)
        moved, there = _focused(page, selector)
        if moved != key:
            key = moved
            continue
        page.keyboard.press("ArrowDown")
        key, there = _focused(page, selector)
        assert key != moved, f"no place matching {selector} reached; went over {seen}"
        across = "ArrowLeft" if across == "ArrowRight" else "ArrowRight"


def _tab_to(page: Any, selector: str) -> int:
    """Tab (or Shift+Tab) to a place matching ``selector``; how many presses it took."""
    for key in ("Tab", "Shift+Tab"):
        for presses in range(1, MOST_TABS + 1):
            page.keyboard.press(key)
            if _focus_matches(page, selector):
                return presses
        for _ in range(MOST_TABS):
            page.keyboard.press("Shift+Tab" if key == "Tab" else "Tab")
    raise AssertionError(
        f"{selector} is more than {MOST_TABS} Tabs away from {_focused(page)[0]!r}"
    )


def _moves(page: Any) -> int:
    """The moves the table has taken, as the page was last told."""
    count: int = page.evaluate("() => window.crafthallTable.last.table.moves")
    return count


def _acted(page: Any, before: int) -> None:
    page.wait_for_function(f"() => window.crafthallTable.last.table.moves > {before}")


def _play_by_keyboard(page: Any, turn: int) -> None:
    """One move of the seat whose turn it is, with the keyboard alone (the ``turn``th: the
    tiles go round the sides of the sword)."""
    phase = page.evaluate(PHASE)
    before = _moves(page)
    if phase == "slice":
        if not _focus_matches(page, ".sc-corner"):
            _tab_to(page, ".sc-corner")
        _walk_to(page, ".sc-corner.sc-start")
        page.keyboard.press("Enter")
        _walk_to(page, ".sc-corner.target")
    elif phase == "select":
        if not _focus_matches(page, ".sc-cell"):
            _tab_to(page, ".sc-cell")
        _walk_to(page, ".sc-cell.target")
    else:
        if not _focus_matches(page, ".sc-hand"):
            _tab_to(page, ".sc-hand")
        page.keyboard.press("Enter")
        _tab_to(page, ".sc-plus.target")
        for _ in range(turn % 4):
            page.keyboard.press("ArrowRight")
    page.keyboard.press("Enter")
    _acted(page, before)


def _play_by_taps(page: Any, turn: int) -> None:
    """One move of the seat whose turn it is, with taps alone (the ``turn``th: the tiles go
    round the sides of the sword)."""
    phase = page.evaluate(PHASE)
    before = _moves(page)
    if phase == "slice":
        page.tap(".sc-corner.sc-start >> nth=0")
        page.tap(".sc-corner.target >> nth=-1")
    elif phase == "select":
        page.tap(".sc-cell.target >> nth=0")
    else:
        page.tap(".sc-hand >> nth=0")
        page.tap(f".sc-plus.target >> nth={turn % 4}")
    _acted(page, before)


def _small_targets(page: Any) -> list[str]:
    """The board's places smaller than a finger."""
    found: list[str] = page.eval_on_selector_all(
        PLACES,
        f"""(places) => places.map((p) => [p.dataset.key, p.getBoundingClientRect()])
            .filter(([, r]) => r.width < {TAP} - 0.5 || r.height < {TAP} - 0.5)
            .map(([key, r]) => `${{key}} ${{r.width}}x${{r.height}}`)""",
    )
    return found


def _whole_game(page: Any, move: Callable[[Any, int], None], name: str, axe: str) -> None:
    """Play to the end with ``move``; every board's places at least a finger's size; axe and
    screenshots (light and dark) mid-play and at the end."""
    phases_seen: set[str] = set()
    moves = 0
    while True:
        page.wait_for_function(MY_TURN_OR_END)
        if _over(page):
            break
        phase = page.evaluate(PHASE)
        if phase not in phases_seen:
            phases_seen.add(phase)
            assert not _small_targets(page), _small_targets(page)
        move(page, moves)
        moves += 1
        if moves == 12:
            _pictures(page, f"{name}-mid", axe)
    assert phases_seen == {"slice", "select", "craft"}
    page.wait_for_selector("#end:not([hidden])")
    _pictures(page, f"{name}-end", axe)


def _pictures(page: Any, name: str, axe: str) -> None:
    """Screenshots in light and dark, and axe over the table in both: the whole page in light
    but the end card (the end screen's, not the board's), the board in dark (the page around
    it keeps the shared style's light colours)."""
    assert not _serious(page, axe, "{exclude: [['#end']]}")
    shot(page, name)
    page.emulate_media(color_scheme="dark")
    assert not _serious(page, axe, "'#board'")
    shot(page, f"{name}-dark")
    page.emulate_media(color_scheme="light")


def _serious(page: Any, axe: str, context: str) -> list[str]:
    """axe's serious and critical findings in ``context`` (a JavaScript expression)."""
    add_axe(page, axe)
    found: list[str] = page.evaluate(
        f"""async () => (await axe.run({context}, {{resultTypes: ['violations']}})).violations
            .filter((v) => ['serious', 'critical'].includes(v.impact))
            .map((v) => `${{v.id}}: ${{v.nodes.slice(0, 4).map((n) => n.target).join(' ')}}`)"""
    )
    return found


def test_a_whole_game_with_the_keyboard_alone(
    page: Any,
    server: Server,
    axe_source: str,  # noqa: F811
) -> None:
    made = server.create({**SPEC, "seed": 11})
    seat_page(page, server, made)
    page.wait_for_function(MY_TURN_OR_END)
    page.wait_for_selector(".sc-corner")
    # From the top of the page, past the page's own links and tools, the grid's corners are
    # one Tab stop (they were up to nineteen Tabs away, one per corner).
    tabs = 0
    while not _focus_matches(page, ".sc-corner"):
        page.keyboard.press("Tab")
        tabs += 1
        assert tabs <= TABS_TO_THE_BOARD, f"still no corner after {tabs} Tabs: {_focused(page)[0]}"
    _whole_game(page, _play_by_keyboard, "swordcrafters-keyboard-1280", axe_source)


def test_a_whole_game_with_taps_on_a_phone(
    browser: Any,
    server: Server,
    axe_source: str,  # noqa: F811
) -> None:
    context = patient_context(browser, viewport=PHONE, has_touch=True, is_mobile=True)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda err: errors.append(str(err)))
    try:
        made = server.create({**SPEC, "seed": 12})
        seat_page(page, server, made)
        _whole_game(page, _play_by_taps, "swordcrafters-taps-390", axe_source)
    finally:
        context.close()
    assert not errors, errors


def _crafting(update: dict[str, Any]) -> bool:
    view = update["view"]
    return view["phase"] == "craft" and 0 in update["active"] and len(set(view["hands"][0])) > 1


def _legal(server: Server, made: dict[str, Any]) -> list[dict[str, Any]]:
    client = seated(server.base, made, 0, legal=True)
    try:
        legal: list[dict[str, Any]] = newest(client, -1)["legal"]
        return legal
    finally:
        client.close()


def _marked(page: Any, selector: str, attribute: str) -> set[str]:
    found: list[str] = page.eval_on_selector_all(
        selector, f"(els) => els.map((el) => el.getAttribute('{attribute}'))"
    )
    return set(found)


def test_a_picked_corner_marks_the_ends_of_its_legal_cuts(page: Any, server: Server) -> None:
    made = server.create({**SPEC, "seed": 5})
    legal = _legal(server, made)
    seat_page(page, server, made)
    page.wait_for_selector("#turn.mine")
    start = legal[0]["from"]
    page.click(f".sc-corner[data-point='{start[0]},{start[1]}']")
    ends = {",".join(map(str, cut["to"])) for cut in legal if cut["from"] == start}
    ends |= {",".join(map(str, cut["from"])) for cut in legal if cut["to"] == start}
    assert _marked(page, ".sc-corner.target", "data-point") == ends
    assert page.locator(".sc-may").count() == len(ends)  # each legal cut drawn on the grid
    starts = {",".join(map(str, cut[end])) for cut in legal for end in ("from", "to")}
    assert _marked(page, ".sc-corner.sc-start", "data-point") == starts
    page.keyboard.press("Escape")
    assert page.locator(".sc-corner.target").count() == 0


def test_a_picked_tile_marks_the_sides_it_may_go_to(page: Any, server: Server) -> None:
    made = server.create({**SPEC, "seed": 6})
    latest = advance(server, made, 200, until=_crafting)
    assert _crafting(latest)
    seat_page(page, server, made)
    page.wait_for_selector("#turn.mine .sc-hand, .sc-hand")
    gem = latest["view"]["hands"][0][0]
    page.click(f".sc-hand[data-gem='{gem}'] >> nth=0")
    sides = {str(a["side"]) for a in latest["legal"] if a["type"] == "place" and a["gem"] == gem}
    assert _marked(page, ".sc-plus.target", "data-side") == sides
    assert f"{gem}: now" in page.inner_text("#sc-actions")


def test_a_mouse_drags_a_cut_and_a_tile(page: Any, server: Server) -> None:
    made = server.create({**SPEC, "seed": 7})
    legal = _legal(server, made)
    seat_page(page, server, made)
    page.wait_for_selector("#turn.mine")
    cut = legal[0]
    before = _moves(page)
    _drag(page, _point(cut["from"]), _point(cut["to"]))
    _acted(page, before)
    latest = advance(server, made, 200, until=_crafting)
    page.set_viewport_size({"width": 1280, "height": 2000})  # the hand and the sword in sight
    page.reload()
    page.wait_for_selector(".sc-hand")
    gem = latest["view"]["hands"][0][0]
    before = _moves(page)
    _drag(page, f".sc-hand[data-gem='{gem}'] >> nth=0", ".sc-plus[data-side='3']")
    _acted(page, before)
    assert page.locator(".sc-sword.mine .sc-side[data-side='3'] .sc-tile").count() == 1


def _point(point: list[int]) -> str:
    return f".sc-corner[data-point='{point[0]},{point[1]}']"


def _drag(page: Any, source: str, target: str) -> None:
    """A mouse drag from the middle of ``source`` to the middle of ``target``."""
    a = page.locator(source).bounding_box()
    b = page.locator(target).bounding_box()
    page.mouse.move(a["x"] + a["width"] / 2, a["y"] + a["height"] / 2)
    page.mouse.down()
    page.mouse.move(b["x"] + b["width"] / 2, b["y"] + b["height"] / 2, steps=8)
    page.mouse.up()


def test_the_hint_lights_up_its_move(page: Any, server: Server) -> None:
    made = server.create({**SPEC, "seed": 8})
    legal = _legal(server, made)
    seat_page(page, server, made)
    page.wait_for_selector("#turn.mine")
    cut = legal[-1]
    page.evaluate("(action) => window.crafthallTable.board.highlight(action)", cut)
    line = page.locator(".sc-hinted-cut.hinted")
    assert line.get_attribute("data-from") == ",".join(map(str, cut["from"]))
    assert line.get_attribute("data-to") == ",".join(map(str, cut["to"]))
    assert _marked(page, ".sc-corner.hinted", "data-point") == {
        ",".join(map(str, cut["from"])),
        ",".join(map(str, cut["to"])),
    }
    page.evaluate("() => window.crafthallTable.board.highlight(null)")
    assert page.locator(".hinted").count() == 0
    latest = advance(
        server, made, 200, until=lambda u: u["view"]["phase"] == "select" and 0 in u["active"]
    )
    page.wait_for_selector(".sc-cell.sc-place")
    take = next(a for a in latest["legal"] if a["type"] == "take")
    page.evaluate("(action) => window.crafthallTable.board.highlight(action)", take)
    assert _marked(page, ".sc-group.hinted", "data-group") == {take["group"]}
    cells = page.locator(".sc-cell.hinted").count()
    assert cells == page.locator(f".sc-cell[data-group='{take['group']}']").count() > 0
    shot(page, "swordcrafters-hinted-take")


ANIMATED = """
window.animated = [];
const animate = Element.prototype.animate;
Element.prototype.animate = function (...args) {
  window.animated.push(this.className);
  return animate.apply(this, args);
};
"""
"""Counts the moves' animations: each element's class as it starts to travel."""


def _animated(page: Any, what: str) -> int:
    found: int = page.evaluate(
        "(what) => { const n = window.animated.filter((c) => c.includes(what)).length;"
        " window.animated = []; return n; }",
        what,
    )
    return found


def _slice_by_clicks(page: Any) -> None:
    before = _moves(page)
    page.click(".sc-corner.sc-start >> nth=0")
    page.click(".sc-corner.target >> nth=0")
    _acted(page, before)


CENTRE_X = "(el) => { const r = el.getBoundingClientRect(); return r.left + r.width / 2; }"
CENTRE_Y = "(el) => { const r = el.getBoundingClientRect(); return r.top + r.height / 2; }"


def test_the_corners_are_named_as_the_sentences_name_them(browser: Any, server: Server) -> None:
    """The log names a cut by its points ("from point 0,2 to point 3,2"); on a phone the grid's
    edges show each line's number where its corners are, and each corner tells a screen
    reader the same point."""
    context = patient_context(browser, viewport=PHONE, has_touch=True, is_mobile=True)
    try:
        page = context.new_page()
        seat_page(page, server, server.create({**SPEC, "seed": 9}))
        page.wait_for_selector("#turn.mine")
        start = page.locator(".sc-corner.sc-start >> nth=0")
        start.tap()
        end = page.locator(".sc-corner.target >> nth=0")
        points = [start.get_attribute("aria-label"), end.get_attribute("aria-label")]
        for corner, point in zip((start, end), points, strict=True):
            y, x = point.removeprefix("point ").split(",")
            column = page.locator(f".sc-axis.sc-col:text-is('{x}')")
            row = page.locator(f".sc-axis.sc-row:text-is('{y}')")
            assert abs(column.evaluate(CENTRE_X) - corner.evaluate(CENTRE_X)) < 1
            assert abs(row.evaluate(CENTRE_Y) - corner.evaluate(CENTRE_Y)) < 1
        sizes = page.eval_on_selector_all(
            ".sc-axis", "(f) => f.map((el) => parseFloat(getComputedStyle(el).fontSize))"
        )
        assert min(sizes) >= 10, sizes
        before = _moves(page)
        end.tap()
        _acted(page, before)
        page.wait_for_selector(f"#log li:has-text('{points[0]}'):has-text('{points[1]}')")
    finally:
        context.close()


def test_a_move_travels_and_the_last_moves_stay_marked_until_you_act(
    page: Any, server: Server
) -> None:
    page.add_init_script(ANIMATED)
    made = server.create({**SPEC, "seed": 9})
    seat_page(page, server, made)
    page.wait_for_selector("#turn.mine")
    _slice_by_clicks(page)
    # The bot cuts next: its cut is drawn, and stays drawn in its colour with its mark.
    mark = page.wait_for_selector(".sc-cutbar:not(.fresh) .seat-mark[title='seat 2']")
    cut = page.evaluate("(mark) => mark.closest('.sc-cutbar').dataset.cut", mark)
    page.wait_for_selector("#turn.mine")
    assert _animated(page, "sc-cutbar") >= 1
    assert page.locator(f".sc-cutbar[data-cut='{cut}']:not(.fresh)").count() == 1
    # The mark comes from the move as played (the table's changes), so a reload keeps it.
    page.reload()
    page.wait_for_selector("#turn.mine")
    page.wait_for_selector(f".sc-cutbar[data-cut='{cut}']:not(.fresh) .seat-mark[title='seat 2']")
    _slice_by_clicks(page)  # Ann acts: the bot's cut is no longer marked
    assert page.locator(f".sc-cutbar[data-cut='{cut}']:not(.fresh)").count() == 0
    page.wait_for_function("() => document.querySelector('.sc-board').dataset.phase === 'select'")
    page.wait_for_selector("#turn.mine")
    before = _moves(page)
    page.click(".sc-cell.target >> nth=0")
    _acted(page, before)
    assert _animated(page, "sc-tile") >= 1  # the taken tiles travel from the grid to the hand
    # Without motion, nothing travels.
    page.emulate_media(reduced_motion="reduce")
    page.wait_for_selector("#turn.mine")
    before = _moves(page)
    page.click(".sc-cell.target >> nth=0")
    _acted(page, before)
    assert _animated(page, "sc-") == 0
