"""Each measure of an episode, on a constructed episode."""

import pytest

from graphmind.bench.learning import Episode, Round
from graphmind.experiments.measures import measure_all


def test_measures_of_a_constructed_episode():
    episode = Episode(
        rounds=[
            Round("caching", 0.4, 0.6, False, -0.8),
            Round("logging", 0.6, 0.4, True, 0.8),
            Round("caching", 0.8, 0.2, True, 0.8),
            Round("logging", 1.0, 0.0, True, 0.8),
        ],
        adjustments={"a": 0.1, "b": -0.05},
        memories=10,
    )
    assert measure_all(episode) == pytest.approx(
        {
            "outcome_quality": 0.4,
            "precision": 0.7,
            "harmful_share": 0.3,
            "late_harmful_share": 0.1,
            "salience_drift": 0.015,
        }
    )
