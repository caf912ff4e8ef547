"""Drift: `snapshot` records the graph's state; `drift` says what changed since.

A Snapshot stores the node and edge counts and the graph generation, and opens a new
epoch (`User.snapshotSeq`). The edge weights it saw are kept copy-on-write: the first
time an edge changes after a snapshot, `adjust.cypher` appends (epoch, weight before)
to the edge's history. So a snapshot costs two counts however large the graph, and a
drift reads only the edges changed since (an index on the epoch), yet recovers exactly
the weight each of them had when the snapshot was taken.

`since` is "last_session" (the latest snapshot a session took — sessions arrive in a
later issue — else the latest snapshot), an ISO-8601 time (the latest snapshot at or
before it) or a snapshot id.
"""

import time
import uuid
from dataclasses import dataclass, field
from datetime import UTC, datetime

from graphmind.associative import nodes
from graphmind.associative.learn import validate_agent_id
from graphmind.core import events
from graphmind.core.redaction import redact
from graphmind.core.visible import shows_anything
from graphmind.db.database import NO_KEY, native, nullable
from graphmind.deps import Deps
from graphmind.errors import BadUserInput, NotFound

LAST_SESSION = "last_session"
MAX_LABEL = 200
MAX_LIST = 500


@dataclass
class Snapshot:
    id: str
    label: str
    agent_id: str | None
    kind: str
    seq: int
    taken_at: datetime
    generation: int
    node_count: int
    memory_count: int
    entity_count: int
    edge_count: int

    @classmethod
    def from_row(cls, row: dict) -> "Snapshot":
        taken = row["takenAt"]
        return cls(
            row["id"],
            row["label"],
            row.get("agentId"),
            row["kind"],
            row["seq"],
            native(taken),
            row["generation"],
            row["nodeCount"],
            row["memoryCount"],
            row["entityCount"],
            row["edgeCount"],
        )


@dataclass
class WeightDrift:
    from_node: nodes.GraphNode
    to_node: nodes.GraphNode
    old: float
    new: float

    @property
    def delta(self) -> float:
        return self.new - self.old

    @property
    def edge(self) -> str:
        return f"{self.from_node.label} -> {self.to_node.label}"


@dataclass
class Drift:
    since: str
    baseline: Snapshot
    node_count_delta: int
    edge_count_delta: int
    new_nodes: list[nodes.GraphNode] = field(default_factory=list)
    new_node_count: int = 0
    removed_nodes: list[nodes.GraphNode] = field(default_factory=list)
    removed_node_count: int = 0
    top_weight_drifts: list[WeightDrift] = field(default_factory=list)
    drifted_edge_count: int = 0
    elapsed_ms: float = 0.0


async def take_snapshot(
    deps: Deps, user_id: str, label: str, agent_id: str | None = None, kind: str = "manual"
) -> Snapshot:
    label = label.strip()
    if not label or len(label) > MAX_LABEL:
        raise BadUserInput(f"label must be 1-{MAX_LABEL} characters", field="input.label")
    if not shows_anything(label):
        raise BadUserInput("label has no visible character", field="input.label")
    if deps.settings.redact_pii:  # as trail labels and session goals
        label = redact(label).text
    agent_id = validate_agent_id(agent_id) if agent_id is not None else None
    now = deps.clock.now()

    async def work(tx) -> Snapshot:
        [row] = await tx.run(
            "associative.snapshot_take",
            userId=user_id,
            snapshotId=str(uuid.uuid4()),
            label=label,
            agentId=agent_id,
            kind=kind,
            now=now,
        )
        snapshot = Snapshot.from_row(row["snapshot"])
        await events.append(
            tx,
            user_id,
            now,
            [
                events.event(
                    "snapshot.taken",
                    snapshotId=snapshot.id,
                    label=label,
                    kind=kind,
                    seq=snapshot.seq,
                    nodeCount=snapshot.node_count,
                    edgeCount=snapshot.edge_count,
                )
            ],
        )
        return snapshot

    return await deps.db.transaction(work)


def _baseline_arguments(since: str, agent_id: str | None) -> dict:
    """`since` as snapshot_baseline's parameters: the values that may be null in one map
    (`$baseline`: one cached plan; db/database.py, `nullable`), and the snapshot id, or a
    key no snapshot has (its lookup stays a unique-index seek, which a map's value is not)."""
    since = since.strip()
    snapshot_id, before = None, None
    if since != LAST_SESSION:
        try:
            moment = datetime.fromisoformat(since.replace("Z", "+00:00"))
            before = moment if moment.tzinfo else moment.replace(tzinfo=UTC)
        except ValueError:
            try:
                snapshot_id = str(uuid.UUID(since))
            except ValueError:
                raise BadUserInput(
                    'since must be "last_session", an ISO-8601 time or a snapshot id', field="since"
                ) from None
    return {
        "lastSession": since == LAST_SESSION,
        "snapshotId": snapshot_id or NO_KEY,
        "baseline": nullable(agentId=agent_id, before=before),
    }


async def drift(
    deps: Deps,
    user_id: str,
    agent_id: str | None = None,
    since: str = LAST_SESSION,
    include_weight_drift: bool = True,
    limit: int = 50,
) -> Drift:
    started = time.perf_counter()
    agent_id = validate_agent_id(agent_id, "agentId") if agent_id is not None else None
    if not 1 <= limit <= MAX_LIST:
        raise BadUserInput(f"limit must be 1-{MAX_LIST}", field="limit")
    baseline = await deps.db.read(
        "associative.snapshot_baseline", userId=user_id, **_baseline_arguments(since, agent_id)
    )
    if not baseline:
        raise NotFound(f"no snapshot for since={since!r}; take one with the snapshot mutation")
    snapshot = Snapshot.from_row(baseline[0]["snapshot"])
    [row] = await deps.db.read(
        "associative.drift", userId=user_id, snapshotId=snapshot.id, includeWeights=include_weight_drift, limit=limit
    )
    drifts = row["drifts"]
    labels = await nodes.resolve(
        deps.db.read,
        user_id,
        row["added"] + row["removed"] + [d["fromId"] for d in drifts] + [d["toId"] for d in drifts],
    )

    def node(node_id: str) -> nodes.GraphNode:
        return labels.get(node_id) or nodes.GraphNode(node_id, "memory", False, "")

    return Drift(
        since=since.strip(),
        baseline=snapshot,
        node_count_delta=row["nodeCount"] - snapshot.node_count,
        edge_count_delta=row["edgeCount"] - snapshot.edge_count,
        new_nodes=[node(i) for i in row["added"]],
        new_node_count=row["addedCount"],
        removed_nodes=[node(i) for i in row["removed"]],
        removed_node_count=row["removedCount"],
        top_weight_drifts=[WeightDrift(node(d["fromId"]), node(d["toId"]), d["old"], d["new"]) for d in drifts],
        drifted_edge_count=row["driftCount"],
        elapsed_ms=(time.perf_counter() - started) * 1000,
    )
