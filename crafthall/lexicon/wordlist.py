"""Word lists: the bundled SCOWL sizes, custom lists, and the :class:`Lexicon` API."""

from __future__ import annotations

import hashlib
import os
import re
import threading
import unicodedata
from collections.abc import Iterable, Iterator
from functools import cache, cached_property
from importlib import resources
from pathlib import Path

from crafthall.lexicon.errors import LexiconError
from crafthall.lexicon.families import FAMILY_TABLE, FamilyResolver, parse_family_table
from crafthall.lexicon.finder import WordIndex, normalize_cards
from crafthall.lexicon.finder import spellings as split_into_cards
from crafthall.lexicon.revisions import REVISION, check_revision, data_lines, read_lines
from crafthall.lexicon.syllables import count_syllables, syllable_counts
from crafthall.lexicon.syllables import warm as warm_syllable_tables

SIZES: tuple[str, ...] = ("common", "standard", "large")
DEFAULT_SIZE = "standard"
SPELLINGS: tuple[str, ...] = ("en", "en-US", "en-GB")
"""English as spelled everywhere (American, British, Canadian, Australian), or only American
or only British spellings."""
DEFAULT_SPELLING = "en"
OFFENSIVE = "offensive"
"""Why a slur is refused: never accepted nor played."""
ADULT_ONLY = "adult-only"
"""Why a vulgar word is refused at a table that has not turned on adult words."""

MAIN_WORD = re.compile(r"[a-z]+")
EXTRA_WORD = re.compile(r"(?=.*[a-z])[a-z'-]+")
SPELLING_TABLE = "spellings.tsv.gz"
_APOSTROPHES = str.maketrans({"\u2019": "'", "\u02bc": "'", "\u2010": "-", "\u2011": "-"})


def normalize_word(word: str) -> str:
    """Lowercase a word, turn typographic apostrophes and hyphens into ASCII ones and fold
    accented letters to plain ones (CAFÉ -> CAFE), as the lists store them."""
    word = word.lower().translate(_APOSTROPHES)
    if word.isascii():
        return word
    return "".join(
        ch for ch in unicodedata.normalize("NFKD", word) if not unicodedata.combining(ch)
    )


class Lexicon:
    """A word list: membership tests, word finding, word families and syllables.

    The main list holds words of letters a-z only; words with hyphens or apostrophes
    ("t-shirt", "doesn't") are kept apart and only accepted when a game allows them.
    ``revision`` is the revision of a bundled list (None for a list of one's own), and
    ``family_table`` the word families it was read with when that is not the newest.
    """

    def __init__(
        self,
        name: str,
        words: Iterable[str],
        extra: Iterable[str] = (),
        withheld: dict[str, str] | None = None,
        *,
        revision: int | None = None,
        family_table: dict[str, tuple[str, ...]] | None = None,
    ) -> None:
        self.name = name
        self.revision = revision
        self._words: frozenset[str] = frozenset(words)
        self._extra: frozenset[str] = frozenset(extra)
        self._withheld = dict(withheld or {})
        self._family_table = family_table
        self._hash: str | None = None

    @classmethod
    def from_words(cls, words: Iterable[str], name: str = "custom") -> Lexicon:
        """A lexicon of the given words, lowercased.

        Words of letters a-z go to the main list, words that also hold hyphens or
        apostrophes to the extra list; anything else (digits, spaces, accents) is ignored.
        """
        main: set[str] = set()
        extra: set[str] = set()
        for raw in words:
            word = normalize_word(raw.strip())
            if MAIN_WORD.fullmatch(word):
                main.add(word)
            elif EXTRA_WORD.fullmatch(word):
                extra.add(word)
        return cls(name, main, extra)

    def __repr__(self) -> str:
        return f"<Lexicon {self.name!r}: {len(self)} words, {len(self._extra)} with -/'>"

    def __contains__(self, word: object) -> bool:
        return isinstance(word, str) and normalize_word(word) in self._words

    def __len__(self) -> int:
        return len(self._words)

    def __iter__(self) -> Iterator[str]:
        return iter(self.words)

    @property
    def content_hash(self) -> str:
        """SHA-256 of the sorted word lists: equal hashes mean the same words are accepted."""
        if self._hash is None:
            digest = hashlib.sha256()
            for word in sorted(self._words):
                digest.update(word.encode() + b"\n")
            digest.update(b"--\n")
            for word in sorted(self._extra):
                digest.update(word.encode() + b"\n")
            self._hash = digest.hexdigest()
        return self._hash

    @property
    def words(self) -> list[str]:
        """The main list (letters a-z only), sorted."""
        return self._index.words

    @property
    def extra_words(self) -> list[str]:
        """The words with hyphens or apostrophes, sorted."""
        return sorted(self._extra)

    def contains(
        self, word: str, *, allow_hyphen: bool = False, allow_apostrophe: bool = False
    ) -> bool:
        """True if the word is in the list (case-insensitive).

        Words with a hyphen or an apostrophe are only accepted when allowed.
        """
        normalized = normalize_word(word)
        if normalized in self._words:
            return True
        if normalized not in self._extra:
            return False
        if "-" in normalized and not allow_hyphen:
            return False
        return not ("'" in normalized and not allow_apostrophe)

    def check(
        self,
        word: str,
        *,
        min_length: int = 1,
        allow_hyphen: bool = False,
        allow_apostrophe: bool = False,
    ) -> str | None:
        """None if the word is acceptable, else a stable reason code.

        The codes, in the order they are tested: ``'not-letters'`` (a character other than
        a-z, or an allowed hyphen or apostrophe), ``'too-short'`` (fewer than ``min_length``
        characters; hyphens and apostrophes count where allowed), ``'not-in-dictionary'``.
        """
        normalized = normalize_word(word)
        allowed = "-" * allow_hyphen + "'" * allow_apostrophe
        if any(not ("a" <= ch <= "z" or ch in allowed) for ch in normalized):
            return "not-letters"
        if len(normalized) < min_length:
            return "too-short"
        if not self.contains(
            normalized, allow_hyphen=allow_hyphen, allow_apostrophe=allow_apostrophe
        ):
            return "not-in-dictionary"
        return None

    def withheld(self, word: str) -> str | None:
        """Why the offensive-word filter keeps ``word`` out of this list, if it does:
        :data:`OFFENSIVE` (a slur, never accepted) or :data:`ADULT_ONLY` (a vulgar word, only
        accepted where a table turns on adult words)."""
        return self._withheld.get(normalize_word(word))

    @cached_property
    def _index(self) -> WordIndex:
        return WordIndex(self._words)

    def words_from_letters(
        self,
        letters: Iterable[str],
        *,
        reusable: bool = True,
        min_length: int = 1,
        wildcards: int = 0,
    ) -> list[str]:
        """Every word of the main list spellable from the given cards, sorted.

        A card is a string of one or more letters ('a', 'qu'); a multi-letter card stands
        for its letters together or for its first letter alone (a Qu card as Q).
        ``reusable=True``: each card any number of times (cards on a shared grid);
        ``reusable=False``: each card at most once (tiles), plus ``wildcards`` blank cards that
        can be any single letter (only with ``reusable=False``).
        """
        cards = normalize_cards(letters)
        return self._index.find(
            cards, reusable=reusable, min_length=min_length, wildcards=wildcards
        )

    def spellings(
        self, word: str, cards: Iterable[str], *, reusable: bool = True
    ) -> list[list[str]]:
        """Every way to split ``word`` into the given cards (each list names the cards as
        given), sorted; empty if there is none.  A multi-letter card may stand for its first
        letter alone: ``spellings('quiet', ['qu', 'u', 'i', 'e', 't'])`` is
        ``[['qu', 'i', 'e', 't'], ['qu', 'u', 'i', 'e', 't']]``.  The word need not be in
        the list."""
        return split_into_cards(word, cards, reusable=reusable)

    @cached_property
    def _families(self) -> FamilyResolver:
        return FamilyResolver(self._words, self._family_table)

    def same_family(self, a: str, b: str) -> bool:
        """True if a and b are the same word, or one is an inflection or derivative of the
        other, or they share a lemma (BIKE/BIKES/BIKED; BICYCLE/BICYCLES; HAPPY/HAPPINESS;
        BIKE/BIKER; BIKE/BICYCLE as a known clipping)."""
        return self._families.same_family(normalize_word(a), normalize_word(b))

    def family_roots(self, word: str) -> frozenset[str]:
        """The lemmas and base words ``same_family`` compares (for explanations and tests)."""
        return self._families.roots(normalize_word(word))

    def syllables(self, word: str) -> int:
        """The number of syllables of the word, as usually pronounced (see
        :func:`crafthall.lexicon.syllables.count_syllables`)."""
        return count_syllables(normalize_word(word))

    def warm_syllables(self) -> None:
        """Load what syllable counts need now (see :func:`crafthall.lexicon.syllables.warm`)."""
        warm_syllable_tables()

    def syllable_counts(self, word: str) -> tuple[int, ...]:
        """Every syllable count the word has over its listed pronunciations, the usual one
        first (one count for words the CMU dictionary lacks)."""
        return syllable_counts(normalize_word(word))


def _tab_table(filename: str, revision: int | None = None) -> dict[str, str]:
    lines = data_lines(filename, revision)
    return {word: value for word, _, value in (line.partition("\t") for line in lines)}


@cache
def offensive_words(revision: int | None = None) -> dict[str, str]:
    """Every offensive word SCOWL lists (large size), with its class: ``slur`` or ``vulgar``."""
    return _tab_table("offensive.tsv.gz", revision)


@cache
def not_words() -> frozenset[str]:
    """The prefixes, suffixes and abbreviations SCOWL lists that no list takes (NON, MULTI)."""
    text = (resources.files("crafthall.lexicon") / "data" / "not_words.txt").read_text("utf-8")
    return frozenset(line.split("#", 1)[0].strip() for line in text.splitlines()) - {""}


@cache
def _spelling_choices(revision: int | None = None) -> dict[str, frozenset[str]]:
    """Word -> the stricter spelling choices that take it, for words not taken by all."""
    table = _tab_table(SPELLING_TABLE, revision)
    return {word: frozenset(choices.split()) for word, choices in table.items()}


def _withheld(adult_words: bool, revision: int | None = None) -> dict[str, str]:
    """Why the filter keeps each offensive word out of a list."""
    return {
        word: ADULT_ONLY if kind == "vulgar" else OFFENSIVE
        for word, kind in offensive_words(revision).items()
        if not (adult_words and kind == "vulgar")
    }


def lexicon_name(size: str, spelling: str = DEFAULT_SPELLING, adult_words: bool = False) -> str:
    """The name a lexicon goes by (and that match records pin): ``standard``,
    ``standard en-GB``, ``standard en-GB adult``."""
    parts = [size, *([spelling] if spelling != DEFAULT_SPELLING else []), "adult" * adult_words]
    return " ".join(part for part in parts if part)


def _bundled(size: str, spelling: str, adult_words: bool, revision: int) -> Lexicon:
    """A bundled size as it was at ``revision`` (the newest reads only the files in data/)."""
    at = None if revision == REVISION else revision
    words = data_lines(f"{size}.txt.gz", at)
    extra = data_lines(f"{size}.extra.txt.gz", at)
    if adult_words:
        for word in data_lines(f"{size}.adult.txt.gz", at):
            (words if MAIN_WORD.fullmatch(word) else extra).append(word)
    if spelling != DEFAULT_SPELLING:
        choices = _spelling_choices(at)
        words = [word for word in words if spelling in choices.get(word, (spelling,))]
        extra = [word for word in extra if spelling in choices.get(word, (spelling,))]
    name = lexicon_name(size, spelling, adult_words)
    families = None if at is None else parse_family_table(data_lines(FAMILY_TABLE, at))
    return Lexicon(
        name,
        words,
        extra,
        withheld=_withheld(adult_words, at),
        revision=revision,
        family_table=families,
    )


def _from_file(path: Path, name: str, adult_words: bool) -> Lexicon:
    try:
        data = path.read_bytes()
    except FileNotFoundError as error:
        raise LexiconError(
            f"Word list file {name!r} does not exist: give the path of a UTF-8 text file with "
            f"one word per line, or one of the bundled sizes {', '.join(SIZES)}."
        ) from error
    except OSError as error:
        raise LexiconError(f"Word list file {name!r} cannot be read: {error}.") from error
    words = (line.split("#", 1)[0].strip() for line in read_lines(data, repr(name)))
    lexicon = Lexicon.from_words((w for w in words if w), name=name)
    # a table's own list is filtered too: the family-friendly default holds at every table
    withheld = _withheld(adult_words)
    lexicon = Lexicon(
        f"{name} adult" if adult_words else name,
        (word for word in lexicon.words if word not in withheld),
        (word for word in lexicon.extra_words if word not in withheld),
        withheld=withheld,
    )
    if not len(lexicon) and not lexicon.extra_words:
        raise LexiconError(
            f"Word list file {name!r} holds no words: write one word per line "
            "(letters a-z, optionally hyphens and apostrophes; '#' starts a comment)."
        )
    return lexicon


_cache: dict[tuple[str, str, bool, int | None], Lexicon] = {}
_cache_lock = threading.Lock()


def load(
    name_or_path: str | os.PathLike[str] = DEFAULT_SIZE,
    *,
    spelling: str = DEFAULT_SPELLING,
    adult_words: bool = False,
    revision: int | None = None,
) -> Lexicon:
    """Load a word list, once per name and options: a bundled size or a word-list file.

    ``name_or_path`` is ``"common"``, ``"standard"`` (the default) or ``"large"``, or the path
    of a UTF-8 word list (one word per line, ``#`` starts a comment; gzip is fine too).
    ``spelling`` picks English as spelled everywhere (``"en"``, the default) or only American
    (``"en-US"``) or British (``"en-GB"``) spellings, for the bundled sizes.  Offensive words
    are filtered out of every list: slurs always, vulgar words unless ``adult_words``.
    ``revision`` picks an earlier revision of a bundled size (see
    :mod:`crafthall.lexicon.revisions`); the default is the newest.
    Raises LexiconError with a sentence saying what to do when the list cannot be loaded.
    """
    name = os.fspath(name_or_path)
    if spelling not in SPELLINGS:
        raise LexiconError(
            f"Unknown spelling {spelling!r}: use {', '.join(SPELLINGS)} (en takes American, "
            "British, Canadian and Australian spellings)."
        )
    bundled = name in SIZES
    if bundled:
        revision = REVISION if revision is None else revision
        check_revision(revision)
    key = (name, spelling, adult_words, revision)
    with _cache_lock:
        if key in _cache:
            return _cache[key]
        if bundled:
            assert revision is not None
            lexicon = _bundled(name, spelling, adult_words, revision)
        else:
            lexicon = _own_list(name, spelling, adult_words, revision)
        _cache[key] = lexicon
        return lexicon


def _own_list(name: str, spelling: str, adult_words: bool, revision: int | None) -> Lexicon:
    """A word-list file of a table's own: only the bundled sizes have spellings and revisions."""
    path = Path(name)
    looks_like_path = path.exists() or os.sep in name or "/" in name or path.suffix != ""
    if not looks_like_path:
        raise LexiconError(
            f"Unknown word list {name!r}: use one of the bundled sizes "
            f"{', '.join(SIZES)}, or the path of a word-list file."
        )
    if spelling != DEFAULT_SPELLING:
        raise LexiconError(
            f"A spelling choice ({spelling}) goes with the bundled sizes "
            f"{', '.join(SIZES)}; a word-list file accepts the words it holds."
        )
    if revision is not None:
        raise LexiconError(
            f"A revision ({revision}) goes with the bundled sizes {', '.join(SIZES)}; a "
            "word-list file is read as it is."
        )
    return _from_file(path, name, adult_words)


def pinned(
    name_or_path: str | os.PathLike[str],
    content_hash: str | None,
    *,
    spelling: str = DEFAULT_SPELLING,
    adult_words: bool = False,
) -> Lexicon:
    """The list a match record pins: the revision of a bundled size whose content hash is
    ``content_hash``, newest first; the newest (or the word-list file) when no revision has
    that hash, so that the replay can refuse the record with its own sentence, or when no hash
    is pinned.  Only a hash that is not the newest's reads an earlier revision."""
    newest = load(name_or_path, spelling=spelling, adult_words=adult_words)
    if content_hash in (None, newest.content_hash) or newest.revision is None:
        return newest
    for revision in range(REVISION - 1, -1, -1):
        earlier = load(name_or_path, spelling=spelling, adult_words=adult_words, revision=revision)
        if earlier.content_hash == content_hash:
            return earlier
    return newest
