from __future__ import annotations

import pytest

from crafthall.lexicon import Lexicon
from crafthall.lexicon.syllables import _cmu, vowel_group_count

IN_CMU = {
    "cat": 1, "tree": 1, "strength": 1, "rhythm": 2, "quiet": 2, "poem": 2, "table": 2,
    "biker": 2, "bikers": 2, "biked": 1, "wanted": 2, "jumped": 1, "wicked": 2, "boxes": 2,
    "hoping": 2, "create": 2, "creating": 3, "created": 3, "idea": 3, "banana": 3,
    "elephant": 3, "bicycles": 3, "syllable": 3, "beautiful": 3, "happily": 3,
    "carelessly": 3, "dictionary": 4, "unhappiness": 4, "university": 5, "readability": 5,
    "every": 3, "fire": 2,
}  # fmt: skip
NOT_IN_CMU = {
    "kindnesses": 3, "crabbier": 3, "unzipping": 3, "relabeled": 3, "chunkier": 3,
    "soapiest": 3, "snippier": 3, "leafleted": 3, "thoughtlessly": 3, "icier": 3,
    "scrunchies": 2, "stepdad": 2, "demigods": 3, "topmost": 2, "majesties": 3,
    "unremembered": 4,
}  # fmt: skip


@pytest.mark.parametrize(("word", "count"), [*IN_CMU.items(), *NOT_IN_CMU.items()])
def test_syllable_table(standard: Lexicon, word: str, count: int) -> None:
    assert standard.syllables(word) == count
    assert standard.syllables(word.upper()) == count


def test_table_covers_words_missing_from_cmu() -> None:
    assert len(IN_CMU) + len(NOT_IN_CMU) >= 40
    assert all(word in _cmu() for word in IN_CMU)
    assert not any(word in _cmu() for word in NOT_IN_CMU)


def test_all_counts_of_several_pronunciations(standard: Lexicon) -> None:
    assert standard.syllable_counts("every") == (3, 2)
    assert standard.syllable_counts("fire") == (2, 1)
    assert standard.syllable_counts("crabbier") == (3,)


@pytest.mark.parametrize(
    ("word", "count"),
    [("blorp", 1), ("zorbing", 2), ("flimbered", 2), ("snazzle", 2), ("grumbo", 2), ("a", 1)],
)
def test_vowel_group_heuristic(word: str, count: int) -> None:
    assert vowel_group_count(word) == count


def test_words_cmu_lacks_with_a_sounded_final_e(standard: Lexicon) -> None:
    """SIMILE is not in CMU 1.1.3; the silent-E rule alone would count it as 2."""
    assert standard.syllable_counts("simile") == (3,)
    assert standard.syllable_counts("similes") == (3,)
