"""The few statistics a balance study needs: means with 95% intervals and two-sided tests.

Standard library only (normal approximations): a study has hundreds of games or more, where
they are accurate, and the core package stays free of SciPy.

>>> round(wilson(55, 100).low, 3), round(wilson(55, 100).high, 3)
(0.452, 0.644)
>>> round(two_sided_p(1.96), 3)
0.05
>>> round(proportion_test([1, 1, 1, 1], [0.5] * 4)[1], 3)
0.046
"""

from __future__ import annotations

import math
import statistics
from collections.abc import Sequence
from dataclasses import dataclass

Z95 = 1.959963984540054


@dataclass(frozen=True)
class Estimate:
    """A mean with its 95% interval, over ``n`` observations."""

    mean: float
    low: float
    high: float
    n: int

    def pct(self) -> str:
        """``"53.1% (95% CI 50.9-55.3%)"``."""
        return f"{self.mean:.1%} (95% CI {self.low:.1%}–{self.high:.1%})"

    def num(self, digits: int = 2) -> str:
        return f"{self.mean:.{digits}f} (95% CI {self.low:.{digits}f}–{self.high:.{digits}f})"


def wilson(successes: float, n: int) -> Estimate:
    """A proportion's Wilson score interval; shared wins may make ``successes`` fractional."""
    if n == 0:
        return Estimate(0.0, 0.0, 1.0, 0)
    p = successes / n
    centre = (p + Z95**2 / (2 * n)) / (1 + Z95**2 / n)
    half = Z95 * math.sqrt(p * (1 - p) / n + Z95**2 / (4 * n * n)) / (1 + Z95**2 / n)
    return Estimate(p, max(0.0, centre - half), min(1.0, centre + half), n)


def mean_interval(values: Sequence[float]) -> Estimate:
    """A mean's normal-approximation interval."""
    n = len(values)
    if n == 0:
        return Estimate(0.0, 0.0, 0.0, 0)
    mean = statistics.fmean(values)
    half = Z95 * standard_error(values)
    return Estimate(mean, mean - half, mean + half, n)


def standard_error(values: Sequence[float]) -> float:
    return statistics.stdev(values) / math.sqrt(len(values)) if len(values) > 1 else 0.0


def two_sided_p(z: float) -> float:
    """The two-sided p-value of a standard normal statistic."""
    return math.erfc(abs(z) / math.sqrt(2))


def z_test(values: Sequence[float], expected: float) -> tuple[float, float]:
    """``(z, p)`` for the mean of ``values`` against ``expected``."""
    se = standard_error(values)
    if se == 0:
        return (0.0, 1.0) if statistics.fmean(values) == expected else (math.inf, 0.0)
    z = (statistics.fmean(values) - expected) / se
    return z, two_sided_p(z)


def proportion_test(outcomes: Sequence[float], expected: Sequence[float]) -> tuple[float, float]:
    """``(z, p)``: did outcomes in [0, 1] (wins, shared wins as shares) come up more or less
    often than each one's ``expected`` chance? The score test, with the variance the expected
    chances imply, so it stays sound when every outcome happens to be the same."""
    variance = sum(chance * (1 - chance) for chance in expected)
    if variance == 0:
        return 0.0, 1.0
    z = (sum(outcomes) - sum(expected)) / math.sqrt(variance)
    return z, two_sided_p(z)


def correlation(xs: Sequence[float], ys: Sequence[float]) -> Estimate:
    """Pearson's r with a Fisher-z 95% interval (0 when either side is constant)."""
    n = len(xs)
    if n < 4 or len(set(xs)) < 2 or len(set(ys)) < 2:
        return Estimate(0.0, 0.0, 0.0, n)
    r = max(-0.999999, min(0.999999, statistics.correlation(xs, ys)))
    fisher, half = math.atanh(r), Z95 / math.sqrt(n - 3)
    return Estimate(r, math.tanh(fisher - half), math.tanh(fisher + half), n)


def significance(p: float) -> str:
    """A few words for a p-value, for readings under plots."""
    if p < 0.001:
        return "clearly significant (p < 0.001)"
    if p < 0.05:
        return f"significant (p = {p:.3f})"
    return f"not significant (p = {p:.2f})"
