"""Learn to play in the browser: the lobby starts a tutorial, whose steps are followed to the
end on the game's own board, each step in the screen's words (never the terminal's) with its
pieces lit, refused moves answered about the move actually made; every game's tutorial, each
through its own board's controls; its end starts a real game against a beginner bot and links
to the rules; on a phone the step stays in view."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import httpx

from crafthall.tutorial import load
from tests.tutorial.test_tutorials import TERMINAL
from tests.web.conftest import Server, shot
from tests.web.helpers import PHONE


def _start(page: Any, server: Server, game: str) -> None:
    page.goto(server.base)
    page.click(f"#learn-{game}")
    page.wait_for_url("**/t/learn-*")


def _screen_only(text: str) -> str:
    """``text``, which must hold no terminal wording (what to type, coordinates, marks)."""
    found = TERMINAL.search(text)
    assert found is None, f"terminal wording {found.group()!r} on the page: {text}"
    return text


def _step(page: Any, number: int, of: int) -> None:
    page.wait_for_selector(f"#learn-step h2:text-is('Step {number} of {of}')")
    _screen_only(page.inner_text("#learn-step"))
    if page.locator(".learn-after").count():
        _screen_only(page.inner_text(".learn-after"))


def _refused(page: Any, words: str) -> str:
    note = page.wait_for_selector(".refusal.live")
    text: str = _screen_only(note.inner_text())
    assert words in text, text
    return text


def _wrong(step: Any) -> str:
    return str(step.words("wrong", screen=True))


def _done(page: Any, game: str) -> None:
    page.wait_for_selector("#learn-done")
    assert load(game).words("outro", screen=True) in _screen_only(page.inner_text("#learn-done"))
    assert page.locator(".refusal.live").count() == 0
    assert page.get_attribute("#learn-rules", "href") == f"/rules/{game}"


def _claim(page: Any, word: str) -> None:
    page.fill("#ws-word", word)
    page.press("#ws-word", "Enter")


def test_the_wordsmith_tutorial_from_the_lobby_to_the_end(page: Any, server: Server) -> None:
    steps = load("wordsmith").steps
    _start(page, server, "wordsmith")
    _step(page, 1, 7)
    assert "Claim BAG" in page.inner_text("#learn-step")

    _claim(page, "hats")  # not buildable: the tutorial's words, and the rules' sentence
    assert "HATS needs" in _refused(page, _wrong(steps[0]))
    _claim(page, "bag")
    _step(page, 2, 7)
    assert steps[0].words("after", screen=True) in page.inner_text("#learn-said")
    assert page.locator(".refusal.live").count() == 0

    _claim(page, "gab")  # only BAG's letters moved around
    _refused(page, _wrong(steps[1]))
    _claim(page, "qzx")  # refused by the rules for a reason of its own: theirs, then the step
    refused = _refused(page, "The rules: ")
    assert "QZX" in refused and steps[1].words("text", screen=True) in refused
    assert _wrong(steps[1]) not in refused
    _claim(page, "cast")
    _step(page, 3, 7)
    assert page.locator("#ws-roll.hinted").count() == 1  # the step's control is lit
    page.click("#ws-roll")
    _step(page, 4, 7)
    assert "You rolled red" in page.inner_text("#learn-said")
    shot(page, "learn-wordsmith")

    page.reload()  # the server keeps the lesson: the page comes back at the same step
    _step(page, 4, 7)
    _claim(page, "list")
    _step(page, 5, 7)
    page.click("#ws-pass")  # legal, but not this step's move
    _refused(page, _wrong(steps[4]))
    page.click("#ws-roll")  # a wild
    _step(page, 6, 7)
    page.click(".ws-takes button[data-piece='blue']")
    _step(page, 7, 7)
    _claim(page, "clip")
    _done(page, "wordsmith")

    page.click("#learn-play")  # one click: a real game against a beginner bot
    page.wait_for_url(lambda url: "/t/" in url and "/t/learn-" not in url)
    table = httpx.get(server.base + "/api/tables/" + page.url.rsplit("/", 1)[1]).json()
    kinds = [(seat["kind"], seat.get("bot")) for seat in table["seats"]]
    assert table["game"] == "wordsmith" and kinds == [("human", None), ("bot", "beginner")]
    page.wait_for_selector("#board:not([hidden])")
    assert page.get_attribute("#rules-link", "href") == "/rules/wordsmith"


def _cut(page: Any, start: str, end: str) -> None:
    page.click(f"circle[data-point='{start}']")
    page.click(f"circle[data-point='{end}']")


def _slot(page: Any, gem: str, side: int) -> None:
    page.click(f"button[aria-label='tile {gem}']")
    page.click(f".sc-sword.mine button[data-side='{side}']")


def test_the_sword_crafters_tutorial_to_the_end(page: Any, server: Server) -> None:
    steps = load("swordcrafters").steps
    _start(page, server, "swordcrafters")
    _step(page, 1, 9)
    _cut(page, "0,1", "2,1")  # stops halfway down the grid
    assert "stops short" in _refused(page, _wrong(steps[0]))
    _cut(page, "1,0", "1,4")
    _step(page, 2, 9)
    _cut(page, "1,1", "2,1")
    _step(page, 3, 9)
    page.click("#sc-actions button:has-text('E (')")  # legal, but not what the step asks
    _refused(page, _wrong(steps[2]))
    page.click("#sc-actions button:has-text('A (4')")
    _step(page, 4, 9)
    page.click("#sc-actions button:has-text('B (1')")
    _step(page, 5, 9)
    _slot(page, "red", 2)  # legal, not the step's: answered about the move made, not its try
    refused = _refused(page, "You slot a red tile on side 2")
    assert steps[4].words("text", screen=True) in refused and _wrong(steps[4]) not in refused
    _slot(page, "red", 1)
    _step(page, 6, 9)
    _slot(page, "red", 2)  # not next to the first red
    _refused(page, _wrong(steps[5]))
    _slot(page, "red", 1)
    for number, gem in ((7, "blue"), (8, "blue"), (9, "green")):
        _step(page, number, 9)
        _slot(page, gem, 1)
    _done(page, "swordcrafters")
    shot(page, "learn-swordcrafters")


def _option(label: str) -> str:
    return f"#evo-activation button:has-text('{label}')"


def _use(page: Any, *labels: str) -> None:
    """Answer the activation's decisions in turn, each by the option that says its label: at
    each moment the furthest one offered, since an update may draw the bar again from its
    first decision."""
    for _ in range(4 * len(labels)):
        page.wait_for_selector(", ".join(_option(label) for label in labels))
        offered = [n for n, label in enumerate(labels) if page.locator(_option(label)).count()]
        if not offered:
            continue  # drawn again between the wait and the look
        furthest = max(offered)
        page.locator(_option(labels[furthest])).first.click()
        if furthest == len(labels) - 1:
            return
        page.wait_for_selector(f"{_option(labels[furthest + 1])}, {_option(labels[0])}")
    raise AssertionError(f"the activation never offered {labels[-1]!r}")


def test_the_evocabulary_tutorial_to_the_end(page: Any, server: Server) -> None:
    steps = load("evocabulary").steps
    _start(page, server, "evocabulary")
    _step(page, 1, 9)
    page.fill("#evo-word", "sat")  # laid out with the A locked at the 3 team
    page.press("#evo-word", "Enter")
    _step(page, 2, 9)
    _use(page, "Draw a letter (leader)")
    _step(page, 3, 9)
    _use(page, "F01")
    _step(page, 4, 9)
    _use(page, "End the activation")  # legal, but the step wants the wild letter
    _refused(page, _wrong(steps[3]))
    _use(page, "F11")
    _step(page, 5, 9)
    page.fill("#evo-word", "stone")
    page.select_option("#evo-modify-team", "3")
    page.click("#evo-modify")
    _step(page, 6, 9)
    _use(page, "publish", "claims len5")
    _step(page, 7, 9)
    _use(page, "burn (leader)", "burn Z")
    _step(page, 8, 9)
    page.fill("#evo-word", "ride")
    page.press("#evo-word", "Enter")
    _step(page, 9, 9)
    _use(page, "hire (leader)", "(F02)", "team 4", "front")  # a Raven: legal, not the Lock
    assert "You hired F02" in _refused(page, steps[8].asks(screen=True))
    page.reload()  # the lesson is kept; the activation asks from its first decision again
    _step(page, 9, 9)
    _use(page, "hire (leader)", "(F41)", "team 4", "front")
    lock_e = "#evo-activation button >> text=/\\bE\\b/"
    if page.locator(lock_e).count():  # the letter to lock under it, where the board asks
        page.click(lock_e)
    _done(page, "evocabulary")
    shot(page, "learn-evocabulary")


def _grid_move(page: Any, action: dict[str, Any]) -> None:
    """An Enchanted Grid move on the page: its card (unless still chosen), how, then the cell."""
    card = page.locator(f".eg-hand-card[data-card='{action['card']}']")
    if "chosen" not in (card.get_attribute("class") or ""):
        card.click()
    how = "down" if action.get("face_down") else action["type"]
    if how == "insert":
        how = f"insert-{action['push']}"
    page.check(f"input[name='eg-how'][value='{how}']")
    x, y = action["at"]
    page.click(f".eg-cell[data-at='{x},{y}']")


def _every_step(
    page: Any, server: Server, game: str, move: Callable[[Any, dict[str, Any]], bool | None]
) -> None:
    """Follow ``game``'s tutorial to the end, making each step's wrong move first: the lesson
    answers it in the step's words, unless the board does not even offer it (``move`` returns
    False), which is the board keeping a player from the mistake."""
    steps = load(game).steps
    _start(page, server, game)
    for step in steps:
        _step(page, step.number, len(steps))
        if move(page, step.trial) is not False:
            _refused(page, _wrong(step))
        move(page, step.play)
    _done(page, game)


def test_the_enchanted_grid_tutorial_with_every_wrong_move(page: Any, server: Server) -> None:
    _every_step(page, server, "enchanted-grid", _grid_move)
    assert "HUG" in page.inner_text("#learn-said")
    shot(page, "learn-enchanted-grid")


def _word(page: Any, action: dict[str, Any]) -> bool:
    """A Wordcraft word on the page: its cards picked on the grid in the action's spelling (or
    the word typed), its achievement cards ticked as the action says (else as the page
    suggests). False where the board does not offer a claim of the action for that spelling."""
    if "spelling" in action:
        page.fill("#wc-word", "")
        for card in action["spelling"]:
            page.click(f".wc-grid [data-card='{card}']")
    else:
        page.fill("#wc-word", action["word"])
    if "achievements" in action:
        for card in page.locator(".wc-ach").all():
            wanted = card.get_attribute("data-id") in action["achievements"]
            if wanted and "target" not in (card.get_attribute("class") or "").split():
                return False
            if wanted != (card.get_attribute("aria-checked") == "true"):
                card.click()
    page.click("#wc-play")
    return True


def test_the_wordcraft_tutorial_with_every_wrong_move(page: Any, server: Server) -> None:
    _every_step(page, server, "wordcraft", _word)
    assert "QUIET" in page.inner_text("#learn-said")
    shot(page, "learn-wordcraft")
    page.click("#learn-rules")  # the tutorial's end opens the game's rules
    page.wait_for_url("**/rules/wordcraft")
    page.wait_for_selector("#rules-board[data-drawn='yes']")


def test_on_a_phone_the_step_stays_in_view_and_its_pieces_are_lit(
    page: Any, server: Server
) -> None:
    page.set_viewport_size(PHONE)
    _start(page, server, "enchanted-grid")
    _step(page, 1, 7)
    # The step's card in the hand and its cell on the grid are lit, as a hint lights a move.
    page.wait_for_selector(".eg-cell[data-at='0,0'].hinted")
    assert page.locator(".eg-hand-card[data-card='10'].hinted").count() == 1
    page.evaluate("() => window.scrollTo(0, document.body.scrollHeight)")
    box = page.evaluate(
        "() => { const r = document.querySelector('#learn-step').getBoundingClientRect();"
        " return {top: r.top, bottom: r.bottom, height: innerHeight}; }"
    )
    assert box["top"] >= 0 and box["bottom"] <= box["height"], box
    assert page.evaluate("() => scrollY") > 0, "the page is long enough to scroll"
    assert page.inner_text("#learn-step .learn-do").startswith("Do: Place your grey Enchanter U")
    shot(page, "learn-enchanted-grid-390")
