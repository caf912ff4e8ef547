"""The Kalman utility, by hand."""

import pytest

from graphmind.memory.utility import Utility, kalman_update


def test_kalman_moves_towards_observations_and_gets_surer():
    prior = Utility()
    posterior = kalman_update(prior, observed=1.0)
    gain = 1.0 / (1.0 + 0.5)
    assert posterior.estimate == pytest.approx(0.5 + gain * 0.5)
    assert posterior.variance == pytest.approx((1 - gain) * 1.0 + 0.01)
    assert kalman_update(posterior, 1.0).variance < posterior.variance
