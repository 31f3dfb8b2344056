"""Enchanted Grid's board played as at a table: whole games against a bot with the keyboard
alone (desktop) and with taps alone (a phone), the cells marked for a chosen card where its
legal actions go, a card dragged with the mouse, a hint's move lit up on the board, no serious
accessibility violation; screenshots mid-play and at the end, light and dark, at both widths."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import httpx

from tests.server.helpers import create, newest, seated, seats
from tests.web.conftest import Server, patient_context, seat_page, shot
from tests.web.helpers import DESKTOP, PHONE, advance, no_sideways_scroll
from tests.web.test_accessibility import axe_source, no_serious_violations

__all__ = ["axe_source"]  # the fixture, for the tests below

GAME = "enchanted-grid"
SEED = 13
MID_PLAY = 12
"""Ann's move after which the page is looked at mid-play."""
# A table laid out with an Enchanter of each colour in a row, so that every power can be used,
# and Ann's hand holding a card of each colour.
POWERS = {
    "hands": [
        ["S blue", "M red", "N grey", "R green", "O blue"],
        ["A red", "E green", "I grey", "L green", "D blue"],
    ],
    "grid": [
        {"at": [0, 0], "card": "E blue enchanter"},
        {"at": [1, 0], "card": "T red enchanter"},
        {"at": [2, 0], "card": "U grey enchanter"},
        {"at": [3, 0], "card": "I green enchanter"},
    ],
    "first": 0,
}
# A short game: ten cards in the hands, none to draw, six words on the grid that no one owns,
# so that the final scramble comes after the first round.
SCRAMBLE_WORDS = [
    ("DOG", "blue"),
    ("CAT", "grey"),
    ("SUN", "red"),
    ("BED", "green"),
    ("HOP", "blue"),
    ("FIX", "blue"),
]
SCRAMBLE = {
    "hands": [
        ["A red", "E green", "I grey", "L green", "M red"],
        ["O green", "R grey", "S red", "T green", "U blue"],
    ],
    "deck": [],
    "grid": [
        {"at": [x, 3 * row], "card": f"{letter} {colour}"}
        for row, (word, colour) in enumerate(SCRAMBLE_WORDS)
        for x, letter in enumerate(word)
    ],
    "first": 0,
}
# The page's state, read (never changed) to know when to act and what the table said.
LAST = "window.crafthallTable.last"
MY_TURN_OR_OVER = f"""() => {{
    const last = {LAST};
    return last && (last.table.status === 'finished' || last.active.includes(last.seat));
}}"""
MOVES = f"() => {LAST}.table.moves"
COUNT_TRAVELS = """() => {
    window.travels = [];
    const animate = Element.prototype.animate;
    Element.prototype.animate = function (frames, options) {
        window.travels.push({ card: this.dataset.card, from: frames[0].transform });
        return animate.call(this, frames, options);
    };
}"""
KEYS = "(found) => found.map((el) => el.dataset.key)"
SMALLER_SIDE = "(found) => found.map((el) => el.getBoundingClientRect())" + (
    ".map((r) => Math.min(r.width, r.height))"
)


def way_of(action: dict[str, Any]) -> str:
    """The way an action plays its card, as the board names the choice."""
    if action["type"] == "insert":
        return f"insert-{action['push']}"
    if action["type"] == "overwrite":
        return "overwrite"
    if action.get("face_down"):
        return "down"
    return "swap" if "swap" in action else "place"


def _key(at: list[int]) -> str:
    return f"{at[0]},{at[1]}"


def _made(server: Server, **spec: Any) -> dict[str, Any]:
    return create(server.base, game=GAME, seats=seats("Ann", "bot"), **spec)


def _my_turn(page: Any) -> bool:
    """Waits for Ann's turn or the end; whether it is Ann's turn."""
    page.wait_for_function(MY_TURN_OR_OVER)
    return bool(page.evaluate(f"() => {LAST}.table.status === 'playing'"))


def _moved(page: Any, before: int) -> None:
    """Waits for the table to take Ann's move (no refusal on the way)."""
    page.wait_for_function(
        f"() => {LAST}.table.moves > {before} || !!document.querySelector('.refusal.live')"
    )
    refusal = page.locator(".refusal.live")
    assert refusal.count() == 0, refusal.first.inner_text()


def _focus_on(page: Any, selector: str, key: str, most: int) -> None:
    """Press ``key`` until the focus is on ``selector``, at most ``most`` times."""
    for _ in range(most + 1):
        if page.evaluate("(s) => document.activeElement.matches(s)", selector):
            return
        page.keyboard.press(key)
    raise AssertionError(f"{most} presses of {key} never reached {selector}")


def _scheme_shots(page: Any, name: str) -> None:
    """Screenshots of the page, light and dark."""
    for scheme in ("light", "dark"):
        page.emulate_media(color_scheme=scheme)
        shot(page, f"enchanted_grid-{name}-{scheme}")
    page.emulate_media(color_scheme="light")


def _targets(page: Any) -> set[str]:
    return set(page.eval_on_selector_all("#eg-board .eg-cell.target", KEYS))


def _hand(page: Any) -> list[int]:
    cards: list[str] = page.eval_on_selector_all(
        ".eg-hand-card", "(f) => f.map((c) => c.dataset.card)"
    )
    return [int(card) for card in cards]


def test_the_marked_cells_are_where_the_legal_actions_go(page: Any, server: Server) -> None:
    made = _made(server, fixed=POWERS)
    seat_page(page, server, made)
    assert _my_turn(page)
    legal: list[dict[str, Any]] = page.evaluate(f"() => {LAST}.legal")
    assert len(legal) < server.settings.legal_limit, "the listing was cut short"
    for card in _hand(page):
        page.click(f".eg-hand-card[data-card='{card}']")
        mine = [a for a in legal if a.get("card") == card]
        ways = {way_of(a) for a in mine}
        offered = page.eval_on_selector_all("input[name='eg-how']", "(f) => f.map((i) => i.value)")
        assert set(offered) == ways
        for way in sorted(ways):
            page.check(f"input[name='eg-how'][value='{way}']")
            marked = {_key(a["at"]) for a in mine if way_of(a) == way}
            assert _targets(page) == marked, (card, way)
            if way == "swap":  # landed, the card marks the cards it may swap with
                landing = sorted(marked)[0]
                page.click(f".eg-cell[data-key='{landing}']")
                partners = {
                    _key(a["swap"]) for a in mine if way_of(a) == way and _key(a["at"]) == landing
                }
                assert _targets(page) == partners
                page.click(f".eg-cell[data-key='{landing}']")  # back: not landed
                assert _targets(page) == marked
        page.click(f".eg-hand-card[data-card='{card}']")  # put back: nothing marked
        assert not _targets(page)
    assert {"swap", "overwrite", "down"} <= {way_of(a) for a in legal}
    assert any(way_of(a).startswith("insert-") for a in legal)
    # A card dragged onto a marked cell with the mouse is played there.
    red = next(
        c for c in _hand(page) if any(way_of(a) == "overwrite" for a in legal if a.get("card") == c)
    )
    held = page.locator(f".eg-hand-card[data-card='{red}']").bounding_box()
    page.mouse.move(held["x"] + held["width"] / 2, held["y"] + held["height"] / 2)
    page.mouse.down()
    page.mouse.move(held["x"] + 40, held["y"] + 40, steps=4)
    target = page.locator("#eg-board .eg-cell.target").first
    key = target.get_attribute("data-key")
    spot = target.bounding_box()
    before = page.evaluate(MOVES)
    page.evaluate(COUNT_TRAVELS)
    page.mouse.move(spot["x"] + spot["width"] / 2, spot["y"] + spot["height"] / 2, steps=6)
    page.mouse.up()
    _moved(page, before)
    played = page.locator(f".eg-cell[data-key='{key}'] .eg-card[data-card='{red}']")
    assert played.count() == 1
    # The card travelled from the hand (above the grid) down to its cell.
    travels = page.evaluate("() => window.travels")
    assert [t for t in travels if t["card"] == str(red) and t["from"].startswith("translate(")]
    assert all(t["card"] != str(red) or float(t["from"].split(",")[1][:-3]) < 0 for t in travels)


def _bots_last_cells(server: Server, made: dict[str, Any]) -> set[str]:
    """The cells the bot's last move played on, from the table's own changes (its events)."""
    client = seated(server.base, made, 0)
    try:
        changes = newest(client, -1)["changes"]
    finally:
        client.close()
    last = [c for c in changes if c["kind"] == "move" and c["seat"] == 1][-1]
    played = [e for e in last["events"] if e["type"] == "played"]
    return {_key(e[k]) for e in played for k in ("at", "swap") if k in e}


def _marked(page: Any) -> set[str]:
    return set(page.eval_on_selector_all("#eg-board .eg-last", KEYS))


def test_the_bots_last_move_stays_marked_after_a_reload(page: Any, server: Server) -> None:
    """The marks come from the moves as played (the changes' events), so a reload keeps them;
    Ann's own move clears them."""
    made = _made(server, seed=SEED)
    advance(server, made, 3)
    seat_page(page, server, made)
    assert _my_turn(page)
    cells = _bots_last_cells(server, made)
    assert cells
    assert _marked(page) == cells
    assert "Bot random's last move" in page.inner_text("#eg-board .eg-last")
    page.reload()
    page.wait_for_selector("#board:not([hidden])")
    assert _my_turn(page)
    page.wait_for_selector("#eg-board .eg-cell")
    assert _marked(page) == cells
    before = page.evaluate(MOVES)
    page.click(".eg-hand-card >> nth=0")
    page.click("#eg-board .eg-cell.target >> nth=0")
    _moved(page, before)
    # Until the bot answers, nothing is marked; then its new move is.
    unmarked = f"() => !{LAST}.active.includes(1) || !document.querySelector('#eg-board .eg-last')"
    assert page.evaluate(unmarked)
    assert _my_turn(page)
    assert _marked(page) == _bots_last_cells(server, made)


CENTRES = """(found) => found.map((el) => {
    const r = el.getBoundingClientRect();
    return [el.textContent, r.left + r.width / 2, r.top + r.height / 2];
})"""


def _axes(page: Any) -> tuple[dict[str, tuple[float, float]], dict[str, tuple[float, float]]]:
    """The grid's coordinates on its edges, each with the centre it is drawn at."""
    cols = page.eval_on_selector_all("#eg-board .eg-axis.eg-col", CENTRES)
    rows = page.eval_on_selector_all("#eg-board .eg-axis.eg-row", CENTRES)
    return {t: (x, y) for t, x, y in cols}, {t: (x, y) for t, x, y in rows}


def test_the_grid_shows_the_coordinates_its_sentences_name(browser: Any, server: Server) -> None:
    """The log names a cell by x,y; the grid's edges show x above each column and y beside
    each row, readable on a phone, and a screen reader hears the same x,y in each cell."""
    with _phone(browser) as page:
        made = _made(server, fixed=POWERS)
        seat_page(page, server, made)
        assert _my_turn(page)
        before = page.evaluate(MOVES)
        page.tap(".eg-hand-card >> nth=0")
        target = page.locator("#eg-board .eg-cell.target").first
        key = target.get_attribute("data-key")
        target.tap()
        _moved(page, before)
        x, y = key.split(",")
        logged = "(at) => document.querySelector('#log').textContent.includes(at)"
        page.wait_for_function(logged, arg=f"at {key}")
        target = page.locator(f"#eg-board .eg-cell[data-key='{key}']")
        heard = target.locator(".sr-only").text_content()  # what a screen reader hears
        assert heard.startswith(f"{key}: "), heard
        target.scroll_into_view_if_needed()
        cols, rows = _axes(page)
        box = target.bounding_box()
        assert abs(cols[x][0] - (box["x"] + box["width"] / 2)) < 1
        assert abs(rows[y][1] - (box["y"] + box["height"] / 2)) < 1
        sizes = page.eval_on_selector_all(
            "#eg-board .eg-axis", "(f) => f.map((el) => parseFloat(getComputedStyle(el).fontSize))"
        )
        assert min(sizes) >= 10, sizes
        # The labels stay at the edges while the grid scrolls under them.
        row = page.locator("#eg-board .eg-axis.eg-row").first
        was = row.bounding_box()["x"], target.bounding_box()["x"]
        page.eval_on_selector("#eg-board", "(box) => { box.scrollLeft += 60; }")
        assert target.bounding_box()["x"] < was[1]
        assert row.bounding_box()["x"] == was[0]


def test_a_hint_lights_up_its_move(page: Any, server: Server) -> None:
    made = _made(server, fixed=POWERS)
    client = seated(server.base, made, 0, legal=True)
    try:
        update = newest(client, -1)
    finally:
        client.close()
    page.goto(f"{server.base}/static/index.html")
    games = httpx.get(f"{server.base}/api/games").json()["games"]
    entry = next(g for g in games if g["name"] == GAME)
    page.evaluate(
        """async ([entry, update]) => {
            const { default: createBoard } = await import(entry.board);
            const components = await (await fetch(entry.components)).json();
            const root = document.createElement("div");
            root.className = "board";
            document.body.replaceChildren(root);
            const ctx = {
                view: update.view, seat: update.seat, active: update.active, legal: update.legal,
                names: ["Ann", "Bot"], table: update.table, ui: {}, readonly: false, myTurn: true,
                over: false, act: async () => ({ type: "ok" }), components, reminders: [],
            };
            window.eg = createBoard();
            window.eg.mount(root, ctx);
            window.eg.update(ctx);
        }""",
        [entry, update],
    )
    swap = next(a for a in update["legal"] if way_of(a) == "swap")
    page.evaluate("(action) => window.eg.highlight(action)", swap)
    lit = set(page.eval_on_selector_all(".hinted", KEYS))
    assert lit == {str(swap["card"]), _key(swap["at"]), _key(swap["swap"])}
    # Choosing a card redraws the board: the hint stays lit.
    page.click(".eg-hand-card >> nth=0")
    assert set(page.eval_on_selector_all(".hinted", KEYS)) == lit
    insert = next(a for a in update["legal"] if a["type"] == "insert")
    page.evaluate("(action) => window.eg.highlight(action)", insert)
    assert set(page.eval_on_selector_all(".hinted", KEYS)) == {
        str(insert["card"]),
        _key(insert["at"]),
    }
    page.evaluate("() => window.eg.highlight(null)")
    assert page.locator(".hinted").count() == 0


def test_a_hint_lights_up_the_word_it_claims(page: Any, server: Server) -> None:
    """In the final scramble the table page's board lights up a claim's word and its button."""
    made = _made(server, fixed=SCRAMBLE)
    scramble = advance(
        server, made, 100, until=lambda u: u["view"]["phase"] == "scramble" and 0 in u["active"]
    )
    claim = next(a for a in scramble["legal"] if a["type"] == "claim")
    seat_page(page, server, made)
    assert _my_turn(page)
    page.evaluate("(action) => window.crafthallTable.board.highlight(action)", claim)
    word = next(
        w
        for w in scramble["view"]["words"]
        if w["cells"][0] == claim["at"] and w["direction"] == claim["direction"]
    )
    lit = set(page.eval_on_selector_all("#eg-board .hinted", KEYS))
    assert lit == {_key(at) for at in word["cells"]}
    assert page.locator(f".eg-claim-btn.hinted:has-text('{word['word']}')").count() == 1


def _listed(page: Any) -> bool:
    """Whether the chosen card has cells marked. The server lists a few hundred legal actions,
    card after card: the last cards of a hand may have none listed in a crowded position, and
    the board then says it marks nothing for them (the first card always has its own)."""
    if page.locator("#eg-board .eg-cell.target").count():
        return True
    assert "could be listed" in page.inner_text(".eg-say")
    return False


class Keys:
    """Ann's moves with the keyboard alone, from wherever the last one left the focus."""

    def choose(self, page: Any, turn: int) -> None:
        """Back to the hand, along it to a card, Enter (the first card if the other has no
        cell marked)."""
        _focus_on(page, ".eg-hand-card", "Shift+Tab", 3)
        page.keyboard.press("Home")
        for _ in range(turn % len(_hand(page))):
            page.keyboard.press("ArrowRight")
        page.keyboard.press("Enter")
        assert page.evaluate("() => document.activeElement.classList.contains('chosen')")
        if not _listed(page):
            page.keyboard.press("Home")
            page.keyboard.press("Enter")

    def put_back(self, page: Any) -> None:
        page.keyboard.press("Escape")

    def move(self, page: Any, turn: int) -> str:
        """A card, then Tab to the grid, which it enters on a marked cell: Enter. In the
        scramble: the first word to claim (else Pass), Enter."""
        if page.locator("#eg-pass").count():
            _focus_on(page, "#eg-bar .eg-pick", "Shift+Tab", 3)
            page.keyboard.press("Enter")
            return "scramble"
        self.choose(page, turn)
        _focus_on(page, "#eg-board .eg-cell", "Tab", 3)
        assert page.evaluate("() => document.activeElement.classList.contains('target')")
        page.keyboard.press("Enter")
        return "play"

    def check(self, page: Any) -> None:
        """The arrows move the focus over the grid, a cell at a time."""
        _focus_on(page, "#eg-board .eg-cell", "Tab", 3)
        here = page.evaluate("() => document.activeElement.dataset.key")
        page.keyboard.press("ArrowRight")
        there = page.evaluate("() => document.activeElement.dataset.key")
        x, y = (int(n) for n in here.split(","))
        assert there == f"{x + 1},{y}", (here, there)
        page.keyboard.press("ArrowLeft")
        assert page.evaluate("() => document.activeElement.dataset.key") == here


class Taps:
    """Ann's moves with taps alone, on a phone."""

    def choose(self, page: Any, turn: int) -> None:
        cards = _hand(page)
        page.tap(f".eg-hand-card[data-card='{cards[turn % len(cards)]}']")
        if not _listed(page):
            page.tap(f".eg-hand-card[data-card='{cards[0]}']")

    def put_back(self, page: Any) -> None:
        page.tap(".eg-hand-card.chosen")

    def move(self, page: Any, turn: int) -> str:
        """A card, now and then another way to play it than placing, a marked cell (a swap's
        partner after it), each at least a finger's size. In the scramble: the first word to
        claim, else Pass."""
        if page.locator("#eg-pass").count():
            claims = page.locator(".eg-claim-btn")
            page.tap(".eg-claim-btn >> nth=0" if claims.count() else "#eg-pass")
            return "scramble"
        self.choose(page, turn)
        ways = page.locator(".eg-mode")
        if turn % 3 == 0 and ways.count() > 1:
            ways.last.tap()
        for _ in range(2 if page.locator("input[value='swap']:checked").count() else 1):
            target = page.locator("#eg-board .eg-cell.target").first
            target.scroll_into_view_if_needed()
            size = target.bounding_box()
            assert size["width"] >= 44 and size["height"] >= 44, size
            target.tap()
        return "play"

    def check(self, page: Any) -> None:
        """Every place a finger picks is at least the tap size; the letters are large enough
        to read; nothing runs off the side."""
        sizes = page.eval_on_selector_all(
            "#eg-board .eg-cell, .eg-hand-card, .eg-mode, .eg-zoom-btn",
            SMALLER_SIDE,
        )
        assert min(sizes) >= 44, min(sizes)
        letters = page.eval_on_selector_all(
            ".eg-letter", "(f) => f.map((el) => parseFloat(getComputedStyle(el).fontSize))"
        )
        assert letters and min(letters) >= 18, letters
        no_sideways_scroll(page)
        # The zoom buttons make the cells larger, and smaller again down to the tap size.
        cell = "#eg-board .eg-cell"
        size = page.eval_on_selector(cell, "(el) => el.getBoundingClientRect().width")
        page.tap(".eg-zoom-btn[aria-label='Larger cells']")
        assert page.eval_on_selector(cell, "(el) => el.getBoundingClientRect().width") > size
        smaller = ".eg-zoom-btn[aria-label='Smaller cells']"
        for _ in range(3):  # then it says it can go no further
            if page.get_attribute(smaller, "aria-disabled") != "true":
                page.tap(smaller)
        assert page.get_attribute(smaller, "aria-disabled") == "true"
        assert page.eval_on_selector(cell, "(el) => el.getBoundingClientRect().width") == 44


def _play_to_the_end(page: Any, hands: Keys | Taps, name: str | None = None) -> set[str]:
    """Ann plays with ``hands`` until the game ends; the kinds of moves she made ("play",
    "scramble"). With a ``name``, the page is checked mid-play (on her first turn after the
    bot moved, once she has played ``MID_PLAY`` moves), then looked at with a card chosen and
    the bot's move marked; and again at the end."""
    turn = 0
    kinds: set[str] = set()
    looked = name is None
    while _my_turn(page):
        if not looked and turn >= MID_PLAY and page.locator("#eg-board .eg-last").count():
            hands.check(page)
            hands.choose(page, turn)
            hands.check(page)
            assert "Bot random's last move" in page.inner_text("#eg-board .eg-last")
            _scheme_shots(page, f"{name}-mid")
            hands.put_back(page)
            looked = True
        before = page.evaluate(MOVES)
        kinds.add(hands.move(page, turn))
        _moved(page, before)
        turn += 1
    page.wait_for_selector("#end:not([hidden])")
    assert looked
    if name is not None:
        _scheme_shots(page, f"{name}-end")
    return kinds


@contextmanager
def _phone(browser: Any) -> Iterator[Any]:
    """A page on a phone: 390 px wide, a touch screen."""
    context = patient_context(browser, viewport=PHONE, has_touch=True, is_mobile=True)
    try:
        yield context.new_page()
    finally:
        context.close()


def test_a_whole_game_with_the_keyboard_alone(page: Any, server: Server) -> None:
    page.set_viewport_size(DESKTOP)
    seat_page(page, server, _made(server, seed=SEED))
    _my_turn(page)
    _focus_on(page, ".eg-hand-card", "Tab", 40)
    assert "play" in _play_to_the_end(page, Keys(), "1280")


def test_a_whole_game_on_a_phone_with_taps_alone(browser: Any, server: Server) -> None:
    with _phone(browser) as page:
        seat_page(page, server, _made(server, seed=SEED + 1))
        assert "play" in _play_to_the_end(page, Taps(), "390")
        no_sideways_scroll(page)


def test_the_final_scramble_with_the_keyboard_and_with_taps(
    browser: Any, page: Any, server: Server
) -> None:
    """A short game (ten cards, six words laid out for the scramble) to its end, by keyboard
    and by taps: Ann claims words in the final scramble."""
    seat_page(page, server, _made(server, fixed=SCRAMBLE))
    _my_turn(page)
    _focus_on(page, ".eg-hand-card", "Tab", 40)
    assert _play_to_the_end(page, Keys()) == {"play", "scramble"}
    with _phone(browser) as phone:
        seat_page(phone, server, _made(server, fixed=SCRAMBLE))
        assert _play_to_the_end(phone, Taps()) == {"play", "scramble"}


def test_no_serious_accessibility_violation(browser: Any, server: Server, axe_source: str) -> None:
    """Mid-game with a card chosen (its cells marked, the bot's last move marked), at both
    widths: nothing serious on the page in light, nor on the board in dark (axe's script let
    past the page's Content-Security-Policy)."""
    made = _made(server, seed=SEED)
    advance(server, made, MID_PLAY)
    for size in (DESKTOP, PHONE):
        context = patient_context(browser, viewport=size, bypass_csp=True)
        try:
            page = context.new_page()
            seat_page(page, server, made)
            while not page.locator("#eg-board .eg-last").count():  # a move the bot answers
                assert _my_turn(page)
                before = page.evaluate(MOVES)
                page.click(".eg-hand-card >> nth=0")
                page.click("#eg-board .eg-cell.target >> nth=0")
                _moved(page, before)
                _my_turn(page)
            page.click(".eg-hand-card >> nth=0")
            assert page.locator("#eg-board .eg-cell.target").count()
            no_serious_violations(page, axe_source)
            page.emulate_media(color_scheme="dark")
            found: list[dict[str, Any]] = page.evaluate(
                "async () => (await axe.run('#board', {resultTypes: ['violations']})).violations"
            )
            serious = [v["id"] for v in found if v["impact"] in ("serious", "critical")]
            assert not serious, found
        finally:
            context.close()
