"""Estimates with 95% intervals that stay right at the edges, from counts kept as games finish.

The simulator never keeps a list of per-game values: it counts how often each value occurred
(a :class:`Tally`), which takes memory bounded by the number of distinct values, not by the
number of games. Every estimate is computed from those counts, so it does not depend on the
order the games finished in, nor on how they were split between workers.

Three intervals, each named in :attr:`Estimate.method`:

- ``"wilson"``: the Wilson score interval, for a share of 0/1 outcomes (a seat's win rate when
  no win was ever shared). It never leaves ``[0, 1]`` and is not empty at 0 or n wins::

      >>> wilson(0, 20).format()
      '0.000 [0.000, 0.161]'

- ``"bootstrap"``: a percentile bootstrap over games (2,000 resamples), for a mean of values
  that are not 0/1, such as a win rate when ties split wins. Resampling games is resampling
  the counts of each distinct value (a multinomial draw), so it also runs in bounded memory.
- ``"normal"``: the mean plus or minus 1.96 standard errors, for chip results.
"""

from __future__ import annotations

import math
import random
from collections import Counter
from collections.abc import Mapping, Sequence
from fractions import Fraction

import attrs

__all__ = ["Estimate", "Tally", "bootstrap_mean", "wilson"]

Z95 = 1.959963984540054
"""The two-sided 95% quantile of the standard normal distribution."""

RESAMPLES = 2000
"""Bootstrap resamples per interval."""


def _default_low(self: Estimate) -> float:
    return self.mean - self.half_width


def _default_high(self: Estimate) -> float:
    return self.mean + self.half_width


@attrs.frozen(kw_only=True)
class Estimate:
    """A sample mean with its 95% confidence interval.

    ``Estimate(mean=m, half_width=h)`` is the symmetric interval ``[m - h, m + h]`` (method
    ``"normal"``); the Wilson and bootstrap intervals are not symmetric and give ``low`` and
    ``high`` explicitly (``half_width`` is then half the interval's width).

    Attributes:
        mean: The sample mean.
        half_width: Half the width of the 95% interval; infinite with fewer than 2 samples.
        low: The lower end of the interval.
        high: The upper end of the interval.
        method: ``"normal"``, ``"wilson"`` or ``"bootstrap"``.
    """

    mean: float
    half_width: float
    low: float = attrs.field(default=attrs.Factory(_default_low, takes_self=True))
    high: float = attrs.field(default=attrs.Factory(_default_high, takes_self=True))
    method: str = "normal"

    @classmethod
    def of(cls, values: Sequence[float]) -> Estimate:
        """The normal-approximation estimate of the mean of ``values``.

        Example::

            >>> Estimate.of([1.0, 0.0, 1.0, 0.0]).format()
            '0.500 ± 0.566'
        """
        return Tally(Counter(values)).normal()

    def format(self, digits: int = 3) -> str:
        """``mean ± half_width`` for a normal interval, else ``mean [low, high]``."""
        if math.isnan(self.mean):
            return "-"
        if self.method == "normal":
            return f"{self.mean:.{digits}f} ± {self.half_width:.{digits}f}"
        return f"{self.mean:.{digits}f} [{self.low:.{digits}f}, {self.high:.{digits}f}]"


def wilson(successes: int, trials: int, *, scale: float = 1.0) -> Estimate:
    """The Wilson score interval of ``successes`` out of ``trials``, times ``scale``.

    Example::

        >>> wilson(19, 20).high <= 1.0
        True
    """
    if trials == 0:
        return Estimate(mean=math.nan, half_width=math.inf, method="wilson")
    p = successes / trials
    z2 = Z95 * Z95
    centre = (p + z2 / (2 * trials)) / (1 + z2 / trials)
    spread = Z95 * math.sqrt(p * (1 - p) / trials + z2 / (4 * trials * trials)) / (1 + z2 / trials)
    low, high = max(0.0, centre - spread), min(1.0, centre + spread)
    if successes == 0:
        low = 0.0
    if successes == trials:
        high = 1.0
    return Estimate(
        mean=p * scale,
        half_width=(high - low) * scale / 2,
        low=low * scale,
        high=high * scale,
        method="wilson",
    )


def _binomial(rng: random.Random, n: int, p: float) -> int:
    """A binomial draw: exact (waiting times) when ``n·p`` is small, else normal."""
    if p <= 0.0 or n == 0:
        return 0
    if p >= 1.0:
        return n
    if p > 0.5:
        return n - _binomial(rng, n, 1.0 - p)
    if n * p < 40:
        log_q = math.log1p(-p)
        count, position = 0, 0
        while True:
            position += int(math.log(1.0 - rng.random()) / log_q) + 1
            if position > n:
                return count
            count += 1
    draw = round(rng.gauss(n * p, math.sqrt(n * p * (1 - p))))
    return min(n, max(0, draw))


def bootstrap_mean(
    counts: Mapping[Fraction, int], *, resamples: int = RESAMPLES, seed: object = 0
) -> Estimate:
    """The mean of the values in ``counts`` with a percentile-bootstrap 95% interval.

    Resampling ``n`` games with replacement is a multinomial draw of how often each distinct
    value occurs, so the cost depends on the number of distinct values, not of games. The
    resampling is seeded from the counts, so the same counts give the same interval.

    Example::

        >>> from fractions import Fraction as F
        >>> e = bootstrap_mean({F(0): 10, F(1, 2): 4, F(1): 6})
        >>> e.method, e.mean, 0.0 < e.low < e.mean < e.high < 1.0
        ('bootstrap', 0.4, True)
    """
    items = sorted((value, count) for value, count in counts.items() if count)
    n = sum(count for _, count in items)
    if n == 0:
        return Estimate(mean=math.nan, half_width=math.inf, method="bootstrap")
    mean = float(sum(value * count for value, count in items) / n)
    rng = random.Random(f"bootstrap:{seed}:{items}")
    means: list[float] = []
    for _ in range(resamples):
        left, rest, total = n, 1.0, Fraction(0)
        for position, (value, count) in enumerate(items):
            if position == len(items) - 1:
                drawn = left
            else:
                drawn = _binomial(rng, left, min(1.0, count / n / rest)) if rest > 0 else 0
                rest -= count / n
            total += value * drawn
            left -= drawn
        means.append(float(total) / n)
    means.sort()
    low = means[int(0.025 * (resamples - 1))]
    high = means[math.ceil(0.975 * (resamples - 1))]
    return Estimate(mean=mean, half_width=(high - low) / 2, low=low, high=high, method="bootstrap")


@attrs.define
class Tally:
    """How often each per-game value occurred: memory bounded by the distinct values.

    Attributes:
        counts: Value → number of games.
    """

    counts: Counter[float] = attrs.field(factory=Counter)

    def add(self, value: float) -> None:
        """Count one more game with ``value``."""
        self.counts[value] += 1

    @property
    def n(self) -> int:
        """The number of games counted."""
        return sum(self.counts.values())

    def normal(self) -> Estimate:
        """The mean with a normal 95% interval (infinite below two games)."""
        n = self.n
        if n == 0:
            return Estimate(mean=math.nan, half_width=math.inf)
        items = sorted(self.counts.items())
        mean = math.fsum(value * count for value, count in items) / n
        if n < 2:
            return Estimate(mean=mean, half_width=math.inf)
        variance = math.fsum(count * (value - mean) ** 2 for value, count in items) / (n - 1)
        return Estimate(mean=mean, half_width=Z95 * math.sqrt(variance / n))
