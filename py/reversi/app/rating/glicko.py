"""Glicko-2 (Glickman, "Example of the Glicko-2 system", 2012): a rating, its deviation
and its volatility, moved by the results of one rating period.  The player's rating
(C8) takes each rated game as its own period.  Pure arithmetic, no state.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

#: Glicko-2's scale factor between the Elo-like scale and its own.
SCALE = 173.7178
#: The system constant: how much the volatility may change (Glickman suggests 0.3-1.2).
TAU = 0.5
#: The convergence tolerance of the volatility's iteration.
EPSILON = 0.000001
#: The bounds that keep one-game periods stable: a volatility above this, and a deviation
#: above the start's, let a run of wildly inconsistent results (wins against Expert
#: between losses to Easy) blow the rating up (to 250,000 after 6,166 random results, then
#: a division by zero); the chess servers bound them likewise.
MAX_VOLATILITY, MAX_DEVIATION = 0.15, 350.0


@dataclass(frozen=True)
class Rating:
    """A rating on the Elo-like scale, its deviation (RD) and its volatility."""

    rating: float
    deviation: float
    volatility: float = 0.06


def _g(phi: float) -> float:
    return 1 / math.sqrt(1 + 3 * phi * phi / math.pi ** 2)


def _e(mu: float, mu_j: float, phi_j: float) -> float:
    return 1 / (1 + math.exp(-_g(phi_j) * (mu - mu_j)))


def update(player: Rating, results: list[tuple[Rating, float]], tau: float = TAU) -> Rating:
    """Returns ``player`` after one rating period of ``results`` (each an opponent and the
    score against it: 1 a win, 0.5 a draw, 0 a loss); with no results only the deviation
    grows (Glickman's step 6)."""
    mu, phi, sigma = (player.rating - 1500) / SCALE, player.deviation / SCALE, player.volatility
    if not results:
        return Rating(player.rating, min(MAX_DEVIATION, math.sqrt(phi * phi + sigma * sigma) * SCALE), sigma)
    opponents = [((o.rating - 1500) / SCALE, o.deviation / SCALE, score) for o, score in results]
    v = 1 / sum(_g(phi_j) ** 2 * _e(mu, mu_j, phi_j) * (1 - _e(mu, mu_j, phi_j))
                for mu_j, phi_j, _ in opponents)
    delta = v * sum(_g(phi_j) * (score - _e(mu, mu_j, phi_j)) for mu_j, phi_j, score in opponents)
    sigma = min(MAX_VOLATILITY, _volatility(delta, phi, v, sigma, tau))
    phi_star = math.sqrt(phi * phi + sigma * sigma)
    phi_new = min(MAX_DEVIATION / SCALE, 1 / math.sqrt(1 / phi_star ** 2 + 1 / v))
    mu_new = mu + phi_new ** 2 * sum(_g(phi_j) * (score - _e(mu, mu_j, phi_j)) for mu_j, phi_j, score in opponents)
    return Rating(SCALE * mu_new + 1500, SCALE * phi_new, sigma)


def _volatility(delta: float, phi: float, v: float, sigma: float, tau: float) -> float:
    """Returns the new volatility by the Illinois algorithm (Glickman's step 5)."""
    a = math.log(sigma * sigma)

    def f(x: float) -> float:
        ex = math.exp(x)
        return ex * (delta ** 2 - phi ** 2 - v - ex) / (2 * (phi ** 2 + v + ex) ** 2) - (x - a) / tau ** 2

    big_a = a
    if delta ** 2 > phi ** 2 + v:
        big_b = math.log(delta ** 2 - phi ** 2 - v)
    else:
        k = 1
        while f(a - k * tau) < 0:
            k += 1
        big_b = a - k * tau
    f_a, f_b = f(big_a), f(big_b)
    while abs(big_b - big_a) > EPSILON:
        big_c = big_a + (big_a - big_b) * f_a / (f_b - f_a)
        f_c = f(big_c)
        if f_c * f_b <= 0:
            big_a, f_a = big_b, f_b
        else:
            f_a /= 2
        big_b, f_b = big_c, f_c
    return math.exp(big_a / 2)
