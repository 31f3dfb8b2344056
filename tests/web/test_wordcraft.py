"""Two people in two browsers create and join a Wordcraft table and play it to the end screen;
a refused word shows the engine's sentence by the word box; a reload mid-game restores the page."""

from __future__ import annotations

import re
from typing import Any

from crafthall.lexicon import load
from tests.web.conftest import Server, shot

NAME = "Ann <b>&amp;"


def _grid(page: Any) -> list[str]:
    cards: list[str] = page.eval_on_selector_all(".wc-card", "els => els.map(e => e.dataset.card)")
    return cards


def _words(page: Any) -> list[str]:
    """Short words the grid spells (the page's grid, the table's dictionary)."""
    cards = _grid(page)
    found = load("standard").words_from_letters(cards, reusable=True, min_length=3)
    return [w for w in found if w.isalpha() and len(w) <= 5 and "q" not in w][:40]


def _my_turn(page: Any) -> bool:
    return "mine" in (page.get_attribute("#turn", "class") or "")


def _play_a_word(page: Any, by_clicking: bool) -> str:
    page.wait_for_selector("#turn.mine")
    for word in _words(page):
        if by_clicking:
            page.click("button:has-text('Clear')")
            for letter in word:
                page.click(f".wc-card[data-card='{letter}']")
            assert page.input_value("#wc-word") == word
            page.click("#wc-play")
        else:
            page.fill("#wc-word", word)
            page.press("#wc-word", "Enter")
        page.wait_for_function(
            "() => document.querySelector('.refusal.live') || !document.querySelector('#turn.mine')"
        )
        if not _my_turn(page):
            return word
    raise AssertionError("no playable word found")


def test_two_browsers_play_wordcraft_to_the_end(browser: Any, server: Server) -> None:
    ann_ctx = browser.new_context(viewport={"width": 1280, "height": 900})
    ben_ctx = browser.new_context(viewport={"width": 390, "height": 844})  # a phone
    errors: list[str] = []
    try:
        ann = ann_ctx.new_page()
        ben = ben_ctx.new_page()
        for p in (ann, ben):
            p.set_default_timeout(15_000)
            p.on("pageerror", lambda err: errors.append(str(err)))

        # Ann creates the table in the lobby: she sits at seat 1, seat 2 is open.
        ann.goto(server.base + "/")
        ann.fill("#your-name", NAME)
        ann.select_option("#game", "wordcraft")
        ann.click("summary:has-text('Options')")
        assert 'Default: "standard"' in ann.inner_text(".options")
        ann.fill("#seed", "7")
        ann.select_option(".seat-row:nth-child(2) .seat-kind", "open")
        ann.click("#create-table")
        ann.wait_for_url(re.compile(r"/t/"))
        invite = ann.input_value(".invite-link")
        assert "invite=" in invite

        # Ben opens the invite link on his phone and joins.
        ben.goto(invite)
        ben.fill("#join-name", "Ben")
        ben.click("#join-button")
        for p in (ann, ben):
            p.wait_for_selector(".wc-card")
        # Names are text, never HTML.
        assert NAME in ann.inner_text("#scores")
        assert ann.locator("#scores b").count() == 0
        assert len(_grid(ann)) == 12

        pages = {"ann": ann, "ben": ben}
        first = "ann" if _my_turn(ann) else "ben"
        second = "ben" if first == "ann" else "ann"
        pages[first].wait_for_selector("#turn.mine")

        # A word the rules refuse: the engine's sentence appears by the word box.
        pages[first].fill("#wc-word", "zzxq")
        pages[first].press("#wc-word", "Enter")
        refusal = pages[first].wait_for_selector("#wc-bar + .refusal")
        assert refusal.inner_text().strip().endswith(".")

        played = [_play_a_word(pages[first], by_clicking=False)]
        played.append(_play_a_word(pages[second], by_clicking=True))
        for word in played:
            pages[first].wait_for_selector(f".wc-words li:has-text('{word.upper()}')")

        # A reload mid-game restores the page: the grid, the words played, the log.
        pages[first].reload()
        pages[first].wait_for_selector(".wc-card")
        assert played[0].upper() in pages[first].inner_text(".wc-used")
        assert "played" in pages[first].inner_text("#log")
        shot(ann, "wordcraft")

        # Then everyone passes: a full cycle of passes ends a round; 3 rounds end the game.
        for _ in range(40):
            if ann.is_visible("#end") and ben.is_visible("#end"):
                break
            for p in (ann, ben):
                if _my_turn(p) and not p.is_visible("#end"):
                    p.click("#wc-pass")
                    p.wait_for_function(
                        "() => !document.querySelector('#turn.mine') || "
                        "document.querySelector('.refusal.live')"
                    )
            ann.wait_for_timeout(100)
        ann.wait_for_selector("#end:not([hidden]) .winner")
        ben.wait_for_selector("#end:not([hidden]) .winner")
        assert "Winner" in ann.inner_text("#end") or "Shared" in ann.inner_text("#end")
        assert NAME in ann.inner_text("#end .score-table")
        shot(ann, "wordcraft-end")
        shot(ben, "wordcraft-end-phone")

        # The finished game is offered for replay in the lobby.
        table_id = ann.url.split("/t/")[1].split("?")[0]
        ann.goto(f"{server.base}/")
        ann.wait_for_selector(f'#finished-tables li[data-table="{table_id}"] a')
    finally:
        ann_ctx.close()
        ben_ctx.close()
    assert not errors, errors
