"""`graphmind serve`: one or several server processes behind one port.

The command first makes sure the port is free (`claim_port`: a busy port is said at
once, in one line, not after a warm-up of 30 s), then prepares once what every process would otherwise
race to do (the schema
migration, the model's ONNX export, the warm-up of a Neo4j that has just started:
warmup.py), then hands uvicorn the app factory
(`graphmind.app:create_app`): with N workers uvicorn's supervisor spawns N processes, each
creating its own app (driver, model, gardener, event tail) from the environment, and
restarts one that dies. On Linux each worker listens on a socket of its own on the same
port (SO_REUSEPORT), so the kernel spreads new connections over the workers; on one
shared socket the first worker to wake accepts a whole burst of connections, and an
agent's keep-alive connection stays with it (`listener`). Everything the processes must
agree on lives in Neo4j (rate-limit buckets, API keys, the gardener's lease, the event
log), so they behave as one service, as do several hosts behind a load balancer;
`/metrics` sums the processes of one host through prometheus_client's multiprocess
directory.
"""

import asyncio
import copy
import errno
import logging
import os
import shutil
import socket
import sys
import tempfile
from contextlib import contextmanager, nullcontext
from pathlib import Path
from typing import Any

from graphmind.errors import GraphMindError
from graphmind.settings import Settings

log = logging.getLogger("graphmind")
APP_FACTORY = "graphmind.app:create_app"
LOG_FORMAT = "%(asctime)s %(levelname)s %(name)s [%(process)d] %(message)s"


def worker_count(requested: int | None, settings: Settings) -> int:
    """--workers, else GRAPHMIND_WORKERS, else one per CPU core."""
    return requested or settings.workers or os.cpu_count() or 1


def worker_environment(settings: Settings, workers: int) -> dict[str, str]:
    """What the workers read their settings from: the command's overrides, the worker
    count (ONNX divides the cores by it) and no second migration."""
    return {
        "GRAPHMIND_HOST": settings.host,
        "GRAPHMIND_PORT": str(settings.port),
        "GRAPHMIND_INSECURE": str(settings.insecure).lower(),
        "GRAPHMIND_WORKERS": str(workers),
        "GRAPHMIND_MIGRATE_ON_START": "false",
    }


def log_config() -> dict:
    """uvicorn's logging, plus GraphMind's own lines (with the process id) in every worker;
    APScheduler's only from warnings up."""
    import uvicorn.config

    config = copy.deepcopy(uvicorn.config.LOGGING_CONFIG)
    config["formatters"]["graphmind"] = {"format": LOG_FORMAT}
    config["handlers"]["graphmind"] = {
        "formatter": "graphmind",
        "class": "logging.StreamHandler",
        "stream": "ext://sys.stderr",
    }
    config["root"] = {"handlers": ["graphmind"], "level": "INFO"}
    config["loggers"]["apscheduler"] = {"level": "WARNING"}  # not a line per run of the leader's lease renewal
    return config


@contextmanager
def metrics_directory(workers: int):
    """prometheus_client's multiprocess directory for several workers: PROMETHEUS_MULTIPROC_DIR
    if set (emptied of an earlier run's files), else a fresh one removed afterwards."""
    given = os.environ.get("PROMETHEUS_MULTIPROC_DIR")
    if workers == 1 and not given:
        yield None
        return
    if given:
        Path(given).mkdir(parents=True, exist_ok=True)
        for stale in Path(given).glob("*.db"):
            stale.unlink()
        yield given
        return
    made = tempfile.mkdtemp(prefix="graphmind-metrics-")
    os.environ["PROMETHEUS_MULTIPROC_DIR"] = made
    try:
        yield made
    finally:
        shutil.rmtree(made, ignore_errors=True)


def prepare(settings: Settings) -> None:
    """Once, before any worker starts: the schema, the ONNX export if it is missing, and
    the warm-up of a Neo4j that has just started (warmup.py)."""
    from graphmind.db.database import Database
    from graphmind.db.migrations import migrate
    from graphmind.db.queries import QueryLibrary

    if settings.migrate_on_start:

        async def run() -> None:
            db = Database.connect(settings, QueryLibrary.load(settings.cypher_dir))
            try:
                await migrate(db, settings.index_wait_seconds)
            finally:
                await db.close()

        asyncio.run(run())
    if settings.embedding_backend == "onnx":
        from graphmind.embeddings import model_dir, onnx_export

        # auto: the store's precision, read by each process; both graphs are made here, once
        precision = "float32" if settings.embedding_precision == "float32" else "int8"
        onnx_export.ensure(model_dir(), settings.embedding_onnx_path or onnx_export.DEFAULT_PATH, precision)
    if settings.warmup_seconds > 0:
        from graphmind.warmup import warm_if_cold

        try:
            asyncio.run(warm_if_cold(settings))
        except Exception:  # a warm-up only makes the first minute faster; serve without it
            log.warning("warm-up of Neo4j failed; serving without it", exc_info=True)


class SharedPort(socket.socket):
    """The parent's socket for the port: bound with SO_REUSEPORT, never listening. Handed
    to a worker (multiprocessing pickles the sockets it passes), it arrives as a new socket
    bound to the same address (`own_socket`) instead of a copy of this one: each worker then
    accepts only the connections the kernel gives its own socket, spread by connection.
    With one shared socket, 32 agents' connections went to one of two workers under
    `bench load` (69 s of CPU against 2 s; docs/architecture.md)."""

    def __reduce__(self):
        return own_socket, (self.family, self.getsockname())


def own_socket(family: int, address: tuple, kind: type[socket.socket] = socket.socket) -> socket.socket:
    """A socket bound to `address` with SO_REUSEPORT, to listen on beside the others."""
    sock = kind(family, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEPORT, 1)
    sock.bind(address)
    return sock


def listener(host: str, port: int) -> socket.socket | None:
    """The workers' port as a `SharedPort`, or None where the kernel does not spread
    connections over sockets sharing a port (anywhere but Linux: uvicorn's shared socket).
    A port some other socket holds is refused, as a plain bind refuses it: a second server
    must not join this one's port."""
    if not sys.platform.startswith("linux") or not hasattr(socket, "SO_REUSEPORT"):
        return None
    family, address = free_address(host, port)
    return own_socket(family, address, SharedPort)


def free_address(host: str, port: int) -> tuple[int, tuple]:
    """The address family and bound address of `host:port`; OSError (address in use) when
    another socket holds it, as uvicorn's own bind would raise."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    with socket.socket(family, socket.SOCK_STREAM) as probe:
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        probe.bind((host, port))
        return family, probe.getsockname()


def serve(settings: Settings, workers: int) -> None:
    """Serves until stopped (SIGINT or SIGTERM: each worker drains for up to 30 s). A port
    another socket holds is refused first, not after the schema, the export and the warm-up."""
    import uvicorn
    from uvicorn.supervisors import Multiprocess

    shared = claim_port(settings, workers)
    with shared if shared is not None else nullcontext():
        prepare(settings)
        os.environ.update(worker_environment(settings, workers))
        with metrics_directory(workers):
            log.info(
                "starting %d server process%s on http://%s:%s/graphql",
                workers,
                "es" if workers > 1 else "",
                settings.host,
                settings.port,
            )
            options = uvicorn_options(settings, workers)
            if shared is None:
                uvicorn.run(APP_FACTORY, **options)
                return
            # uvicorn's supervisor: restarts a worker that dies, stops them all on SIGTERM
            Multiprocess(uvicorn.Config(APP_FACTORY, **options), [shared]).run()


def uvicorn_options(settings: Settings, workers: int) -> dict[str, Any]:
    """uvicorn's options for `serve`: a websocket message larger than the body limit is
    refused by uvicorn itself (1009, message too big) before it is buffered (its default
    buffers 16 MiB; the guard, api/guard.py, refuses it too, under any server)."""
    return dict(
        factory=True,
        host=settings.host,
        port=settings.port,
        workers=workers,
        log_config=log_config(),
        timeout_graceful_shutdown=30,
        ws_max_size=settings.max_body_bytes,
    )


class PortUnavailable(GraphMindError):
    """The port cannot be bound (another program holds it, the address is not this
    machine's, …): `graphmind serve` says so in one line and exits 1."""


def claim_port(settings: Settings, workers: int) -> socket.socket | None:
    """The workers' `SharedPort` (several workers on Linux), else None once the port is
    found free (uvicorn binds it itself); PortUnavailable when it cannot be bound."""
    try:
        shared = listener(settings.host, settings.port) if workers > 1 else None
        if shared is None:
            free_address(settings.host, settings.port)
    except (OSError, OverflowError) as e:  # OverflowError: a port above 65535
        raise PortUnavailable(unavailable(settings.host, settings.port, e)) from e
    return shared


def unavailable(host: str, port: int, error: Exception) -> str:
    """Why `host:port` cannot be bound, and what to do about it."""
    if getattr(error, "errno", None) == errno.EADDRINUSE:
        return (
            f"port {port} on {host} is already in use (another graphmind serve?): stop what holds it, "
            "or serve on another port with --port or GRAPHMIND_PORT"
        )
    why = getattr(error, "strerror", None) or error
    return f"cannot bind {host}:{port}: {why} (check --host and --port, or GRAPHMIND_HOST and GRAPHMIND_PORT)"
