"""Reading words on the grid: runs of face-up cards along rows and columns, and the longest
dictionary word of each run.

Words read left to right (``across``) and top to bottom (``down``). At a table that reads
columns either way (option ``reading: either``) a column's word may also read bottom to top
(``up``): the longer of the two readings counts, the upward one on equal length. A run is a
line of touching face-up cards; an empty cell or a face-down card ends it. Words are read from
the state's ``tops`` (:class:`crafthall.games.enchanted_grid.grid.Board` keeps it). A move
changes only the runs through or next to the cells it touches: a one-cell change reads its two
lines once (:meth:`WordReader.change_at`), a move of several stacks reads the runs near them
before and after (:meth:`WordReader.near`).

>>> from crafthall.lexicon import Lexicon
>>> reader = WordReader(Lexicon.from_words(["go", "od", "god"]), 2)
>>> reader.longest("XGODX"), reader.longest("ODD"), reader.longest("XX")
((1, 3), (0, 2), None)
>>> tops = {"0,0": 51, "0,1": 80, "0,2": 32}  # G above O above D
>>> [(w.text, w.direction, w.cells[0]) for w in reader.all_words(tops).values()]
[('GOD', 'down', (0, 0))]
>>> either = WordReader(Lexicon.from_words(["go", "god", "dog"]), 2, "either")
>>> [(w.text, w.direction, w.cells) for w in either.all_words(tops).values()]
[('DOG', 'up', ((0, 2), (0, 1), (0, 0)))]
>>> del tops["0,2"]  # G above O: OG read upwards is no word, GO read downwards is
>>> [(w.text, w.direction) for w in either.all_words(tops).values()]
[('GO', 'down')]
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from itertools import repeat
from typing import NamedTuple

from crafthall.games.enchanted_grid.grid import CELLS, KEYS, LETTERS, NEXT, Cell, Steps, Tops
from crafthall.games.enchanted_grid.state import ClaimedCards
from crafthall.lexicon import Lexicon

WordKey = tuple[str, tuple[int, ...]]
"""A word's identity: its direction and the ids of its cards in reading order."""
RunKey = tuple[str, str, tuple[int, ...]]
"""A run of face-up cards: its direction, the key of its first cell and its cards' ids."""

LINES: tuple[tuple[str, Steps, Steps], ...] = (
    ("across", NEXT[-1, 0], NEXT[1, 0]),
    ("down", NEXT[0, -1], NEXT[0, 1]),
)
"""Each reading direction, with the step back (towards the run's start) and the step ahead."""
BY_DIRECTION = {line[0]: line for line in LINES}
BY_DIRECTION["up"] = BY_DIRECTION["down"]  # an upward word lies in a column's run too
READINGS = ("down", "either")
"""How a table reads its columns: top to bottom only, or either way (see the module's text)."""

_LONGEST: dict[tuple[str, int], dict[str, tuple[int, int] | None]] = {}
"""Per dictionary (content hash) and shortest length: the longest word of each run of letters
already read. Runs recur across moves and games; a dictionary never changes its answer."""
_LONGEST_LIMIT = 400_000
_UNREAD = (-1, -1)
_EITHER: dict[tuple[str, int], dict[str, tuple[int, int, bool] | None]] = {}
"""Per dictionary (content hash) and shortest length, for columns read either way: the word of
each column of letters already read, as (start, length, read up), ``start`` counted in the
direction read; one lookup a column, as the default reading's :data:`_LONGEST`."""
_RUNS: dict[tuple[str, int, str], dict[RunKey, Word | None]] = {}
"""Per dictionary (content hash), shortest length and reading: the word of each run of two
cards or more already read (``None``: it holds none). Most runs stand unchanged from one move
to the next, and every view reads them all."""
_RUNS_LIMIT = 100_000
_UPPER: dict[str, frozenset[str]] = {}
"""Per dictionary (content hash): its words in upper case, as the grid reads them."""


class Word(NamedTuple):
    text: str
    """Upper case, as read."""
    direction: str
    """'across' (a row, left to right), 'down' (a column, top to bottom) or 'up' (a column,
    bottom to top: only where columns read either way)."""
    cells: tuple[Cell, ...]
    """In the word's own order: the first letter's cell first."""
    ids: tuple[int, ...]

    @property
    def key(self) -> WordKey:
        return (self.direction, self.ids)


class WordReader:
    """Reads the grid's words with one dictionary, one shortest length and one reading of the
    columns (:data:`READINGS`)."""

    def __init__(self, lexicon: Lexicon, min_length: int, reading: str = "down") -> None:
        if reading not in READINGS:
            raise ValueError(f"reading is one of {', '.join(READINGS)}, not {reading!r}")
        self.min_length = min_length
        self.reading = reading
        digest = lexicon.content_hash
        if digest not in _UPPER:
            _UPPER[digest] = frozenset(word.upper() for word in lexicon.words)
        self._words = _UPPER[digest]
        self._longest_word = max(map(len, self._words), default=0)
        self._known = _LONGEST.setdefault((digest, min_length), {})
        self._runs = _RUNS.setdefault((digest, min_length, reading), {})
        if reading == "either":
            # Chosen once here: the default reading's hot path asks nothing more per run.
            self._add = self._add_either  # type: ignore[method-assign]
            self._either = _EITHER.setdefault((digest, min_length), {})

    @property
    def rule(self) -> str:
        """How words read at this table, for messages."""
        if self.reading == "either":
            return (
                "words read left to right, and down or up a column (the longer word; on equal "
                "length the upward one), the longest of each run"
            )
        return "words read left to right and top to bottom, the longest of each run"

    def longest(self, letters: str) -> tuple[int, int] | None:
        """(start, length) of the longest word inside ``letters`` (upper case), the first one
        on a tie."""
        known = self._known
        found = known.get(letters, _UNREAD)
        if found is not _UNREAD:
            return found
        found = None
        words = self._words
        for length in range(min(len(letters), self._longest_word), self.min_length - 1, -1):
            for start in range(len(letters) - length + 1):
                if letters[start : start + length] in words:
                    found = (start, length)
                    break
            if found:
                break
        if len(known) >= _LONGEST_LIMIT:
            known.clear()
        known[letters] = found
        return found

    # --- reading runs ----------------------------------------------------------------------

    def all_words(self, tops: Tops, stop_at_first: bool = False) -> dict[WordKey, Word]:
        """Every word standing on the grid (only the first found, if ``stop_at_first``): the
        word of each run, read from its first card."""
        words: dict[WordKey, Word] = {}
        runs = self._runs
        lone_words = self.min_length < 2
        for name in tops:
            for direction, back, ahead in LINES:
                if back[name] in tops or not (lone_words or ahead[name] in tops):
                    continue  # not the first card of a run, or a card alone: no word
                run = (direction, name, tuple(_cards_from(tops, name, ahead)))
                word = runs.get(run, _NOT_READ)
                if word is _NOT_READ:
                    word = self._read(run)
                if word is not None:
                    words[word.key] = word
                if stop_at_first and words:
                    return words
        return words

    def _read(self, run: RunKey) -> Word | None:
        """The word of a run, remembered for :meth:`all_words`."""
        direction, name, ids = run
        found: dict[WordKey, Word] = {}
        self._add(found, direction, CELLS[name], ids)
        if len(self._runs) >= _RUNS_LIMIT:
            self._runs.clear()
        word = self._runs[run] = next(iter(found.values()), None)
        return word

    def word_at(self, tops: Tops, cell: Cell, direction: str) -> Word | None:
        """The word of the run through ``cell`` along ``direction``'s line (a row for
        ``across``, a column for ``down`` and ``up``), if it holds one; it may read the other
        way along a column."""
        words: dict[WordKey, Word] = {}
        line, back, ahead = BY_DIRECTION[direction]
        first, ids = _run(tops, KEYS[cell], back, ahead)
        self._add(words, line, CELLS[first], ids)
        return next(iter(words.values()), None)

    def near(self, tops: Tops, cells: Iterable[Cell]) -> dict[WordKey, Word]:
        """The words of every run through or next to ``cells`` (along its row or column):
        the only words a change of those cells can create or break."""
        words: dict[WordKey, Word] = {}
        names = [KEYS[cell] for cell in cells]
        for direction, back, ahead in LINES:
            read: set[str] = set()
            for name in names:
                # The cell's own run first: it holds the neighbours too when the cell is face up.
                for start in (name, back[name], ahead[name]):
                    if start not in tops or start in read:
                        continue
                    first, ids = _run(tops, start, back, ahead)
                    run = first
                    for _ in ids:
                        read.add(run)
                        run = ahead[run]
                    self._add(words, direction, CELLS[first], ids)
        return words

    # --- what a change does ----------------------------------------------------------------

    def change_at(
        self, tops: Tops, cell: Cell, before: int | None
    ) -> tuple[list[Word], list[Word]]:
        """(created, broken) by a change of one cell whose top was ``before`` (a card id, or
        ``None`` for a blank) and is now face up (or still a blank). Reads each line through
        ``cell`` once, as it is now, and rebuilds how it read before from ``before``."""
        old: dict[WordKey, Word] = {}
        new: dict[WordKey, Word] = {}
        name = KEYS[cell]
        for direction, back, ahead in LINES:
            if back[name] not in tops and ahead[name] not in tops:
                continue  # one card alone on this line, before and after: no word
            first_name, ids = _run(tops, name, back, ahead)
            if not ids:
                continue  # a blank now and before: its line reads as it did
            first = CELLS[first_name]
            if not self._add(new, direction, first, ids) and before is None:
                continue  # no word in the run now, so none in its two parts before
            at = cell[0] - first[0] + cell[1] - first[1]  # the cell's place in the run
            if before is None:  # the run was two runs, split at the cell
                self._add(old, direction, first, ids[:at])
                self._add(old, direction, CELLS[ahead[name]], ids[at + 1 :])
            else:
                self._add(old, direction, first, [*ids[:at], before, *ids[at + 1 :]])
        if not old and not new:
            return [], []  # most moves: no word before or after on either line
        return self.changes(old, new)

    @staticmethod
    def then(
        first: tuple[list[Word], list[Word]], second: tuple[list[Word], list[Word]]
    ) -> tuple[list[Word], list[Word]]:
        """(created, broken) by two changes made one after the other: a word created by one
        and broken by the other (or the reverse) comes and goes with the move."""
        (created1, broken1), (created2, broken2) = first, second
        gone1, gone2 = {w.key for w in broken1}, {w.key for w in broken2}
        new1, new2 = {w.key for w in created1}, {w.key for w in created2}
        created = [w for w in created1 if w.key not in gone2]
        created += [w for w in created2 if w.key not in gone1]
        broken = [w for w in broken1 if w.key not in new2]
        broken += [w for w in broken2 if w.key not in new1]
        return created, broken

    @staticmethod
    def changes(
        before: dict[WordKey, Word], after: dict[WordKey, Word]
    ) -> tuple[list[Word], list[Word]]:
        """(created, broken) between two readings of the same runs."""
        created = [w for k, w in after.items() if k not in before]
        broken = [w for k, w in before.items() if k not in after]
        return created, broken

    def _add(
        self, words: dict[WordKey, Word], direction: str, first: Cell, ids: Sequence[int]
    ) -> bool:
        """Add the word of the run starting at ``first``, if the run holds one (and say so)."""
        if len(ids) < self.min_length:
            return False
        letters = "".join(map(LETTERS.__getitem__, ids))
        found = self._known.get(letters, _UNREAD)
        if found is _UNREAD:
            found = self.longest(letters)
        if found is None:
            return False
        start, end = found[0], found[0] + found[1]
        word_ids = tuple(ids[start:end])
        x, y = first
        if direction == "across":
            cells = tuple(zip(range(x + start, x + end), repeat(y)))
        else:
            cells = tuple(zip(repeat(x), range(y + start, y + end)))
        words[(direction, word_ids)] = Word(letters[start:end], direction, cells, word_ids)
        return True

    def _add_either(
        self, words: dict[WordKey, Word], direction: str, first: Cell, ids: Sequence[int]
    ) -> bool:
        """:meth:`_add` where columns read either way: a column's word is the longer of its
        longest word read down and its longest word read up, the upward one on equal length."""
        if direction == "across" or len(ids) < self.min_length:
            return WordReader._add(self, words, direction, first, ids)
        letters = "".join(map(LETTERS.__getitem__, ids))
        found = self._either.get(letters, _UNREAD_EITHER)
        if found is _UNREAD_EITHER:
            found = self.longest_either(letters)
        if found is None:
            return False
        start, length, up = found
        x, y = first
        if up:  # the run's cards from the bottom, the word from its first letter up
            last = len(ids) - 1 - start  # the first letter's place in the run, from the top
            word_ids = tuple(ids[last - n] for n in range(length))
            cells = tuple(zip(repeat(x), range(y + last, y + last - length, -1)))
            text = "".join(map(LETTERS.__getitem__, word_ids))
            words[("up", word_ids)] = Word(text, "up", cells, word_ids)
        else:
            word_ids = tuple(ids[start : start + length])
            cells = tuple(zip(repeat(x), range(y + start, y + start + length)))
            words[(direction, word_ids)] = Word(
                letters[start : start + length], direction, cells, word_ids
            )
        return True

    def longest_either(self, letters: str) -> tuple[int, int, bool] | None:
        """(start, length, read up) of the word of a column of ``letters`` (top first) read
        either way: the longer of the longest word read down and the longest read up, the
        upward one on equal length; ``start`` counts in the direction read."""
        down = self.longest(letters)
        up = self.longest(letters[::-1])
        if up is not None and (down is None or up[1] >= down[1]):
            found: tuple[int, int, bool] | None = (up[0], up[1], True)
        else:
            found = None if down is None else (down[0], down[1], False)
        if len(self._either) >= _LONGEST_LIMIT:
            self._either.clear()
        self._either[letters] = found
        return found


_UNREAD_EITHER = (-1, -1, False)
_NOT_READ = Word("", "", (), ())
"""Marks a run :meth:`WordReader.all_words` has not read yet."""


def _run(tops: Tops, name: str, back: Steps, ahead: Steps) -> tuple[str, list[int]]:
    """The run of face-up cards through the cell ``name``: the key of its first cell and its
    card ids in reading order (no ids when the cell is empty or face down)."""
    if name not in tops:
        return name, []
    first = name
    while (before := back[first]) in tops:
        first = before
    return first, _cards_from(tops, first, ahead)


def _cards_from(tops: Tops, name: str, ahead: Steps) -> list[int]:
    """The ids of the face-up cards from the cell ``name`` on, up to the first blank."""
    ids: list[int] = []
    while (card_id := tops.get(name)) is not None:
        ids.append(card_id)
        name = ahead[name]
    return ids


def unchanged_words(
    created: list[Word], broken: list[Word]
) -> tuple[list[Word], list[Word], dict[WordKey, Word]]:
    """(created, broken, renewed) once the words a move left as they read are taken out: a
    created word with the letters and cells of a broken one (a red S over an S, a blue E
    swapped with an E) is not new. ``renewed`` maps such a broken word's key to the word on its
    new cards; its claim stays with its owner and follows the new cards."""
    if not created or not broken:
        return created, broken, {}
    was = {(w.direction, w.cells, w.text): w for w in broken}
    new: list[Word] = []
    renewed: dict[WordKey, Word] = {}
    for word in created:
        old = was.pop((word.direction, word.cells, word.text), None)
        if old is None:
            new.append(word)
        else:
            renewed[old.key] = word
    return new, list(was.values()), renewed


def in_claim_order(created: Iterable[Word]) -> list[Word]:
    """The fixed order in which one move's new words go on the list (across words first).
    It never decides a shared letter: words of one move have the same owner."""
    return sorted(created, key=lambda w: (w.direction, w.cells))


def award_owners(claims: Sequence[ClaimedCards]) -> dict[int, int]:
    """Card id -> index of the claim that wins it: the longer word, then the later claim."""
    best: dict[int, tuple[int, int]] = {}
    for index, claim in enumerate(claims):
        rank = (len(claim["cards"]), index)
        for card_id in claim["cards"]:
            if card_id not in best or rank > best[card_id]:
                best[card_id] = rank
    return {card_id: rank[1] for card_id, rank in best.items()}


def pending_cards(claims: Sequence[ClaimedCards], seats: int) -> list[int]:
    """How many cards each seat would win if the round ended now (without reveals)."""
    counts = [0] * seats
    for index in award_owners(claims).values():
        counts[claims[index]["seat"]] += 1
    return counts
