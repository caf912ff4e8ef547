"""An experiment's entry in seed 000's Experiment Log (YAML), its conclusion and action.

The YAML is written by hand (strings as JSON strings, which YAML reads as
double-quoted scalars), one entry per experiment, numbered EXP-NNN in the order the
experiments were recorded. `sample_size` counts trials, the unit of the t-test;
each trial is an episode of `rounds` decisions.
"""

import json
from dataclasses import asdict
from typing import TYPE_CHECKING

from graphmind.experiments.catalogue import Hypothesis
from graphmind.experiments.stats import Analysis

if TYPE_CHECKING:
    from graphmind.experiments.runner import ExperimentRun


def _metric_name(hypothesis: Hypothesis) -> str:
    return hypothesis.metric_description.split(":")[0]


def _treatment_better(hypothesis: Hypothesis, analysis: Analysis) -> bool:
    # only asked of a significant test, which had trials (so a mean) in both arms
    assert analysis.control_mean is not None and analysis.treatment_mean is not None
    return (analysis.treatment_mean > analysis.control_mean) == hypothesis.higher_is_better


def _percent(improvement: float | None) -> str:
    return "n/a (control mean 0)" if improvement is None else f"{improvement * 100:+.1f}%"


def conclusion(hypothesis: Hypothesis, analysis: Analysis) -> str:
    """What the analysis says about the hypothesis, in one or two sentences."""
    c, t = hypothesis.control.description, hypothesis.treatment.description
    means = (
        f"{_metric_name(hypothesis)} {analysis.control_mean:.4f} ({c}) vs "
        f"{analysis.treatment_mean:.4f} ({t}), {_percent(analysis.improvement)} for the treatment"
    )
    trials = f"{analysis.control_n} + {analysis.treatment_n} trials"
    if analysis.reason:
        return f"No test ({analysis.reason}): {means}."
    test = f"p = {_p(analysis.p_value)} (Welch's t-test, {trials})"
    if not analysis.significant:
        return (
            f"No significant difference: {means}, {test}. The data do not support {hypothesis.key} "
            f"at this sample size; an effect smaller than the trial-to-trial spread cannot be excluded."
        )
    verdict = "support" if _treatment_better(hypothesis, analysis) else "contradict"
    return f"Significant: {means}, {test}. The data {verdict} {hypothesis.key} on this benchmark."


def action(hypothesis: Hypothesis, analysis: Analysis) -> str:
    """What follows for the settings (experiments never change them by themselves)."""
    if analysis.reason:
        return "none: settings unchanged; rerun with more trials"
    if not analysis.significant:
        return "none: settings unchanged"
    if _treatment_better(hypothesis, analysis):
        return (
            f"none yet: settings unchanged; {hypothesis.treatment.description} is a candidate, "
            f"to confirm on a second benchmark before it becomes the default"
        )
    return f"none: settings unchanged; {hypothesis.treatment.description} is not adopted"


def _p(p: float) -> str:
    return f"{p:.2e}" if p < 0.001 else f"{p:.3f}"


def _number(value: float | None, digits: int = 4) -> str:
    return "null" if value is None else f"{value:.{digits}f}"


def _text(value: str) -> str:
    return json.dumps(value, ensure_ascii=False)


def entry(run: "ExperimentRun") -> str:
    """The experiment's log entry as YAML text (a one-item list, to append to a log)."""
    h, a = run.hypothesis, run.analysis
    rounds, direction = run.config["rounds"], "higher" if h.higher_is_better else "lower"
    control = f"{h.control.description}: {len(run.values('control'))} trials"
    treatment = f"{h.treatment.description}: {len(run.values('treatment'))} trials"
    lines = [
        f"- id: EXP-{run.number:03d}",
        f"  hypothesis: {_text(f'{h.label}: {h.statement}')}",
        f"  metric: {_text(f'{h.metric_description} ({direction} is better)')}",
        f"  start_date: {run.started_at.isoformat(timespec='seconds')}",
        f"  end_date: {run.ended_at.isoformat(timespec='seconds') if run.ended_at else 'null'}",
        f"  sample_size: {len(run.trials)}  # trials, each an episode of {rounds} decisions "
        f"({len(run.trials) * rounds} in all; bench {run.bench}, seed {run.seed})",
        f"  control_group: {_text(control)}",
        f"  treatment_group: {_text(treatment)}",
    ]
    if a:
        lines += [
            "  results:",
            f"    control_mean: {_number(a.control_mean)}",
            f"    treatment_mean: {_number(a.treatment_mean)}",
            f"    improvement: {'null' if a.improvement is None else _percent(a.improvement)}",
            f"    p_value: {_p(a.p_value)}",
            f"    significant: {'true' if a.significant else 'false'}",
            f"  conclusion: {_text(run.conclusion or '')}",
            f"  action: {_text(action(h, a))}",
        ]
    return "\n".join(lines) + "\n"


def report(run: "ExperimentRun") -> dict:
    """Everything about the run, for `--out x.json`."""
    return {
        "id": run.id,
        "log_id": f"EXP-{run.number:03d}",
        "hypothesis": asdict(run.hypothesis),
        "bench": run.bench,
        "seed": run.seed,
        "config": run.config,
        "started_at": run.started_at.isoformat(),
        "ended_at": run.ended_at.isoformat() if run.ended_at else None,
        "trials": [{**asdict(t), "started_at": t.started_at.isoformat()} for t in run.trials],
        "analysis": asdict(run.analysis) if run.analysis else None,
        "conclusion": run.conclusion,
        "log_entry": entry(run),
    }
