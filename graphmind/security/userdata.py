"""Privacy operations (seed 000 axiom 5): a user's data exported (streamed record by record
for GET /export, or as one JSON document for `exportUserData`), or deleted and verified.

Every node a user owns carries their `userId` (the `User` node its `id`); the export
reads those nodes and the relationships between them, a batch of nodes at a time,
leaving out what is derived from a memory's text (its embedding, its keyword postings)
and API-key hashes. Deletion removes them in batches, API keys
included, and is verified by counting what is left: zero, or an error.
"""

from collections.abc import AsyncIterator
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


async def export_records(deps: Deps, user_id: str) -> AsyncIterator[dict]:
    """Everything of the user, one record at a time, holding one batch in memory: a header
    (`{"userId", "exportedAt"}`), then for each batch of EXPORT_BATCH nodes (read by element
    id, each with the relationships that start at it, so each is read once) `{"node": …}`
    records and then `{"relationship": …}` records of the relationships from them, and last
    `{"end": {"nodes", "relationships"}}` with the counts. Left out is what GraphMind derives
    from a memory's text (its embedding, its keyword postings: Term nodes and HAS_TERM) and
    key hashes. A node's `ref` (`n0`, `n1`, …) is its place among the user's nodes in element
    id order, known before any is read: a relationship's end may be a node of a later batch.
    Each batch is its own read, so a node deleted while the export runs (the gardener's
    pruning) may be missing although a relationship read earlier names it.

    The header comes once the ids are read, so a caller that takes it first (GET /export)
    knows before it answers that the store could be read."""
    [found] = await deps.db.read("user.export_node_ids", userId=user_id)
    ids = sorted(found["ids"])  # the one sort: refs and batches come in no set order
    refs = {element_id: f"n{i}" for i, element_id in enumerate(ids)}
    yield {"userId": user_id, "exportedAt": deps.clock.now().isoformat()}
    nodes = relationships = 0
    for start in range(0, len(ids), EXPORT_BATCH):
        [batch] = await deps.db.read("user.export_nodes", userId=user_id, ids=ids[start : start + EXPORT_BATCH])
        batch_nodes = sorted(batch["nodes"], key=lambda node: node["elementId"])
        for node in batch_nodes:
            yield {
                "node": {
                    "ref": refs[node["elementId"]],
                    "labels": sorted(node["labels"]),
                    "properties": _properties(node["properties"]),
                }
            }
        nodes += len(batch_nodes)
        out = sorted(
            ({**r, "start": node["elementId"]} for node in batch_nodes for r in node["out"] if r["end"] in refs),
            key=lambda r: r["elementId"],
        )
        for r in out:
            yield {
                "relationship": {
                    "type": r["type"],
                    "start": refs[r["start"]],
                    "end": refs[r["end"]],
                    "properties": _properties(r["properties"]),
                }
            }
        relationships += len(out)
    yield {"end": {"nodes": nodes, "relationships": relationships}}


def _properties(properties: dict) -> dict:
    return {k: _plain(v) for k, v in sorted(properties.items()) if v is not None}


async def export_user_data(deps: Deps, user_id: str) -> dict:
    """The records of `export_records` as one document: `userId`, `exportedAt`, `nodes` and
    `relationships` (the relationships of each batch after its nodes, as streamed), but for
    a relationship to a node deleted before it was read."""
    document: dict = {"nodes": [], "relationships": []}
    async for record in export_records(deps, user_id):
        if "node" in record:
            document["nodes"].append(record["node"])
        elif "relationship" in record:
            document["relationships"].append(record["relationship"])
        elif "userId" in record:
            document |= record
    refs = {node["ref"] for node in document["nodes"]}
    document["relationships"] = [r for r in document["relationships"] if r["end"] in refs]
    return document


async def _delete_in_batches(deps: Deps, query: str, user_id: str, batch: int) -> int:
    """Runs a deleting query until a batch comes back short; returns how many went."""
    total = 0
    while True:
        [row] = await deps.db.write(query, userId=user_id, batchSize=batch)
        total += row["deleted"]
        if row["deleted"] < batch:
            return total


async def delete_keys(deps: Deps, user_id: str) -> int:
    """Deletes the user's API keys (the first step of deleting their data: no process admits
    their requests once it has dropped the keys from its cache); returns how many went."""
    [row] = await deps.db.write("user.delete_keys", userId=user_id)
    return row["deleted"]


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
