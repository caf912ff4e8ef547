"""The differential-privacy arithmetic of shared patterns (docs/sharing.md): the Laplace
mechanism, the per-user ε budget and the release thresholds. Pure functions."""

from dataclasses import dataclass

import numpy as np

# One release publishes three noisy sums; by sequential composition their ε add up to the
# release's ε, so each gets a third of it.
EPSILON_SHARE = 1 / 3
QUALITY_SENSITIVITY = 1.0  # a user's mean outcome quality lies in [-1, 1]
USERS_SENSITIVITY = 1.0  # one user more or less
DECIMALS = 9  # ε sums are rounded, so ten releases of 0.1 spend exactly 1.0


def laplace(rng: np.random.Generator, sensitivity: float, epsilon: float) -> float:
    """One draw of Laplace noise with scale sensitivity / ε (mean 0, mean |x| = the scale)."""
    if sensitivity <= 0 or epsilon <= 0:
        raise ValueError("sensitivity and epsilon must be positive")
    return float(rng.laplace(0.0, sensitivity / epsilon))


def spend(spent: float, epsilon: float) -> float:
    """The ε a user has spent after one more release."""
    return round(spent + epsilon, DECIMALS)


def can_spend(spent: float, epsilon: float, budget: float) -> bool:
    """Whether one more release of `epsilon` stays within the user's budget."""
    return spend(spent, epsilon) <= round(budget, DECIMALS)


def remaining(spent: float, budget: float) -> float:
    return max(0.0, round(budget - spent, DECIMALS))


def meets_thresholds(instances: int, users: int, min_instances: int, min_users: int) -> bool:
    """Seed 000: a pattern is shared only from ≥ min_instances instances across ≥ min_users users."""
    return instances >= min_instances and users >= min_users


@dataclass(frozen=True)
class Release:
    """The published numbers of one shared pattern."""

    instances: int
    users: int
    mean_quality: float


def noisy_release(
    rng: np.random.Generator, instances: int, users: int, quality_sum: float, user_cap: int, epsilon: float
) -> Release:
    """Laplace noise on the instance count (sensitivity: the per-user cap), the user count
    and the sum of users' mean qualities (sensitivity 1 each), ε/3 each. The mean is the
    noisy quality sum over the noisy user count: post-processing, no further ε."""
    share = epsilon * EPSILON_SHARE
    noisy_instances = instances + laplace(rng, float(user_cap), share)
    noisy_users = users + laplace(rng, USERS_SENSITIVITY, share)
    noisy_quality = quality_sum + laplace(rng, QUALITY_SENSITIVITY, share)
    mean = float(np.clip(noisy_quality / max(noisy_users, 1.0), -1.0, 1.0))
    return Release(max(0, round(noisy_instances)), max(0, round(noisy_users)), round(mean, 3))
