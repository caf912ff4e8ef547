"""The Kalman utility, by hand."""

import pytest

from graphmind.memory.utility import Utility, kalman_unobserve, kalman_update


def test_kalman_moves_towards_observations_and_gets_surer():
    prior = Utility()
    posterior = kalman_update(prior, observed=1.0)
    gain = 1.0 / (1.0 + 0.5)
    assert posterior.estimate == pytest.approx(0.5 + gain * 0.5)
    assert posterior.variance == pytest.approx((1 - gain) * 1.0 + 0.01)
    assert kalman_update(posterior, 1.0).variance < posterior.variance


@pytest.mark.parametrize("noise", [0.5, 0.7, 5.0])
def test_unobserving_gives_back_the_estimate_before_the_observation(noise):
    prior = kalman_update(Utility(), observed=0.9)
    after = kalman_update(prior, observed=0.1, measurement_noise=noise)
    back = kalman_unobserve(after, observed=0.1, measurement_noise=noise)
    assert back.estimate == pytest.approx(prior.estimate) and back.variance == pytest.approx(prior.variance)
    fresh = kalman_unobserve(kalman_update(Utility(), 1.0), 1.0)
    assert (fresh.estimate, fresh.variance) == pytest.approx((0.5, 1.0))  # a memory's first outcome: back to new


def test_unobserving_what_left_no_information_changes_nothing():
    sure = Utility(estimate=0.7, variance=0.005)  # less variance than process noise alone leaves
    assert kalman_unobserve(sure, observed=1.0) == sure
