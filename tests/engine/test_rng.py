from collections import Counter

import pytest

from crafthall.engine import Rng, new_rng_state


def test_same_seed_same_draws_and_state_is_plain_data() -> None:
    first, second = new_rng_state(42), new_rng_state(42)
    assert [Rng(first).below(1000) for _ in range(20)] == [
        Rng(second).below(1000) for _ in range(20)
    ]
    assert first == second == {"seed": 42, "draws": 20}


def test_different_seeds_differ() -> None:
    draws = {tuple(Rng(new_rng_state(seed)).below(10**9) for _ in range(3)) for seed in range(50)}
    assert len(draws) == 50


def test_continuing_from_a_copied_state_continues_the_sequence() -> None:
    store = new_rng_state(9)
    rng = Rng(store)
    rng.below(6)
    copy = dict(store)
    assert rng.below(10**6) == Rng(copy).below(10**6)


def test_below_is_in_range_and_roughly_uniform() -> None:
    rng = Rng(new_rng_state(3))
    counts = Counter(rng.below(6) for _ in range(6000))
    assert set(counts) == set(range(6))
    assert all(800 < count < 1200 for count in counts.values())
    with pytest.raises(ValueError):
        rng.below(0)


def test_shuffle_is_a_permutation_and_randint_inclusive() -> None:
    rng = Rng(new_rng_state(5))
    items = list(range(30))
    rng.shuffle(items)
    assert sorted(items) == list(range(30)) and items != list(range(30))
    assert {rng.randint(1, 3) for _ in range(200)} == {1, 2, 3}
    assert rng.choice(["x"]) == "x"
