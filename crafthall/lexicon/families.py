"""Word families: are two words the same word, inflections or derivatives of each other?

Two words are in the same family when their *roots* meet.  The roots of a word are:

* the word itself and its lemmas under lemminflect (every part of speech) and simplemma
  (BIKES -> BIKE, SAW -> SEE);
* the base words reached by removing a derivational suffix or prefix, with the usual
  spelling changes (HAPPINESS -> HAPPY, BIKER -> BIKE, RUNNER -> RUN, UNHAPPY -> HAPPY), when
  the base is in the lexicon, has the part of speech the affix attaches to (-ness makes
  nouns of adjectives, so MOTH is not the base of MOTHER: -er wants a verb), and the derived
  word has the part of speech the affix makes; repeated up to three affixes deep;
* the full forms of known clippings (BIKE -> BICYCLE), from ``data/clippings.tsv``.

Words listed in ``data/not_derived.txt`` are look-alikes the affix rules would get wrong
(STATION is not STATE + -ion); no affix is removed from them.

A word's roots depend on the word alone, never on the word list it is checked against, so they
are worked out once for every word of the large list by ``scripts/build_lexicon.py`` and shipped
in ``data/families.tsv.gz`` (every word of the large list on a line, followed by its roots
besides itself, if any). Words outside that list are worked out on first use.
"""

from __future__ import annotations

import gzip
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from functools import cache
from importlib import resources

import lemminflect
import simplemma

NOUN, VERB, ADJ, ADV = "NOUN", "VERB", "ADJ", "ADV"
MAX_DEPTH = 3
VOWELS = "aeiou"
FAMILY_TABLE = "families.tsv.gz"


@dataclass(frozen=True)
class Affix:
    """A derivational affix: what it attaches to (``base_pos``) and what it makes."""

    text: str
    base_pos: frozenset[str]
    made_pos: frozenset[str]
    min_base: int = 3
    prefix: bool = False
    # parts of speech the derived word must not have (TOWER, a verb, is no agent of TOW)
    not_pos: frozenset[str] = frozenset()
    # spellings of the base to try, as (ending of the stem to replace, replacement)
    respell: tuple[tuple[str, str], ...] = ()


def _suffix(
    text: str,
    base: str,
    made: str,
    *,
    min_base: int = 3,
    respell: tuple[tuple[str, str], ...] = (),
    not_pos: str = "",
) -> Affix:
    return Affix(
        text,
        frozenset(base.split()),
        frozenset(made.split()),
        min_base=min_base,
        respell=respell,
        not_pos=frozenset(not_pos.split()),
    )


def _prefix(text: str, base: str, made: str, *, min_base: int = 3) -> Affix:
    return Affix(text, frozenset(base.split()), frozenset(made.split()), min_base, prefix=True)


AFFIXES: tuple[Affix, ...] = (
    _suffix("er", "VERB", "NOUN", not_pos="VERB"),  # biker, singer, runner (not tower)
    _suffix("or", "VERB", "NOUN", not_pos="VERB"),  # actor, sailor, editor
    _suffix("ee", "VERB", "NOUN"),  # employee, trainee
    _suffix("ness", "ADJ", "NOUN"),  # happiness, kindness
    _suffix("ly", "ADJ", "ADV ADJ", respell=(("", "le"), ("ical", "ic"))),  # gently, basically
    _suffix("ly", "NOUN", "ADJ", min_base=4),  # friendly, weekly
    _suffix("ment", "VERB", "NOUN"),  # payment, argument
    _suffix("ation", "VERB", "NOUN"),  # information, organization
    _suffix("ication", "VERB", "NOUN", respell=(("", "y"),)),  # classification
    _suffix("ion", "VERB", "NOUN"),  # action, creation, confession
    _suffix("sion", "VERB", "NOUN", respell=(("", "de"),)),  # decision, explosion
    _suffix("ity", "ADJ", "NOUN"),  # purity, reality, activity
    _suffix("ility", "ADJ", "NOUN", respell=(("", "le"),)),  # ability, possibility
    _suffix("able", "VERB NOUN", "ADJ"),  # readable, lovable, reliable, comfortable
    _suffix("ible", "VERB NOUN", "ADJ"),  # sensible
    _suffix("ful", "NOUN VERB", "ADJ NOUN"),  # helpful, beautiful, handful
    _suffix("less", "NOUN VERB", "ADJ"),  # careless, helpless
    _suffix("ish", "NOUN ADJ", "ADJ"),  # childish, reddish
    _suffix("ize", "NOUN ADJ", "VERB", min_base=4),  # modernize, realize
    _suffix("ous", "NOUN", "ADJ"),  # dangerous, famous
    _suffix("y", "NOUN VERB", "ADJ"),  # rainy, sunny, noisy
    _suffix("ist", "NOUN", "NOUN"),  # artist, tourist
    _suffix("ism", "NOUN ADJ", "NOUN"),  # heroism, realism
    _suffix("hood", "NOUN ADJ", "NOUN"),  # childhood, likelihood
    _suffix("ship", "NOUN", "NOUN"),  # friendship
    _suffix("dom", "NOUN ADJ", "NOUN"),  # kingdom, freedom, wisdom
    _suffix("ance", "VERB", "NOUN", min_base=4),  # performance, appearance
    _suffix("ence", "VERB", "NOUN", min_base=4),  # existence, preference
    _suffix("ive", "VERB", "ADJ"),  # active, creative
    _suffix("ery", "VERB ADJ", "NOUN"),  # bakery, bravery, robbery
    _suffix("al", "VERB", "NOUN", min_base=4, not_pos="VERB"),  # arrival, refusal
    _suffix("ical", "NOUN", "ADJ", respell=(("", "ic"), ("", "y"))),  # musical, biological
    _suffix("ional", "NOUN", "ADJ", respell=(("", "ion"),)),  # national
    _prefix("un", "ADJ VERB ADV", "ADJ VERB ADV", min_base=2),  # unhappy, undo
    _prefix("non", "ADJ NOUN", "ADJ NOUN"),  # nonsense
    _prefix("dis", "VERB ADJ", "VERB ADJ", min_base=4),  # dislike, dishonest
    _prefix("mis", "VERB", "VERB", min_base=4),  # mislead, misspell
    _prefix("re", "VERB", "VERB", min_base=4),  # rebuild, replay
)


def _stem_spellings(stem: str, affix: Affix) -> set[str]:
    """The base words a stem may stand for once a suffix has been removed."""
    bases = {stem}
    for old, new in affix.respell:
        if stem.endswith(old):
            bases.add(stem[: len(stem) - len(old)] + new)
    if stem.endswith("i"):
        bases.add(stem[:-1] + "y")  # happi-ness, beauti-ful
    if affix.text[0] in "aeiouy":
        bases.add(stem + "e")  # bik-er, lov-able
        if len(stem) >= 3 and stem[-1] == stem[-2] and stem[-1] not in VOWELS + "sl":
            bases.add(stem[:-1])  # runn-er, redd-ish
    elif affix.text == "ly":
        bases.add(stem + "e")  # tru-ly
        if stem.endswith("l"):
            bases.add(stem + "l")  # ful-ly
    return bases


@cache
def lemmas(word: str) -> frozenset[str]:
    """The word and its lemmas under lemminflect (every part of speech) and simplemma."""
    found = {word}
    for forms in lemminflect.getAllLemmas(word).values():
        found.update(forms)
    found.add(simplemma.lemmatize(word, lang="en").lower())
    return frozenset(found)


@cache
def parts_of_speech(word: str) -> frozenset[str]:
    """The parts of speech lemminflect knows the word as (a lemma in its own right)."""
    return frozenset(pos for pos, forms in lemminflect.getAllLemmas(word).items() if word in forms)


def _read_data(filename: str) -> list[str]:
    text = (resources.files("crafthall.lexicon") / "data" / filename).read_text("utf-8")
    return [line.split("#", 1)[0].strip() for line in text.splitlines() if line.strip()]


@cache
def clippings() -> dict[str, frozenset[str]]:
    """Short form -> the full forms it is a clipping of (bike -> {bicycle})."""
    table: dict[str, set[str]] = {}
    for line in _read_data("clippings.tsv"):
        if line:
            short, full = line.split("\t")
            table.setdefault(short, set()).add(full)
    return {short: frozenset(fulls) for short, fulls in table.items()}


@cache
def re_prefixed() -> frozenset[str]:
    """Words RE+base pronounced "ree" + base in the CMU dictionary (REBUILD, not RECOVER)."""
    path = resources.files("crafthall.lexicon") / "data" / "re_prefixed.txt.gz"
    return frozenset(gzip.decompress(path.read_bytes()).decode("utf-8").split())


def _re_confirmed(word: str) -> bool:
    """True if the word or one of its inflections is a pronunciation-confirmed RE- word."""
    if word in re_prefixed():
        return True
    forms = lemminflect.getAllInflections(word)
    return any(form in re_prefixed() for group in forms.values() for form in group)


@cache
def not_derived() -> frozenset[str]:
    """Words that look derived but are not (no affix is removed from them)."""
    return frozenset(line for line in _read_data("not_derived.txt") if line)


def _is_base(base: str, affix: Affix) -> bool:
    """A base must be a lemma lemminflect knows with a part of speech the affix attaches to
    (so whether it is in the word list plays no part: roots do not depend on the list)."""
    return len(base) >= affix.min_base and bool(parts_of_speech(base) & affix.base_pos)


def family_table_lines(words: Iterable[str]) -> Iterator[str]:
    """The lines of ``data/families.tsv.gz`` for ``words``: ``word`` alone, or ``word`` then a
    tab and its other roots separated by spaces (``bikers\tbicycle bike biker``)."""
    resolver = FamilyResolver(frozenset(), table={})
    for word in sorted(set(words)):
        others = sorted(resolver.roots(word) - {word})
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
    """Decides word families: the shipped roots where a word has them, else worked out once.

    ``known`` is the word list the resolver serves (roots do not depend on it); ``table``
    replaces the shipped roots (the build script passes an empty one to work words out afresh).
    """

    def __init__(
        self, known: frozenset[str], table: dict[str, tuple[str, ...]] | None = None
    ) -> None:
        self._table = bundled_family_table() if table is None else table
        self._roots: dict[str, frozenset[str]] = {}

    def bases(self, word: str) -> set[str]:
        """The words ``word`` is derived from by one affix (BIKER -> {BIKE})."""
        if word in not_derived():
            return set()
        made = parts_of_speech(word)
        found: set[str] = set()
        for affix in AFFIXES:
            if made and (not made & affix.made_pos or made & affix.not_pos):
                continue
            if affix.prefix:
                if affix.text == "re" and not _re_confirmed(word):
                    continue
                if word.startswith(affix.text):
                    base = word[len(affix.text) :]
                    if _is_base(base, affix):
                        found.add(base)
            elif word.endswith(affix.text) and len(word) > len(affix.text):
                stem = word[: -len(affix.text)]
                found.update(b for b in _stem_spellings(stem, affix) if _is_base(b, affix))
        found.discard(word)
        return found

    def roots(self, word: str) -> frozenset[str]:
        """The word, its lemmas, the bases it derives from and the full forms of clippings."""
        cached = self._roots.get(word)
        if cached is not None:
            return cached
        shipped = self._table.get(word)
        if shipped is not None:
            return frozenset((word, *shipped))
        return self._work_out(word)

    def _work_out(self, word: str) -> frozenset[str]:
        found: set[str] = set()
        frontier = {word}
        for _ in range(MAX_DEPTH + 1):
            expanded: set[str] = set()
            for form in frontier:
                expanded |= lemmas(form)
            for form in list(expanded):
                expanded |= clippings().get(form, frozenset())
            new = expanded - found
            found |= expanded
            frontier = set()
            for form in new:
                frontier |= self.bases(form)
            frontier -= found
            if not frontier:
                break
        result = frozenset(found)
        self._roots[word] = result
        return result

    def same_family(self, a: str, b: str) -> bool:
        """True if ``a`` and ``b`` (lowercase) share a root."""
        return a == b or not self.roots(a).isdisjoint(self.roots(b))
