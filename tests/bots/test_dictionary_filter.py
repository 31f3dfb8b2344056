"""No bot plays a word the table's dictionary leaves out.

The table here plays with its own word list: the standard list without the common words that
hold an E (THE, HERE, WERE...), and, as at every table without adult words, without the
offensive ones. A level that knew words from the bundled ``common`` list *instead of* the
table's would play such words at once; each level must keep to what the table allows (the
common words it knows, where the table has them). Every bot of every word game plays from
seeded positions, and every word its moves spell is looked up in that game's own list.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path

import pytest

from crafthall.bots.base import GENERIC_BOTS
from crafthall.bots.ismcts import DEFAULT_POLICY
from crafthall.bots.levels import LADDER
from crafthall.engine import Action, Event, Match
from crafthall.games import entry, make_bot
from crafthall.games.wordgame import WordGame
from crafthall.lexicon import Lexicon
from crafthall.lexicon import load as load_lexicon
from tests.support import start

WORD_GAMES = ["wordcraft", "wordsmith", "evocabulary", "enchanted-grid"]
POSITIONS = ((5, 2), (9, 12))
"""(seed, random moves played from the deal) of each position the bots play from."""
BOT_MOVES = 3
"""Bot moves played from each position (every seat a bot of the level under test)."""


@pytest.fixture(scope="module")
def word_list(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    standard = load_lexicon("standard")
    left_out = {word for word in load_lexicon("common").words if "e" in word}
    path = tmp_path_factory.mktemp("dictionary") / "table-words.txt"
    kept = [w for w in [*standard.words, *standard.extra_words] if w not in left_out]
    path.write_text("\n".join(kept) + "\n", encoding="utf-8")
    yield path


def _levels(game: str) -> list[str]:
    """Every bot of ``game``: the ladder, the yardsticks and the game's own bots."""
    return list(dict.fromkeys([*LADDER, *GENERIC_BOTS, *entry(game).bots]))


def _words(game: str, match: Match, action: Action, events: list[Event]) -> list[str]:
    """The words a move spells: those its action names and those its events report."""
    policy = entry(game).search or DEFAULT_POLICY
    found = list(policy.words(match.game, action))
    found += [e["word"] for e in events if isinstance(e.get("word"), str)]
    return found


def allowed(lexicon: Lexicon, word: str) -> bool:
    """In the table's list, hyphenated or with an apostrophe where the list has it so."""
    listed = lexicon.contains(word, allow_hyphen=True, allow_apostrophe=True)
    return listed and lexicon.withheld(word) is None


def _position(game: str, word_list: Path, seed: int, moves: int) -> Match:
    match = start(game, 2, seed=seed, options={"dictionary": str(word_list)})
    rng = random.Random(seed)
    for _ in range(moves):
        active = match.active_seats()
        if not active:
            break
        seat = active[0]
        match.apply(seat, match.game.sample_action(match.state, seat, rng))
    return match


@pytest.mark.slow
@pytest.mark.parametrize("game", WORD_GAMES)
def test_every_bot_plays_only_words_the_table_allows(game: str, word_list: Path) -> None:
    played: dict[str, list[str]] = {}
    for level in _levels(game):
        for seed, moves in POSITIONS:
            match = _position(game, word_list, seed, moves)
            assert isinstance(match.game, WordGame)
            lexicon = match.game.lexicon
            # The check can fail: the table's list does leave common words out.
            assert "the" in load_lexicon("common") and not allowed(lexicon, "the")
            bots = [make_bot(match.game, level, seed + seat) for seat in (0, 1)]
            for _ in range(BOT_MOVES):
                active = match.active_seats()
                if not active:
                    break
                seat = active[0]
                action = bots[seat].choose(match.state, seat)
                events = match.apply(seat, action)
                for word in _words(game, match, action, events):
                    assert allowed(lexicon, word), f"{level} played {word!r} in {game}"
                    played.setdefault(level, []).append(word)
    # Words were played, or the test would prove nothing.
    assert sum(map(len, played.values())) >= len(_levels(game)), played
