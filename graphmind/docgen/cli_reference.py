"""docs/cli.md, generated from the command line's own help, so it cannot go stale.

`python -m graphmind.docgen.cli_reference` writes it; `--check` exits 1 when the file differs
(tests/docgen/test_cli_reference.py does the same). Every command and group gets a section with
its `--help` at 80 columns (so a default must not be a path of this checkout: give such
an option a `show_default` text).
"""

import sys
from collections.abc import Iterator

import click

from graphmind.settings import PROJECT_ROOT

DOCS = PROJECT_ROOT / "docs" / "cli.md"
WIDTH = 80
HEADER = """# The `graphmind` command line

Generated from the commands' own `--help` by `python -m graphmind.docgen.cli_reference`; do not
edit by hand (a test regenerates it and compares). Errors print one line
(`Error: …`, exit code 1); `graphmind --debug …` or `GRAPHMIND_DEBUG=1` shows the
traceback instead.
"""


def _walk(command: click.Command, ctx: click.Context) -> Iterator[click.Context]:
    yield ctx
    if isinstance(command, click.Group):
        for name in command.list_commands(ctx):
            sub = command.get_command(ctx, name)
            if sub is not None and not sub.hidden:
                yield from _walk(sub, click.Context(sub, info_name=name, parent=ctx, **sub.context_settings))


def render(root: click.Command | None = None) -> str:
    """The whole document: a contents list, then one section per command."""
    if root is None:
        from graphmind.cli import cli

        root = cli
    top = click.Context(
        root, info_name="graphmind", terminal_width=WIDTH, max_content_width=WIDTH, **root.context_settings
    )
    contexts = list(_walk(root, top))
    contents = []
    sections = []
    for ctx in contexts:
        path = ctx.command_path
        anchor = path.replace(" ", "-")
        depth = len(path.split()) - 1
        summary = ctx.command.get_short_help_str(limit=500) if depth else "every command"
        contents.append(f"{'  ' * max(depth - 1, 0)}- [`{path}`](#{anchor}): {summary}")
        text = ctx.command.get_help(ctx)
        sections.append(f"## `{path}`\n\n```text\n{text}\n```\n")
    return "\n".join([HEADER, *contents, "", *sections]).rstrip() + "\n"


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    text = render()
    if "--check" in argv:
        current = DOCS.read_text(encoding="utf-8") if DOCS.exists() else None
        if current != text:
            print(
                f"{DOCS.relative_to(PROJECT_ROOT)} is stale: run python -m graphmind.docgen.cli_reference",
                file=sys.stderr,
            )
            return 1
        return 0
    DOCS.write_text(text, encoding="utf-8")
    print(f"wrote {DOCS.relative_to(PROJECT_ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
