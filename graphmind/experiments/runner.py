"""Runs an experiment offline: random assignment, one benchmark episode per trial, Welch's test.

The trials are split evenly between control and treatment (an odd one goes to an arm
drawn at random) and shuffled, from a seeded RNG that also gives each trial its own
episode seed; the same seed gives the same assignment. A trial is one episode of the
learning benchmark (`bench/learning.run_episode`, learning on) on a fresh user, with
the arm's settings overrides on a copy of the settings and its benchmark overrides on
the `Config`; the user is deleted afterwards. The Experiment node is written at the
start, each Trial as it finishes, the analysis at the end (`records.py`).
"""

import random
import uuid
from collections.abc import Callable
from dataclasses import asdict, dataclass, field, replace
from datetime import datetime
from typing import Any

from pydantic import TypeAdapter, ValidationError

from graphmind.bench.common import Stopwatch, delete_user
from graphmind.bench.learning import Config, run_episode
from graphmind.deps import Deps
from graphmind.errors import BadUserInput
from graphmind.experiments import log, records
from graphmind.experiments.catalogue import Arm, Hypothesis
from graphmind.experiments.measures import measure_all
from graphmind.experiments.stats import Analysis, welch
from graphmind.settings import Settings

ARMS = ("control", "treatment")
BENCHES = ("learning",)


@dataclass(frozen=True)
class Trial:
    id: str
    number: int
    arm: str
    seed: int
    value: float
    measures: dict[str, float]
    started_at: datetime
    duration_ms: float


@dataclass
class ExperimentRun:
    id: str
    number: int
    hypothesis: Hypothesis
    bench: str
    seed: int
    config: dict  # the benchmark Config of both arms, without the arms' overrides and trial seeds
    started_at: datetime
    ended_at: datetime | None = None
    trials: list[Trial] = field(default_factory=list)
    analysis: Analysis | None = None
    conclusion: str | None = None

    def values(self, arm: str) -> list[float]:
        return [t.value for t in self.trials if t.arm == arm]


def assign_arms(trials: int, seed: int) -> list[tuple[str, int]]:
    """(arm, episode seed) per trial, in running order."""
    rng = random.Random(seed)
    arms = [ARMS[n % 2] for n in range(trials - trials % 2)]
    if trials % 2:
        arms.append(rng.choice(ARMS))
    rng.shuffle(arms)
    return [(arm, rng.randrange(1, 2**31)) for arm in arms]


def arm_settings(settings: Settings, arm: Arm) -> Settings:
    """A copy of the settings with the arm's overrides, each checked against its field's type."""
    fields = Settings.model_fields
    unknown = sorted(set(arm.settings) - set(fields))
    if unknown:
        raise BadUserInput(f"unknown settings {unknown} in arm {arm.description!r}")
    values: dict[str, Any] = {}
    try:
        for k, v in arm.settings.items():
            annotation = fields[k].annotation
            assert annotation is not None  # every field of Settings is annotated
            values[k] = TypeAdapter(annotation).validate_python(v)
    except ValidationError as e:
        raise BadUserInput(f"invalid settings in arm {arm.description!r}: {e}") from e
    return settings.model_copy(update=values)


def trial_user(experiment_id: str, number: int) -> str:
    return f"experiment-{experiment_id[:8]}-trial-{number}"


async def run_experiment(
    deps: Deps,
    hypothesis: Hypothesis,
    trials: int = 20,
    rounds: int = 150,
    seed: int = 7,
    bench: str = "learning",
    on_trial: Callable[[Trial, int], None] | None = None,
    noise: float | None = None,
) -> ExperimentRun:
    """Runs `trials` trials of `rounds` rounds each; `on_trial(trial, total)` after each one;
    `noise`: the share of outcomes reported flipped in every trial (default: the hypothesis's)."""
    if bench not in BENCHES:
        raise BadUserInput(f"unknown bench {bench!r}; known: {', '.join(BENCHES)}", field="bench")
    if trials < 2 or rounds < 1:
        raise BadUserInput("an experiment needs at least 2 trials of at least 1 round")
    settings = {arm: arm_settings(deps.settings, getattr(hypothesis, arm)) for arm in ARMS}
    config = asdict(Config(**{**hypothesis.bench, "rounds": rounds, **({"noise": noise} if noise is not None else {})}))
    del config["seed"]  # each trial has its own
    run = ExperimentRun(str(uuid.uuid4()), 0, hypothesis, bench, seed, config, deps.clock.now())
    run.number = await records.start(deps, run.id, hypothesis, bench, config, seed, trials, run.started_at)
    try:
        for number, (arm, trial_seed) in enumerate(assign_arms(trials, seed), 1):
            trial = await _run_trial(replace(deps, settings=settings[arm]), run, number, arm, trial_seed)
            await records.trial(
                deps,
                run.id,
                trial.id,
                arm,
                trial_seed,
                trial.value,
                trial.measures,
                trial.started_at,
                trial.duration_ms,
            )
            run.trials.append(trial)
            if on_trial:
                on_trial(trial, trials)
        run.analysis = welch(run.values("control"), run.values("treatment"), hypothesis.higher_is_better)
        run.conclusion = log.conclusion(hypothesis, run.analysis)
    except Exception as e:
        await records.finish(deps, run.id, deps.clock.now(), None, None, error=f"{type(e).__name__}: {e}")
        raise
    run.ended_at = deps.clock.now()
    await records.finish(deps, run.id, run.ended_at, run.analysis, run.conclusion)
    return run


async def _run_trial(deps: Deps, run: ExperimentRun, number: int, arm: str, seed: int) -> Trial:
    """One episode with learning on, on a fresh user that is deleted afterwards."""
    config = Config(**{**run.config, **getattr(run.hypothesis, arm).bench, "seed": seed})
    user, started_at = trial_user(run.id, number), deps.clock.now()
    try:
        with Stopwatch() as watch:
            episode = await run_episode(deps, user, config, learn=True, progress=False)
    finally:
        await delete_user(deps, user)
    measures = measure_all(episode)
    return Trial(str(uuid.uuid4()), number, arm, seed, measures[run.hypothesis.metric], measures, started_at, watch.ms)
