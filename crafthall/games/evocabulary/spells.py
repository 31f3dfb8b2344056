"""Spell layouts: which card supplies which letters of a word, written as short tokens.

A layout is a list of tokens, one per card, in the order of the word:

- ``"s"``, ``"qu"``: a card from the hand showing that face;
- ``"?a"``: a wild card from the hand standing for the letter A;
- a ``"="`` prefix (``"=a"``, ``"=?e"``): a card locked at the team the spell goes to;
- an ``"@"`` prefix (``"@t"``, ``"@?o"``, modify only): a card already in the spell being modified.

>>> parse_token("=?a")
Token(source='=', face='?', letters='a')
>>> list(layouts("sat", {"": Counter({"s": 1, "t": 1}), "=": Counter({"a": 1})}, need_hand=True))
[['s', '=a', 't']]
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from functools import lru_cache, partial
from itertools import combinations, pairwise
from typing import NamedTuple

from crafthall.engine.errors import IllegalAction
from crafthall.games.evocabulary.components import WILD, components

MIN_LETTERS = 3
HAND, KEPT, LOCKED = "", "@", "="
SOURCES = (HAND, KEPT, LOCKED)
PREFERENCE = (LOCKED, KEPT, HAND)
"""The order a canonical layout tries the sources of cards in."""
SOURCE_NAMES = {HAND: "your hand", KEPT: "the spell", LOCKED: "the team's locked letters"}


class Token(NamedTuple):
    source: str
    face: str
    letters: str

    def text(self) -> str:
        return self.source + (WILD + self.letters if self.face == WILD else self.face)


@lru_cache(maxsize=4096)
def parse_token(token: object) -> Token:
    """Read one layout token, refusing anything that is not a card of the game (cached: a
    game uses a few hundred distinct tokens)."""
    if not isinstance(token, str) or not token:
        raise IllegalAction(
            "bad-card", f"'{token}' is not a card; write a face such as 's', 'qu' or '?a'."
        )
    source = token[0] if token[0] in (KEPT, LOCKED) else HAND
    body = token[len(source) :].lower()
    if body.startswith(WILD):
        letter = body[1:]
        if len(letter) != 1 or not letter.isascii() or not letter.isalpha():
            raise IllegalAction(
                "bad-card",
                f"The wild card '{token}' must name the one letter it stands for, e.g. '?e'.",
            )
        return Token(source, WILD, letter)
    if body not in components().points:
        raise IllegalAction("bad-card", f"There is no letter card '{body}' in Evocabulary.")
    return Token(source, body, body)


def word_of(tokens: list[Token]) -> str:
    return "".join(t.letters for t in tokens)


def layouts(
    word: str, sources: Mapping[str, Counter[str]], need_hand: bool, distinct: bool = True
) -> Iterator[list[str]]:
    """Every layout of ``word`` from the faces available in each source.

    ``sources`` maps a source prefix to the faces it offers (wilds as ``"?"``). With
    ``need_hand`` only layouts using at least one card from the hand are given. At each
    letter, cards showing it are tried before wilds, so the first layouts use fewest wilds.

    Layouts that only swap the single-letter cards standing for one letter between that
    letter's places use the same cards for the same word, so only one of them is given: the
    cards for a repeated letter appear in a fixed order. Without this, three wilds in a long
    word gave millions of layouts. ``distinct=False`` gives every arrangement (for tests).
    """
    return _Layouts(word, sources, need_hand, distinct).walk(0, False)


class _Layouts:
    """The search of :func:`layouts`. (A class, not a closure calling itself: that would be a
    reference cycle each time, left to the garbage collector.)"""

    def __init__(
        self, word: str, sources: Mapping[str, Counter[str]], need_hand: bool, distinct: bool
    ) -> None:
        self.word = word
        self.need_hand = need_hand
        self.distinct = distinct
        self.pools = {source: Counter(faces) for source, faces in sources.items()}
        pools = self.pools
        self.order = [(s, f) for s, pool in pools.items() for f in pool if f != WILD]
        self.order += [(s, WILD) for s, pool in pools.items() if WILD in pool]
        self.chosen: list[str] = []
        self.last_rank: dict[str, int] = {}
        """For each letter, the rank in ``order`` of the last single-letter card placed for
        it."""

    def walk(self, at: int, from_hand: bool) -> Iterator[list[str]]:
        word, chosen, last_rank = self.word, self.chosen, self.last_rank
        if at == len(word):
            if from_hand or not self.need_hand:
                yield list(chosen)
            return
        letter = word[at]
        for rank, (source, face) in enumerate(self.order):
            pool = self.pools[source]
            if pool[face] <= 0:
                continue
            if face == WILD:
                token, step = source + WILD + letter, 1
            elif word.startswith(face, at):
                token, step = source + face, len(face)
            else:
                continue
            previous = last_rank.get(letter, -1)
            if step == 1:
                if self.distinct and rank < previous:
                    continue
                last_rank[letter] = rank
            pool[face] -= 1
            chosen.append(token)
            yield from self.walk(at + step, from_hand or source == HAND)
            chosen.pop()
            pool[face] += 1
            if step == 1:
                last_rank[letter] = previous


def spell_parts(tokens: Iterable[str]) -> tuple[list[str], Counter[str]]:
    """A spell as a view shows it (its tokens), split into the faces of its own cards and
    the faces of the locked letters it uses."""
    parsed = [parse_token(t) for t in tokens]
    own = [t.face for t in parsed if t.source != LOCKED]
    return own, Counter(t.face for t in parsed if t.source == LOCKED)


def is_change(layout: Sequence[str], kept: int) -> bool:
    """Whether a modify laid out as ``layout`` (tokens) costs the player a card, as every
    modify must: it plays a card from the hand, or keeps fewer than the ``kept`` cards the
    spell holds besides its locked letters (the others are discarded). Rearranging the cards,
    re-choosing a wild, or only taking in or leaving out locked letters changes nothing, so a
    spell cannot shuttle between two teams for free.
    """
    if any(t[:1] not in (KEPT, LOCKED) for t in layout):
        return True
    return sum(1 for t in layout if t[:1] == KEPT) < kept


def canonical_layout(
    word: str,
    sources: Mapping[str, Mapping[str, int]],
    need_hand: bool,
    change: int | None = None,
) -> list[str] | None:
    """The one layout of ``word`` that legal-action lists give (``None``: there is none).

    It uses the fewest wilds, and double cards only where they save a wild (the fewest double
    cards, then the earliest places). Then, place by place, each card comes
    from the first source showing it in the order: letters locked at the team, the spell's own
    cards, the hand; a letter no card left shows takes a wild, again from the first source.
    A start needs a card from the hand (``need_hand``); a modify passes ``change`` (the count
    of the spell's own cards besides its locked letters) and must change the spell
    (:func:`is_change`). When that layout breaks one of these, the first one that keeps them
    is searched for, letter by letter in the same order (a rare case). The browser lays a
    typed word out the same way.

    >>> canonical_layout("sat", {HAND: Counter("sat"), LOCKED: Counter("a")}, need_hand=True)
    ['s', '=a', 't']
    """
    return Supply(sources).layout(word, need_hand, change)


class Supply:
    """The cards a spell may be laid out from, by source in the canonical order, with the
    totals of single cards, double cards and wilds (built once for many words)."""

    def __init__(self, sources: Mapping[str, Mapping[str, int]]) -> None:
        self.pools = {s: dict(sources[s]) for s in PREFERENCE if sources.get(s)}
        self.singles: dict[str, int] = {}
        self.doubles: dict[str, int] = {}
        self.tokens: dict[str, list[str]] = {}
        """For each face, its cards as tokens in the canonical order of sources."""
        self.wild_tokens: list[str] = []
        for source, pool in self.pools.items():
            for face, count in pool.items():
                if face == WILD:
                    self.wild_tokens += [source + WILD] * count
                else:
                    kind = self.singles if len(face) == 1 else self.doubles
                    kind[face] = kind.get(face, 0) + count
                    self.tokens.setdefault(face, []).extend([source + face] * count)
        self.wilds = len(self.wild_tokens)
        self.any_hand = HAND in self.pools
        self.only_hand = set(self.pools) <= {HAND}
        self.first = {f: cards[0] for f, cards in self.tokens.items() if len(f) == 1 and cards}
        """Each single letter's first card, as a token."""
        self.letters = frozenset(self.first)
        self.hand_faces = set(self.pools.get(HAND, ()))
        """Without wilds, the tokens of the hand's cards: a layout holding one uses the hand."""

    def layout(self, word: str, need_hand: bool, change: int | None = None) -> list[str] | None:
        """:func:`canonical_layout` of ``word`` from these cards."""
        return next(self.lay_out_each((word,), need_hand, change), (word, None))[1]

    def lay_out_each(
        self, words: Iterable[str], need_hand: bool, change: int | None = None
    ) -> Iterator[tuple[str, list[str]]]:
        """Each of ``words`` that has a :func:`canonical_layout` from these cards, with it (in
        the order given): one call for the many words of a legal-action list."""
        if need_hand and not self.any_hand:
            return
        # with cards from the hand alone, a start keeps the rules however it is laid out
        free = need_hand and self.only_hand and change is None
        for word in words:
            layout = self._singles(word)  # canonical when single cards spell it, no wild
            fewest = 0
            if layout is None:
                plan = self._double_places(word)
                if plan is None:
                    continue
                places, fewest = plan
                layout = self._lay_out(word, places)
            if layout is not None and (free or self._allowed(layout, need_hand, change)):
                yield word, layout
                continue
            allowed = partial(self._allowed, need=need_hand, kept=change)
            layout = _search(word, self.pools, fewest, allowed)
            if layout is not None:
                yield word, layout

    def _allowed(self, layout: list[str], need: bool, kept: int | None) -> bool:
        """Whether ``layout`` keeps the rules: a card from the hand if ``need`` (a start), and
        a change of the spell holding ``kept`` cards of its own (a modify: :func:`is_change`)."""
        if self.wilds:  # a wild's token holds any letter asked for: read each token's source
            from_hand = any(t[:1] not in (KEPT, LOCKED) for t in layout)
        else:
            from_hand = not self.hand_faces.isdisjoint(layout)
        if need and not from_hand and not self.only_hand:
            return False
        return kept is None or from_hand or sum(1 for t in layout if t[:1] == KEPT) < kept

    def _singles(self, word: str) -> list[str] | None:
        """The layout of ``word`` by single cards alone, the n-th card showing a letter (in the
        order of sources) at the n-th place wanting it; ``None`` if they do not spell it."""
        letters = set(word)
        if not letters.issubset(self.letters):
            return None
        first = self.first
        layout = [first[letter] for letter in word]
        if len(letters) < len(word):  # a repeated letter takes that letter's next cards
            tokens = self.tokens
            seen: dict[str, int] = {}
            for at, letter in enumerate(word):
                nth = seen.get(letter, 0)
                if nth:
                    cards = tokens[letter]
                    if nth >= len(cards):
                        return None
                    layout[at] = cards[nth]
                seen[letter] = nth + 1
        return layout

    def _lay_out(self, word: str, places: tuple[int, ...] = ()) -> list[str] | None:
        """Double cards at ``places``; place by place, the n-th card showing a face (in the
        order of sources) goes to the n-th place wanting it, and the n-th wild to the n-th
        letter no card shows (``None`` when the wilds run out)."""
        tokens, wild_tokens = self.tokens, self.wild_tokens
        seen: dict[str, int] = {}
        layout = []
        wilds = 0
        faces = _faces(word, places) if places else word
        for face in faces:
            nth = seen.get(face, 0)
            seen[face] = nth + 1
            cards = tokens.get(face)
            if cards is not None and nth < len(cards):
                layout.append(cards[nth])
            elif wilds < len(wild_tokens):
                layout.append(wild_tokens[wilds] + face)
                wilds += 1
            else:
                return None
        return layout

    def _double_places(self, word: str) -> tuple[tuple[int, ...], int] | None:
        """Where double cards go in the canonical layout (as few as give the fewest wilds, then
        the earliest places), and the wilds it needs (``None``:
        the cards cannot spell ``word``). Single cards are interchangeable, so a choice of
        places for the double cards settles how many letters no card shows."""
        singles, doubles = self.singles, self.doubles
        short: dict[str, int] = {}  # letters the single cards lack, by letter
        for letter in word:
            short[letter] = short.get(letter, 0) + 1
        for letter in short:
            short[letter] -= singles.get(letter, 0)
        without = sum(n for n in short.values() if n > 0)
        best: tuple[tuple[int, ...], int] = ((), without)  # no double card
        if not without:
            return best
        # only a pair some double card shows is a spot (a face held no times is none)
        spots = [at for at in range(len(word) - 1) if doubles.get(word[at : at + 2], 0) > 0]
        for size in range(1, len(spots) + 1):
            for chosen in combinations(spots, size):
                pairs = [word[at : at + 2] for at in chosen]
                if size > 1 and (
                    any(b - a < 2 for a, b in pairwise(chosen))  # two cannot share a letter
                    or any(doubles[pair] < pairs.count(pair) for pair in pairs)
                ):
                    continue
                missing = without
                given: dict[str, int] = {}
                for letter in "".join(pairs):  # a letter a double card gives may fill a gap
                    if short[letter] - given.get(letter, 0) > 0:
                        missing -= 1
                    given[letter] = given.get(letter, 0) + 1
                if missing < best[1]:
                    best = (chosen, missing)
                    if not missing:  # nothing later in the order can beat it
                        break
            if not best[1]:
                break
        return best if best[1] <= self.wilds else None


def _faces(word: str, places: tuple[int, ...]) -> list[str]:
    """The face of each card of ``word``, with double cards at ``places`` (in order, none
    sharing a letter) and single cards elsewhere."""
    faces: list[str] = []
    at = 0
    for place in places:
        faces.extend(word[at:place])
        faces.append(word[place : place + 2])
        at = place + 2
    faces.extend(word[at:])
    return faces


def _search(
    word: str,
    pools: dict[str, dict[str, int]],
    fewest: int,
    allowed: Callable[[list[str]], bool],
) -> list[str] | None:
    """The first allowed layout letter by letter (sources in order, a double card before a
    single letter, wilds last), with as few wilds as possible."""
    search = _Search(word, pools, allowed)
    wilds = sum(pool.get(WILD, 0) for pool in search.pools.values())
    for budget in range(fewest, wilds + 1):
        if search.walk(0, budget):
            return search.chosen
    return None


class _Search:
    """The search of :func:`_search`. (A class, not closures calling each other: that would
    be a reference cycle each time, left to the garbage collector.)"""

    def __init__(
        self, word: str, pools: dict[str, dict[str, int]], allowed: Callable[[list[str]], bool]
    ) -> None:
        self.word = word
        self.pools = {source: dict(pool) for source, pool in pools.items()}
        self.allowed = allowed
        self.chosen: list[str] = []

    def walk(self, at: int, budget: int) -> bool:
        word, pools = self.word, self.pools
        if at == len(word):
            return self.allowed(self.chosen)
        pair, letter = word[at : at + 2], word[at]
        options = ((pair, 2), (letter, 1)) if len(pair) == 2 else ((letter, 1),)
        for source, pool in pools.items():
            for face, step in options:
                if pool.get(face, 0) > 0 and self.place(source, face, face, at + step, budget):
                    return True
        if budget:
            for source, pool in pools.items():
                if pool.get(WILD, 0) > 0 and self.place(source, WILD, letter, at + 1, budget - 1):
                    return True
        return False

    def place(self, source: str, face: str, letters: str, after: int, budget: int) -> bool:
        pool = self.pools[source]
        pool[face] -= 1
        self.chosen.append(source + (WILD + letters if face == WILD else face))
        if self.walk(after, budget):
            return True
        self.chosen.pop()
        pool[face] += 1
        return False
