"""Privacy operations (seed 000 axiom 5): a user's data exported as JSON, or deleted and verified.

Every node a user owns carries their `userId` (the `User` node its `id`); the export
pages through those nodes and the relationships between them, leaving out embeddings
(derived, large) and API-key hashes. Deletion removes them in batches, API keys
included, and is verified by counting what is left: zero, or an error.
"""

from datetime import date, datetime

from graphmind.deps import Deps
from graphmind.errors import GraphMindError

BATCH = 5000
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


async def _pages(deps: Deps, query: str, user_id: str) -> list[dict]:
    rows, after = [], ""
    while True:
        page = await deps.db.read(query, userId=user_id, afterId=after, batchSize=BATCH)
        rows += page
        if len(page) < BATCH:
            return rows
        after = page[-1]["elementId"]


async def export_user_data(deps: Deps, user_id: str) -> dict:
    """Everything of the user: nodes (labels, properties) and the relationships among them."""
    nodes = await _pages(deps, "user.export_nodes", user_id)
    ids = {row["elementId"]: f"n{i}" for i, row in enumerate(nodes)}
    relationships = await _pages(deps, "user.export_relationships", user_id)
    return {
        "userId": user_id,
        "exportedAt": deps.clock.now().isoformat(),
        "nodes": [
            {
                "ref": ids[r["elementId"]],
                "labels": sorted(r["labels"]),
                "properties": {k: _plain(v) for k, v in sorted(r["properties"].items()) if v is not None},
            }
            for r in nodes
        ],
        "relationships": [
            {
                "type": r["type"],
                "start": ids[r["start"]],
                "end": ids[r["end"]],
                "properties": {k: _plain(v) for k, v in sorted(r["properties"].items()) if v is not None},
            }
            for r in relationships
            if r["start"] in ids and r["end"] in ids
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
