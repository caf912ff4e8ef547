"""Privacy operations (seed 000 axiom 5): a user's data exported as JSON, or deleted and verified.

Every node a user owns carries their `userId` (the `User` node its `id`); the export
reads those nodes and the relationships between them, a batch of nodes at a time,
leaving out what is derived from a memory's text (its embedding, its keyword postings)
and API-key hashes. Deletion removes them in batches, API keys
included, and is verified by counting what is left: zero, or an error.
"""

from datetime import date, datetime

from graphmind.deps import Deps
from graphmind.errors import GraphMindError

BATCH = 5000
EXPORT_BATCH = 2000  # nodes (with the relationships from them) one export query reads
RELATIONSHIP_BATCH = 20_000


def _plain(value):
    if hasattr(value, "to_native"):
        value = value.to_native()
    if isinstance(value, (datetime, date)):
        return value.isoformat()
    if isinstance(value, list):
        return [_plain(v) for v in value]
    if isinstance(value, dict):
        return {k: _plain(v) for k, v in value.items()}
    return value


async def export_user_data(deps: Deps, user_id: str) -> dict:
    """Everything of the user: nodes (labels, properties) and the relationships among them,
    but for what GraphMind derives from a memory's text: its embedding and its keyword
    postings (Term nodes and HAS_TERM). Nodes are read EXPORT_BATCH at a time by element
    id, each with the relationships that start at it, so each is read once."""
    [found] = await deps.db.read("user.export_node_ids", userId=user_id)
    nodes = []
    for start in range(0, len(found["ids"]), EXPORT_BATCH):
        [batch] = await deps.db.read(
            "user.export_nodes", userId=user_id, ids=found["ids"][start : start + EXPORT_BATCH]
        )
        nodes += batch["nodes"]
    nodes.sort(key=lambda node: node["elementId"])  # the one sort: refs and batches come in no set order
    ids = {node["elementId"]: f"n{i}" for i, node in enumerate(nodes)}
    relationships = sorted(
        ({**r, "start": node["elementId"]} for node in nodes for r in node["out"] if r["end"] in ids),
        key=lambda r: r["elementId"],
    )
    return {
        "userId": user_id,
        "exportedAt": deps.clock.now().isoformat(),
        "nodes": [
            {
                "ref": ids[n["elementId"]],
                "labels": sorted(n["labels"]),
                "properties": {k: _plain(v) for k, v in sorted(n["properties"].items()) if v is not None},
            }
            for n in nodes
        ],
        "relationships": [
            {
                "type": r["type"],
                "start": ids[r["start"]],
                "end": ids[r["end"]],
                "properties": {k: _plain(v) for k, v in sorted(r["properties"].items()) if v is not None},
            }
            for r in relationships
        ],
    }


async def _delete_in_batches(deps: Deps, query: str, user_id: str, batch: int) -> int:
    """Runs a deleting query until a batch comes back short; returns how many went."""
    total = 0
    while True:
        [row] = await deps.db.write(query, userId=user_id, batchSize=batch)
        total += row["deleted"]
        if row["deleted"] < batch:
            return total


async def delete_user_data(deps: Deps, user_id: str) -> tuple[int, int]:
    """Deletes every node of the user, in batches: first their relationships, then the
    bare nodes (a memory holds about a hundred keyword postings, a term thousands).
    Returns (deleted nodes, remaining), remaining being 0. The user's recalls still being
    recorded behind them in this process (db/write_behind.py) are written first, so that
    none writes after the deletion."""
    await deps.db.behind.owner_settled(user_id)
    await _delete_in_batches(deps, "user.delete_relationship_batch", user_id, RELATIONSHIP_BATCH)
    deleted = await _delete_in_batches(deps, "user.delete_batch", user_id, BATCH)
    [left] = await deps.db.read("user.remaining", userId=user_id)
    if left["count"]:
        raise GraphMindError(f"{left['count']} nodes of user {user_id} are left after deletion")
    return deleted, 0
