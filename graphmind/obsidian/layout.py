"""The vault's layout: a folder per kind, one note per node, an index note per kind.

    Memories.md  Decisions.md  Trails.md  Sessions.md  Entities.md
    memories/<slug>-<id8>.md   decisions/…   trails/…   sessions/…   entities/…

A note is named after its text (memory content, decision summary, trail label,
session goal, entity name: up to six words) and the first 8 characters of its id
(the whole id when two names would clash). Everything is ordered (oldest first,
ties by id) and numbers are rounded, so the same graph gives the same bytes.
"""

import hashlib
import re
import unicodedata
from collections import Counter
from dataclasses import dataclass

from graphmind.obsidian.graph import KINDS, Node, UserGraph
from graphmind.obsidian.notes import Link, Note, inline

FOLDERS = {
    "memory": "memories",
    "decision": "decisions",
    "trail": "trails",
    "session": "sessions",
    "entity": "entities",
}
INDEXES = {
    "memory": "Memories",
    "decision": "Decisions",
    "trail": "Trails",
    "session": "Sessions",
    "entity": "Entities",
}
HEADINGS = {
    "decision": ("## Alternatives", "## Outcomes"),
    "trail": ("## Hypotheses", "## Conclusions", "## Open questions"),
    "session": ("## Entries",),
}
MARKED = ("superseded", "archived", "merged")  # statuses shown in tags, callouts and indexes
_WORD = re.compile(r"[^\W_]+")


def slug(text: str, words: int = 6, limit: int = 48) -> str:
    tokens = _WORD.findall(unicodedata.normalize("NFC", text).lower())[:words]
    result = tokens[0][:limit] if tokens else ""
    for token in tokens[1:]:
        if len(result) + 1 + len(token) > limit:
            break
        result += "-" + token
    return result


def _stem(title_slug: str, suffix: str) -> str:
    return f"{title_slug}-{suffix}" if title_slug else suffix


def paths(graph: UserGraph) -> dict[str, str]:
    """Each node's vault path (without .md), unique within its folder, ignoring case."""
    result: dict[str, str] = {}
    for kind in KINDS:
        named = [(n.id, slug(n.title), re.sub(r"[^\w-]", "_", n.id)) for n in graph.of(kind)]
        stems = {i: _stem(s, safe[:8]) for i, s, safe in named}
        clashes = Counter(stem.lower() for stem in stems.values())
        for i, s, safe in named:
            if clashes[stems[i].lower()] > 1:
                stems[i] = _stem(s, safe if safe == i else f"{safe}-{hashlib.sha1(i.encode()).hexdigest()[:8]}")
            result[i] = f"{FOLDERS[kind]}/{stems[i]}"
    return result


def _iso(value) -> str | None:
    return value.isoformat() if value is not None else None


def _num(value):
    return round(value, 4) if isinstance(value, float) else value


def _tags(node: Node) -> list[str]:
    marks = [node.status] if node.status in MARKED else []
    return list(dict.fromkeys([*(node.props.get("tags") or []), *marks]))


def _links(node: Node, where: dict[str, str]) -> list[Link]:
    return [Link(e.relation, where[e.target], e.detail) for e in node.edges if e.target in where]


def _refs(ids: list[str], where: dict[str, str]) -> str:
    return ", ".join(f"[[{where[i]}]]" for i in sorted(set(ids)) if i in where)


def _memory(node: Node, user_id: str, where: dict[str, str], superseded_by: list[str]) -> Note:
    p = node.props
    front = {
        "id": node.id,
        "type": "memory",
        "user": user_id,
        "status": p.get("status"),
        "content_type": p.get("contentType"),
        "temporal_level": p.get("temporalLevel"),
        "salience": _num(p.get("effectiveSalience")),
        "base_salience": _num(p.get("baseSalience")),
        "outcome_adjustment": _num(p.get("outcomeAdjustment")),
        "trust": _num(p.get("trust")),
        "source": p.get("source"),
        "valid_from": _iso(p.get("validFrom")),
        "valid_until": _iso(p.get("validUntil")),
        "created_at": _iso(p.get("createdAt")),
        "updated_at": _iso(p.get("updatedAt")),
        "tags": _tags(node),
        "metadata": p.get("metadata") or {},
    }
    callout = None
    if node.status == "superseded":
        by = _refs(superseded_by, where)
        callout = "> [!warning] Superseded" + (f" by {by}" if by else "")
    elif node.status == "archived":
        callout = "> [!note] Archived"
    return Note(where[node.id], front, node.text, callout, [], _links(node, where))


def _decision(node: Node, user_id: str, where: dict[str, str]) -> Note:
    p = node.props
    front = {
        "id": node.id,
        "type": "decision",
        "user": user_id,
        "decision_type": p.get("decisionType"),
        "confidence": _num(p.get("confidence")),
        "outcome_observed": p.get("outcomeObserved"),
        "session_id": p.get("sessionId"),
        "retrieval_id": p.get("retrievalId"),
        "created_at": _iso(p.get("createdAt")),
    }
    alternatives = [f"- {inline(a.get('summary') or '')}" for a in node.items["alternatives"]]
    outcomes = []
    for o in node.items["outcomes"]:
        state = "" if o.get("status") in (None, "active") else f", {o['status']}"
        line = f"- {_iso(o.get('createdAt'))} quality {o.get('quality') or 0.0:+.2f} ({o.get('signal')}{state})"
        outcomes.append(line + (f": {inline(o['feedback'])}" if o.get("feedback") else ""))
    sections = list(zip(HEADINGS["decision"], [alternatives, outcomes], strict=True))
    return Note(where[node.id], front, node.text, None, sections, _links(node, where))


def _evidence(label: str, ids: list[str], where: dict[str, str]) -> list[str]:
    refs = _refs(ids, where)
    return [f"  - {label}:: {refs}"] if refs else []


def _trail(node: Node, user_id: str, where: dict[str, str]) -> Note:
    p = node.props
    front = {
        "id": node.id,
        "type": "trail",
        "user": user_id,
        "status": p.get("status"),
        "label": p.get("label"),
        "agent_id": p.get("agentId"),
        "created_at": _iso(p.get("createdAt")),
        "updated_at": _iso(p.get("updatedAt")),
        "tags": _tags(node),
    }
    hypotheses = []
    for h in node.items["hypotheses"]:
        hypotheses.append(
            f"- ({h.get('status')}, confidence {h.get('confidence') or 0.0:.2f}) {inline(h.get('statement') or '')}"
        )
        hypotheses += _evidence("supported by", h["supportedBy"], where)
        hypotheses += _evidence("contradicted by", h["contradictedBy"], where)
    conclusions = []
    for c in node.items["conclusions"]:
        conclusions.append(f"- (confidence {c.get('confidence') or 0.0:.2f}) {inline(c.get('statement') or '')}")
        conclusions += _evidence("supported by", c["supportedBy"], where)
    questions = [f"- {inline(q)}" for q in p.get("openQuestions") or []]
    callout = None
    if node.status == "merged":
        into = _refs([e.target for e in node.edges if e.relation == "merged_into"], where)
        callout = "> [!warning] Merged into" + (f" {into}" if into else " another trail")
    sections = list(zip(HEADINGS["trail"], [hypotheses, conclusions, questions], strict=True))
    return Note(where[node.id], front, node.text, callout, sections, _links(node, where))


def _session(node: Node, user_id: str, where: dict[str, str]) -> Note:
    p = node.props
    front = {
        "id": node.id,
        "type": "session",
        "user": user_id,
        "status": p.get("status"),
        "agent_id": p.get("agentId"),
        "started_at": _iso(p.get("startedAt")),
        "ended_at": _iso(p.get("endedAt")),
        "snapshot_id": p.get("snapshotId"),
    }
    entries = []
    for e in node.items["entries"]:
        resolved = " (resolved)" if e.get("resolved") else ""
        entries.append(f"- {e.get('position')}. **{e.get('kind')}**{resolved}: {inline(e.get('text') or '')}")
        for label, key in (("root cause", "rootCause"), ("solution", "solution")):
            if e.get(key):
                entries.append(f"  - {label}: {inline(e[key], '    ')}")
        entries += _evidence("promoted to", e.get("promotedTo") or [], where)
    return Note(where[node.id], front, node.text, None, [(HEADINGS["session"][0], entries)], _links(node, where))


def _entity(node: Node, user_id: str, where: dict[str, str]) -> Note:
    front = {
        "id": node.id,
        "type": "entity",
        "user": user_id,
        "key": node.props.get("key"),
        "created_at": _iso(node.props.get("createdAt")),
    }
    return Note(where[node.id], front, node.text, None, [], _links(node, where))


def _index(kind: str, nodes: list[Node], user_id: str, where: dict[str, str]) -> Note:
    lines = []
    for node in nodes:
        link = f"[[{where[node.id]}]]"
        lines.append(f"- ~~{link}~~ ({node.status})" if node.status in MARKED else f"- {link}")
    front = {"type": "index", "user": user_id, "kind": kind, "count": len(nodes)}
    text = f"Every {kind} in this vault, oldest first."
    return Note(INDEXES[kind], front, text, None, [(f"## {INDEXES[kind]}", lines)], [], with_links=False)


@dataclass
class Layout:
    paths: dict[str, str]  # node id → vault path
    notes: dict[str, Note]  # node id → its note
    indexes: list[Note]


def layout(graph: UserGraph) -> Layout:
    """Every node's note (its links resolving to notes of this layout) and the index notes."""
    where = paths(graph)
    superseded_by: dict[str, list[str]] = {}
    for node in graph.of("memory"):
        for edge in node.edges:
            if edge.relation == "supersedes":
                superseded_by.setdefault(edge.target, []).append(node.id)
    builders = {"decision": _decision, "trail": _trail, "session": _session, "entity": _entity}
    notes = {}
    for node in graph.nodes.values():
        if node.kind == "memory":
            notes[node.id] = _memory(node, graph.user_id, where, superseded_by.get(node.id, []))
        else:
            notes[node.id] = builders[node.kind](node, graph.user_id, where)
    indexes = [_index(kind, graph.of(kind), graph.user_id, where) for kind in KINDS]
    return Layout(where, notes, indexes)
