"""`graphmind obsidian export DIR`: the user's graph as an Obsidian vault (docs/obsidian.md).

Writes each note whose bytes differ (a file that is already right is not touched,
so sync tools only see real changes) and removes this user's GraphMind notes that no
longer belong (renamed after a text edit, or their node is gone). Other notes in the
vault are never touched. Unless forced, refuses when notes have edits that are not in
the graph (not imported yet, or refused by the import), or when a file it would
overwrite is not one of this user's notes.
"""

from dataclasses import dataclass, field
from pathlib import Path

from graphmind.db.database import Database
from graphmind.errors import Conflict
from graphmind.obsidian import vault
from graphmind.obsidian.graph import load
from graphmind.obsidian.layout import layout
from graphmind.obsidian.notes import render
from graphmind.obsidian.plan import Context, plan
from graphmind.obsidian.vault import VaultFile
from graphmind.settings import Settings

SHOWN = 5


@dataclass
class ExportReport:
    notes: int = 0
    written: list[str] = field(default_factory=list)
    removed: list[str] = field(default_factory=list)

    @property
    def unchanged(self) -> int:
        return self.notes - len(self.written)


def _ours(file: VaultFile, user_id: str) -> bool:
    return (
        file.error is None
        and file.field("user") == user_id
        and (file.note_id is not None or file.field("type") == "index")
    )


def _refuse(what: str, paths: list[str]) -> Conflict:
    shown = ", ".join(paths[:SHOWN]) + (" …" if len(paths) > SHOWN else "")
    return Conflict(
        f"{what}: {len(paths)} ({shown}); import the vault first (and fix what it reports), or export with --force"
    )


async def export_vault(db: Database, settings: Settings, user_id: str, root: Path, force: bool = False) -> ExportReport:
    """Writes the user's graph into the vault folder `root` (created if needed)."""
    root = Path(root)
    graph = await load(db, user_id)
    shape = layout(graph)
    wanted = {note.path: render(note) for note in [*shape.notes.values(), *shape.indexes]}
    lowered = {p.lower() for p in wanted}  # a case-insensitive disk sees one file for both
    files = vault.read(root)
    if not force:
        found = plan(Context(files, graph, shape, settings.redact_pii), files, user_id)
        pending = [e.path for e in found.edits] + found.rejected
        if pending:
            raise _refuse("notes with edits that are not in the graph", sorted(pending))
        foreign = [f.path for f in files if f.path.lower() in lowered and not _ours(f, user_id)]
        if foreign:
            raise _refuse("files in the way that are not this user's GraphMind notes", foreign)
    report = ExportReport(notes=len(wanted))
    for path, text in sorted(wanted.items()):
        if vault.write(root / f"{path}.md", text):
            report.written.append(path)
    for file in files:
        if file.path.lower() not in lowered and _ours(file, user_id):
            (root / f"{file.path}.md").unlink(missing_ok=True)
            report.removed.append(file.path)
    return report
