"""Metrics: the instruments, the root-field timer and the /metrics endpoint (the app's on the test Neo4j)."""

import asyncio
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from types import SimpleNamespace

import pytest
import strawberry
from starlette.applications import Starlette
from starlette.routing import Route
from starlette.testclient import TestClient

from graphmind.api.metrics import RootFieldTimer, at_most_every, metrics_endpoint
from graphmind.errors import NotFound, Unavailable
from graphmind.metrics import Metrics

FAMILIES = (
    "graphmind_requests_total",
    "graphmind_request_seconds",
    "graphmind_memories",
    "graphmind_job_runs_total",
    "graphmind_job_seconds",
)


def stand_in(metrics: Metrics | None) -> SimpleNamespace:
    """A context (or lifespan state) with `.deps.metrics`, as the app's Context has."""
    return SimpleNamespace(deps=SimpleNamespace(metrics=metrics))


def value(metrics: Metrics, name: str, **labels: str) -> float | None:
    return metrics.registry.get_sample_value(name, labels)


def test_render_names_every_family():
    metrics = Metrics()
    metrics.observe_request("recall", 0.01)
    metrics.observe_job("decay", 1.0, "ok")
    body, content_type = metrics.render()
    assert content_type.startswith("text/plain")
    for family in FAMILIES:
        assert f"# TYPE {family.removesuffix('_total')}".encode() in body


def test_observe_request_counts_and_times():
    metrics = Metrics()
    metrics.observe_request("recall", 0.02)
    metrics.observe_request("recall", 0.03, "BAD_USER_INPUT")
    assert value(metrics, "graphmind_requests_total", operation="recall", outcome="ok") == 1
    assert value(metrics, "graphmind_requests_total", operation="recall", outcome="BAD_USER_INPUT") == 1
    assert value(metrics, "graphmind_request_seconds_count", operation="recall") == 2
    assert value(metrics, "graphmind_request_seconds_sum", operation="recall") == 0.05


def test_observe_job_counts_and_times():
    metrics = Metrics()
    metrics.observe_job("consolidate", 12.0, "failed")
    assert value(metrics, "graphmind_job_runs_total", job="consolidate", outcome="failed") == 1
    assert value(metrics, "graphmind_job_seconds_count", job="consolidate") == 1


def test_set_memory_counts_sets_all_statuses():
    metrics = Metrics()
    metrics.set_memory_counts({"active": 5, "archived": 2, "superseded": 1})
    metrics.set_memory_counts({"active": 7})
    assert value(metrics, "graphmind_memories", status="active") == 7
    assert value(metrics, "graphmind_memories", status="superseded") == 0
    assert value(metrics, "graphmind_memories", status="archived") == 0


def test_instances_are_independent():
    first, second = Metrics(), Metrics()
    first.observe_request("recall", 0.1)
    assert value(first, "graphmind_requests_total", operation="recall", outcome="ok") == 1
    assert value(second, "graphmind_requests_total", operation="recall", outcome="ok") is None


@strawberry.type
class Inner:
    @strawberry.field
    async def deep(self) -> int:
        return 1


def timed():
    return strawberry.field(extensions=[RootFieldTimer()])


@strawberry.type
class Query:
    @timed()
    def outer(self) -> Inner:
        return Inner()

    @timed()
    def hello(self) -> str:
        return "hi"

    @timed()
    async def slow(self) -> str:
        await asyncio.sleep(0.01)
        return "late"

    @timed()
    async def missing(self) -> str | None:
        raise NotFound("no memory 1")

    @timed()
    def broken(self) -> str | None:
        raise KeyError("secret")

    @timed()
    async def echo(self, source: str) -> str:  # an argument named as the resolver's own parameter
        return source


@strawberry.type
class Subscription:
    @strawberry.subscription
    async def ticks(self) -> AsyncIterator[int]:
        yield 1


schema = strawberry.Schema(query=Query, subscription=Subscription)


async def test_request_metrics_records_root_fields_and_outcomes():
    metrics = Metrics()
    result = await schema.execute('{ hello slow missing broken echo(source: "x") }', context_value=stand_in(metrics))
    assert result.data == {"hello": "hi", "slow": "late", "missing": None, "broken": None, "echo": "x"}
    count = lambda operation, outcome: value(  # noqa: E731
        metrics, "graphmind_requests_total", operation=operation, outcome=outcome
    )
    assert count("hello", "ok") == count("slow", "ok") == count("echo", "ok") == 1
    assert count("missing", "NOT_FOUND") == 1
    assert count("broken", "INTERNAL") == 1
    assert value(metrics, "graphmind_request_seconds_sum", operation="slow") >= 0.01
    assert "__typename" not in metrics.render()[0].decode()


async def test_request_metrics_times_only_root_fields_and_not_subscriptions():
    metrics = Metrics()
    context = stand_in(metrics)
    result = await schema.execute("{ outer { deep } __typename }", context_value=context)
    assert result.data == {"outer": {"deep": 1}, "__typename": "Query"}
    stream = await schema.subscribe("subscription { ticks }", context_value=context)
    assert [r.data async for r in stream] == [{"ticks": 1}]
    samples = [s.labels for m in metrics.registry.collect() for s in m.samples]
    assert {s["operation"] for s in samples if "operation" in s} == {"outer"}


def test_every_root_query_and_mutation_of_the_app_is_timed():
    from graphmind.api.schema import schema as app_schema

    for root in (app_schema.query, app_schema.mutation):
        for root_field in root.__strawberry_definition__.fields:
            assert any(isinstance(x, RootFieldTimer) for x in root_field.extensions), root_field.name


async def test_request_metrics_without_metrics_does_nothing():
    result = await schema.execute("{ hello }", context_value=stand_in(None))
    assert result.data == {"hello": "hi"}
    assert (await schema.execute("{ hello }")).data == {"hello": "hi"}


def scrape(metrics: Metrics, refresh):
    """GET /metrics of the endpoint alone (no app around it), with `refresh` before it."""

    @asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[dict]:
        yield {"deps": stand_in(metrics).deps}

    app = Starlette(routes=[Route("/metrics", metrics_endpoint(refresh))], lifespan=lifespan)
    with TestClient(app) as client:
        return client.get("/metrics")


def test_metrics_endpoint_refreshes_and_renders():
    metrics = Metrics()

    async def refresh(request) -> None:
        request.state.deps.metrics.set_memory_counts({"active": 3})

    response = scrape(metrics, refresh)
    assert response.status_code == 200
    assert response.headers["content-type"].startswith("text/plain")
    assert 'graphmind_memories{status="active"} 3.0' in response.text
    for family in FAMILIES:
        assert family.removesuffix("_total") in response.text


def test_a_throttled_refresh_runs_at_most_once_per_interval_and_again_after_a_failure():
    clock, runs, failing = [100.0], [], [False]

    async def refresh(request) -> None:
        runs.append(clock[0])
        if failing[0]:
            raise RuntimeError("Neo4j is down")

    async def scrapes() -> None:
        throttled = at_most_every(30.0, refresh, now=lambda: clock[0])
        await throttled(None)  # the first scrape counts
        clock[0] = 129.9
        await throttled(None)  # within 30 s of it: the last count stands
        clock[0] = 130.0
        failing[0] = True
        with pytest.raises(RuntimeError):
            await throttled(None)  # 30 s on: counts again, and fails
        clock[0] = 130.5
        failing[0] = False
        await throttled(None)  # a failed count is not a count: the next scrape tries again
        await throttled(None)
        every_time = at_most_every(0.0, refresh, now=lambda: clock[0])
        await every_time(None)
        await every_time(None)

    asyncio.run(scrapes())
    assert runs == [100.0, 130.0, 130.5, 130.5, 130.5]


def test_scrapes_during_a_refresh_wait_for_it_instead_of_counting_again():
    runs = []

    async def refresh(request) -> None:
        runs.append(request)
        await asyncio.sleep(0.05)

    async def scrapes() -> None:
        throttled = at_most_every(30.0, refresh)
        await asyncio.gather(*(throttled(n) for n in range(5)))

    asyncio.run(scrapes())
    assert runs == [0]


def test_metrics_endpoint_serves_the_other_figures_when_the_count_fails():
    metrics = Metrics()
    metrics.observe_request("recall", 0.01)

    async def refresh(request) -> None:
        raise Unavailable("Neo4j is not reachable right now; try again shortly")

    response = scrape(metrics, refresh)
    assert response.status_code == 200
    assert 'graphmind_requests_total{operation="recall",outcome="ok"} 1.0' in response.text


def test_the_apps_memory_counts_are_read_at_most_once_per_interval(db, settings, graphql):
    """Counting memories reads every memory, so a server process does it at most once per
    GRAPHMIND_METRICS_COUNT_SECONDS; with 0, every scrape counts."""
    from graphmind.app import create_app

    def active(client: TestClient) -> str:
        [line] = [
            x for x in client.get("/metrics").text.splitlines() if x.startswith('graphmind_memories{status="active"}')
        ]
        return line.split()[-1]

    remember = "mutation($c: String!) { remember(input: {content: $c}) { id } }"
    notes = {
        3600.0: "Dana moved the quarterly review to Thursday afternoon.",
        0.0: "The staging cluster runs Postgres 16.",
    }
    for seconds, counted_again in ((3600.0, False), (0.0, True)):
        with TestClient(create_app(settings.model_copy(update={"metrics_count_seconds": seconds}))) as client:
            before = active(client)
            graphql(remember, {"c": notes[seconds]})  # unrelated notes: neither is a duplicate
            after = active(client)
        assert (after != before) is counted_again, (seconds, before, after)
        assert float(after) == float(before) + (1 if counted_again else 0)


def test_metrics_endpoint_of_the_app(app_client, graphql):
    """The real app: /metrics counts the operations served and the memories by status."""
    graphql('{ recall(query: "anything at all") { retrievalId } }')
    graphql('{ memory(id: "no-such-memory") { id } }')
    body = app_client.get("/metrics").text
    assert 'graphmind_requests_total{operation="recall",outcome="ok"}' in body
    assert 'graphmind_requests_total{operation="memory",outcome="NOT_FOUND"}' in body
    assert 'graphmind_request_seconds_count{operation="recall"}' in body
    assert 'graphmind_memories{status="active"}' in body


def test_a_killed_process_drops_out_of_the_live_gauges(tmp_path):
    """In multiprocess mode (a subprocess: the mode is chosen at import), a process that
    died without its shutdown leaves its live gauges behind until a scrape marks it dead."""
    import os
    import subprocess
    import sys

    from graphmind.metrics import forget_dead_processes

    code = (
        "import os; from graphmind.metrics import Metrics; m = Metrics(); m.gardener_leader.set(1);"
        "m.requests_in_flight.set(2); print(os.getpid()); os._exit(0)"
    )
    child = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        check=True,
        env={**os.environ, "PROMETHEUS_MULTIPROC_DIR": str(tmp_path)},
    )
    pid = child.stdout.strip()
    assert {p.name for p in tmp_path.glob("gauge_live*")} == {f"gauge_liveall_{pid}.db", f"gauge_livesum_{pid}.db"}
    forget_dead_processes(str(tmp_path))
    assert list(tmp_path.glob("gauge_live*")) == []
