"""What the word games share: a ``dictionary`` option and the table's loaded word list."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, ClassVar, Literal

from pydantic import Field

from crafthall.engine.errors import SetupError
from crafthall.engine.game import Game
from crafthall.engine.options import GameOptions
from crafthall.lexicon import Lexicon, LexiconError, pinned
from crafthall.lexicon.wordlist import SIZES


def dictionary_option(default: str, description: str) -> Any:
    """A word game's ``dictionary`` option: one of the bundled lists by name (offered as its
    choices to a lobby, as the schema's ``examples``) or the path of a word list file."""
    return Field(default, description=description, examples=list(SIZES))


class WordGameOptions(GameOptions):
    """Options of a game that checks words against a dictionary."""

    dictionary: str = dictionary_option(
        "standard", "Dictionary: common, standard, large, or a word list path."
    )
    """'common', 'standard' or 'large' (bundled lists), or the path of a word list file."""
    spelling: Literal["en", "en-US", "en-GB"] = "en"
    """'en': American, British, Canadian and Australian spellings; 'en-US' or 'en-GB': only
    American or only British ones (bundled lists)."""
    adult_words: bool = False
    """Accept vulgar words (slurs are never accepted); off by default, for bots too."""


class WordGame(Game):
    """A game that checks words: its dictionary is loaded on first use (or handed in, so many
    tables share one loaded list)."""

    Options: ClassVar[type[GameOptions]] = WordGameOptions
    symbols: ClassVar[bool] = False
    """True where words may hold a hyphen and an apostrophe (a game that builds them)."""

    def __init__(
        self, options: GameOptions | dict[str, Any] | None = None, lexicon: Lexicon | None = None
    ) -> None:
        super().__init__(options)
        self._lexicon = lexicon

    @property
    def lexicon(self) -> Lexicon:
        """The table's dictionary, loaded on first use from the ``dictionary`` option; an option
        naming no word list is a set-up error, with the loader's sentence."""
        if self._lexicon is None:
            self._lexicon = self._load_dictionary(None)
        return self._lexicon

    def use_pinned_dictionary(self, pins: Mapping[str, Any]) -> None:
        """Read a record with the revision of the bundled list its pins name (the lists are
        revised, and a record replays only with the words it was played with); a hash no
        revision has leaves the newest list, which the replay then refuses."""
        content_hash = pins.get("dictionary_sha256")
        if self._lexicon is None and isinstance(content_hash, str):
            self._lexicon = self._load_dictionary(content_hash)

    def _load_dictionary(self, content_hash: str | None) -> Lexicon:
        assert isinstance(self.options, WordGameOptions)
        try:
            return pinned(
                self.options.dictionary,
                content_hash,
                spelling=self.options.spelling,
                adult_words=self.options.adult_words,
            )
        except LexiconError as err:
            raise SetupError(str(err)) from None

    def shortest_word(self) -> int:
        """The fewest letters a word may have at this table (3 unless the game says)."""
        return 3

    def refuses_after(self, word: str, earlier: Sequence[str]) -> str | None:
        """Why ``word`` may not be played after the words ``earlier`` at this table (a
        sentence), or None. Most games have no such rule; one may rule out a played word's
        family."""
        return None

    def record_pins(self) -> dict[str, Any]:
        return {"dictionary": self.lexicon.name, "dictionary_sha256": self.lexicon.content_hash}
