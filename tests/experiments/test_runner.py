"""A tiny real experiment on the test Neo4j: records, assignment, analysis, log entry."""

import json
from collections import Counter

import pytest
import yaml

from graphmind.errors import BadUserInput
from graphmind.experiments import log
from graphmind.experiments.catalogue import Arm, find
from graphmind.experiments.runner import arm_settings, assign_arms, run_experiment
from graphmind.experiments.stats import welch


def test_assignment_is_balanced_random_and_repeatable():
    arms = assign_arms(20, seed=3)
    assert arms == assign_arms(20, seed=3) and arms != assign_arms(20, seed=4)
    assert Counter(arm for arm, _ in arms) == {"control": 10, "treatment": 10}
    assert len({seed for _, seed in arms}) == 20
    assert [arm for arm, _ in arms] != ["control", "treatment"] * 10
    assert sum(Counter(arm for arm, _ in assign_arms(5, seed=3)).values()) == 5


def test_arm_settings_are_checked(settings):
    assert arm_settings(settings, Arm("x", {"temporal_dampening": [1, 0.3, 0.1, 0.03]})).temporal_dampening == (
        1.0,
        0.3,
        0.1,
        0.03,
    )
    with pytest.raises(BadUserInput, match="unknown settings"):
        arm_settings(settings, Arm("x", {"rrf_kk": 3}))
    with pytest.raises(BadUserInput, match="invalid settings"):
        arm_settings(settings, Arm("x", {"rrf_k": "sixty"}))


async def test_a_tiny_experiment_is_recorded_and_analysed(deps):
    hypothesis = find("H4")
    seen = []
    run = await run_experiment(
        deps, hypothesis, trials=4, rounds=4, seed=11, on_trial=lambda trial, total: seen.append((trial.number, total))
    )
    assert seen == [(1, 4), (2, 4), (3, 4), (4, 4)]
    assert [(t.arm, t.seed) for t in run.trials] == assign_arms(4, seed=11)

    records = (
        await deps.db.driver.execute_query(
            "MATCH (e:Experiment {id: $id}) OPTIONAL MATCH (e)-[:HAS_TRIAL]->(t:Trial) "
            "RETURN e {.*} AS e, collect(t {.*}) AS trials",
            id=run.id,
        )
    ).records
    [record] = records
    experiment, trials = record["e"], sorted(record["trials"], key=lambda t: t["startedAt"])
    assert experiment["key"] == "H4" and experiment["slug"] == "negative-weighting"
    assert experiment["status"] == "done" and experiment["sampleSize"] == 4
    assert experiment["bench"] == "learning"
    assert json.loads(experiment["treatment"])["settings"] == {"negative_outcome_weight": 2.0}
    assert json.loads(experiment["benchConfig"])["rounds"] == 4 and experiment["higherIsBetter"] is False
    assert [(t["arm"], t["seed"], t["value"]) for t in trials] == [(t.arm, t.seed, t.value) for t in run.trials]
    assert all(t["experimentId"] == run.id and t["durationMs"] > 0 for t in trials)
    assert json.loads(trials[0]["measures"])["harmful_share"] == trials[0]["value"]

    expected = welch(run.values("control"), run.values("treatment"), higher_is_better=False)
    assert run.analysis == expected
    assert experiment["pValue"] == expected.p_value and experiment["significant"] == expected.significant
    assert experiment["controlMean"] == pytest.approx(expected.control_mean)
    assert experiment["conclusion"] == run.conclusion == log.conclusion(hypothesis, expected)
    assert all(0.0 <= t.value <= 1.0 for t in run.trials)

    leftovers = (
        await deps.db.driver.execute_query(
            "MATCH (n) WHERE n.userId STARTS WITH $prefix OR (n:User AND n.id STARTS WITH $prefix) "
            "RETURN count(n) AS n",
            prefix=f"experiment-{run.id[:8]}",
        )
    ).records[0]["n"]
    assert leftovers == 0

    [entry] = yaml.safe_load(log.entry(run))
    assert entry["id"] == f"EXP-{experiment['number']:03d}" and entry["sample_size"] == 4
    assert entry["hypothesis"].startswith("H4: Negative Outcome Weighting")
    assert set(entry["results"]) == {"control_mean", "treatment_mean", "improvement", "p_value", "significant"}
    assert entry["results"]["significant"] is expected.significant
    assert entry["results"]["p_value"] == pytest.approx(expected.p_value, abs=1e-3)
    assert entry["control_group"] == f"{hypothesis.control.description}: 2 trials"
    assert entry["conclusion"] == run.conclusion and entry["action"].startswith("none")
    assert json.loads(json.dumps(log.report(run), default=str))["log_entry"] == log.entry(run)


async def test_the_experiments_are_numbered_in_order(deps):
    first = await run_experiment(deps, find("H2"), trials=2, rounds=1, seed=1)
    second = await run_experiment(deps, find("H2"), trials=2, rounds=1, seed=1)
    assert second.number == first.number + 1
    assert first.analysis.reason and first.analysis.p_value == 1.0  # one trial per arm: no test


async def test_bad_runs_are_refused(deps):
    with pytest.raises(BadUserInput):
        await run_experiment(deps, find("H2"), trials=1)
    with pytest.raises(BadUserInput, match="bench"):
        await run_experiment(deps, find("H2"), bench="locomo")


async def test_noise_reaches_every_trial(deps):
    """`--noise` (robustness runs): every trial's episode flips that share of outcomes."""
    run = await run_experiment(deps, find("H4"), trials=2, rounds=1, seed=1, noise=0.15)
    assert run.config["noise"] == 0.15
    plain = await run_experiment(deps, find("H4"), trials=2, rounds=1, seed=1)
    assert plain.config["noise"] == 0.0
