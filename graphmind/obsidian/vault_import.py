"""`graphmind obsidian import DIR`: a vault's edits become updates, links and new memories.

1. New notes (in `memories/`, no id) are remembered in one batch through the normal
   store path (validated, redacted, embedded, deduplicated); the new id is written
   into the note's front matter (`duplicate_of` instead when the text repeats an
   existing memory), so importing again never creates it twice.
2. The graph and the vault are read again and compared (`plan.py`); each note's
   changes (new text, links) are applied in one transaction, only if the node still
   has the text the plan saw, with their events (memory.updated, text.edited,
   memory.linked).

Nothing is ever deleted: links or notes removed from the vault are not removed from
the graph, and an edited memory keeps its mentions (the new text's entities are
added). Importing an unchanged vault changes nothing.
"""

from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

from graphmind.core import events
from graphmind.deps import Deps
from graphmind.errors import BadUserInput
from graphmind.memory import keyword_index
from graphmind.memory.entities import extract_entities
from graphmind.memory.lock import lock_user
from graphmind.memory.store import remember_many
from graphmind.obsidian import vault
from graphmind.obsidian.graph import load
from graphmind.obsidian.layout import layout
from graphmind.obsidian.notes import front_matter
from graphmind.obsidian.plan import Context, Edit, NewNote, Plan, Skip, plan

ORIGIN = "obsidian"


@dataclass
class ImportReport:
    unchanged: int = 0
    updated: list[str] = field(default_factory=list)  # notes whose text was applied
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


def _stamp(root: Path, note: NewNote, fields: dict) -> None:
    """Rewrites a note's front matter with `fields` first; its body is kept as it is."""
    kept = {k: v for k, v in (note.file.front or {}).items() if k not in ("id", "type", "user", "duplicate_of")}
    vault.write(root / f"{note.file.path}.md", front_matter({**fields, **kept}) + "\n" + note.file.body)


async def _create(deps: Deps, user_id: str, root: Path, new: list[NewNote]) -> list[str]:
    results = await remember_many(deps, user_id, [n.input for n in new])
    created = []
    for note, result in zip(new, results, strict=True):
        if result.duplicate_of:
            _stamp(root, note, {"duplicate_of": result.duplicate_of, "user": user_id})
        else:
            _stamp(root, note, {"id": result.memory.id, "type": "memory", "user": user_id})
            created.append(note.file.path)
    return created


async def _apply(deps: Deps, user_id: str, edit: Edit, embedded: tuple[np.ndarray, int] | None) -> list[dict]:
    """One note's changes in one transaction; Skip (and nothing written) if the graph moved on."""

    async def work(tx) -> list[dict]:
        now = deps.clock.now()
        await lock_user(tx, user_id, now)
        log = []
        if edit.text is not None:
            params = {"userId": user_id, "id": edit.id, "previous": edit.previous, "now": now}
            if edit.kind == "memory":
                assert embedded is not None  # a memory note with text is embedded (import_vault)
                vector, token_count = embedded
                entities = [{"key": e.key, "name": e.name} for e in extract_entities(edit.text)]
                await keyword_index.remove(tx, [edit.id])  # a Skip below rolls this back
                rows = await tx.run(
                    "obsidian.update_memory",
                    **params,
                    content=edit.text,
                    embedding=vector.tolist(),
                    tokenCount=token_count,
                    entities=entities,
                )
                await keyword_index.add(tx, [{"id": edit.id, "content": edit.text}])
                log.append(
                    events.event(
                        "memory.updated",
                        memoryId=edit.id,
                        origin=ORIGIN,
                        contentHash=events.content_hash(edit.text),
                        previousHash=events.content_hash(edit.previous),
                    )
                )
            else:
                rows = await tx.run(f"obsidian.update_{edit.kind}", **params, text=edit.text)
                log.append(
                    events.event(
                        "text.edited",
                        kind=edit.kind,
                        id=edit.id,
                        origin=ORIGIN,
                        contentHash=events.content_hash(edit.text),
                    )
                )
            if not rows:
                raise Skip(f"the {edit.kind} changed in the graph while importing; import again")
        linked: list[dict] = []
        if edit.links:
            rows = await tx.run(
                "obsidian.link",
                userId=user_id,
                fromId=edit.id,
                now=now,
                links=[{"relation": r, "toId": t} for r, t in edit.links],
            )
            if not rows or len(rows[0]["found"]) < len(edit.links):
                raise Skip("a linked note is gone from the graph; import again")
            linked = rows[0]["linked"]
            log += [
                events.event(
                    "memory.linked", memoryId=edit.id, targetId=x["toId"], relation=x["relation"], origin=ORIGIN
                )
                for x in linked
            ]
        await events.append(tx, user_id, now, log)
        return linked

    return await deps.db.transaction(work)


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
    texts = [e.text for e in found.edits if e.kind == "memory" and e.text is not None]
    # each text's vector and token count, from one tokenization
    embeddings = iter(zip(*await deps.embedder.embed_counting_async(texts), strict=True)) if texts else iter(())
    for edit in found.edits:
        embedded = next(embeddings) if edit.kind == "memory" and edit.text is not None else None
        try:
            linked = await _apply(deps, user_id, edit, embedded)
        except Skip as e:
            report.skipped.append((edit.path, str(e)))
            continue
        if edit.text is not None:
            report.updated.append(edit.path)
        report.linked += [(edit.id, x["relation"], x["toId"]) for x in linked]
    return report
