"""`graphmind experiment …`: the hypothesis experiments H1-H6."""

import asyncio
from pathlib import Path

import click

from graphmind.cli.root import cli
from graphmind.errors import GraphMindError


@cli.group(short_help="Hypothesis experiments H1-H6: control vs treatment.")
def experiment() -> None:
    """Hypothesis experiments (seed 000 H1-H6): control vs treatment, Welch's t-test (docs/experiments.md)."""


@experiment.command("list")
def experiment_list() -> None:
    """The catalogue: each hypothesis, its metric and its two arms."""
    from graphmind.experiments.catalogue import CATALOGUE

    for h in CATALOGUE:
        direction = "higher" if h.higher_is_better else "lower"
        click.echo(
            f"{h.key} {h.slug}: {h.statement}\n"
            f"    metric {h.metric} ({direction} is better); control {h.control.description}; "
            f"treatment {h.treatment.description}"
        )


@experiment.command("run")
@click.argument("name")
@click.option("--bench", type=click.Choice(["learning"]), required=True, help="The benchmark a trial runs.")
@click.option("--trials", type=int, default=20, show_default=True, help="Trials, split evenly between the arms.")
@click.option("--rounds", type=int, default=150, show_default=True, help="Rounds (decisions) per trial.")
@click.option("--seed", type=int, default=7, show_default=True, help="Seed of the assignment and trial seeds.")
@click.option("--out", type=click.Path(path_type=Path), help="Also write the run: .json (everything) or .yaml.")
@click.option("--noise", type=float, help="Share of outcomes reported flipped in every trial (robustness).")
def experiment_run(
    name: str, bench: str, trials: int, rounds: int, seed: int, out: Path | None, noise: float | None
) -> None:
    """Run experiment NAME (H1-H6 or its slug) offline; print its experiment-log entry (YAML)."""
    import json

    from graphmind.bench.common import bench_deps
    from graphmind.experiments import catalogue, log, runner

    try:
        hypothesis = catalogue.find(name)
    except GraphMindError as e:
        raise click.BadParameter(e.message, param_hint="NAME") from None

    def progress(trial, total: int) -> None:
        click.echo(
            f"trial {trial.number}/{total} {trial.arm:<9} seed {trial.seed}: "
            f"{hypothesis.metric} {trial.value:.4f} ({trial.duration_ms / 1000:.1f} s)",
            err=True,
        )

    async def go():
        async with bench_deps() as deps:
            return await runner.run_experiment(deps, hypothesis, trials, rounds, seed, bench, progress, noise)

    run = asyncio.run(go())
    entry = log.entry(run)
    click.echo(entry, nl=False)
    if out:
        out.parent.mkdir(parents=True, exist_ok=True)
        out.write_text(json.dumps(log.report(run), indent=2, default=str) if out.suffix == ".json" else entry)
