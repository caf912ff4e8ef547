"""Serving: `serve` (GraphQL and MCP over HTTP), `mcp` (stdio), `migrate`, `export-schema`."""

import asyncio
import logging
from pathlib import Path
from typing import Any

import click

from graphmind.cli.database import with_deps
from graphmind.cli.root import cli
from graphmind.settings import PROJECT_ROOT, Settings


@cli.command(short_help="Serve GraphQL at /graphql and MCP at /mcp (several processes).")
@click.option("--host", help="Address to bind (default GRAPHMIND_HOST, 127.0.0.1).")
@click.option("--port", type=int, help="Port to bind (default GRAPHMIND_PORT, 8000).")
@click.option(
    "--workers", type=click.IntRange(min=1), help="Server processes (default GRAPHMIND_WORKERS, else one per CPU core)."
)
@click.option("--insecure", is_flag=True, help="Bind a non-loopback address even without API keys.")
def serve(host: str | None, port: int | None, workers: int | None, insecure: bool) -> None:
    """Serve GraphQL (and GraphiQL) at http://HOST:PORT/graphql, and the MCP tools at
    http://HOST:PORT/mcp (docs/agents.md).

    Applies the schema once, warms a Neo4j that has just started (GRAPHMIND_WARMUP_SECONDS),
    then starts the server processes on the one port; they
    share rate limits, key revocations, the gardener's single leader, event
    subscriptions and /metrics (README, "Serving")."""
    from graphmind import serving

    overrides: dict[str, Any] = {k: v for k, v in {"host": host, "port": port}.items() if v is not None}
    if insecure:
        overrides["insecure"] = True
    settings = Settings(**overrides)
    _check_binding(settings)
    logging.basicConfig(level=logging.INFO, format=serving.LOG_FORMAT)
    serving.serve(settings, serving.worker_count(workers, settings))


@cli.command("mcp", short_help="Serve the MCP tools over stdio, for desktop agents.")
@click.option(
    "--key",
    envvar="GRAPHMIND_API_KEY",
    metavar="KEY",
    help="The API key the agent acts with (default GRAPHMIND_API_KEY); without one, the local "
    "user while the server has no keys.",
)
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
    from graphmind.api.hosts import is_loopback

    if is_loopback(settings.host) or settings.insecure:
        return
    from graphmind.security.keys import active_key_count

    keys = asyncio.run(with_deps(active_key_count, settings))
    if keys == 0 or settings.api_keys == "optional":
        raise click.ClickException(
            f"refusing to bind {settings.host}: anyone could call it without an API key. Create one "
            "(graphmind keys create --user USER), keep the default 127.0.0.1, or pass --insecure."
        )


@cli.command(short_help="Apply cypher/schema/ and wait for ONLINE indexes.")
def migrate() -> None:
    """Apply cypher/schema/ to Neo4j and wait until every index is ONLINE."""
    from graphmind import serving
    from graphmind.db.migrations import migrate as run_migrations

    logging.basicConfig(level=logging.INFO, format=serving.LOG_FORMAT)  # the indexes' progress
    applied = asyncio.run(with_deps(lambda deps: run_migrations(deps.db, deps.settings.index_wait_seconds)))
    click.echo(f"{len(applied)} schema statements applied; every index is ONLINE")


@cli.command("export-schema")
@click.option(
    "--output",
    type=click.Path(path_type=Path),
    default=PROJECT_ROOT / "schema.graphql",
    show_default="schema.graphql of the project",
    help="Where to write the SDL ('-' for stdout).",
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
