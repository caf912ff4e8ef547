"""The `graphmind` command line: serve, migrate, export-schema, neo4j …, gardener run, bench …, obsidian …"""

import asyncio
import logging
import sys
from pathlib import Path

import click

from graphmind.errors import GraphMindError
from graphmind.settings import PROJECT_ROOT, Settings


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
def cli() -> None:
    """GraphMind: graph-native memory and decision intelligence for AI agents."""


@cli.command()
@click.option("--host", help="Address to bind (default GRAPHMIND_HOST, 127.0.0.1).")
@click.option("--port", type=int, help="Port to bind (default GRAPHMIND_PORT, 8000).")
@click.option("--insecure", is_flag=True, help="Bind a non-loopback address even without API keys.")
def serve(host: str | None, port: int | None, insecure: bool) -> None:
    """Serve GraphQL (and GraphiQL) at http://HOST:PORT/graphql."""
    import uvicorn

    from graphmind.api.app import create_app

    overrides = {k: v for k, v in {"host": host, "port": port}.items() if v is not None}
    settings = Settings(**overrides, **({"insecure": True} if insecure else {}))
    _check_binding(settings)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(name)s %(message)s")
    uvicorn.run(create_app(settings), host=settings.host, port=settings.port, log_level="info",
                timeout_graceful_shutdown=30)


def _check_binding(settings: Settings) -> None:
    """Without API keys (or with keys optional) only loopback, unless --insecure."""
    import ipaddress

    try:
        loopback = settings.host == "localhost" or ipaddress.ip_address(settings.host).is_loopback
    except ValueError:
        loopback = False
    if loopback or settings.insecure:
        return
    from graphmind.security.keys import active_key_count

    async def count(db):
        from graphmind.clock import Clock
        from graphmind.deps import Deps

        return await active_key_count(Deps(settings=settings, db=db, embedder=None, clock=Clock()))

    keys = asyncio.run(_with_database(count))
    if keys == 0 or settings.api_keys == "optional":
        raise click.ClickException(
            f"refusing to bind {settings.host}: anyone could call it without an API key. Create one "
            "(graphmind keys create --user USER), keep the default 127.0.0.1, or pass --insecure."
        )


async def _with_database(work):
    """Runs `work(db)` on the configured Neo4j (no model loaded), then closes the driver."""
    from graphmind.db.database import Database
    from graphmind.db.queries import QueryLibrary

    settings = Settings()
    db = Database.connect(settings, QueryLibrary.load(settings.cypher_dir))
    try:
        return await work(db)
    finally:
        await db.close()


@cli.command()
def migrate() -> None:
    """Apply cypher/schema/ to Neo4j and wait until every index is ONLINE."""
    from graphmind.db.migrations import migrate as run_migrations

    applied = asyncio.run(_with_database(run_migrations))
    click.echo(f"{len(applied)} schema statements applied; every index is ONLINE")


@cli.command("export-schema")
@click.option(
    "--output", type=click.Path(path_type=Path), default=PROJECT_ROOT / "schema.graphql",
    show_default=True, help="Where to write the SDL ('-' for stdout).",
)
def export_schema(output: Path) -> None:
    """Write the GraphQL schema (SDL) exported from the code."""
    from graphmind.api.schema import schema

    sdl = schema.as_str() + "\n"
    if str(output) == "-":
        click.echo(sdl, nl=False)
    else:
        output.write_text(sdl)
        click.echo(f"wrote {output}")


@cli.group()
def neo4j() -> None:
    """Manage the Neo4j 5.26 server GraphMind provisions (no Docker needed)."""


@neo4j.command("install")
def neo4j_install() -> None:
    """Resolve the Neo4j server and Browser jars from Maven Central."""
    from graphmind.neo4j_server import runtime

    settings = Settings()
    changed = runtime.install(settings.neo4j_lib)
    click.echo(("installed" if changed else "already installed") + f": {settings.neo4j_lib}")


@neo4j.command("start")
def neo4j_start() -> None:
    """Start Neo4j (idempotent) and wait until Bolt answers."""
    from graphmind.neo4j_server import Neo4jServer

    server = Neo4jServer(Settings())
    started = server.start()
    status = server.status()
    click.echo(
        f"Neo4j {'started' if started else 'already running'} (pid {status.pid}): "
        f"{status.bolt_uri}, Browser {status.browser_url}"
    )


@neo4j.command("stop")
def neo4j_stop() -> None:
    """Stop Neo4j cleanly."""
    from graphmind.neo4j_server import Neo4jServer

    stopped = Neo4jServer(Settings()).stop()
    click.echo("Neo4j stopped" if stopped else "Neo4j was not running")


@neo4j.command("status")
def neo4j_status() -> None:
    """Say whether Neo4j runs, with its pid, Bolt URI and Browser URL."""
    from graphmind.neo4j_server import Neo4jServer

    s = Neo4jServer(Settings()).status()
    state = f"running (pid {s.pid})" if s.running else "stopped"
    click.echo(f"Neo4j {state}; bolt {'open' if s.bolt_open else 'closed'} at {s.bolt_uri}")
    click.echo(f"Browser {s.browser_url}; home {s.home}")
    sys.exit(0 if s.running else 3)


@cli.command()
@click.option("--check", is_flag=True, required=True, help="Compare with the stored values.")
@click.option("--user", help="Only this user (default: every user).")
def replay(check: bool, user: str | None) -> None:
    """Rebuild every memory's outcome adjustment from the event log; report differences."""
    from graphmind.learning.replay import replay as run_replay

    report = asyncio.run(_with_database(lambda db: run_replay(db, user)))
    click.echo(f"replayed {report.events} salience events over {report.memories} memories: "
               f"{len(report.differences)} differences")
    for user_id, memory_id, replayed, stored in report.differences[:50]:
        click.echo(f"  {user_id} {memory_id}: replayed {replayed:.6f}, stored {stored:.6f}")
    sys.exit(1 if report.differences else 0)


@cli.group()
def keys() -> None:
    """API keys: each request's key decides its user (docs/security.md)."""


@keys.command("create")
@click.option("--user", "user_id", required=True, help="The user the key's requests act as.")
@click.option("--role", type=click.Choice(["agent", "admin"]), default="agent", show_default=True)
@click.option("--label", help="What the key is for.")
def keys_create(user_id: str, role: str, label: str | None) -> None:
    """Create a key; it is printed once and stored only as a hash."""
    from graphmind.security import keys as api_keys

    record, secret = _keys_call(lambda deps: api_keys.create_key(deps, user_id, api_keys.Role(role), label))
    click.echo(f"{secret}\n(key {record.id}, user {record.user_id}, role {record.role.value}; "
               "shown once: store it now)")


@keys.command("list")
@click.option("--user", "user_id", help="Only this user's keys.")
def keys_list(user_id: str | None) -> None:
    """List keys (prefix, user, role, state), never secrets."""
    from graphmind.security import keys as api_keys

    for k in _keys_call(lambda deps: api_keys.list_keys(deps, user_id)):
        state = f"revoked {k.revoked_at:%Y-%m-%d %H:%M}" if k.revoked_at else "active"
        click.echo(f"{k.id}  {k.prefix}…  {k.user_id}  {k.role.value}  {state}  {k.label or ''}".rstrip())


@keys.command("revoke")
@click.argument("key")
def keys_revoke(key: str) -> None:
    """Revoke a key by id or shown prefix (servers honour it within 30 s)."""
    from graphmind.security import keys as api_keys

    record = _keys_call(lambda deps: api_keys.revoke_key(deps, key))
    click.echo(f"revoked {record.id} ({record.prefix}…, user {record.user_id})")


def _keys_call(work):
    from graphmind.clock import Clock
    from graphmind.deps import Deps

    settings = Settings()

    async def run(db):
        return await work(Deps(settings=settings, db=db, embedder=None, clock=Clock()))

    try:
        return asyncio.run(_with_database(run))
    except GraphMindError as e:
        raise click.ClickException(e.message) from None


@cli.group()
def gardener() -> None:
    """The gardener's jobs: decay, prune, consolidate, patterns, scene_flush, self_improve, share_patterns."""


@gardener.command("run")
@click.argument("job", type=click.Choice(["decay", "prune", "consolidate", "patterns", "scene_flush",
                                             "self_improve", "share_patterns"]))
@click.option("--dry-run", is_flag=True, help="Only count what the job would do.")
def gardener_run(job: str, dry_run: bool) -> None:
    """Run one job now, across all users (refused while a run of it is under way)."""
    import json

    from graphmind.bench.common import bench_deps
    from graphmind.errors import GraphMindError
    from graphmind.gardener.runner import run_job

    async def go():
        async with bench_deps() as deps:
            return await run_job(deps, job, dry_run)

    try:
        run = asyncio.run(go())
    except GraphMindError as e:
        raise click.ClickException(e.message) from None
    click.echo(f"{job}{' (dry run)' if dry_run else ''}: {json.dumps(run.counts, sort_keys=True)} "
               f"in {run.duration_ms:.0f} ms")


@cli.group()
def bench() -> None:
    """Benchmarks of retrieval quality, latency and throughput (against GRAPHMIND_ Neo4j)."""


def _run_bench(run, data: Path, fmt, out: Path | None) -> None:
    import json

    from graphmind.bench.common import bench_deps

    async def go() -> dict:
        async with bench_deps() as deps:
            return await run(deps, data)

    report = asyncio.run(go())
    click.echo(fmt(report))
    if out:
        out.parent.mkdir(parents=True, exist_ok=True)
        out.write_text(json.dumps(report, indent=2, default=str))


@bench.command("locomo")
@click.option("--data", type=click.Path(exists=True, path_type=Path), required=True,
              help="../shared/bench/locomo/locomo_dev.json")
@click.option("--out", type=click.Path(path_type=Path), help="Also write the report as JSON.")
def bench_locomo(data: Path, out: Path | None) -> None:
    """LoCoMo evidence recall@5/10/20 (hybrid vs vector-only vs keyword-only), ingest rate, latency."""
    from graphmind.bench import locomo

    _run_bench(locomo.run, data, locomo.format_report, out)


@bench.command("longmemeval")
@click.option("--data", type=click.Path(exists=True, path_type=Path), required=True,
              help="../shared/bench/longmemeval/longmemeval_s_dev30.json")
@click.option("--questions", type=int, help="Only the first N (non-abstention) questions.")
@click.option("--out", type=click.Path(path_type=Path), help="Also write the report as JSON.")
def bench_longmemeval(data: Path, questions: int | None, out: Path | None) -> None:
    """LongMemEval_S session recall_any/recall_all@5/@10 (hybrid vs vector vs keyword)."""
    from functools import partial

    from graphmind.bench import longmemeval

    _run_bench(partial(longmemeval.run, questions=questions), data, longmemeval.format_report, out)


@bench.command("latency")
@click.option("--data", type=click.Path(exists=True, path_type=Path), required=True,
              help="../shared/bench/longmemeval/longmemeval_s_dev30.json (memories and questions)")
@click.option("--locomo", type=click.Path(exists=True, path_type=Path),
              help="../shared/bench/locomo/locomo_dev.json (more questions)")
@click.option("--memories", type=int, default=10_000, show_default=True)
@click.option("--queries", type=int, default=300, show_default=True)
@click.option("--out", type=click.Path(path_type=Path), help="Also write the report as JSON.")
def bench_latency(data: Path, locomo: Path | None, memories: int, queries: int, out: Path | None) -> None:
    """Recall p50/p95/p99 at N memories of one user; rememberMany vs raw embedding throughput."""
    from functools import partial

    from graphmind.bench import latency

    run = partial(latency.run, locomo=locomo, memories=memories, queries=queries)
    _run_bench(run, data, latency.format_report, out)


@bench.command("learning")
@click.option("--rounds", type=int, default=600, show_default=True)
@click.option("--seed", type=int, default=7, show_default=True)
@click.option("--plot", type=click.Path(path_type=Path), default=Path("bench-results/learning.png"),
              show_default=True, help="Where to write the PNG of both curves.")
@click.option("--out", type=click.Path(path_type=Path), help="Also write the report as JSON.")
def bench_learning(rounds: int, seed: int, plot: Path, out: Path | None) -> None:
    """Learning lift: precision@5 of good advice per block of rounds, learning on vs off."""
    import json

    from graphmind.bench import learning
    from graphmind.bench.common import bench_deps

    async def go() -> dict:
        async with bench_deps() as deps:
            return await learning.run(deps, learning.Config(seed=seed, rounds=rounds), plot)

    report = asyncio.run(go())
    click.echo(learning.format_report(report))
    if out:
        out.parent.mkdir(parents=True, exist_ok=True)
        out.write_text(json.dumps(report, indent=2, default=str))


@bench.command("graph")
@click.option("--sizes", default="10000,100000", show_default=True, help="Memories per run, comma-separated.")
@click.option("--samples", type=int, default=200, show_default=True, help="Timed calls per operation.")
@click.option("--seed", type=int, default=7, show_default=True)
@click.option("--out", type=click.Path(path_type=Path), help="Also write the report as JSON.")
def bench_graph(sizes: str, samples: int, seed: int, out: Path | None) -> None:
    """learn, activate (3 hops), why (4 hops), trail merge p50/p95 on large associative graphs."""
    import json

    from graphmind.bench import graph
    from graphmind.bench.common import bench_deps

    config = graph.Config(sizes=tuple(int(s) for s in sizes.split(",")), samples=samples, seed=seed)

    async def go() -> dict:
        async with bench_deps() as deps:
            return await graph.run(deps, config)

    report = asyncio.run(go())
    click.echo(graph.format_report(report))
    if out:
        out.parent.mkdir(parents=True, exist_ok=True)
        out.write_text(json.dumps(report, indent=2, default=str))


@cli.group()
def experiment() -> None:
    """Hypothesis experiments (seed 000 H1-H6): control vs treatment, Welch's t-test (docs/experiments.md)."""


@experiment.command("list")
def experiment_list() -> None:
    """The catalogue: each hypothesis, its metric and its two arms."""
    from graphmind.experiments.catalogue import CATALOGUE

    for h in CATALOGUE:
        direction = "higher" if h.higher_is_better else "lower"
        click.echo(f"{h.key} {h.slug}: {h.statement}\n"
                   f"    metric {h.metric} ({direction} is better); control {h.control.description}; "
                   f"treatment {h.treatment.description}")


@experiment.command("run")
@click.argument("name")
@click.option("--bench", type=click.Choice(["learning"]), required=True, help="The benchmark a trial runs.")
@click.option("--trials", type=int, default=20, show_default=True, help="Trials, split evenly between the arms.")
@click.option("--rounds", type=int, default=150, show_default=True, help="Rounds (decisions) per trial.")
@click.option("--seed", type=int, default=7, show_default=True, help="Seed of the assignment and trial seeds.")
@click.option("--out", type=click.Path(path_type=Path), help="Also write the run: .json (everything) or .yaml.")
def experiment_run(name: str, bench: str, trials: int, rounds: int, seed: int, out: Path | None) -> None:
    """Run experiment NAME (H1-H6 or its slug) offline; print its experiment-log entry (YAML)."""
    import json

    from graphmind.bench.common import bench_deps
    from graphmind.experiments import catalogue, log, runner

    try:
        hypothesis = catalogue.find(name)
    except GraphMindError as e:
        raise click.BadParameter(e.message, param_hint="NAME") from None

    def progress(trial, total: int) -> None:
        click.echo(f"trial {trial.number}/{total} {trial.arm:<9} seed {trial.seed}: "
                   f"{hypothesis.metric} {trial.value:.4f} ({trial.duration_ms / 1000:.1f} s)", err=True)

    async def go():
        async with bench_deps() as deps:
            return await runner.run_experiment(deps, hypothesis, trials, rounds, seed, bench, progress)

    run = asyncio.run(go())
    entry = log.entry(run)
    click.echo(entry, nl=False)
    if out:
        out.parent.mkdir(parents=True, exist_ok=True)
        out.write_text(json.dumps(log.report(run), indent=2, default=str) if out.suffix == ".json" else entry)


@cli.group()
def obsidian() -> None:
    """The user's graph as an Obsidian vault: export it, import its edits back (docs/obsidian.md)."""


@obsidian.command("export")
@click.argument("directory", type=click.Path(file_okay=False, path_type=Path))
@click.option("--user", help="Whose graph (default GRAPHMIND_DEFAULT_USER_ID).")
@click.option("--force", is_flag=True, help="Overwrite notes with edits not imported yet.")
def obsidian_export(directory: Path, user: str | None, force: bool) -> None:
    """Write the user's memories, decisions, trails, sessions and entities as notes in DIRECTORY."""
    from graphmind.obsidian.export import export_vault

    settings = Settings()
    user_id = user or settings.default_user_id
    try:
        report = asyncio.run(_with_database(lambda db: export_vault(db, settings, user_id, directory, force)))
    except GraphMindError as e:
        raise click.ClickException(e.message) from None
    click.echo(f"exported {report.notes} notes of {user_id} to {directory}: {len(report.written)} written, "
               f"{report.unchanged} unchanged, {len(report.removed)} removed")


@obsidian.command("import")
@click.argument("directory", type=click.Path(exists=True, file_okay=False, path_type=Path))
@click.option("--user", help="Whose graph (default GRAPHMIND_DEFAULT_USER_ID).")
@click.option("--dry-run", is_flag=True, help="Only report what the import would change.")
def obsidian_import(directory: Path, user: str | None, dry_run: bool) -> None:
    """Apply a vault's edits: changed texts, added links, new notes in memories/ (never deletes)."""
    from graphmind.bench.common import bench_deps
    from graphmind.obsidian.vault_import import import_vault

    async def go():
        async with bench_deps() as deps:
            return await import_vault(deps, user or deps.settings.default_user_id, directory, dry_run)

    try:
        report = asyncio.run(go())
    except GraphMindError as e:
        raise click.ClickException(e.message) from None
    click.echo(f"{'would import' if dry_run else 'imported'} {directory}: {report.unchanged} unchanged, "
               f"{len(report.updated)} updated, {len(report.linked)} linked, {len(report.created)} created, "
               f"{len(report.skipped)} skipped, {report.ignored} other notes left alone")
    for path, reason in report.skipped:
        click.echo(f"  skipped {path}: {reason}")


def main() -> None:
    """Entry point: GraphMind errors print one line, not a traceback."""
    logging.getLogger("neo4j").setLevel(logging.ERROR)  # retries are reported by us
    try:
        cli(standalone_mode=True)
    except GraphMindError as e:
        click.echo(f"error: {e.message}", err=True)
        sys.exit(1)
