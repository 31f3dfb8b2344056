"""``crafthall words``: answers per game and table options, and why a word is refused."""

from __future__ import annotations

import pytest

from crafthall.cli.main import main


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(["words", *argv])
    out, err = capsys.readouterr()
    return code, " ".join(out.split()), err


def test_check_answers_for_every_word_game(capsys: pytest.CaptureFixture[str]) -> None:
    _, out, _ = run(capsys, "check", "quiet", "in", "it's", "yid", "clit")
    assert "quiet: yes" in out
    assert "in: no (too-short) in Wordcraft, Evocabulary; yes in Wordsmith, Enchanted Grid" in out
    assert "it's: no (not-letters) in Wordcraft, Evocabulary, Enchanted Grid; yes in Wordsmith" in (
        out
    )
    assert "yid: no (offensive)" in out and "clit: no (adult-only)" in out


def test_check_for_one_game_and_its_options(capsys: pytest.CaptureFixture[str]) -> None:
    _, out, _ = run(capsys, "--game", "wordsmith", "--option", "adult_words=true", "check", "clit")
    assert out == "clit: yes"
    _, out, _ = run(capsys, "--game", "wordsmith", "--option", "min_length=4", "check", "cat")
    assert out == "cat: no (too-short)"
    _, out, _ = run(capsys, "--option", "min_length=3", "check", "in")  # Wordsmith's option
    assert out == "in: no (too-short) in Wordcraft, Wordsmith, Evocabulary; yes in Enchanted Grid"
    _, out, _ = run(capsys, "--game", "enchanted-grid", "--option", "min_word=3", "check", "in")
    assert out == "in: no (too-short)"
    _, out, _ = run(capsys, "--game", "wordcraft", "--spelling", "en-US", "check", "colour")
    assert out == "colour: no (other-spelling)"


@pytest.mark.parametrize(
    ("argv", "sentence"),
    [
        (["--game", "wordcraft", "why", "qi"], "QI is too short for Wordcraft: a word needs at "
         "least 3 letters."),
        (["--game", "wordcraft", "why", "biker", "--after", "tree", "bike"], "BIKER stems from "
         "BIKE, played earlier: played words and the words that stem from them are not "
         "allowed."),
        (["--game", "wordcraft", "why", "bike", "--after", "bicycle"], "BIKE stems from "
         "BICYCLE, played earlier"),
        (["--game", "wordcraft", "why", "bicycle", "--after", "bike"], "Wordcraft accepts "
         "BICYCLE."),
        (["--game", "wordcraft", "--option", "families=related", "why", "bicycle", "--after",
          "bike"], "BICYCLE is of the same family as BIKE, played earlier"),
        (["--game", "wordcraft", "why", "yid"], "YID is a slur: it is never accepted nor played."),
        (["--game", "wordcraft", "why", "clit"], "accepted only at a table that turns on "
         "adult_words"),
        (["--game", "wordcraft", "why", "xqzv"], "XQZV is not in the standard dictionary."),
        (["--game", "wordcraft", "why", "multi"], "MULTI is a prefix, a suffix or an "
         "abbreviation standing alone"),
        (["--game", "wordcraft", "--spelling", "en-GB", "why", "color"], "this table takes only "
         "en-GB spellings"),
        (["--game", "wordcraft", "why", "football", "--after", "foot"], "Wordcraft accepts "
         "FOOTBALL."),
        (["--game", "wordcraft", "why", "café"], "Wordcraft accepts CAFE."),
    ],
)  # fmt: skip
def test_why_explains(capsys: pytest.CaptureFixture[str], argv: list[str], sentence: str) -> None:
    code, out, _ = run(capsys, *argv)
    assert code == 0
    assert sentence in out


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["check", ""], "'' is not a word"),
        (["check", "12"], "'12' is not a word"),
        (["why", "-"], "'-' is not a word"),
        (["family", "", "bike"], "'' is not a word"),
        (["find", "1", "2", "3"], "'1' is not a card"),
        (["find", ","], "Name the cards"),
        (["--game", "swordcrafters", "check", "cat"], "Sword Crafters does not check words"),
        (["--game", "chess", "check", "cat"], "There is no game called 'chess'"),
        (["--option", "speed=3", "check", "cat"], "No word game has the option speed"),
        (
            ["--spelling", "en-US", "--dictionary", "/tmp/none.txt", "check", "cat"],
            "A spelling choice (en-US) goes with the bundled sizes",
        ),
    ],
)
def test_bad_input_gets_a_sentence(
    capsys: pytest.CaptureFixture[str], argv: list[str], message: str
) -> None:
    code, _, err = run(capsys, *argv)
    assert code == 2
    assert message in err
