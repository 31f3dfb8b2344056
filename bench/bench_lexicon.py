"""Benchmark the lexicon: load time and memory per size, and the word finder's speed.

Prints plain text lines.  Run: ``.venv/bin/python bench/bench_lexicon.py`` (under a minute).
"""

from __future__ import annotations

import gc
import random
import statistics
import time
from collections.abc import Callable

from crafthall.lexicon import SIZES, Lexicon
from crafthall.lexicon.families import bundled_family_table
from crafthall.lexicon.wordlist import _bundled, _spelling_choices, offensive_words

GRIDS = 300
LETTERS = "abcdefghijklmnopqrstuvwxyz"


def rss_kib() -> int:
    """Resident memory of this process in KiB, from /proc (Linux)."""
    with open("/proc/self/status", encoding="ascii") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    return 0


def timed(call: Callable[..., object], *args: object, **kwargs: object) -> float:
    start = time.perf_counter()
    call(*args, **kwargs)
    return time.perf_counter() - start


def wordcraft_grid(rng: random.Random) -> list[str]:
    """12 distinct letter cards; a third of the grids have the Qu card instead of Q."""
    letters = rng.sample(LETTERS, 12)
    if rng.random() < 1 / 3:
        letters = ["qu" if ch == "q" else ch for ch in letters]
        if "qu" not in letters:
            letters[0] = "qu"
    return letters


def plain_scan(words: list[str], cards: list[str]) -> list[str]:
    """The obvious way: test every word of the list (single-letter cards only)."""
    allowed = set("".join(cards))
    return [w for w in words if len(w) >= 3 and set(w) <= allowed]


def ms(seconds: list[float], q: float = 0.5) -> str:
    ordered = sorted(seconds)
    return f"{ordered[min(len(ordered) - 1, int(q * len(ordered)))] * 1000:.3f} ms"


def main() -> None:
    print("lexicon benchmark")
    lexicons: dict[str, Lexicon] = {}
    tables = timed(lambda: (offensive_words(), _spelling_choices(), bundled_family_table()))
    print(
        f"shared tables (offensive words, spellings, families): read once, {tables * 1000:.0f} ms"
    )
    for size in SIZES:
        gc.collect()
        before = rss_kib()
        start = time.perf_counter()
        lexicon = _bundled(size, "en", False)
        loaded = time.perf_counter() - start
        index_time = timed(lexicon.words_from_letters, ["a"])
        after = rss_kib()
        lexicons[size] = lexicon
        print(
            f"load {size:<8}: {len(lexicon):>6} words, read {loaded * 1000:.0f} ms, "
            f"finder index {index_time * 1000:.0f} ms, RSS +{(after - before) / 1024:.1f} MiB"
        )
    for spelling, adult in (("en-US", False), ("en-GB", False), ("en", True)):
        start = time.perf_counter()
        other = _bundled("standard", spelling, adult)
        loaded = time.perf_counter() - start
        print(f"load {other.name:<14}: {len(other):>6} words, read {loaded * 1000:.0f} ms")

    lexicon = lexicons["standard"]
    rng = random.Random(2024)
    grids = [wordcraft_grid(rng) for _ in range(GRIDS)]
    fast: list[float] = []
    answers: list[int] = []
    for cards in grids:
        start = time.perf_counter()
        found = lexicon.words_from_letters(cards, min_length=3)
        fast.append(time.perf_counter() - start)
        answers.append(len(found))
    scan: list[float] = []
    words = lexicon.words
    for cards in grids[:100]:
        plain = [c for c in cards if len(c) == 1]
        scan.append(timed(plain_scan, words, plain))
    fast_median = statistics.median(fast)
    scan_median = statistics.median(scan)
    print(
        f"wordcraft query (standard, 12 cards, reusable, {GRIDS} grids, median "
        f"{statistics.median(answers):.0f} words found): median {ms(fast)}, p95 {ms(fast, 0.95)}"
    )
    print(f"plain scan of the list, same run: median {ms(scan)}")
    print(f"speed-up: {scan_median / fast_median:.0f}x")

    tiles: list[float] = []
    wild: list[float] = []
    for _ in range(GRIDS):
        hand = [rng.choice("aaeeeiioourstlnrsdgbcmp") for _ in range(rng.randint(8, 15))]
        tiles.append(timed(lexicon.words_from_letters, hand, reusable=False))
        wild.append(timed(lexicon.words_from_letters, hand[:8], reusable=False, wildcards=2))
    print(f"multiset query (8-15 tiles): median {ms(tiles)}, p95 {ms(tiles, 0.95)}")
    print(f"wildcard query (8 tiles + 2 blanks): median {ms(wild)}, p95 {ms(wild, 0.95)}")

    pairs = [("bike", "bicycles"), ("happy", "happiness"), ("play", "display"), ("car", "care")]
    family_first = timed(lambda: [lexicon.same_family(a, b) for a, b in pairs])
    family_again = timed(lambda: [lexicon.same_family(a, b) for a, b in pairs])
    print(
        f"same_family: first 4 pairs {family_first * 1000:.1f} ms (first lookups), "
        f"again {family_again * 1000:.3f} ms"
    )
    sample = rng.sample(lexicon.words, 2000)
    syll = timed(lambda: [lexicon.syllables(w) for w in sample])
    print(f"syllables: {syll / len(sample) * 1e6:.1f} us a word (2,000 random words)")


if __name__ == "__main__":
    main()
