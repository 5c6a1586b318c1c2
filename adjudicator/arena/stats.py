"""The arena's statistics: Wilson intervals, logistic Elo, and the sequential probability
ratio test (SPRT) that stops a match as soon as it decides.

The SPRT is the generalized SPRT of fishtest (the Stockfish testing framework, whose
method this follows; no code is taken from it): the results are groups (a setup played
with the seats rotated, so both bots had every seat), each with a score in [0, 1]; the
likelihood of the observed distribution of group scores is maximized once under the
hypothesis that the expected score is ``s0`` and once under ``s1``, and the test stops
when the log of their ratio leaves Wald's bounds ``log(beta / (1 - alpha))`` and
``log((1 - beta) / alpha)``.  Scores are logistic Elo: ``s = 1 / (1 + 10 ** (-elo / 400))``.
Pure: no I/O.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from typing import Literal

Z95 = 1.959963984540054  # the 97.5 % quantile of the standard normal distribution
REGULARIZE = 1e-3  # the count given to a possible group score never observed (as fishtest)
Decision = Literal["H0", "H1"] | None


def wilson(wins: int, games: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a proportion (95 % by default); (0, 1) without games."""
    if games <= 0:
        return 0.0, 1.0
    p = wins / games
    z2n = z * z / games
    centre = (p + z2n / 2) / (1 + z2n)
    half = z * math.sqrt(p * (1 - p) / games + z2n / (4 * games)) / (1 + z2n)
    return max(0.0, centre - half), min(1.0, centre + half)


def score_of_elo(elo: float) -> float:
    """The expected score of a logistic Elo difference."""
    return 1 / (1 + 10 ** (-elo / 400))


def elo_of_score(score: float) -> float:
    """The logistic Elo difference of an expected score (infinite at 0 and 1)."""
    if score <= 0:
        return -math.inf
    if score >= 1:
        return math.inf
    return -400 * math.log10(1 / score - 1)


def _secular(pdf: Sequence[tuple[float, float]]) -> float:
    """The root ``x`` of ``sum p * a / (1 + x * a) = 0`` (the ``a`` straddle zero): the
    function falls strictly between its poles ``-1 / max a`` and ``-1 / min a``, so
    bisection finds it."""
    low = -1 / max(a for a, _ in pdf)
    high = -1 / min(a for a, _ in pdf)

    def f(x: float) -> float:
        return sum(p * a / (1 + x * a) for a, p in pdf)

    span = high - low
    low, high = low + span * 1e-12, high - span * 1e-12
    for _ in range(200):
        mid = (low + high) / 2
        if f(mid) > 0:
            low = mid
        else:
            high = mid
        if high - low < 1e-15:
            break
    return (low + high) / 2


def mle_with_mean(pdf: Sequence[tuple[float, float]], s: float) -> list[float]:
    """The probabilities of the distribution on the same values closest in likelihood to the
    empirical ``pdf`` (value, probability) whose mean is ``s``: ``p / (1 + x (v - s))``."""
    shifted = [(v - s, p) for v, p in pdf]
    x = _secular(shifted)
    return [p / (1 + x * a) for a, p in shifted]


def grid_counts(scores: Sequence[float], steps: int) -> dict[float, float]:
    """The number of groups at each possible score ``k / steps`` (k = 0 .. steps), a never
    observed one counted as :data:`REGULARIZE`."""
    counts = {k / steps: 0.0 for k in range(steps + 1)}
    for s in scores:
        key = round(s * steps) / steps
        counts[key] += 1
    return {v: (n if n > 0 else REGULARIZE) for v, n in counts.items()}


def llr(counts: Mapping[float, float], s0: float, s1: float) -> float:
    """The generalized log-likelihood ratio of ``s1`` against ``s0`` for groups counted by
    score (``counts``: score -> number of groups; every count positive)."""
    total = sum(counts.values())
    pdf = [(v, n / total) for v, n in sorted(counts.items())]
    p0, p1 = mle_with_mean(pdf, s0), mle_with_mean(pdf, s1)
    return total * sum(p * (math.log(b) - math.log(a)) for (_, p), a, b in zip(pdf, p0, p1, strict=True))


def bounds(alpha: float, beta: float) -> tuple[float, float]:
    """Wald's bounds on the log-likelihood ratio: below the first accept H0, above the second H1."""
    return math.log(beta / (1 - alpha)), math.log((1 - beta) / alpha)


def sprt_decision(value: float, alpha: float, beta: float) -> Decision:
    """``"H1"`` at or above the upper bound, ``"H0"`` at or below the lower, else ``None``."""
    low, high = bounds(alpha, beta)
    if value >= high:
        return "H1"
    if value <= low:
        return "H0"
    return None


def mean_interval(values: Sequence[float], z: float = Z95) -> tuple[float, float, float]:
    """The mean of ``values`` and its normal-approximation 95 % interval."""
    n = len(values)
    if n == 0:
        return 0.0, 0.0, 0.0
    mean = sum(values) / n
    if n == 1:
        return mean, mean, mean
    var = sum((v - mean) ** 2 for v in values) / (n - 1)
    half = z * math.sqrt(var / n)
    return mean, mean - half, mean + half


def quantile(values: Sequence[float], q: float) -> float:
    """The ``q`` quantile of ``values`` (nearest rank, the value at or above a share ``q``)."""
    if not values:
        return 0.0
    ordered = sorted(values)
    rank = max(1, math.ceil(q * len(ordered)))
    return ordered[rank - 1]
