"""docs/cli.md is generated from the CLI's own help (graphmind/docgen/cli_reference.py); every command says what it does."""

import click
from click.testing import CliRunner

from graphmind.cli import cli
from graphmind.docgen import cli_reference
from graphmind.settings import PROJECT_ROOT


def test_docs_cli_md_is_up_to_date():
    assert cli_reference.DOCS.read_text() == cli_reference.render(), (
        "docs/cli.md is stale: run python -m graphmind.docgen.cli_reference"
    )
    assert cli_reference.main(["--check"]) == 0


def test_docs_do_not_depend_on_where_the_project_lives():
    assert str(PROJECT_ROOT) not in cli_reference.render()


def commands(group: click.Group, path: str = "graphmind"):
    for name, command in group.commands.items():
        yield f"{path} {name}", command
        if isinstance(command, click.Group):
            yield from commands(command, f"{path} {name}")


def test_every_command_has_a_one_line_help_and_a_section():
    docs = cli_reference.render()
    for path, command in commands(cli):
        summary = command.get_short_help_str(limit=500)
        assert summary and not summary.endswith("..."), path
        assert f"## `{path}`" in docs, path


def test_help_lists_every_command_on_one_line_each():
    output = CliRunner().invoke(cli, ["--help"], terminal_width=80).output
    listed = output.split("Commands:\n")[1].splitlines()
    assert [line.split()[0] for line in listed] == sorted(cli.commands)  # no wrapped continuation lines
    for line in listed:
        name, summary = line.split(maxsplit=1)
        assert summary == cli.commands[name].get_short_help_str(limit=500) and len(line) <= 80
