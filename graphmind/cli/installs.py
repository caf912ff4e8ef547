"""What the project installs and runs itself: the Neo4j server and the ONNX export of the model."""

import sys

import click

from graphmind.cli.root import cli
from graphmind.settings import Settings


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


@neo4j.command("class-archive")
def neo4j_class_archive() -> None:
    """Build the class archive Neo4j starts from (once per runtime and jars)."""
    from graphmind.errors import Neo4jServerError
    from graphmind.neo4j_server import class_archive_build

    try:
        archive = class_archive_build.build(Settings(), say=click.echo)
    except Neo4jServerError as e:  # an optimisation: Neo4j starts without it, only slower
        click.echo(f"warning: no class archive, Neo4j will start without one: {e}", err=True)
        return
    click.echo(f"class archive {'written' if archive else 'already there'}")


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
    """Export the packaged model to ONNX for ONNX Runtime, and its int8 quantisation (once;
    redone when the weights change)."""
    from graphmind.embeddings import model_dir, onnx_export

    settings = Settings()
    path = settings.embedding_onnx_path or onnx_export.DEFAULT_PATH
    if force or not onnx_export.is_current(model_dir(), path):
        onnx_export.export(model_dir(), path)
        click.echo(f"exported: {path}")
    else:
        click.echo(f"already exported: {path}")
    int8 = onnx_export.int8_path(path)
    if force or not onnx_export.is_current(model_dir(), int8, onnx_export.int8_stamp(model_dir())):
        onnx_export.quantize(model_dir(), path)
        click.echo(f"quantised: {int8}")
    else:
        click.echo(f"already quantised: {int8}")
