"""The `graphmind` group: help that lists each command's first sentence, and any error as
one line (`Error: …`) unless `--debug`; `main` is the entry point."""

import logging
from collections.abc import Callable

import click

from graphmind.errors import GraphMindError
from graphmind.settings import Settings


def user_option(help: str, name: str = "user", required: bool = False) -> Callable:
    """`--user`, checked as every user id is (security/keys.py `check_user_id`): an empty
    one stood for the default user and a blank one made data no API could reach (QA)."""

    def checked(ctx: click.Context, param: click.Parameter, value: str | None) -> str | None:
        if value is None:
            return None
        from graphmind.security.keys import check_user_id

        try:
            return check_user_id(value, field="--user")
        except GraphMindError as e:
            raise click.BadParameter(e.message) from None

    return click.option("--user", name, help=help, required=required, callback=checked)


class GraphMindGroup(click.Group):
    """Lists each command with its whole first sentence; an error becomes one line."""

    group_class = type  # subgroups (`@cli.group()`) are GraphMindGroups too

    def format_commands(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        rows = [
            (name, command.get_short_help_str(limit=500))
            for name in self.list_commands(ctx)
            if (command := self.get_command(ctx, name)) is not None and not command.hidden
        ]
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
        message = f"unexpected {type(error).__name__}: {error} (--debug or GRAPHMIND_DEBUG=1 shows the traceback)"
    return " ".join(message.split())


@click.group(cls=GraphMindGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.option(
    "--debug", is_flag=True, envvar="GRAPHMIND_DEBUG", help="Show an error's traceback (also GRAPHMIND_DEBUG=1)."
)
def cli(debug: bool) -> None:
    """GraphMind: graph-native memory and decision intelligence for AI agents."""


def main() -> None:
    """Entry point: an error prints one line (`Error: …`, exit 1), not a traceback (GraphMindGroup)."""
    logging.getLogger("neo4j").setLevel(logging.ERROR)  # retries are reported by us
    cli()
