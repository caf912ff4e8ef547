"""Prometheus instruments: GraphQL requests, stored memories, gardener jobs, self-improvement.

Each `Metrics` owns its registry, so several apps in one process do not collide.
`/metrics` serves them (api/metrics.py).

Several server processes (`graphmind serve --workers N`) share one directory,
prometheus_client's multiprocess mode (`PROMETHEUS_MULTIPROC_DIR`, set by `serve` before
the workers start): each process writes its values to files there, and whichever process
answers a scrape sums them all (`MultiProcessCollector`); gauges say how (`multiprocess_mode`).
A process that stops marks itself dead (`process_exit`), so its live gauges drop out; one
that was killed is marked dead by the next scrape.
"""

import os
from pathlib import Path

from prometheus_client import (
    CONTENT_TYPE_LATEST,
    CollectorRegistry,
    Counter,
    Gauge,
    Histogram,
    generate_latest,
    multiprocess,
    values,
)

MEMORY_STATUSES = ("active", "superseded", "archived")
REQUEST_BUCKETS = (0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0)
SCORE_BUCKETS = (-0.5, -0.25, -0.1, 0.0, 0.1, 0.15, 0.2, 0.3, 0.5, 0.75, 1.0)
JOB_BUCKETS = (0.01, 0.1, 0.5, 1.0, 5.0, 15.0, 60.0, 300.0, 900.0, 1800.0, 3600.0)


class Metrics:
    """The service's instruments, in a registry of their own."""

    def __init__(self) -> None:
        self.registry = CollectorRegistry()
        r = self.registry
        self.requests = Counter(
            "graphmind_requests_total",
            "GraphQL root fields resolved, by outcome (ok or error code).",
            ["operation", "outcome"],
            registry=r,
        )
        self.request_seconds = Histogram(
            "graphmind_request_seconds",
            "Time to resolve a GraphQL root field.",
            ["operation"],
            buckets=REQUEST_BUCKETS,
            registry=r,
        )
        self.memories = Gauge(
            "graphmind_memories",
            "Stored memories by status.",
            ["status"],
            registry=r,
            multiprocess_mode="mostrecent",  # set from Neo4j by a process answering a scrape, at most every GRAPHMIND_METRICS_COUNT_SECONDS
        )
        self.job_runs = Counter(
            "graphmind_job_runs_total",
            "Scheduled job runs, by outcome (ok, failed, skipped).",
            ["job", "outcome"],
            registry=r,
        )
        self.job_seconds = Histogram(
            "graphmind_job_seconds",
            "Time a scheduled job ran.",
            ["job"],
            buckets=JOB_BUCKETS,
            registry=r,
        )

        self.requests_in_flight = Gauge(
            "graphmind_requests_in_flight",
            "GraphQL root fields being resolved right now.",
            registry=r,
            multiprocess_mode="livesum",
        )
        self.gardener_leader = Gauge(
            "graphmind_gardener_leader",
            "1 in the one server process that holds the gardener's lease and runs its schedules, else 0.",
            registry=r,
            multiprocess_mode="liveall",  # one sample per process (pid label)
        )
        # seed 001 §13, with the graphmind_ prefix
        self.improve_attempts = Counter(
            "graphmind_self_improve_attempts_total",
            "Self-improvement proposals validated, by type.",
            ["type"],
            registry=r,
        )
        self.improve_commits = Counter(
            "graphmind_self_improve_commits_total",
            "Self-improvement proposals stored, by type.",
            ["type"],
            registry=r,
        )
        self.improve_rejects = Counter(
            "graphmind_self_improve_rejects_total",
            "Self-improvement proposals rejected, by failing gate.",
            ["reason"],
            registry=r,
        )
        self.improve_cycle_seconds = Histogram(
            "graphmind_self_improve_cycle_duration_seconds",
            "Time a self-improvement cycle ran.",
            buckets=JOB_BUCKETS,
            registry=r,
        )
        self.improve_candidates = Gauge(
            "graphmind_self_improve_candidates_in_cycle",
            "Candidates the last self-improvement cycle selected.",
            registry=r,
            multiprocess_mode="mostrecent",
        )
        self.improve_quality_delta = Histogram(
            "graphmind_self_improve_quality_delta",
            "Structure-score improvement of each accepted proposal.",
            buckets=SCORE_BUCKETS,
            registry=r,
        )
        self.improve_backpressure_skips = Counter(
            "graphmind_self_improve_backpressure_skips_total",
            "Self-improvement cycles skipped because the service was busy.",
            registry=r,
        )
        self._in_flight = 0

    @property
    def in_flight(self) -> int:
        """GraphQL root fields being resolved now (the worker's backpressure signal)."""
        return self._in_flight

    def request_started(self) -> None:
        self._in_flight += 1
        self.requests_in_flight.set(self._in_flight)

    def observe_request(self, operation: str, seconds: float, outcome: str = "ok") -> None:
        self._in_flight = max(0, self._in_flight - 1)
        self.requests_in_flight.set(self._in_flight)
        self.requests.labels(operation, outcome).inc()
        self.request_seconds.labels(operation).observe(seconds)

    def observe_job(self, job: str, seconds: float, outcome: str) -> None:
        self.job_runs.labels(job, outcome).inc()
        self.job_seconds.labels(job).observe(seconds)

    def set_memory_counts(self, counts: dict[str, int]) -> None:
        """Sets every status; a status missing from `counts` is 0."""
        for status in MEMORY_STATUSES:
            self.memories.labels(status).set(counts.get(status, 0))

    def render(self) -> tuple[bytes, str]:
        """The exposition text and its content type: in multiprocess mode, of every
        process sharing the directory."""
        path = multiprocess_dir()
        if path is None:
            return generate_latest(self.registry), CONTENT_TYPE_LATEST
        forget_dead_processes(path)
        registry = CollectorRegistry()
        multiprocess.MultiProcessCollector(registry)
        return generate_latest(registry), CONTENT_TYPE_LATEST

    def process_exit(self) -> None:
        """Marks this process dead in multiprocess mode (its live gauges stop counting)."""
        if multiprocess_dir() is not None:
            multiprocess.mark_process_dead(os.getpid())


def multiprocess_dir() -> str | None:
    """prometheus_client's multiprocess directory, if this process writes to one (the
    variable was set when prometheus_client was first imported)."""
    if values.ValueClass is values.MutexValue:
        return None
    return os.environ.get("PROMETHEUS_MULTIPROC_DIR") or os.environ.get("prometheus_multiproc_dir")


def forget_dead_processes(path: str) -> None:
    """Marks dead the processes of this host that wrote live gauges and are gone (a worker
    killed without its shutdown; uvicorn starts another under a new pid)."""
    for file in Path(path).glob("gauge_live*_*.db"):
        pid = file.stem.rsplit("_", 1)[-1]
        if pid.isdigit() and not _running(int(pid)):
            multiprocess.mark_process_dead(int(pid), path)


def _running(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True
