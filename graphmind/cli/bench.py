"""`graphmind bench …`: retrieval quality, latency, throughput, learning, load."""

import asyncio
import os
import sys
from pathlib import Path

import click

from graphmind.cli.root import cli
from graphmind.settings import PROJECT_ROOT


@cli.group(short_help="Benchmarks: retrieval quality, latency, throughput.")
def bench() -> None:
    """Benchmarks of retrieval quality, latency and throughput (against GRAPHMIND_ Neo4j)."""


def _run_bench(run, data: Path, fmt, out: Path | None) -> None:
    import json

    from graphmind.bench.common import bench_deps
    from graphmind.warmup import warm_deps_if_cold

    async def go() -> dict:
        async with bench_deps() as deps:
            warmed = await warm_deps_if_cold(deps)
            if warmed:
                click.echo(
                    f"Neo4j had just started: warmed it first, as `graphmind serve` does "
                    f"({warmed.rounds} rounds in {warmed.seconds:.1f} s)",
                    err=True,
                )
            report = await run(deps, data)
            report["neo4j_warmup_s"] = warmed.seconds if warmed else 0.0
            return report

    report = asyncio.run(go())
    click.echo(fmt(report))
    if out:
        out.parent.mkdir(parents=True, exist_ok=True)
        out.write_text(json.dumps(report, indent=2, default=str))


@bench.command("locomo")
@click.option(
    "--data", type=click.Path(exists=True, path_type=Path), required=True, help="../shared/bench/locomo/locomo_dev.json"
)
@click.option("--out", type=click.Path(path_type=Path), help="Also write the report as JSON.")
def bench_locomo(data: Path, out: Path | None) -> None:
    """LoCoMo evidence recall@5/10/20 (hybrid vs vector-only vs keyword-only vs plain RRF), ingest rate, latency."""
    from graphmind.bench import locomo

    _run_bench(locomo.run, data, locomo.format_report, out)


@bench.command("scenes")
@click.option(
    "--data", type=click.Path(exists=True, path_type=Path), required=True, help="../shared/bench/locomo/locomo_dev.json"
)
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
@click.option(
    "--data",
    type=click.Path(exists=True, path_type=Path),
    required=True,
    help="../shared/bench/longmemeval/longmemeval_s_dev30.json",
)
@click.option("--questions", type=int, help="Only the first N (non-abstention) questions.")
@click.option("--out", type=click.Path(path_type=Path), help="Also write the report as JSON.")
def bench_longmemeval(data: Path, questions: int | None, out: Path | None) -> None:
    """LongMemEval_S recall_any/recall_all@5/@10 by turn and by session, NDCG@10, by question type (hybrid vs vector vs keyword vs plain RRF)."""
    from functools import partial

    from graphmind.bench import longmemeval

    _run_bench(partial(longmemeval.run, questions=questions), data, longmemeval.format_report, out)


@bench.command("tenants")
@click.option(
    "--data",
    type=click.Path(exists=True, path_type=Path),
    required=True,
    help="../shared/bench/locomo/locomo_dev.json (the caller, one user)",
)
@click.option(
    "--others",
    type=click.Path(exists=True, path_type=Path),
    required=True,
    help="../shared/bench/longmemeval/longmemeval_s_dev30.json (other tenants' texts)",
)
@click.option("--n", type=int, default=50_000, show_default=True, help="Other tenants' memories.")
@click.option("--per-tenant", type=int, default=100, show_default=True, help="Memories per other tenant.")
@click.option("--questions", type=int, help="Only the first N questions (categories 1-4).")
@click.option("--texts", type=int, help="At most N distinct other texts (embedded once, reused).")
@click.option("--chars", type=int, help="Cut other texts to their first N characters.")
@click.option("--out", type=click.Path(path_type=Path), help="Also write the report as JSON.")
def bench_tenants(
    data: Path,
    others: Path,
    n: int,
    per_tenant: int,
    questions: int | None,
    texts: int | None,
    chars: int | None,
    out: Path | None,
) -> None:
    """Recall alone vs with N other tenants' memories: recall@10, full vector k, exact top-10 overlap, p50/p95."""
    from functools import partial

    from graphmind.bench import tenants

    run = partial(tenants.run, others=others, n=n, per_tenant=per_tenant, questions=questions, texts=texts, chars=chars)
    _run_bench(run, data, tenants.format_report, out)


@bench.command("latency")
@click.option(
    "--data",
    type=click.Path(exists=True, path_type=Path),
    required=True,
    help="../shared/bench/longmemeval/longmemeval_s_dev30.json (memories and questions)",
)
@click.option(
    "--locomo",
    type=click.Path(exists=True, path_type=Path),
    help="../shared/bench/locomo/locomo_dev.json (more questions)",
)
@click.option(
    "--memories",
    type=int,
    default=10_000,
    show_default=True,
    help="Memories of one user: the haystacks' turns, then (past their 17,972) the turns' sentences.",
)
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
@click.option(
    "--plot",
    type=click.Path(path_type=Path),
    default=Path("bench-results/learning.png"),
    show_default=True,
    help="Where to write the PNG of both curves.",
)
@click.option("--out", type=click.Path(path_type=Path), help="Also write the report as JSON.")
@click.option(
    "--credit",
    type=click.Choice(["acted", "shared", "none"]),
    default="acted",
    show_default=True,
    help="acted: decide names the memories acted on; shared: decide with the retrievalId only; "
    "none: no outcomes reported (the baseline arm alone).",
)
@click.option(
    "--policy",
    type=click.Choice(["random", "top", "top3"]),
    default="random",
    show_default=True,
    help="What the agent acts on: a random one of the top 5, the top one, or the top 3 together.",
)
@click.option("--noise", type=float, default=0.0, show_default=True, help="Share of outcomes reported flipped.")
@click.option(
    "--scenario",
    type=click.Choice(["binary", "graded"]),
    default="binary",
    show_default=True,
    help="binary: good advice always works, misleading never; graded: per topic one best advice "
    "(works 95%), adequate good advice (60%), misleading (10%).",
)
@click.option("--explore", type=float, help="Recall's exploration bound c (0-0.5; default the server's setting).")
def bench_learning(
    rounds: int,
    seed: int,
    plot: Path,
    out: Path | None,
    credit: str,
    policy: str,
    noise: float,
    scenario: str,
    explore: float | None,
) -> None:
    """Learning lift: precision@5 of good advice per block of rounds, learning on vs off."""
    import json

    from graphmind.bench import learning
    from graphmind.bench.common import bench_deps

    async def go() -> dict:
        async with bench_deps() as deps:
            return await learning.run(
                deps,
                learning.Config(
                    seed=seed,
                    rounds=rounds,
                    credit=credit,
                    policy=policy,
                    noise=noise,
                    scenario=scenario,
                    explore=explore,
                ),
                plot,
            )

    report = asyncio.run(go())
    click.echo(learning.format_report(report))
    if out:
        out.parent.mkdir(parents=True, exist_ok=True)
        out.write_text(json.dumps(report, indent=2, default=str))


@bench.command("fuzz")
@click.option(
    "--operations",
    type=int,
    default=10_000,
    show_default=True,
    help="At least this many generated operations (the suite's own run sends about 2,500).",
)
def bench_fuzz(operations: int) -> None:
    """The API fuzz of the test suite (tests/api/test_fuzz.py), scaled up: valid, invalid,
    limit-breaking and keyless operations over every root field, against the test Neo4j
    (its data is wiped: the GRAPHMIND_NEO4J_* of `make test`). Needs a checkout."""
    import subprocess

    tests = PROJECT_ROOT / "tests/api/test_fuzz.py"
    if not tests.exists():
        raise click.ClickException(f"{tests} not found: run it from a checkout of GraphMind")
    done = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-s", "-p", "no:cacheprovider", str(tests)],
        cwd=PROJECT_ROOT,
        env={**os.environ, "GRAPHMIND_FUZZ_OPERATIONS": str(operations)},
    )
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
@click.option(
    "--think-ms",
    type=float,
    default=1000,
    show_default=True,
    help="Mean pause of an agent before each call (its LLM step); 0: closed loop.",
)
@click.option(
    "--warmup",
    type=float,
    default=10,
    show_default=True,
    help="Unmeasured seconds of closed-loop calls first (model, query plans, key caches).",
)
@click.option("--url", help="Load this running server (default: start one with keys required, rate limit off).")
@click.option("--keep", is_flag=True, help="Keep the agents' keys and data.")
@click.option("--out", type=click.Path(path_type=Path), help="Also write the report as JSON.")
def bench_load(
    agents: int,
    seconds: float,
    kill_neo4j_at: float | None,
    think_ms: float,
    warmup: float,
    url: str | None,
    keep: bool,
    out: Path | None,
) -> None:
    """Concurrent agents over HTTP; p50/p95/p99 per operation, errors; every acknowledged write checked."""
    import json

    from graphmind.bench import load, load_report

    config = load.Config(
        agents=agents,
        seconds=seconds,
        kill_neo4j_at=kill_neo4j_at,
        url=url,
        think_ms=think_ms,
        warmup_seconds=warmup,
        keep=keep,
    )
    if kill_neo4j_at is not None and not 0 < kill_neo4j_at < seconds:
        raise click.BadParameter("must fall inside the run", param_hint="--kill-neo4j-at")
    report = asyncio.run(load.run(config))
    click.echo(load_report.format_report(report))
    if out:
        out.parent.mkdir(parents=True, exist_ok=True)
        out.write_text(json.dumps(report, indent=2, default=str))
    sys.exit(0 if report["verification"]["ok"] else 1)
