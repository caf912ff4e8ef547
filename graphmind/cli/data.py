"""Moving a user's memories in and out: `import`, `export`, `obsidian export|import`."""

import asyncio
from pathlib import Path

import click

from graphmind.cli.database import with_database, without_model
from graphmind.cli.root import cli, user_option
from graphmind.errors import GraphMindError
from graphmind.settings import Settings


@cli.group(short_help="The user's graph as an Obsidian vault: export, import.")
def obsidian() -> None:
    """The user's graph as an Obsidian vault: export it, import its edits back (docs/obsidian.md)."""


@obsidian.command("export")
@click.argument("directory", type=click.Path(file_okay=False, path_type=Path))
@user_option("Whose graph (default GRAPHMIND_DEFAULT_USER_ID).")
@click.option("--force", is_flag=True, help="Overwrite notes with edits not imported yet.")
def obsidian_export(directory: Path, user: str | None, force: bool) -> None:
    """Write the user's memories, decisions, trails, sessions and entities as notes in DIRECTORY."""
    from graphmind.obsidian.export import export_vault

    settings = Settings()
    user_id = user or settings.default_user_id
    try:
        report = asyncio.run(with_database(lambda db: export_vault(db, settings, user_id, directory, force)))
    except GraphMindError as e:
        raise click.ClickException(e.message) from None
    click.echo(
        f"exported {report.notes} notes of {user_id} to {directory}: {len(report.written)} written, "
        f"{report.unchanged} unchanged, {len(report.removed)} removed"
    )


@obsidian.command("import")
@click.argument("directory", type=click.Path(exists=True, file_okay=False, path_type=Path))
@user_option("Whose graph (default GRAPHMIND_DEFAULT_USER_ID).")
@click.option("--dry-run", is_flag=True, help="Only report what the import would change.")
def obsidian_import(directory: Path, user: str | None, dry_run: bool) -> None:
    """Apply a vault's edits: changed texts, added links, new notes in memories/ (never deletes)."""
    from graphmind.bench.common import bench_deps
    from graphmind.obsidian.vault_import import import_vault

    async def go():
        async with bench_deps() as deps:
            return await import_vault(deps, user or deps.settings.default_user_id, directory, dry_run)

    try:
        report = asyncio.run(go())
    except GraphMindError as e:
        raise click.ClickException(e.message) from None
    click.echo(
        f"{'would import' if dry_run else 'imported'} {directory}: {report.unchanged} unchanged, "
        f"{len(report.updated)} updated, {len(report.linked)} linked, {len(report.created)} created, "
        f"{len(report.skipped)} skipped, {report.ignored} other notes left alone"
    )
    for path, reason in report.skipped:
        click.echo(f"  skipped {path}: {reason}")


@cli.command("import", short_help="Bulk-load memories from a JSON lines file.")
@click.argument("file", type=click.Path(exists=True, dir_okay=False, path_type=Path))
@user_option("Whose memories (default GRAPHMIND_DEFAULT_USER_ID).")
@click.option(
    "--batch", type=click.IntRange(1, 1000), default=500, show_default=True, help="Memories stored per transaction."
)
def import_memories(file: Path, user: str | None, batch: int) -> None:
    """Bulk-load memories from JSON lines (remember's input fields in camelCase; enum values as GraphQL
    writes them, FACT, or as stored, fact); report bad lines (exit 1 when there are any; the
    valid lines are stored)."""
    from tqdm import tqdm

    from graphmind.bench.common import bench_deps
    from graphmind.memory.transfer import import_lines

    # a byte that is not UTF-8 fails its own line, not the file (memory/transfer.py `parse_line`)
    with file.open(encoding="utf-8-sig", errors="surrogateescape") as lines:
        total = sum(1 for _ in lines)

    async def go():
        async with bench_deps() as deps:
            user_id = user or deps.settings.default_user_id
            with (
                file.open(encoding="utf-8-sig", errors="surrogateescape") as lines,
                tqdm(total=total, unit="line", desc=file.name, disable=None) as bar,
            ):
                return user_id, await import_lines(deps, user_id, lines, batch, bar.update)

    user_id, report = asyncio.run(go())
    click.echo(
        f"imported {file} for {user_id}: {report.lines} lines, {report.stored} stored, "
        f"{report.duplicates} duplicates, {report.contradictions} contradictions settled, "
        f"{report.redactions} redactions, {len(report.invalid)} invalid lines skipped"
    )
    for number, reason in report.invalid[:50]:
        click.echo(f"  line {number}: {reason}")
    if len(report.invalid) > 50:
        click.echo(f"  … and {len(report.invalid) - 50} more")
    if report.invalid:  # the valid lines are stored; a script still learns that some were not (QA)
        raise SystemExit(1)


@cli.command("export", short_help="Write the user's memories as JSON lines.")
@click.argument("file", type=click.Path(dir_okay=False, allow_dash=True, path_type=Path))
@user_option("Whose memories (default GRAPHMIND_DEFAULT_USER_ID).")
@click.option(
    "--all",
    "every_status",
    is_flag=True,
    help="Superseded and archived memories too (import stores every line as active).",
)
def export_memories(file: Path, user: str | None, every_status: bool) -> None:
    """Write the user's memories, oldest first, as JSON lines that `graphmind import` reads ('-': stdout).

    FILE's directory must exist (it is not created). A user with nothing to export is an error
    (exit 1, no file written): usually a mistyped --user. Entities a line cannot carry (remember
    takes at most 50 besides those its text names, each of at most 100 characters) are listed on
    stderr.
    """
    import json

    from graphmind.memory.transfer import export_memories as export

    to_stdout = str(file) == "-"
    if not to_stdout and not file.parent.is_dir():  # a mistyped path is said, not created (QA)
        why = "is not a directory" if file.parent.exists() else "does not exist"
        raise click.BadParameter(f"directory '{file.parent}' {why}", param_hint="'FILE'")
    user_id = user or Settings().default_user_id
    exported = without_model(lambda deps: export(deps, user_id, every_status))
    if not exported.rows:
        raise click.ClickException(
            f"user {user_id} has no {'' if every_status else 'active '}memories: nothing written "
            f"(check --user{'' if every_status else '; --all adds superseded and archived ones'})"
        )
    text = "".join(json.dumps(row, ensure_ascii=False) + "\n" for row in exported.rows)
    if to_stdout:
        click.echo(text, nl=False)
    else:
        file.write_text(text, encoding="utf-8")
        click.echo(f"exported {len(exported.rows)} {'' if every_status else 'active '}memories of {user_id} to {file}")
    for memory_id, names in exported.left_out.items():
        click.echo(f"warning: memory {memory_id}: entities a line cannot carry, left out: {', '.join(names)}", err=True)
