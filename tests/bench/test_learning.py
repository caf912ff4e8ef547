"""The learning benchmark: its stream, one episode, and the on/off report, on tiny sizes."""

from collections import Counter

import pytest

from graphmind.bench import learning
from graphmind.bench.common import delete_user
from graphmind.bench.learning import TOPICS, Config, build_stream, run_episode


def test_the_stream_is_balanced_and_seeded():
    stream, texts = build_stream(Config(seed=3, rounds=12))
    assert Counter(stream) == dict.fromkeys(TOPICS, 2)
    assert (stream, texts) == build_stream(Config(seed=3, rounds=12))
    assert stream != build_stream(Config(seed=4, rounds=12))[0]
    assert Counter(good for _, good in texts) == {True: 30, False: 30}


async def test_an_episode_records_every_round(deps, user_id):
    try:
        episode = await run_episode(deps, user_id, Config(seed=5, rounds=6), learn=True, progress=False)
    finally:
        await delete_user(deps, user_id)
    assert episode.memories == 60 and len(episode.rounds) == 6
    for r in episode.rounds:
        assert r.precision + r.harmful == pytest.approx(1.0)
        assert r.quality == (0.8 if r.acted_good else -0.8)
    assert episode.adjustments and all(abs(a) <= 0.5 for a in episode.adjustments.values())


async def test_the_report_keeps_its_shape(deps):
    report = await learning.run(deps, Config(seed=5, rounds=6, block=3))
    assert set(report) == {
        "config",
        "topics",
        "good_per_topic",
        "misleading_per_topic",
        "precision_at_5",
        "success",
        "lift_on",
        "drift_off",
        "latency_ms",
    }
    assert len(report["precision_at_5"]["on"]) == len(report["precision_at_5"]["off"]) == 2
    assert len(report["success"]["on"]) == 2
    assert "success on" in learning.format_report(report)


@pytest.mark.parametrize(("policy", "expected"), [("top", [0]), ("top3", [0, 1, 2])])
def test_the_agent_acts_on_what_its_policy_picks(policy, expected):
    import random

    assert learning._acted(policy, 5, random.Random(1)) == expected
    assert learning._acted("top3", 2, random.Random(1)) == [0, 1]


def test_graded_advice_has_one_best_per_topic_from_the_seed():
    rates = learning.success_rates(Config(scenario="graded", seed=3))
    for _, good, misleading in TOPICS.values():
        assert sorted(rates[t] for t in good) == [0.6, 0.6, 0.6, 0.6, 0.95]
        assert {rates[t] for t in misleading} == {0.1}
    assert rates == learning.success_rates(Config(scenario="graded", seed=3))
    assert rates != learning.success_rates(Config(scenario="graded", seed=4))
    binary = learning.success_rates(Config())
    assert {binary[t] for _, good, _ in TOPICS.values() for t in good} == {1.0}


async def test_credit_none_runs_the_baseline_arm_alone(deps):
    report = await learning.run(deps, Config(seed=5, rounds=6, block=3, credit="none", scenario="graded", explore=0.3))
    assert set(report["success"]) == {"off"} and report["lift_on"] is None
    text = learning.format_report(report)
    assert "success none" in text and "success on" not in text and "exploration 0.3" in text
