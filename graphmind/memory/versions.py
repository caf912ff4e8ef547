"""A memory's text edited: a new version that supersedes the old one, never a rewrite in place.

Belief time (`asOf`) answers with the text GraphMind held at an instant, so an edit keeps
the old text as history. The new text is stored through `store.remember_many` as any
remembered text is (validated, redacted, embedded, its entities linked, judged against the
caller's memories) with the old memory's content type, temporal level, validity, source,
trust, tags and metadata, as a derivation of it (DERIVED_FROM, `derivedBy` "edit"): it is
never judged a repeat of, or a contradiction with, the version it replaces. In the same
transaction, only if the old memory is still active with the text the edit started from,
the new version gets the old one's RELATED_TO and MENTIONS (`memory.carry_over`) and the
old one is superseded by it (`memory.supersede`: validity closed, retired when the new one
was created), with the events memory.superseded (reason `edited`) and memory.updated. The
rest stays with the old version: associations, decisions, trails, its place on the timeline.
"""

from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any

from graphmind.core import events
from graphmind.core.enums import MemoryStatus
from graphmind.deps import Deps
from graphmind.errors import Conflict
from graphmind.memory.manage import get_memory
from graphmind.memory.model import Memory, MemoryInput, parse_memory_input
from graphmind.memory.store import Derivation, Stored, remember_many

EDITED_BY = "edit"  # the derivedBy of a new version (and the `by` of its DERIVED_FROM edge)

AndThen = Callable[[Any, str], Awaitable[None]]


class Stale(Conflict):
    """The memory is no longer what the edit started from (another status or text)."""


@dataclass(frozen=True)
class Version:
    previous: Memory  # the old version, superseded
    memory: Memory  # the new one


def _input(old: Memory, text: str, stored: bool) -> MemoryInput:
    data = {
        "content": text,
        "contentType": old.content_type.value,
        "temporalLevel": old.temporal_level,
        "validFrom": old.valid_from,
        "validUntil": old.valid_until,
        "source": old.source.value,
        "tags": old.tags,
        "metadata": old.metadata,
    }
    return parse_memory_input(data, stored=stored)


def _created(stored: Stored) -> str:
    """The new version's id; CONFLICT when its text is not a memory of its own that holds."""
    if not stored.created:
        raise Conflict(f"the new text repeats memory {stored.memory_id}: forget this one instead, or say more")
    lost = next((c for c in stored.settled if c.loser_id == stored.memory_id), None)
    if lost:
        raise Conflict(f"the new text contradicts memory {lost.winner_id}, which holds ({lost.reason})")
    return stored.memory_id


async def new_version(
    deps: Deps,
    user_id: str,
    memory_id: str,
    previous: str,
    text: str,
    origin: str,
    stored: bool = False,
    and_then: AndThen | None = None,
) -> Version:
    """Edits the text of the caller's active memory `memory_id`, whose text is `previous`:
    `text` becomes a new version (module doc); `and_then(tx, new id)` runs in the same
    transaction before the old one is superseded. `stored`: `text` is stored text coming
    back (a vault note), measured as `parse_memory_input` says. CONFLICT, with nothing
    written, when the memory is no longer active with `previous` (`Stale`), or the new text
    only repeats another memory or loses to one it contradicts."""
    old = await get_memory(deps, user_id, memory_id)
    if old.status != MemoryStatus.ACTIVE:
        raise Stale(f"memory {memory_id} is {old.status.value}: only an active memory's text can be edited")
    if old.content != previous:
        raise Stale(f"memory {memory_id} has another text than the one the edit started from")
    done: dict[str, dict] = {}

    async def supersede(tx, written: list[Stored]) -> None:
        new_id = _created(written[0])
        rows = await tx.run("memory.carry_over", userId=user_id, oldId=memory_id, newId=new_id, previous=previous)
        if not rows:
            raise Stale(f"memory {memory_id} changed while its new version was written")
        now = rows[0]["at"]  # the old version is believed until the new one is
        hashes = {"contentHash": events.content_hash(rows[0]["content"]), "previousHash": events.content_hash(previous)}
        logged = [
            events.event("memory.superseded", memoryId=memory_id, supersededBy=new_id, reason="edited", origin=origin),
            events.event("memory.updated", memoryId=new_id, previousId=memory_id, origin=origin, **hashes),
        ]
        await events.append(tx, user_id, now, logged)
        if and_then:
            await and_then(tx, new_id)
        [done["row"]] = await tx.run("memory.supersede", userId=user_id, oldId=memory_id, newId=new_id, now=now)

    derivation = Derivation((memory_id,), (), old.trust, by=EDITED_BY)
    await remember_many(deps, user_id, [_input(old, text, stored)], [derivation], after_write=supersede)
    row = done["row"]
    return Version(
        Memory.from_node(row["memory"], row["entities"]),
        Memory.from_node(row["replacement"], row["replacementEntities"]),
    )
