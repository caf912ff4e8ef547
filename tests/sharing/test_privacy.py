"""The Laplace mechanism, the ε budget arithmetic and the release thresholds."""

import numpy as np
import pytest

from graphmind.sharing import privacy


@pytest.mark.parametrize(
    ("instances", "users", "shared"),
    [
        (99, 10, False),
        (100, 9, False),
        (100, 10, True),
        (5000, 10, True),
        (100, 400, True),
    ],
)
def test_thresholds_need_100_instances_across_10_users(instances, users, shared):
    assert privacy.meets_thresholds(instances, users, min_instances=100, min_users=10) is shared


def test_ten_releases_of_a_tenth_spend_exactly_the_budget():
    spent = 0.0
    for _ in range(10):
        assert privacy.can_spend(spent, 0.1, 1.0)
        spent = privacy.spend(spent, 0.1)
    assert spent == 1.0
    assert not privacy.can_spend(spent, 0.1, 1.0)
    assert privacy.remaining(spent, 1.0) == 0.0
    assert privacy.remaining(0.3, 1.0) == 0.7
    assert not privacy.can_spend(0.95, 0.1, 1.0)  # a partial release is never allowed


@pytest.mark.parametrize(("sensitivity", "epsilon"), [(1.0, 0.1), (10.0, 0.1 / 3), (1.0, 1.0)])
def test_laplace_noise_has_mean_zero_and_scale_sensitivity_over_epsilon(sensitivity, epsilon):
    rng = np.random.default_rng(42)
    draws = np.array([privacy.laplace(rng, sensitivity, epsilon) for _ in range(20_000)])
    scale = sensitivity / epsilon
    assert abs(draws.mean()) < 0.05 * scale
    assert np.abs(draws).mean() == pytest.approx(scale, rel=0.03)  # E|X| = b for Laplace(0, b)
    assert np.median(np.abs(draws)) == pytest.approx(scale * np.log(2), rel=0.05)


def test_a_fixed_seed_reproduces_the_noise():
    first = [privacy.laplace(np.random.default_rng(7), 1.0, 0.1) for _ in range(3)]
    again = [privacy.laplace(np.random.default_rng(7), 1.0, 0.1) for _ in range(3)]
    assert first == again


def test_laplace_refuses_a_zero_epsilon():
    with pytest.raises(ValueError):
        privacy.laplace(np.random.default_rng(1), 1.0, 0.0)


def test_noisy_release_splits_epsilon_in_three_and_stays_in_range():
    rng = np.random.default_rng(3)
    releases = [privacy.noisy_release(rng, 1000, 100, 50.0, user_cap=10, epsilon=0.1) for _ in range(4000)]
    instances = np.array([r.instances for r in releases])
    users = np.array([r.users for r in releases])
    assert all(r.instances >= 0 and r.users >= 0 and -1.0 <= r.mean_quality <= 1.0 for r in releases)
    # Scales: instances cap/(ε/3) = 300, users 1/(ε/3) = 30 (rounding and the floor at 0 barely matter here).
    assert np.abs(instances - 1000).mean() == pytest.approx(300, rel=0.06)
    assert np.abs(users - 100).mean() == pytest.approx(30, rel=0.06)
    big = privacy.noisy_release(np.random.default_rng(5), 10**6, 10**5, 0.5 * 10**5, user_cap=10, epsilon=0.1)
    assert big.mean_quality == pytest.approx(0.5, abs=0.01)  # noise fades with many users
