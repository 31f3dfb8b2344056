"""``crafthall words``: ask the dictionary as each word game at a table would.

A word is judged with a game's own rules: its dictionary options (``dictionary``,
``spelling``, ``adult_words``), its shortest word, whether hyphens and apostrophes count,
and the word families a game rules out.  Without ``--game`` the answer is given for every word game.
"""

from __future__ import annotations

import argparse
import dataclasses
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from rich.console import Console

from crafthall.engine.errors import SetupError
from crafthall.engine.options import split_assignments
from crafthall.games import entry, game_class, make_game, names
from crafthall.games.wordgame import WordGame
from crafthall.lexicon import ADULT_ONLY, OFFENSIVE, SIZES, SPELLINGS, Lexicon, load
from crafthall.lexicon.wordlist import normalize_word, not_words

console = Console()

LETTERS = re.compile("[a-z]+")
# what a word asked about may hold: letters (accented ones fold to plain: CAFÉ is CAFE), and
# the hyphens and apostrophes some games allow; at least one plain letter
ASKED = re.compile(r"[a-z\u00e0-\u00ff'\-\u2019]*[a-z][a-z\u00e0-\u00ff'\-\u2019]*")


@dataclass(frozen=True)
class WordRules:
    """How one game at one table judges a word."""

    title: str
    lexicon: Lexicon
    min_length: int
    hyphen: bool = False
    apostrophe: bool = False
    after: Callable[[str, Sequence[str]], str | None] = lambda word, earlier: None
    """Why a word may not follow the words played earlier (the game's
    :meth:`~crafthall.games.wordgame.WordGame.refuses_after`), or None."""


def add_parser(sub: Any) -> None:
    """The ``words`` command and its questions."""
    words = sub.add_parser("words", help="ask the dictionary, as each word game would")
    words.add_argument("--game", help="answer for one game (default: every word game)")
    words.add_argument(
        "--option",
        action="append",
        default=[],
        metavar="KEY=VALUE",
        help="a table option, e.g. --option adult_words=true or --option min_length=3",
    )
    words.add_argument("--dictionary", help=f"{', '.join(SIZES)}, or a word list file")
    words.add_argument("--spelling", choices=SPELLINGS, help="en (every region), en-US, en-GB")
    words_sub = words.add_subparsers(dest="words_command", required=True, metavar="QUESTION")
    check = words_sub.add_parser("check", help="is each word acceptable? (e.g. check quiet qi)")
    check.add_argument("word", nargs="+")
    check.add_argument("--min-length", type=int, help="shortest word, instead of the game's")
    why = words_sub.add_parser("why", help="why a word is refused (e.g. why biker --after bike)")
    why.add_argument("word")
    why.add_argument("--after", nargs="+", default=[], metavar="WORD", help="words played earlier")
    find = words_sub.add_parser(
        "find", help="words spellable from cards (e.g. find q u i e t or find qu,a,r,t)"
    )
    find.add_argument("cards", nargs="+", help="letters or cards; 'qu' is one card")
    find.add_argument("--tiles", action="store_true", help="each card at most once")
    find.add_argument("--wild", type=int, default=0, help="wild tiles (with --tiles)")
    find.add_argument("--min-length", type=int, default=3)
    find.add_argument("--limit", type=int, default=60, help="how many words to print")
    family = words_sub.add_parser("family", help="are two words of one family? (bike bicycle)")
    family.add_argument("first")
    family.add_argument("second")
    syllables = words_sub.add_parser("syllables", help="syllable counts (e.g. syllables spell)")
    syllables.add_argument("word", nargs="+")


def word_games() -> list[str]:
    """The names of the games that check words."""
    return [name for name in names() if issubclass(entry(name).game, WordGame)]


def _word_game_classes() -> list[type[WordGame]]:
    return [game for name in names() if issubclass(game := entry(name).game, WordGame)]


def table_options(args: argparse.Namespace) -> dict[str, Any]:
    """The table options the command was given."""
    options = split_assignments(args.option)
    if args.dictionary is not None:
        options["dictionary"] = args.dictionary
    if args.spelling is not None:
        options["spelling"] = args.spelling
    return options


def _option_names(name: str) -> set[str]:
    return set(game_class(name).Options.model_fields)


def game_rules(name: str, options: dict[str, Any], games_asked: Sequence[str] = ()) -> WordRules:
    """How game ``name`` with these table options judges words; when several games are asked
    about (``games_asked``), each takes the options it has."""
    if len(games_asked) > 1:  # every game is asked: each takes the options it has
        options = {key: value for key, value in options.items() if key in _option_names(name)}
    game = make_game(name, options)  # an unknown name gets the games' own sentence
    if not isinstance(game, WordGame):
        raise SetupError(
            f"{game.title} does not check words; word games: {', '.join(word_games())}."
        )
    return WordRules(
        title=game.title,
        lexicon=game.lexicon,
        min_length=game.shortest_word(),
        hyphen=game.symbols,
        apostrophe=game.symbols,
        after=game.refuses_after,
    )


def asked_word(word: str) -> str:
    """The word as asked, lowercased; empty or non-letter input is refused with a sentence."""
    lowered = word.strip().lower()
    if not ASKED.fullmatch(lowered):
        with_symbols = [game.title for game in _word_game_classes() if game.symbols]
        symbols = f" ({', '.join(with_symbols)} also takes hyphens and apostrophes)"
        raise SetupError(
            f"'{word}' is not a word: words are letters a-z{symbols if with_symbols else ''}, "
            "e.g. 'quiet'."
        )
    return normalize_word(lowered)


def refusal(word: str, rules: WordRules, earlier: Sequence[str] = ()) -> tuple[str, str] | None:
    """None if the game takes the word, else (code, sentence) saying why not."""
    lexicon = rules.lexicon
    code = lexicon.check(
        word,
        min_length=rules.min_length,
        allow_hyphen=rules.hyphen,
        allow_apostrophe=rules.apostrophe,
    )
    upper = word.upper()
    if code == "not-letters":
        return code, f"{rules.title} takes letters a-z only; {upper} holds other symbols."
    if code == "too-short":
        return code, (
            f"{upper} is too short for {rules.title}: a word needs at least "
            f"{rules.min_length} letters."
        )
    if code is not None:
        return _not_in(word, rules)
    after = rules.after(word, earlier)
    if after is not None:
        return "family", after
    return None


def _not_in(word: str, rules: WordRules) -> tuple[str, str]:
    """Why a word is not in the table's list: offensive, another spelling, or simply absent."""
    lexicon, upper = rules.lexicon, word.upper()
    withheld = lexicon.withheld(word)
    if withheld == OFFENSIVE:
        return "offensive", f"{upper} is a slur: it is never accepted nor played."
    if withheld == ADULT_ONLY:
        return "adult-only", (
            f"{upper} is a vulgar word: it is accepted only at a table that turns on adult_words."
        )
    if word in not_words():
        return "not-a-word", (
            f"{upper} is a prefix, a suffix or an abbreviation standing alone, not a word: "
            "no game takes it."
        )
    size = lexicon.name.split(" ")[0]
    if size in SIZES:
        if word in load(size):
            return "other-spelling", (
                f"{upper} is not in the {lexicon.name} dictionary: this table takes only "
                f"{lexicon.name.split(' ')[1]} spellings."
            )
        bigger = [other for other in SIZES[SIZES.index(size) + 1 :] if word in load(other)]
        if bigger:
            return "not-in-dictionary", (
                f"{upper} is not in the {size} dictionary; the {bigger[0]} one has it."
            )
    return "not-in-dictionary", f"{upper} is not in the {lexicon.name} dictionary."


def run(args: argparse.Namespace) -> int:
    """Answer one ``crafthall words`` question."""
    options = table_options(args)
    games = [args.game] if args.game else word_games()
    if not args.game:
        unknown = set(options).difference(*(_option_names(name) for name in games))
        if unknown:
            raise SetupError(
                f"No word game has the option {', '.join(sorted(unknown))} (see 'crafthall games')."
            )
    question = args.words_command
    if question == "check":
        return _check(args, games, options)
    if question == "why":
        return _why(args, games, options)
    rules = game_rules(games[0], options) if args.game else None
    lexicon = rules.lexicon if rules else _plain_lexicon(options)
    if question == "find":
        return _find(args, lexicon)
    if question == "family":
        first, second = asked_word(args.first), asked_word(args.second)
        same = lexicon.same_family(first, second)
        console.print(f"{first} and {second} are {'' if same else 'not '}of one word family.")
        return 0
    asked = [asked_word(word) for word in args.word]
    for word in asked:
        if not LETTERS.fullmatch(word):
            raise SetupError(f"'{word}' is not a word: syllables are counted for letters a-z.")
    for word in asked:
        console.print(f"{word}: {lexicon.syllables(word)}")
    return 0


def _plain_lexicon(options: dict[str, Any]) -> Lexicon:
    """The dictionary of the options, with no game to ask."""
    return load(
        options.get("dictionary", "standard"),
        spelling=options.get("spelling", "en"),
        adult_words=bool(options.get("adult_words", False)),
    )


def _check(args: argparse.Namespace, games: list[str], options: dict[str, Any]) -> int:
    asked = [asked_word(word) for word in args.word]
    every = [game_rules(name, options, games) for name in games]
    if args.min_length is not None:
        every = [dataclasses.replace(rules, min_length=args.min_length) for rules in every]
    for word in asked:
        verdicts: dict[str, list[str]] = {}
        for rules in every:
            found = refusal(word, rules)
            verdicts.setdefault("yes" if found is None else f"no ({found[0]})", []).append(
                rules.title
            )
        if len(verdicts) == 1:
            console.print(f"{word}: {next(iter(verdicts))}")
            continue
        # refusals first: "qi: no (too-short) in one game; yes in another"
        ordered = sorted(verdicts.items(), key=lambda item: item[0] == "yes")
        parts = [f"{verdict} in {', '.join(titles)}" for verdict, titles in ordered]
        console.print(f"{word}: {'; '.join(parts)}")
    return 0


def _why(args: argparse.Namespace, games: list[str], options: dict[str, Any]) -> int:
    word = asked_word(args.word)
    earlier = [asked_word(before) for before in args.after]
    for name in games:
        rules = game_rules(name, options, games)
        found = refusal(word, rules, earlier)
        sentence = f"{rules.title} accepts {word.upper()}." if found is None else found[1]
        console.print(sentence if len(games) == 1 else f"{rules.title}: {sentence}")
    return 0


def _find(args: argparse.Namespace, lexicon: Lexicon) -> int:
    cards = [card for part in args.cards for card in part.lower().split(",") if card]
    if not cards:
        raise SetupError("Name the cards to spell from, e.g. 'find q u i e t'.")
    for card in cards:
        if not LETTERS.fullmatch(card):
            raise SetupError(
                f"'{card}' is not a card: cards are letters a-z, e.g. 'find q u i e t' "
                "or 'find qu,a,r,t'."
            )
    if args.wild < 0:
        raise SetupError("--wild needs 0 or more wild tiles.")
    if args.wild and not args.tiles:
        raise SetupError("--wild goes with --tiles: wild tiles stand in for single tiles.")
    found = lexicon.words_from_letters(
        cards, reusable=not args.tiles, min_length=args.min_length, wildcards=args.wild
    )
    found.sort(key=lambda word: (-len(word), word))
    shown = found[: args.limit]
    console.print(f"{len(found)} words; the longest first:")
    console.print(" ".join(shown) + (" ..." if len(found) > len(shown) else ""))
    return 0
