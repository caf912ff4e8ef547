"""What an input that repeats a memory brings to it: its tags, metadata and entities.

A repeat (remember's deduplication, docs/memory.md step 6) stores no second memory, but
what the caller said with it is kept on the memory it repeats: its new tags are added
after the memory's, its metadata keys set (its value wins for a key both have: it is the
newer word), its entities linked. One memory's limits hold (20 tags, 4,096 bytes of
metadata): a repeat that would pass them is a CONFLICT, and the batch writes nothing.
Inputs the service derives (consolidation, the self-improvement worker) bring nothing:
they resemble their sources by design.
"""

import json
from dataclasses import dataclass

from graphmind.errors import Conflict
from graphmind.memory.entities import entity_key
from graphmind.memory.model import MAX_METADATA_BYTES, MAX_TAGS


@dataclass(frozen=True)
class Details:
    """A memory's tags, metadata (JSON, keys sorted, as stored) and entities (`key`, `name`)."""

    tags: tuple[str, ...]
    metadata: str
    entities: tuple[tuple[str, str], ...]

    @classmethod
    def of_row(cls, row: dict) -> "Details":
        """An input's, from the row `store` prepared for it."""
        return cls(tuple(row["tags"]), row["metadata"], tuple((e["key"], e["name"]) for e in row["entities"]))

    @classmethod
    def of_node(cls, node: dict, entity_names: list[str]) -> "Details":
        """A stored memory's, from its node and the names of the entities it mentions."""
        return cls(
            tuple(node.get("tags") or ()),
            node.get("metadata") or "{}",
            tuple((entity_key(name), name) for name in entity_names),
        )

    def row_fields(self) -> dict:
        """The fields of a memory row (or of `memory.add_details`) these details set."""
        return {
            "tags": list(self.tags),
            "metadata": self.metadata,
            "entities": [{"key": key, "name": name} for key, name in self.entities],
        }


def merged(memory: Details, repeat: Details, memory_name: str) -> tuple[Details, dict]:
    """`memory`'s details with what `repeat` adds, and what it added (for the event:
    `addedTags`, `metadataKeys`, `addedEntities`, each only when not empty). CONFLICT when
    the memory would pass one memory's limits; `memory_name` says which memory."""
    added_tags = [tag for tag in repeat.tags if tag not in memory.tags]
    tags = memory.tags + tuple(added_tags)
    if len(tags) > MAX_TAGS:
        raise Conflict(
            f"{memory_name} has {len(memory.tags)} tags; a repeat of it adds {len(added_tags)} more, "
            f"past the {MAX_TAGS} a memory may have: remember it with fewer new tags"
        )
    before, given = json.loads(memory.metadata), json.loads(repeat.metadata)
    changed_keys = sorted(key for key, value in given.items() if key not in before or before[key] != value)
    both = {**before, **given}
    if len(json.dumps(both, default=str, ensure_ascii=False).encode("utf-8", "surrogatepass")) > MAX_METADATA_BYTES:
        raise Conflict(
            f"{memory_name}'s metadata with a repeat's keys added would pass the {MAX_METADATA_BYTES} bytes "
            "a memory's metadata may have: remember it with less metadata"
        )
    known = {key for key, _ in memory.entities}
    added_entities = [(key, name) for key, name in repeat.entities if key not in known]
    changes = {
        "addedTags": added_tags,
        "metadataKeys": changed_keys,
        "addedEntities": [name for _, name in added_entities],
    }
    changes = {name: value for name, value in changes.items() if value}
    metadata = json.dumps(both, default=str, sort_keys=True) if changed_keys else memory.metadata
    return Details(tags, metadata, memory.entities + tuple(added_entities)), changes


def fold_within_batch(rows: list[dict], derived: list[bool], same_batch: dict[int, tuple[int, float]]) -> None:
    """Adds to the row of each input that later inputs of its batch repeat (`same_batch`:
    repeat → (input it repeats, cosine)) what they bring, in their order."""
    for i in sorted(same_batch):
        target = same_batch[i][0]
        if not (derived[i] or derived[target]):
            folded, _ = merged(Details.of_row(rows[target]), Details.of_row(rows[i]), f"input {target} of the batch")
            rows[target].update(folded.row_fields())


def added_to_stored(
    reinforced: list[dict], repeats: list[tuple[int, str, dict]]
) -> tuple[dict[str, Details], dict[int, dict]]:
    """For `repeats`, (input, id of the stored memory it repeats, its row) in input order,
    and the repeated memories as `memory.reinforce` returned them: the details of each
    memory that gains something, and what each input added (`merged`'s changes)."""
    stored = {r["memory"]["id"]: Details.of_node(r["memory"], r["entities"]) for r in reinforced}
    details: dict[str, Details] = {}
    added: dict[int, dict] = {}
    for i, memory_id, row in repeats:
        after, changes = merged(details.get(memory_id, stored[memory_id]), Details.of_row(row), f"memory {memory_id}")
        if changes:
            details[memory_id] = after
            added[i] = changes
    return details, added
