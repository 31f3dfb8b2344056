"""Two people in two browsers create and join a Wordcraft table and play it to the end screen;
a refused word shows the engine's sentence by the word box; a reload mid-game restores the page.
Three people call and cast the table's vote on a word."""

from __future__ import annotations

import re
from typing import Any

from crafthall.lexicon import load
from tests.games.wordcraft.helpers import EXAMPLE_GRID
from tests.server.helpers import seats
from tests.support import wait_until
from tests.web.conftest import Server, patient_context, seat_page, shot

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
    ann_ctx = patient_context(browser, viewport={"width": 1280, "height": 900})
    ben_ctx = patient_context(browser, viewport={"width": 390, "height": 844})  # a phone
    errors: list[str] = []
    try:
        ann = ann_ctx.new_page()
        ben = ben_ctx.new_page()
        for p in (ann, ben):
            p.on("pageerror", lambda err: errors.append(str(err)))

        # Ann creates the table in the lobby: she sits at seat 1, seat 2 is open.
        ann.goto(server.base + "/")
        ann.fill("#your-name", NAME)
        ann.select_option("#game", "wordcraft")
        ann.click("summary:has-text('Options')")
        assert "Default: standard." in ann.inner_text(".options")
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
        assert played[0].upper() in pages[first].inner_text("#log")
        shot(ann, "wordcraft")

        # Then everyone passes: a full cycle of passes ends a round; 3 rounds end the game.
        def passed_to_the_end() -> bool:
            """Whoever is to play passes (as the turn reaches them): is the game over?"""
            if ann.is_visible("#end") and ben.is_visible("#end"):
                return True
            for p in (ann, ben):
                if _my_turn(p) and not p.is_visible("#end"):
                    p.click("#wc-pass")
                    p.wait_for_function(
                        "() => !document.querySelector('#turn.mine') || "
                        "document.querySelector('.refusal.live')"
                    )
            return False

        wait_until(passed_to_the_end, "the passes never ended the game")
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


def test_issue16_item4_the_table_votes_a_word_down_in_the_browser(
    browser: Any, server: Server
) -> None:
    """Ann plays TREE; Cy, not on turn, calls the vote; Ben rejects it: 2 of the 3 players
    reject TREE, which is taken back, and Ann plays again: WAGE, which stands. Ben plays MAD;
    Cy calls a vote and Ann keeps it: with Ben's own keep, 2 keep and 1 rejects."""
    made = server.create(
        {
            "game": "wordcraft",
            "seats": seats("Ann", "Ben", "Cy"),
            "seed": 3,
            "fixed": {"grids": [EXAMPLE_GRID] * 3, "first_player": 0},
        }
    )
    contexts = [patient_context(browser, viewport={"width": 1100, "height": 900}) for _ in range(3)]
    errors: list[str] = []
    try:
        ann, ben, cy = pages = [context.new_page() for context in contexts]
        for seat, page in enumerate(pages):
            page.on("pageerror", lambda err: errors.append(str(err)))
            seat_page(page, server, made, seat)
            page.wait_for_selector(".wc-card")
        ann.wait_for_selector("#turn.mine")
        assert ann.is_hidden("#wc-vote")  # nobody has played: nothing to vote on
        ann.fill("#wc-word", "tree")
        ann.press("#wc-word", "Enter")
        # everyone else may call the vote until the next move; the word's player may not
        cy.wait_for_selector("#wc-dispute:has-text('Call a vote on TREE')")
        ben.wait_for_selector("#wc-dispute")
        ann.wait_for_selector(".wc-words li:has-text('TREE')")
        assert ann.locator("#wc-dispute").count() == 0
        cy.click("#wc-dispute")
        ben.wait_for_selector("#wc-reject:has-text('Reject TREE')")
        assert "Cy rejects" in ben.inner_text("#wc-vote")
        assert ben.is_disabled("#wc-play")  # a voter votes, and does not play
        assert ann.locator("#wc-keep").count() == 0 and cy.locator("#wc-keep").count() == 0
        shot(ben, "wordcraft-vote")
        ben.click("#wc-reject")
        for page in pages:
            page.wait_for_selector("#log li:has-text('TREE is rejected')")
            page.wait_for_selector(".wc-used:has-text('No word yet.')")
        ann.wait_for_selector("#turn.mine")  # she must make another word
        ann.fill("#wc-word", "wage")
        ann.press("#wc-word", "Enter")
        # the word after one taken back stands: no vote may be called on it
        for page in pages:
            page.wait_for_selector("#log li:has-text('WAGE stands')")
        ben.wait_for_selector("#turn.mine")
        assert ben.is_hidden("#wc-vote") and cy.is_hidden("#wc-vote")
        assert "WAGE" in ann.inner_text(".wc-used")
        ben.fill("#wc-word", "mad")
        ben.press("#wc-word", "Enter")
        cy.wait_for_selector("#turn.mine")
        cy.click("#wc-dispute")
        ann.wait_for_selector("#wc-reject:has-text('Reject MAD')")
        assert "2 rejects take it back" in ann.inner_text("#wc-vote")
        ann.click("#wc-keep")  # Ben keeps his own word: 2 keep, 1 reject
        for page in pages:
            page.wait_for_selector("#log li:has-text('MAD stands (2 keep, 1 reject)')")
        cy.wait_for_selector("#turn.mine")
        assert cy.is_enabled("#wc-play") and cy.is_hidden("#wc-vote")
    finally:
        for context in contexts:
            context.close()
    assert not errors, errors
