"""Word families: are two words the same word, inflections or derivatives of each other?

Two words are in the same family when their *roots* meet.  The roots of a word are the word
itself, its lemmas under lemminflect (BIKES -> BIKE, SAW -> SEE, every part of speech), and the
words *linked* to any of these.  The links come from data, never from spelling rules:

* the derivational links of Princeton WordNet 3.0 (``+`` "derivationally related form",
  ``\\`` "pertains to / derived from": LIGHT-LIGHTEN, DEEP-DEPTH, HAPPY-HAPPILY), plus its
  antonyms that are the other word with a negative prefix (HAPPY-UNHAPPY, LIKE-DISLIKE);
* RE- words that the CMU Pronouncing Dictionary says "ree" + the base word (REBUILD, REPLAY;
  not RECOVER or RETIRE), from ``data/re_prefixed.txt.gz``;
* a small curated table, ``data/family_links.tsv``: clippings (BIKE-BICYCLE) and derivations
  WordNet lacks (PREVIEW-VIEW);
* minus the curated exceptions of ``data/not_family.tsv`` (LIVE-LIVER: WordNet's "liver" is
  one who lives, the organ is the usual word).

So PLAY and DISPLAY, MILL and MILLION, PIE and PIOUS are not linked: no data links them.
Compounds (FOOT, FOOTBALL) are separate words: compounding is not derivation.

The links are worked out once by ``scripts/build_lexicon.py`` (WordNet is a build-time source,
not a run-time dependency) and shipped in ``data/families.tsv.gz``: one line per word of the
large list, the word alone or followed by a tab and its roots besides itself.  A word outside
that table (a custom list's) gets its lemmas, and the shipped roots of those lemmas.

Which of two words of a family stems from the other (a game may rule out a played word's
derivatives, not the words it stems from) is worked out at run time at the end of this module
(:func:`derivatives`).
"""

from __future__ import annotations

import gzip
from collections.abc import Callable, Iterable, Iterator, Mapping
from functools import cache, lru_cache
from importlib import resources

import lemminflect

FAMILY_TABLE = "families.tsv.gz"

LEMMAS_KEPT = 32768
"""Words whose lemmas are kept: a played word's family members' too, about twice as many
words as the families a game's word rules work out; a worker playing game after game keeps
this many and no more."""

ROOTS_KEPT = 4096
"""Words outside the shipped table (a custom list's) whose worked-out roots are kept."""


@lru_cache(maxsize=LEMMAS_KEPT)
def lemmas(word: str) -> frozenset[str]:
    """The word and its lemmas under lemminflect (every part of speech)."""
    found = {word}
    for forms in lemminflect.getAllLemmas(word).values():
        found.update(form.lower() for form in forms)
    return frozenset(found)


def read_data(filename: str) -> list[str]:
    """The lines of a curated data file, comments ('#') and blank lines left out."""
    text = (resources.files("crafthall.lexicon") / "data" / filename).read_text("utf-8")
    lines = (line.split("#", 1)[0].strip() for line in text.splitlines())
    return [line for line in lines if line]


def read_pairs(filename: str) -> list[tuple[str, str]]:
    """The word pairs of a curated ``a<TAB>b`` file."""
    pairs = []
    for line in read_data(filename):
        first, second = line.split("\t")
        pairs.append((first.strip(), second.strip()))
    return pairs


@cache
def curated_links() -> dict[str, frozenset[str]]:
    """Word -> the words the curated table links it to, both ways (bike <-> bicycle)."""
    table: dict[str, set[str]] = {}
    for first, second in read_pairs("family_links.tsv"):
        table.setdefault(first, set()).add(second)
        table.setdefault(second, set()).add(first)
    return {word: frozenset(linked) for word, linked in table.items()}


@cache
def exceptions() -> frozenset[tuple[str, str]]:
    """Pairs that are never of one family, both orders (live/liver)."""
    pairs = read_pairs("not_family.tsv")
    return frozenset([*pairs, *((b, a) for a, b in pairs)])


@cache
def re_prefixed() -> frozenset[str]:
    """Words RE+base pronounced "ree" + base in the CMU dictionary (REBUILD, not RECOVER)."""
    path = resources.files("crafthall.lexicon") / "data" / "re_prefixed.txt.gz"
    return frozenset(gzip.decompress(path.read_bytes()).decode("utf-8").split())


def work_out_roots(word: str, links: Mapping[str, Iterable[str]]) -> frozenset[str]:
    """The roots of ``word``: itself, its lemmas and every word linked to one of these,
    less the curated exceptions.  ``links`` maps a lemma to the words linked to it."""
    base = lemmas(word)
    found = set(base)
    for form in base:
        found.update(links.get(form, ()))
    if exceptions():
        found = {root for root in found if (word, root) not in exceptions()}
    return frozenset(found)


def family_table_lines(words: Iterable[str], links: Mapping[str, Iterable[str]]) -> Iterator[str]:
    """The lines of ``data/families.tsv.gz`` for ``words``: ``word`` alone, or ``word`` then a
    tab and its other roots separated by spaces (``bikers\tbicycle bike biker``)."""
    for word in sorted(set(words)):
        others = sorted(work_out_roots(word, links) - {word})
        yield f"{word}\t{' '.join(others)}" if others else word


def parse_family_table(lines: Iterable[str]) -> dict[str, tuple[str, ...]]:
    """Word -> its roots besides itself, from the lines :func:`family_table_lines` wrote."""
    table: dict[str, tuple[str, ...]] = {}
    none: tuple[str, ...] = ()
    for line in lines:
        word, _, others = line.partition("\t")
        if word:
            table[word] = tuple(others.split()) if others else none
    return table


@cache
def bundled_family_table() -> dict[str, tuple[str, ...]]:
    """The shipped roots of every word of the large list (empty if the file is missing)."""
    path = resources.files("crafthall.lexicon") / "data" / FAMILY_TABLE
    try:
        data = path.read_bytes()
    except (FileNotFoundError, NotADirectoryError):
        return {}
    return parse_family_table(gzip.decompress(data).decode("utf-8").splitlines())


class FamilyResolver:
    """Decides word families from the shipped roots; a word the table lacks gets its lemmas,
    the shipped roots of those lemmas and the curated links.

    ``known`` is the word list the resolver serves (roots do not depend on it); ``table``
    replaces the shipped roots (tests pass an empty one).
    """

    def __init__(
        self, known: frozenset[str], table: dict[str, tuple[str, ...]] | None = None
    ) -> None:
        self._table = bundled_family_table() if table is None else table
        self._worked_out = lru_cache(maxsize=ROOTS_KEPT)(self._work_out)

    def roots(self, word: str) -> frozenset[str]:
        """The word, its lemmas and the words linked to them."""
        shipped = self._table.get(word)
        if shipped is not None:
            return frozenset((word, *shipped))
        return self._worked_out(word)

    def _work_out(self, word: str) -> frozenset[str]:
        return work_out_roots(word, _FallbackLinks(self._table))

    def same_family(self, a: str, b: str) -> bool:
        """True if ``a`` and ``b`` (lowercase) share a root."""
        return a == b or not self.roots(a).isdisjoint(self.roots(b))


class _FallbackLinks(Mapping[str, Iterable[str]]):
    """Links for a word outside the table: a lemma's shipped roots, plus curated links."""

    def __init__(self, table: Mapping[str, tuple[str, ...]]) -> None:
        self._table = table

    def __getitem__(self, word: str) -> Iterable[str]:
        return (*self._table.get(word, ()), *curated_links().get(word, ()))

    def __iter__(self) -> Iterator[str]:
        return iter(self._table)

    def __len__(self) -> int:
        return len(self._table)


# --- which word of a family stems from which ("derivatives that stem from those words", as a
# rulebook says) ----------------------------------------------------------------------------
#
# The shipped roots say which words are linked, not which of two linked words is the stem:
# WordNet's derivational links go both ways. The direction is worked out here, at run time,
# from what the data does tell, between *lexemes* (a word's lemmas, the word among them):
#
# * the words of one lexeme are forms of one word (BIKE, BIKES, BIKED), and so are two
#   spellings one regional change apart (COLOUR, COLOR): each counts as the other;
# * a curated clipping (the first part of ``data/family_links.tsv``) stems from the word it
#   shortens: BIKE from BICYCLE, as a rulebook's own example has it;
# * any other link joins a word and its derivative, which English makes by adding to the
#   word: the longer stems from the shorter (HAPPINESS from HAPPY, PREVIEW from VIEW, DEPTH
#   from DEEP); of two linked words of one length (ANGER, ANGRY) the data cannot tell, and
#   each is taken to stem from the other.

CLIPPINGS_END = "# derivations"
"""The comment line of ``data/family_links.tsv`` after which its pairs are derivations; the
pairs above it are clippings and short forms (short form, full word)."""

RESPELLINGS = (
    ("our", "or"), ("tre", "ter"), ("ise", "ize"), ("isa", "iza"), ("yse", "yze"),
    ("ll", "l"), ("ae", "e"), ("oe", "e"), ("ence", "ense"), ("ogue", "og"), ("grey", "gray"),
    ("axe", "ax"), ("que", "ck"), ("yre", "ire"),
)  # fmt: skip
"""How a British, Canadian or Australian spelling differs from the American one (as
``scripts/build_lexicon.py`` links them): two linked words one change apart are one word."""


@cache
def clippings() -> frozenset[tuple[str, str]]:
    """(short form, full word) of the curated clippings: BIKE, BICYCLE; PHONE, TELEPHONE."""
    text = (resources.files("crafthall.lexicon") / "data" / "family_links.tsv").read_text("utf-8")
    found: set[tuple[str, str]] = set()
    for raw in text.splitlines():
        if raw.strip().lower().startswith(CLIPPINGS_END):
            break
        line = raw.split("#", 1)[0].strip()
        if line:
            short, full = line.split("\t")
            found.add((short.strip(), full.strip()))
    return frozenset(found)


def respelled(first: str, second: str) -> bool:
    """Whether two words are one word spelled two ways (COLOUR, COLOR; CATALOGUE, CATALOG)."""
    for word, other in ((first, second), (second, first)):
        for old, new in RESPELLINGS:
            at = word.find(old)
            while at >= 0:
                if word[:at] + new + word[at + len(old) :] == other:
                    return True
                at = word.find(old, at + 1)
    return False


def one_word(first: str, second: str) -> bool:
    """Whether two words are forms of one word: they share a lemma (BIKE, BIKES; SAW, SEEN)
    or their lemmas are one word spelled two ways (COLOURS, COLOR)."""
    forms, others = lemmas(first), lemmas(second)
    return not forms.isdisjoint(others) or any(
        respelled(form, other) for form in forms for other in others
    )


def stem_of(first: str, second: str) -> str | None:
    """Of two words the data links directly, the one the other stems from; None when each
    counts as stemming from the other (two spellings of one word, or one length)."""
    if (first, second) in clippings():
        return second
    if (second, first) in clippings():
        return first
    if len(first) == len(second) or respelled(first, second):
        return None
    return first if len(first) < len(second) else second


def derives(stem: str, other: str, roots: Callable[[str], frozenset[str]]) -> bool:
    """Whether the lexeme ``other`` stems from the lexeme ``stem`` by one link of the data:
    each names the other among its roots (``roots``: ``Lexicon.family_roots``), and ``stem``
    is the stem of the two (or the data cannot tell). BIKES names BICYCLE among its roots only
    through BIKE, so BIKES and BICYCLE are not linked; BIKE and BICYCLE are."""
    return other in roots(stem) and stem in roots(other) and stem_of(stem, other) in (stem, None)


def derivatives(
    word: str, members: Iterable[str], roots: Callable[[str], frozenset[str]]
) -> frozenset[str]:
    """The words of ``members`` (``word``'s family) that stem from ``word``: the forms of its
    lexemes and of every lexeme that stems from one of them, in one step or several (HAPPY,
    HAPPINESS, UNHAPPINESS), among the lexemes of ``members`` and ``word``'s roots; ``word``
    itself included. HAPPY rules out HAPPINESS; HAPPINESS rules out neither HAPPY nor its
    sibling HAPPILY."""
    kept = {*members, word}
    lexemes = set(roots(word)).union(*map(lemmas, kept))
    heads = set(lemmas(word))
    todo = list(heads)
    while todo:
        stem = todo.pop()
        found = [
            other
            for other in roots(stem)
            if other in lexemes and other not in heads and derives(stem, other, roots)
        ]
        heads.update(found)
        todo.extend(found)
    return frozenset(member for member in kept if not heads.isdisjoint(lemmas(member)))
