"""The caller's graph as the vault sees it: nodes of five kinds, each with its text and edges.

Read in one read transaction (a consistent view) by the `obsidian.*` queries; values
are native Python (datetimes, parsed metadata). Edges carry the vault's relation names.
"""

import json
from dataclasses import dataclass, field
from datetime import UTC, datetime

from graphmind.db.database import Database, native

KINDS = ("memory", "decision", "trail", "session", "entity")
_QUERIES = {
    "memory": "memories",
    "decision": "decisions",
    "trail": "trails",
    "session": "sessions",
    "entity": "entities",
}
_EARLIEST = datetime.min.replace(tzinfo=UTC)


@dataclass(frozen=True)
class Edge:
    relation: str
    target: str  # node id
    detail: str = ""


@dataclass
class Node:
    kind: str
    id: str
    text: str  # content, summary, summary, goal or name
    title: str  # what its file is named after
    created: datetime | None
    props: dict
    edges: list[Edge] = field(default_factory=list)
    items: dict[str, list[dict]] = field(default_factory=dict)  # alternatives, outcomes, entries …

    @property
    def status(self) -> str | None:
        return self.props.get("status")


@dataclass
class UserGraph:
    user_id: str
    nodes: dict[str, Node]

    def of(self, kind: str) -> list[Node]:
        """Nodes of one kind, oldest first (ties by id)."""
        chosen = [n for n in self.nodes.values() if n.kind == kind]
        return sorted(chosen, key=lambda n: (n.created or _EARLIEST, n.id))

    def kind(self, node_id: str) -> str | None:
        node = self.nodes.get(node_id)
        return node.kind if node else None


def _natives(row: dict) -> dict:
    return {k: native(v) for k, v in row.items()}


def _ordered(items: list[dict]) -> list[dict]:
    """Nested items (outcomes, hypotheses, conclusions), oldest first, ties by id."""
    return sorted((_natives(x) for x in items), key=lambda x: (x.get("createdAt") or _EARLIEST, x["id"]))


def _associations(rows: list[dict]) -> list[Edge]:
    return [
        Edge("associated", a["id"], f"(weight {a['weight']:.3f})" if a["weight"] is not None else "")
        for a in sorted(rows, key=lambda a: a["id"])
    ]


def _edges(relation: str, ids: list[str]) -> list[Edge]:
    return [Edge(relation, i) for i in sorted(set(ids))]


def _memory(row: dict) -> Node:
    m = _natives(row["memory"])
    m["metadata"] = json.loads(m.get("metadata") or "{}")
    edges = [
        *_edges("next", row["next"]),
        *_edges("supersedes", row["supersedes"]),
        *_edges("derived_from", row["derivedFrom"]),
        *_edges("improves", row["improves"]),
        *_edges("related", row["related"]),
        *_edges("mentions", row["mentions"]),
        *_associations(row["associated"]),
    ]
    return Node("memory", m["id"], m["content"], m["content"], m["createdAt"], m, edges)


def _entity(row: dict) -> Node:
    e = _natives(row["entity"])
    name = e.get("name") or e["key"]
    return Node("entity", e["id"], name, name, e.get("createdAt"), e, _associations(row["associated"]))


def _decision(row: dict) -> Node:
    d = _natives(row["decision"])
    edges = [
        Edge("influenced_by", i["id"], f"(score {i['score']:.3f})" if i["score"] is not None else "")
        for i in sorted(row["influencedBy"], key=lambda i: i["id"])
    ]
    edges += _edges("session", row["session"])
    items = {
        "alternatives": sorted(row["alternatives"], key=lambda a: (a.get("summary") or "", a["id"])),
        "outcomes": _ordered(row["outcomes"]),
    }
    summary = d.get("summary") or ""
    return Node("decision", d["id"], summary, summary, d.get("createdAt"), d, edges, items)


def _visit(v: dict) -> str:
    relevance = f"(relevance {v['relevance']:.2f})" if v.get("relevance") is not None else ""
    return " — ".join(part for part in (relevance, v.get("annotation") or "") if part)


def _trail(row: dict) -> Node:
    t = _natives(row["trail"])
    edges = [Edge("visited", v["id"], _visit(v)) for v in sorted(row["visited"], key=lambda v: v["id"])]
    edges += _edges("merged_into", row["mergedInto"])
    items = {"hypotheses": _ordered(row["hypotheses"]), "conclusions": _ordered(row["conclusions"])}
    return Node("trail", t["id"], t.get("summary") or "", t.get("label") or "", t.get("createdAt"), t, edges, items)


def _session(row: dict) -> Node:
    s = _natives(row["session"])
    s["snapshotId"] = min(row["snapshots"], default=None)
    entries = sorted((_natives(e) for e in row["entries"]), key=lambda e: (e.get("position") or 0, e["id"]))
    return Node(
        "session", s["id"], s.get("goal") or "", s.get("goal") or "", s.get("startedAt"), s, [], {"entries": entries}
    )


_BUILD = {"memory": _memory, "decision": _decision, "trail": _trail, "session": _session, "entity": _entity}


async def load(db: Database, user_id: str) -> UserGraph:
    """Every memory, decision, trail, session and entity of the user, with their edges."""

    async def work(tx) -> dict[str, list[dict]]:
        return {kind: await tx.run(f"obsidian.{_QUERIES[kind]}", userId=user_id) for kind in KINDS}

    rows = await db.read_transaction(work)
    nodes = {}
    for kind in KINDS:
        for row in rows[kind]:
            node = _BUILD[kind](row)
            nodes[node.id] = node
    return UserGraph(user_id, nodes)
