"""`graphmind plot …`: PNG charts of learning curves, weight drift, salience."""

import asyncio
from pathlib import Path

import click

from graphmind.cli.database import without_model
from graphmind.cli.root import cli, user_option
from graphmind.settings import Settings


@cli.group(short_help="PNG charts: learning curves, weight drift, salience.")
def plot() -> None:
    """PNG charts: learning curves, association weight drift, a memory's salience over time."""


@plot.command("learning")
@click.option("--rounds", type=int, default=600, show_default=True, help="Rounds of the learning benchmark.")
@click.option("--seed", type=int, default=7, show_default=True)
@click.option(
    "--from-json",
    "report_path",
    type=click.Path(exists=True, dir_okay=False, path_type=Path),
    help="Plot a saved report (graphmind bench learning --out) instead of running; no Neo4j needed.",
)
@click.option(
    "--out",
    type=click.Path(dir_okay=False, path_type=Path),
    default=Path("learning.png"),
    show_default=True,
    help="The PNG to write.",
)
def plot_learning(rounds: int, seed: int, report_path: Path | None, out: Path) -> None:
    """Learning curves: precision@5 of good advice per block of rounds, learning on vs off."""
    from graphmind.plots import learning, save

    if report_path:
        report = learning.read_report(report_path)
    else:
        from graphmind.bench.common import bench_deps

        async def go() -> dict:
            async with bench_deps() as deps:
                return await learning.load(deps, rounds, seed)

        report = asyncio.run(go())
    click.echo(f"wrote {save(learning.figure_from_report(report), out)}")


@plot.command("drift")
@click.option(
    "--since",
    default="last_session",
    show_default=True,
    help='"last_session", an ISO-8601 time (the latest snapshot at or before it) or a snapshot id.',
)
@user_option("Whose graph (default GRAPHMIND_DEFAULT_USER_ID).")
@click.option(
    "--out",
    type=click.Path(dir_okay=False, path_type=Path),
    default=Path("drift.png"),
    show_default=True,
    help="The PNG to write.",
)
def plot_drift(since: str, user: str | None, out: Path) -> None:
    """Histogram of association edge weight changes since a snapshot."""
    from graphmind.plots import drift, save

    user_id = user or Settings().default_user_id
    data = without_model(lambda deps: drift.load(deps, user_id, since))
    click.echo(f"wrote {save(drift.drift_figure(data), out)} ({data.drifted} edges moved since {data.label!r})")


@plot.command("salience")
@click.argument("memory_id")
@user_option("Whose memory (default GRAPHMIND_DEFAULT_USER_ID).")
@click.option(
    "--out",
    type=click.Path(dir_okay=False, path_type=Path),
    help="The PNG to write (default salience-<first 8 characters of the id>.png).",
)
def plot_salience(memory_id: str, user: str | None, out: Path | None) -> None:
    """A memory's effective salience over time from the event log, a marker per outcome."""
    from graphmind.plots import salience, save

    user_id = user or Settings().default_user_id
    history = without_model(lambda deps: salience.load(deps, user_id, memory_id))
    path = save(salience.salience_figure(history), out or Path(f"salience-{memory_id[:8]}.png"))
    click.echo(f"wrote {path} ({len(history.adjustments)} outcome adjustments)")
