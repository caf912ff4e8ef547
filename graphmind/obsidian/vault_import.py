"""`graphmind obsidian import DIR`: a vault's edits become new versions, updates, links and new memories.

1. New notes (in `memories/`, no id) are remembered in one batch through the normal
   store path (validated, redacted, embedded, deduplicated); the new id is written
   into the note's front matter (`duplicate_of` instead when the text repeats an
   existing memory), so importing again never creates it twice.
2. The graph and the vault are read again and compared (`plan.py`); each note's
   changes (new text, links) are applied in one transaction, only if the node still
   has the text the plan saw, with their events. A memory's new text is a new version
   of it (`memory/versions.py`: the old one superseded, events memory.superseded and
   memory.updated), and the note's front matter is given the new version's id; a
   decision's, trail's or session's text is updated (text.edited); links are added
   (memory.linked), from the new version when the text changed too.

Nothing is ever deleted: links or notes removed from the vault are not removed from
the graph, and a new version keeps the old one's mentions and related links (the new
text's entities are added). Importing an unchanged vault changes nothing.
"""

from dataclasses import dataclass, field
from pathlib import Path

from graphmind.core import events
from graphmind.deps import Deps
from graphmind.errors import BadUserInput, Conflict, NotFound
from graphmind.memory import versions
from graphmind.memory.lock import lock_user
from graphmind.memory.store import remember_many
from graphmind.obsidian import vault
from graphmind.obsidian.graph import load
from graphmind.obsidian.layout import layout
from graphmind.obsidian.notes import front_matter
from graphmind.obsidian.plan import Context, Edit, NewNote, Plan, Skip, plan
from graphmind.obsidian.vault import VaultFile

ORIGIN = "obsidian"


@dataclass
class ImportReport:
    unchanged: int = 0
    updated: list[str] = field(default_factory=list)  # notes whose text was applied
    versions: dict[str, str] = field(default_factory=dict)  # edited memory id → its new version's id
    linked: list[tuple[str, str, str]] = field(default_factory=list)  # (from id, relation, to id)
    created: list[str] = field(default_factory=list)  # notes that became memories
    skipped: list[tuple[str, str]] = field(default_factory=list)  # (note, reason)
    ignored: int = 0  # notes that are not GraphMind's
    dry_run: bool = False

    @property
    def changes(self) -> int:
        return len(self.updated) + len(self.linked) + len(self.created)


async def _plan(deps: Deps, user_id: str, root: Path) -> tuple[Context, Plan]:
    graph = await load(deps.db, user_id)
    files = vault.read(root)
    context = Context(files, graph, layout(graph), deps.settings.redact_pii)
    return context, plan(context, files, user_id)


def _stamp(root: Path, file: VaultFile, fields: dict) -> None:
    """Rewrites a note's front matter with `fields` first; its body is kept as it is."""
    kept = {k: v for k, v in (file.front or {}).items() if k not in ("id", "type", "user", "duplicate_of")}
    vault.write(root / f"{file.path}.md", front_matter({**fields, **kept}) + "\n" + file.body)


async def _create(deps: Deps, user_id: str, root: Path, new: list[NewNote]) -> list[str]:
    results = await remember_many(deps, user_id, [n.input for n in new])
    created = []
    for note, result in zip(new, results, strict=True):
        if result.duplicate_of:
            _stamp(root, note.file, {"duplicate_of": result.duplicate_of, "user": user_id})
        else:
            _stamp(root, note.file, {"id": result.memory.id, "type": "memory", "user": user_id})
            created.append(note.file.path)
    return created


async def _link(tx, user_id: str, from_id: str, links: list[tuple[str, str]], now) -> list[dict]:
    """Adds a note's links from `from_id`, with their events; Skip if a target is gone."""
    if not links:
        return []
    rows = await tx.run(
        "obsidian.link", userId=user_id, fromId=from_id, now=now, links=[{"relation": r, "toId": t} for r, t in links]
    )
    if not rows or len(rows[0]["found"]) < len(links):
        raise Skip("a linked note is gone from the graph; import again")
    linked = rows[0]["linked"]
    await events.append(
        tx,
        user_id,
        now,
        [
            events.event("memory.linked", memoryId=from_id, targetId=x["toId"], relation=x["relation"], origin=ORIGIN)
            for x in linked
        ],
    )
    return linked


async def _apply(deps: Deps, user_id: str, edit: Edit) -> list[dict]:
    """A decision's, trail's or session's new text and a memory note's links in one
    transaction; Skip (and nothing written) if the graph moved on."""

    async def work(tx) -> list[dict]:
        now = deps.clock.now()
        await lock_user(tx, user_id, now)
        if edit.text is not None:
            params = {"userId": user_id, "id": edit.id, "previous": edit.previous, "now": now}
            if not await tx.run(f"obsidian.update_{edit.kind}", **params, text=edit.text):
                raise Skip(f"the {edit.kind} changed in the graph while importing; import again")
            hashed = events.content_hash(edit.text)
            logged = [events.event("text.edited", kind=edit.kind, id=edit.id, origin=ORIGIN, contentHash=hashed)]
            await events.append(tx, user_id, now, logged)
        return await _link(tx, user_id, edit.id, edit.links, now)

    return await deps.db.transaction(work)


async def _new_version(deps: Deps, user_id: str, edit: Edit) -> tuple[str, list[dict]]:
    """A memory note's new text as a new version of its memory, with the note's links added
    from the new version, in one transaction; returns its id and the links added. Skip (and
    nothing written) if the memory changed meanwhile or the new text cannot be a version."""
    assert edit.text is not None
    linked: list[dict] = []

    async def add_links(tx, new_id: str) -> None:
        linked[:] = await _link(tx, user_id, new_id, edit.links, deps.clock.now())

    try:
        version = await versions.new_version(
            deps, user_id, edit.id, edit.previous, edit.text, ORIGIN, stored=True, and_then=add_links
        )
    except versions.Stale:
        raise Skip("the memory changed in the graph while importing; import again") from None
    except (Conflict, NotFound, BadUserInput) as e:
        raise Skip(f"text: {e.message}") from None
    return version.memory.id, linked


async def import_vault(deps: Deps, user_id: str, root: Path, dry_run: bool = False) -> ImportReport:
    """Applies a vault's edits to the user's graph (or, with `dry_run`, only says what they are)."""
    root = Path(root)
    if not root.is_dir():
        raise BadUserInput(f"no vault folder at {root}")
    _, found = await _plan(deps, user_id, root)
    created: list[str] = []
    if found.new and not dry_run:
        created = await _create(deps, user_id, root, found.new)
        _, found = await _plan(deps, user_id, root)  # new notes now have ids; links to them resolve
    report = ImportReport(
        ignored=found.ignored,
        skipped=list(found.skipped),
        created=created,
        dry_run=dry_run,
        unchanged=len([p for p in found.unchanged if p not in created]),
    )
    if dry_run:
        report.created = [n.file.path for n in found.new]
        report.updated = [e.path for e in found.edits if e.text is not None]
        report.linked = [(e.id, relation, target) for e in found.edits for relation, target in e.links]
        return report
    for edit in found.edits:
        linked_from = edit.id
        try:
            if edit.kind == "memory" and edit.text is not None:
                linked_from, linked = await _new_version(deps, user_id, edit)
                # the note is the new version's now: the next import reads it as that one
                note = vault.read_file(root, root / f"{edit.path}.md")
                _stamp(root, note, {"id": linked_from, "type": "memory", "user": user_id})
                report.versions[edit.id] = linked_from
            else:
                linked = await _apply(deps, user_id, edit)
        except Skip as e:
            report.skipped.append((edit.path, str(e)))
            continue
        if edit.text is not None:
            report.updated.append(edit.path)
        report.linked += [(linked_from, x["relation"], x["toId"]) for x in linked]
    return report
