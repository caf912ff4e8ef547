"""Experiment and Trial nodes (`cypher/experiments/`): system-level records, not user data.

    (:Experiment {id, number, key, slug, hypothesis, metric, higherIsBetter, control, treatment,
                  bench, benchConfig, seed, sampleSize, startedAt, status, endedAt, controlMean,
                  treatmentMean, improvement, tStatistic, df, pValue, significant, conclusion})
      -[:HAS_TRIAL]->(:Trial {id, experimentId, arm, seed, value, measures, startedAt, durationMs})

`control`, `treatment`, `benchConfig` and `measures` are JSON strings.
"""

import json
from datetime import datetime

from graphmind.deps import Deps
from graphmind.experiments.catalogue import Hypothesis
from graphmind.experiments.stats import Analysis


async def start(
    deps: Deps,
    experiment_id: str,
    hypothesis: Hypothesis,
    bench: str,
    bench_config: dict,
    seed: int,
    sample_size: int,
    started_at: datetime,
) -> int:
    """Writes the Experiment as it starts; returns its number (1 + experiments recorded before)."""
    [row] = await deps.db.write(
        "experiments.start",
        id=experiment_id,
        key=hypothesis.key,
        slug=hypothesis.slug,
        hypothesis=f"{hypothesis.label}: {hypothesis.statement}",
        metric=hypothesis.metric,
        higherIsBetter=hypothesis.higher_is_better,
        control=json.dumps(hypothesis.control.as_dict()),
        treatment=json.dumps(hypothesis.treatment.as_dict()),
        bench=bench,
        benchConfig=json.dumps(bench_config),
        seed=seed,
        sampleSize=sample_size,
        startedAt=started_at,
    )
    return row["number"]


async def trial(
    deps: Deps,
    experiment_id: str,
    trial_id: str,
    arm: str,
    seed: int,
    value: float,
    measures: dict[str, float],
    started_at: datetime,
    duration_ms: float,
) -> None:
    await deps.db.write(
        "experiments.trial",
        experimentId=experiment_id,
        id=trial_id,
        arm=arm,
        seed=seed,
        value=value,
        measures=json.dumps(measures),
        startedAt=started_at,
        durationMs=duration_ms,
    )


async def finish(
    deps: Deps,
    experiment_id: str,
    ended_at: datetime,
    analysis: Analysis | None,
    conclusion: str | None,
    error: str | None = None,
) -> None:
    """Writes the analysis and conclusion (status done), or the error (status failed)."""
    results = (
        {
            "controlMean": analysis.control_mean,
            "treatmentMean": analysis.treatment_mean,
            "improvement": analysis.improvement,
            "tStatistic": analysis.t_statistic,
            "df": analysis.df,
            "pValue": analysis.p_value,
            "significant": analysis.significant,
        }
        if analysis
        else dict.fromkeys(("controlMean", "treatmentMean", "improvement", "tStatistic", "df", "pValue", "significant"))
    )
    await deps.db.write(
        "experiments.finish",
        id=experiment_id,
        endedAt=ended_at,
        status="failed" if error else "done",
        conclusion=conclusion,
        error=error,
        **results,
    )
