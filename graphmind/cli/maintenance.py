"""Upkeep: `replay --check` of outcome adjustments, `gardener run` of one job."""

import asyncio
import sys

import click

from graphmind.cli.database import with_database
from graphmind.cli.root import cli, user_option
from graphmind.errors import GraphMindError


@cli.command(short_help="Rebuild outcome adjustments from the event log.")
@click.option("--check", is_flag=True, required=True, help="Compare with the stored values.")
@user_option("Only this user (default: every user).")
def replay(check: bool, user: str | None) -> None:
    """Rebuild every memory's outcome adjustment from the event log; report differences."""
    from graphmind.learning.replay import replay as run_replay

    report = asyncio.run(with_database(lambda db: run_replay(db, user)))
    click.echo(
        f"replayed {report.events} salience events over {report.memories} memories: "
        f"{len(report.differences)} differences"
    )
    for user_id, memory_id, replayed, stored in report.differences[:50]:
        click.echo(f"  {user_id} {memory_id}: replayed {replayed:.6f}, stored {stored:.6f}")
    sys.exit(1 if report.differences else 0)


@cli.group(short_help="Run the gardener's jobs (decay, prune, consolidate, …).")
def gardener() -> None:
    """The gardener's jobs: decay, prune, consolidate, patterns, scene_flush, self_improve, share_patterns."""


@gardener.command("run")
@click.argument(
    "job",
    type=click.Choice(["decay", "prune", "consolidate", "patterns", "scene_flush", "self_improve", "share_patterns"]),
)
@click.option("--dry-run", is_flag=True, help="Only count what the job would do.")
def gardener_run(job: str, dry_run: bool) -> None:
    """Run one job now, across all users (refused while a run of it is under way)."""
    import json

    from graphmind.bench.common import bench_deps
    from graphmind.gardener.runner import run_job

    async def go():
        async with bench_deps() as deps:
            return await run_job(deps, job, dry_run)

    try:
        run = asyncio.run(go())
    except GraphMindError as e:
        raise click.ClickException(e.message) from None
    click.echo(
        f"{job}{' (dry run)' if dry_run else ''}: {json.dumps(run.counts, sort_keys=True)} in {run.duration_ms:.0f} ms"
    )
