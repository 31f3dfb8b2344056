"""The registry of games. Adding a game is one folder under ``games/`` and one line here.

It makes games and matches by name, so the engine never needs to know which games exist:

>>> match = new_match(names()[0], ["Ann", "Ben"], seed=1)
>>> match.game.name == names()[0], match.seat_names
(True, ['Ann', 'Ben'])
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from importlib import import_module
from pathlib import Path
from typing import Any

from crafthall.bots.base import GENERIC_BOTS, Bot
from crafthall.bots.ismcts import DEFAULT_POLICY, SearchPolicy
from crafthall.bots.levels import LADDER, OLD_NAMES, LevelBot
from crafthall.engine.errors import SetupError
from crafthall.engine.game import Game
from crafthall.engine.match import Match
from crafthall.engine.record import Header, Move, Seat, parse_lines, read_record
from crafthall.games.entry import GameEntry
from crafthall.games.wordgame import WordGame
from crafthall.lexicon import Lexicon
from crafthall.lexicon import load as load_lexicon

_MODULES: dict[str, str] = {
    "wordcraft": "crafthall.games.wordcraft",
    "wordsmith": "crafthall.games.wordsmith",
    "swordcrafters": "crafthall.games.swordcrafters",
    "evocabulary": "crafthall.games.evocabulary",
    "enchanted-grid": "crafthall.games.enchanted_grid",
}


def names() -> list[str]:
    return list(_MODULES)


def check_games() -> None:
    """Every registered game loads; one that does not is a set-up error that names it and
    says why (a server starts, and the tests pass, only with every game whole)."""
    for name in names():
        try:
            entry(name)
        except Exception as err:
            raise SetupError(
                f"The game '{name}' does not load ({_MODULES[name]}: {type(err).__name__}: "
                f"{err}). Fix it, or take it out of the registry."
            ) from err


def register(name: str, module: str) -> None:
    """Add (or replace) a game: ``module`` is the import path of a module with an ``ENTRY``."""
    _MODULES[name] = module


def unregister(name: str) -> None:
    """Remove a game added by :func:`register` (tests use it to clean up)."""
    _MODULES.pop(name, None)


def entry(name: str) -> GameEntry:
    """The registered game called ``name`` (``fox_trot`` and ``fox-trot`` both work)."""
    key = name.strip().lower().replace("_", "-")
    if key not in _MODULES:
        raise SetupError(f"There is no game called '{name}'. Games: {', '.join(names())}.")
    found: GameEntry = import_module(_MODULES[key]).ENTRY
    return found


def folder(name: str) -> Path:
    """The folder that holds game ``name``: its rules, text, board module and data."""
    entry(name)  # an unknown name gets the registry's sentence
    module = import_module(_MODULES[name.strip().lower().replace("_", "-")])
    return Path(str(module.__file__)).parent


def game_class(name: str) -> type[Game]:
    return entry(name).game


def make_game(
    name: str, options: dict[str, Any] | None = None, lexicon: Lexicon | None = None
) -> Game:
    """The rules of game ``name`` for one table's options; a word game may be handed an
    already loaded dictionary (``lexicon``) to share it between tables."""
    game_type = game_class(name)
    if issubclass(game_type, WordGame):
        return game_type(options, lexicon)
    return game_type(options)


def new_match(
    name: str,
    seats: Sequence[Seat | str],
    *,
    options: dict[str, Any] | None = None,
    seed: int | None = None,
    fixed: dict[str, Any] | None = None,
    lexicon: Lexicon | None = None,
) -> Match:
    """A new match of game ``name``: :meth:`Match.start` on :func:`make_game`."""
    return Match.start(make_game(name, options, lexicon), seats, seed=seed, fixed=fixed)


def replay_match(header: Header, moves: Iterable[Move], lexicon: Lexicon | None = None) -> Match:
    """Rebuild a match from its record's header and moves."""
    return Match.replay(record_game(header, lexicon), header, moves)


def record_game(header: Header, lexicon: Lexicon | None = None) -> Game:
    """The rules a record was played under; a record of an earlier rules version gets the
    options that keep that version's rules, and a word game the revision of its dictionary that
    the record pins."""
    options = game_class(header.game).record_options(header.game_version, header.options)
    game = make_game(header.game, options, lexicon)
    if isinstance(game, WordGame):
        game.use_pinned_dictionary(header.pins)
    return game


def match_from_lines(lines: Iterable[str], lexicon: Lexicon | None = None) -> Match:
    """Rebuild a match from the lines of its record (JSON Lines)."""
    header, moves = parse_lines(lines)
    return replay_match(header, moves, lexicon)


def load_match(path: str | Path, lexicon: Lexicon | None = None) -> Match:
    """Rebuild a match from a record file."""
    header, moves = read_record(path)
    return replay_match(header, moves, lexicon)


def bot_levels(game_name: str) -> list[str]:
    """The bot levels of a game: the ladder weakest first, then every other name that works
    (the generic ``random`` and ``greedy``, the game's own bots, and old names of levels)."""
    others = {*GENERIC_BOTS, *OLD_NAMES, *entry(game_name).bots} - set(LADDER)
    return [*LADDER, *sorted(others)]


def search_policy(name: str) -> SearchPolicy:
    """What game ``name`` tells the search bots: its own policy, else the default one."""
    return entry(name).search or DEFAULT_POLICY


def make_bot(game: Game, level: str, seed: int) -> Bot:
    """A bot of ``level`` for ``game``.

    The game's own bots come first; an old name (``easy``, ``medium``, ``search``) means its
    ladder level; a ladder level is the game's own bot of that level (or of an old name of
    it, as a game's own ``easy`` and ``medium``), else a :class:`LevelBot` thinking with the
    game's search policy.
    """
    game_entry = entry(game.name)
    own = game_entry.bots
    if level in own:
        return own[level](game, seed)
    level = OLD_NAMES.get(level, level)
    if level in LADDER:
        for name, means in OLD_NAMES.items():
            if means == level and name in own:
                return own[name](game, seed)
        policy = search_policy(game.name)
        words = load_lexicon("common") if isinstance(game, WordGame) else None
        return LevelBot(game, seed, LADDER[level], policy, words)
    if level in GENERIC_BOTS:
        return GENERIC_BOTS[level](game, seed)
    raise unknown_bot_level(level, game.name)


def unknown_bot_level(level: str, game_name: str) -> SetupError:
    """The refusal of a bot level ``game_name`` has not: one short sentence naming the levels
    (how each plays is under ``crafthall play --help``, not repeated in a refusal)."""
    known = bot_levels(game_name)
    levels = f"{', '.join(known[:-1])} or {known[-1]}"
    return SetupError(
        f"There is no bot level '{level}' for {entry(game_name).game.title}: choose {levels}."
    )
