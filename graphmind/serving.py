"""`graphmind serve`: one or several server processes behind one port.

The command prepares once what every process would otherwise race to do (the schema
migration, the model's ONNX export), then hands uvicorn the app factory
(`graphmind.app:create_app`): with N workers uvicorn spawns N processes, each
creating its own app (driver, model, gardener, event tail) from the environment, and
restarts one that dies. Everything the processes must agree on lives in Neo4j (rate-limit
buckets, API keys, the gardener's lease, the event log), so they behave as one service,
as do several hosts behind a load balancer; `/metrics` sums the processes of one host
through prometheus_client's multiprocess directory.
"""

import asyncio
import copy
import logging
import os
import shutil
import tempfile
from contextlib import contextmanager
from pathlib import Path

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
    """Once, before any worker starts: the schema, and the ONNX export if it is missing."""
    from graphmind.db.database import Database
    from graphmind.db.migrations import migrate
    from graphmind.db.queries import QueryLibrary

    if settings.migrate_on_start:

        async def run() -> None:
            db = Database.connect(settings, QueryLibrary.load(settings.cypher_dir))
            try:
                await migrate(db)
            finally:
                await db.close()

        asyncio.run(run())
    if settings.embedding_backend == "onnx":
        from graphmind.embeddings import model_dir, onnx_export

        path = settings.embedding_onnx_path or onnx_export.DEFAULT_PATH
        if not onnx_export.is_current(model_dir(), path):
            onnx_export.export(model_dir(), path)


def serve(settings: Settings, workers: int) -> None:
    """Serves until stopped (SIGINT or SIGTERM: each worker drains for up to 30 s)."""
    import uvicorn

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
        uvicorn.run(
            APP_FACTORY,
            factory=True,
            host=settings.host,
            port=settings.port,
            workers=workers,
            log_config=log_config(),
            timeout_graceful_shutdown=30,
        )
