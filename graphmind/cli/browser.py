"""`graphmind browser …`: the saved Neo4j Browser queries as favorites, and the style."""

from pathlib import Path

import click

from graphmind.cli.root import cli
from graphmind.settings import Settings


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
    click.echo(
        f"wrote {len(favorites)} favorites to {out}: drop it on the Browser window "
        f"({browser_url(settings)}), then drop "
        f"{settings.cypher_dir / 'browser' / STYLE_FILE} for the style"
    )


@browser.command("style")
def browser_style() -> None:
    """Print the graph style (GRASS) to paste after :style in Browser."""
    from graphmind.browser import STYLE_FILE

    click.echo((Settings().cypher_dir / "browser" / STYLE_FILE).read_text(encoding="utf-8"), nl=False)
