"""What an import would change: the difference between a vault and the caller's graph.

Pure (no database, no model). Every note is classified: a note with a GraphMind id
of this user is compared with the note the graph renders today: a different text
is an edit (validated and redacted as the API would), a wikilink that is not an
edge yet is a link to add (a memory note's `related` link to a memory or
`mentions` link to an entity; anything else is reported, not applied). A note in
`memories/` without an id becomes a new memory. Notes of other users, with ids the
graph does not know, or that cannot be read are skipped with the reason; notes
elsewhere without an id are not GraphMind's and are left alone.
"""

import re
from dataclasses import dataclass, field

from graphmind.core.redaction import redact
from graphmind.errors import BadUserInput
from graphmind.learning.decisions import MAX_SUMMARY as MAX_DECISION_SUMMARY
from graphmind.memory.model import MemoryInput, parse_memory_input
from graphmind.memory.versions import EDITED_BY
from graphmind.obsidian.graph import Node, UserGraph
from graphmind.obsidian.layout import FOLDERS, HEADINGS, MARKED, Layout
from graphmind.obsidian.notes import Body, NoteError, WikiLink, parse_body, plain, render, wikilinks
from graphmind.obsidian.vault import Resolver, VaultFile
from graphmind.sessions.model import MAX_GOAL
from graphmind.trails import MAX_SUMMARY as MAX_TRAIL_SUMMARY

TEXT_LIMITS = {"decision": MAX_DECISION_SUMMARY, "trail": MAX_TRAIL_SUMMARY, "session": MAX_GOAL}
ADDABLE = {("related", "memory"), ("mentions", "entity")}  # (relation, target kind) from a memory
CARRIED = {relation for relation, _ in ADDABLE}  # what a new version of an edited memory carries over
DEFAULT_RELATION = {"memory": "related", "entity": "mentions"}
_ID_SUFFIX = re.compile(r"-[0-9a-f]{8}$")


class Skip(Exception):
    """A note (or one of its links) the import leaves alone, with the reason."""


@dataclass
class Edit:
    """The changes of one note, applied together or not at all."""

    kind: str
    id: str
    path: str
    previous: str = ""
    text: str | None = None  # the new text; None when unchanged
    links: list[tuple[str, str]] = field(default_factory=list)  # (relation, target id) to add

    @property
    def changed(self) -> bool:
        return self.text is not None or bool(self.links)


@dataclass
class NewNote:
    file: VaultFile
    input: MemoryInput
    body: Body


@dataclass
class Plan:
    edits: list[Edit] = field(default_factory=list)  # notes with changes only
    new: list[NewNote] = field(default_factory=list)
    unchanged: list[str] = field(default_factory=list)  # paths of notes without changes
    ignored: int = 0  # notes that are not GraphMind's
    skipped: list[tuple[str, str]] = field(default_factory=list)  # (path, reason)
    rejected: list[str] = field(default_factory=list)  # GraphMind notes whose edits were refused


class Context:
    """The vault, the graph and which note is which node."""

    def __init__(self, files: list[VaultFile], graph: UserGraph, layout: Layout, redact_pii: bool) -> None:
        self.resolver = Resolver(files)
        self.graph = graph
        self.layout = layout
        self.redact_pii = redact_pii
        self.ids: dict[str, str] = {}  # note path → node id
        self.kinds: dict[str, str] = {i: n.kind for i, n in graph.nodes.items()}
        self.earlier: dict[str, str] = {  # a new version of an edited memory → the version it replaced
            n.id: e.target
            for n in graph.nodes.values()
            if n.kind == "memory" and n.props.get("derivedBy") == EDITED_BY
            for e in n.edges
            if e.relation == "derived_from"
        }

    def versions(self, node_id: str) -> list[str]:
        """The node and, for a new version of an edited memory, the versions before it, newest
        first. An imported edit gives its note the new version's id while the vault's links
        (to and from the note) are still the old version's edges, until the next export."""
        chain = [node_id]
        while (earlier := self.earlier.get(chain[-1])) and earlier not in chain:
            chain.append(earlier)
        return chain

    def has(self, existing: set[tuple[str, str]], relation: str, target: str) -> bool:
        """Whether a link is an edge already: to the target, or (a relation a vault cannot add;
        those it can are carried over to a new version) to a version before it."""
        targets = [target] if relation in CARRIED else self.versions(target)
        return any((relation, version) in existing for version in targets)

    def target(self, link: WikiLink) -> str | None:
        found = self.resolver.find(link.target)
        return self.ids.get(found.path) if found else None

    def display(self, link: WikiLink) -> str:
        """The text a wikilink leaves in a note's text: its alias, an entity's name, else
        the note's name without folder and id suffix."""
        if link.alias and link.alias.strip():
            return link.alias.strip()
        target = self.target(link)
        if target and self.kinds.get(target) == "entity" and target in self.graph.nodes:
            return self.graph.nodes[target].text
        return _ID_SUFFIX.sub("", link.target.rsplit("/", 1)[-1])

    def links(
        self,
        path: str,
        kind: str,
        node_id: str,
        body: Body,
        existing: set[tuple[str, str]],
        warnings: list[tuple[str, str]],
    ) -> list[tuple[str, str]]:
        """The links of a note that are not edges yet and can be added. Unresolved or
        unaddable links under ## Links are reported; in the text they stay text."""
        added: list[tuple[str, str]] = []
        candidates: list[tuple[str | None, WikiLink, bool]] = [(None, link, False) for link in wikilinks(body.text)]
        candidates += [(relation, link, True) for relation, link in body.links]
        for relation, link, listed in candidates:
            target = self.target(link)
            target_kind = self.kinds.get(target) if target else None
            relation = relation or DEFAULT_RELATION.get(target_kind or "", "")
            if target is None or self.has(existing, relation, target) or (relation, target) in added:
                if target is None and listed:
                    warnings.append((path, f"link [[{link.target}]] ignored: not a note of this vault's graph"))
                continue
            reason = None
            if target == node_id:
                reason = "a note cannot link to itself"
            elif kind != "memory":
                reason = "links are added in memory notes only"
            elif (relation, target_kind) not in ADDABLE:
                reason = (
                    f"a '{relation or 'plain'}' link to a {target_kind} cannot be added from a vault "
                    "(only related → memory, mentions → entity)"
                )
            if reason is None:
                added.append((relation, target))
            elif listed:
                warnings.append((path, f"link [[{link.target}]] ignored: {reason}"))
        return added

    def clean_text(self, node: Node, text: str) -> str:
        """The note's new text, validated and redacted as the API would store it."""
        if node.kind == "entity":
            raise Skip("entity names are read-only")
        if node.kind == "memory":
            if node.status != "active":
                raise Skip(f"the memory is {node.status}: its text is read-only")
            try:  # the note shows the stored (redacted) text: measured as import measures it
                text = parse_memory_input({"content": text}, stored=True).content
            except BadUserInput as e:
                raise Skip(f"text: {e.message}") from None
        elif not 1 <= len(text) <= TEXT_LIMITS[node.kind]:
            raise Skip(f"text must be 1-{TEXT_LIMITS[node.kind]} characters, got {len(text)}")
        return redact(text).text if self.redact_pii else text


def _edit(ctx: Context, file: VaultFile, node: Node, plan: Plan) -> Edit:
    note = ctx.layout.notes[node.id]
    edit = Edit(node.kind, node.id, file.path, node.text)
    if file.source.replace("\r\n", "\n") == render(note):
        return edit
    try:
        marked = note.callout is not None or file.field("status") in MARKED  # then or now
        body = parse_body(file.body, HEADINGS.get(node.kind, ()), callout=marked)
    except NoteError as e:
        raise Skip(f"cannot read the note: {e.message}") from None
    text = plain(body.text, ctx.display)
    if text != node.text.strip():
        cleaned = ctx.clean_text(node, text)
        edit.text = cleaned if cleaned != node.text else None
    existing = {(e.relation, e.target) for e in node.edges}
    for earlier in ctx.versions(node.id)[1:]:  # the old version's edges the note still shows
        edges = ctx.graph.nodes[earlier].edges if earlier in ctx.graph.nodes else []
        existing |= {(e.relation, e.target) for e in edges if e.relation not in CARRIED}
    edit.links = ctx.links(file.path, node.kind, node.id, body, existing, plan.skipped)
    return edit


def _new(ctx: Context, file: VaultFile) -> NewNote:
    front = file.front or {}
    body = parse_body(file.body)
    data: dict = {"content": plain(body.text, ctx.display)}
    content_type = front.get("content_type") or front.get("contentType")
    if content_type:
        data["contentType"] = str(content_type)
    tags = front.get("tags")
    if isinstance(tags, str):
        tags = re.split(r"[,\s]+", tags)
    if isinstance(tags, list):
        data["tags"] = [str(t).lstrip("#") for t in tags if str(t).strip("# ")]
    try:
        return NewNote(file, parse_memory_input(data), body)
    except BadUserInput as e:
        raise Skip(f"cannot become a memory: {e.message}") from None


def plan(ctx: Context, files: list[VaultFile], user_id: str) -> Plan:
    """Classifies every note and finds what importing the vault would change."""
    result = Plan()
    managed: dict[str, list[VaultFile]] = {}
    fresh: list[VaultFile] = []
    folders = set(FOLDERS.values())
    for file in files:
        owner = file.field("user")
        if file.error:
            if file.folder in folders:
                result.skipped.append((file.path, f"cannot read the note: {file.error}"))
            else:
                result.ignored += 1
        elif file.field("type") == "index":
            continue
        elif owner and owner != user_id and (file.note_id or file.field("duplicate_of")):
            result.skipped.append((file.path, f"belongs to user {owner}"))
        elif file.note_id and file.note_id not in ctx.graph.nodes:
            result.skipped.append(
                (
                    file.path,
                    f"unknown id {file.note_id}: not in this user's graph (deleted, "
                    "or from another database); remove the id to add it as new",
                )
            )
        elif file.note_id:
            managed.setdefault(file.note_id, []).append(file)
            ctx.ids[file.path] = file.note_id
        elif file.field("duplicate_of"):
            result.skipped.append((file.path, f"duplicate of memory {file.field('duplicate_of')}"))
        elif file.folder == FOLDERS["memory"]:
            fresh.append(file)
        elif file.folder in folders:
            result.skipped.append((file.path, "only notes in memories/ become new memories"))
        else:
            result.ignored += 1
    for node_id, group in managed.items():
        if len(group) > 1:
            canonical = ctx.layout.paths[node_id]
            for file in group:
                if file.path != canonical:
                    result.skipped.append(
                        (file.path, f"{len(group)} notes have id {node_id}; only {canonical} is imported")
                    )
            group = [f for f in group if f.path == canonical]
        for file in group:
            try:
                edit = _edit(ctx, file, ctx.graph.nodes[node_id], result)
            except Skip as e:
                result.skipped.append((file.path, str(e)))
                result.rejected.append(file.path)
                continue
            if edit.changed:
                result.edits.append(edit)
            else:
                result.unchanged.append(file.path)
    for file in fresh:
        try:
            result.new.append(_new(ctx, file))
        except Skip as e:
            result.skipped.append((file.path, str(e)))
    return result
