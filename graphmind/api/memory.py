"""GraphQL inputs and resolvers of the memory core: remember, recall, memory, memories, …"""

from datetime import datetime
from typing import Annotated

import strawberry
from strawberry.scalars import JSON

from graphmind import idempotency
from graphmind.api.context import Info, arg
from graphmind.api.memory_types import (
    Memory,
    MemoryConnection,
    MemoryEdge,
    RecallResult,
    RememberResult,
    RestoreResult,
    SupersedeResult,
    to_memory,
    to_recall_item,
    to_remember_result,
    to_restore_result,
)
from graphmind.api.pagination import PageInfo
from graphmind.core import enums
from graphmind.core.choices import require_some
from graphmind.deps import Deps
from graphmind.errors import BadUserInput
from graphmind.memory import manage, store
from graphmind.memory import recall as recall_service
from graphmind.memory.model import MemoryInput, check_open_validity, check_salience_floor, parse_memory_input
from graphmind.security import sources
from graphmind.security.keys import Role


@strawberry.input(description="A memory to store.")
class RememberInput:
    content: str = strawberry.field(description="The text, 10-2000 characters; PII is redacted.")
    content_type: enums.ContentType | None = strawberry.field(default=None, description="Default OBSERVATION.")
    temporal_level: int | None = strawberry.field(
        default=None, description="1-4; chosen from the content (rule R1) when omitted."
    )
    base_salience: float | None = strawberry.field(
        default=None,
        description="0-1, at least the recall floor (GRAPHMIND_MIN_SALIENCE); chosen from the content "
        "(rule R2) when omitted.",
    )
    valid_from: datetime | None = strawberry.field(default=None, description="Default now.")
    valid_until: datetime | None = strawberry.field(
        default=None, description="Default open-ended; after validFrom (now when not given)."
    )
    source: enums.Source | None = strawberry.field(
        default=None, description="Default USER (trust 0.8); AXIOM needs an admin key (else FORBIDDEN)."
    )
    tags: list[str] | None = strawberry.field(default=None, description="Up to 20 tags.")
    metadata: JSON | None = strawberry.field(
        default=None, description="A JSON object, up to 4 KB, nested at most 32 levels."
    )
    entities: list[str] | None = strawberry.field(
        default=None, description="Named things it mentions, besides those found in the text."
    )
    session_id: str | None = strawberry.field(
        default=None,
        description="The session it belongs to: it joins the session's scene (working memory, no decay).",
    )
    request_id: str | None = strawberry.field(
        default=None,
        description="remember only: client id of this request (1-128 chars); a retry with it "
        "returns the first result. rememberMany takes one requestId for the batch.",
    )


@strawberry.input(description="Which memories recall may return.")
class RecallFilter:
    content_types: list[enums.ContentType] | None = strawberry.field(
        default=None, description="Only these types (an empty list is refused)."
    )
    temporal_levels: list[int] | None = strawberry.field(
        default=None, description="Only these levels (1-4; an empty list is refused)."
    )
    tags: list[str] | None = strawberry.field(
        default=None, description="Memories with any of these tags (an empty list or a blank tag is refused)."
    )
    valid_from: datetime | None = strawberry.field(
        default=None, description="Validity overlapping a range that starts here."
    )
    valid_to: datetime | None = strawberry.field(
        default=None, description="Validity overlapping a range that ends here."
    )
    as_of: datetime | None = strawberry.field(
        default=None,
        description="Belief time: what GraphMind believed at this instant, i.e. memories recorded "
        "by then and not yet superseded then (those superseded later included), valid then in world time unless "
        "validAt or a range says otherwise. A forgotten memory stays hidden at every instant; a restored one "
        "counts as never forgotten.",
    )
    valid_at: datetime | None = strawberry.field(
        default=None,
        description="World time: what was valid at this instant by validFrom/validUntil (default "
        "now, or asOf when that is given).",
    )
    include_history: bool = strawberry.field(
        default=False, description="Also superseded memories (what used to be believed), at any time."
    )


@strawberry.input(description="Which memories to list.")
class MemoryFilter:
    statuses: list[enums.MemoryStatus] | None = strawberry.field(
        default=None, description="Default [ACTIVE] (an empty list is refused)."
    )
    content_types: list[enums.ContentType] | None = strawberry.field(
        default=None, description="Only these types (an empty list is refused)."
    )
    temporal_levels: list[int] | None = strawberry.field(
        default=None, description="Only these levels (1-4; an empty list is refused)."
    )
    tags: list[str] | None = strawberry.field(
        default=None, description="Memories with any of these tags (an empty list or a blank tag is refused)."
    )


@strawberry.input(description="The memory to forget (archive).")
class ForgetInput:
    id: strawberry.ID = strawberry.field(description="The memory's id.")


@strawberry.input(description="The archived memory, or superseded memory no active one supersedes, to restore.")
class RestoreInput:
    id: strawberry.ID = strawberry.field(description="The memory's id.")


@strawberry.input(description="An old memory and the newer one that replaces it.")
class SupersedeInput:
    old_id: strawberry.ID = strawberry.field(description="The memory that no longer holds.")
    new_id: strawberry.ID = strawberry.field(description="The memory that replaces it.")


def _input_dict(item: RememberInput) -> dict:
    names = {
        "content": "content",
        "content_type": "contentType",
        "temporal_level": "temporalLevel",
        "base_salience": "baseSalience",
        "valid_from": "validFrom",
        "valid_until": "validUntil",
        "source": "source",
        "tags": "tags",
        "metadata": "metadata",
        "entities": "entities",
        "session_id": "sessionId",
    }
    return {alias: getattr(item, attr) for attr, alias in names.items() if getattr(item, attr) is not None}


def _parsed(item: RememberInput, prefix: str, deps: Deps, role: Role) -> MemoryInput:
    """The validated input; SELF_IMPROVEMENT is the worker's provenance, never a caller's, and
    AXIOM an admin's (security/sources.py)."""
    parsed = parse_memory_input(_input_dict(item), field_prefix=prefix)
    parsed = check_open_validity(parsed, deps.clock.now(), prefix)
    check_salience_floor(parsed, deps.settings.min_salience, prefix)
    if parsed.source is enums.Source.SELF_IMPROVEMENT:
        raise BadUserInput(
            "source SELF_IMPROVEMENT is reserved for the self-improvement worker", field=f"{prefix}source"
        )
    sources.check_claim(role, parsed.source, f"{prefix}source")
    return parsed


async def remember(info: Info, input: Annotated[RememberInput, arg("The memory to store.")]) -> RememberResult:
    """Stores one memory (validated, redacted, deduplicated, linked to its entities)."""
    ctx = info.context
    ctx.ask_to_store(1, store.MAX_BATCH, "input")
    parsed = _parsed(input, "input.", ctx.deps, ctx.caller.role)
    request_id = idempotency.check(input.request_id, "input.requestId")
    [result] = await store.remember_many(ctx.deps, ctx.user_id, [parsed], request_id=request_id)
    return to_remember_result(result)


async def remember_many(
    info: Info,
    inputs: Annotated[list[RememberInput], arg("The memories to store (at most 1000).")],
    request_id: Annotated[
        str | None, arg("Client id of this batch: a retry with it returns the first results.")
    ] = None,
) -> list[RememberResult]:
    """Stores a batch: embedded at once, written in one transaction; all or nothing."""
    ctx = info.context
    if len(inputs) > store.MAX_BATCH:
        raise BadUserInput(f"at most {store.MAX_BATCH} memories per batch", field="inputs")
    ctx.ask_to_store(len(inputs), store.MAX_BATCH, "inputs")
    parsed = [_parsed(item, f"inputs[{i}].", ctx.deps, ctx.caller.role) for i, item in enumerate(inputs)]
    for i, item in enumerate(inputs):
        if item.request_id is not None:
            raise BadUserInput("give rememberMany one requestId, not one per input", field=f"inputs[{i}].requestId")
    request_id = idempotency.check(request_id, "requestId")
    return [
        to_remember_result(r) for r in await store.remember_many(ctx.deps, ctx.user_id, parsed, request_id=request_id)
    ]


async def recall(
    info: Info,
    query: Annotated[str, arg("What context is needed (1-2000 characters).")],
    limit: Annotated[int | None, arg("How many memories (1-100, default 10).")] = 10,
    filter: Annotated[RecallFilter | None, arg("Which memories may be returned.")] = None,
    channels: Annotated[
        list[recall_service.Channel] | None, arg("Channels to fuse (left out: all three; an empty list is refused).")
    ] = None,
    token_budget: Annotated[
        int | None, arg("Pack the best non-redundant memories into this many tokens (MMR).")
    ] = None,
    neighbours: Annotated[
        bool, arg("Add the temporal neighbours of the top results (half their parent's relevance; default on).")
    ] = True,
    exploration: Annotated[
        float | None,
        arg(
            "Exploration bound c (0-0.5; default the server's GRAPHMIND_EXPLORATION, 0 = off): each memory "
            "gains up to c·√(utility variance), so a near-tied, little-tried one may be shown "
            "(breakdown.exploration)."
        ),
    ] = None,
) -> RecallResult:
    """Hybrid recall (vector + keyword + entity graph, score fusion, salience, temporal neighbours),
    ranked by relevance, retrievability and utility; optionally packed into a token budget."""
    ctx = info.context
    flt = recall_service.RecallFilter(**vars(filter)) if filter else None
    require_some(channels, "channels")  # asking for no channel would find nothing; left out, all three fuse
    result = await recall_service.recall(
        ctx.deps,
        ctx.user_id,
        query,
        limit,
        flt,
        channels=tuple(channels) if channels else recall_service.ALL_CHANNELS,
        neighbours=neighbours,
        token_budget=token_budget,
        explore=exploration,
    )
    return RecallResult(
        retrieval_id=strawberry.ID(result.retrieval_id),
        items=[to_recall_item(i) for i in result.items],
        tokens_used=result.tokens_used,
        token_budget=result.token_budget,
    )


async def memory(info: Info, id: Annotated[strawberry.ID, arg("The memory's id.")]) -> Memory:
    """One of the caller's memories (NOT_FOUND for anyone else's)."""
    ctx = info.context
    return to_memory(await manage.get_memory(ctx.deps, ctx.user_id, id))


async def memories(
    info: Info,
    filter: Annotated[MemoryFilter | None, arg("Which memories to list.")] = None,
    first: Annotated[int | None, arg("Page size (1-100, default 20).")] = 20,
    after: Annotated[str | None, arg("Cursor of the last edge of the previous page.")] = None,
) -> MemoryConnection:
    """The caller's memories, newest first, a page at a time (first ≤ 100)."""
    ctx = info.context
    flt = manage.MemoryFilter(**vars(filter)) if filter else None
    page = await manage.list_memories(ctx.deps, ctx.user_id, flt, 20 if first is None else first, after)
    return MemoryConnection(
        edges=[MemoryEdge(cursor=c, node=to_memory(m)) for m, c in zip(page.memories, page.cursors)],
        page_info=PageInfo(has_next_page=page.has_next_page, end_cursor=page.end_cursor),
    )


async def forget(info: Info, input: Annotated[ForgetInput, arg("The memory to forget.")]) -> Memory:
    """Archives a memory: recall stops returning it; `restore` brings it back."""
    ctx = info.context
    return to_memory(await manage.forget(ctx.deps, ctx.user_id, input.id))


async def restore(info: Info, input: Annotated[RestoreInput, arg("The memory to restore.")]) -> RestoreResult:
    """Restores an archived memory to the status it had, recallable again, or a superseded one
    whose superseders were all forgotten to active (CONFLICT while an active memory supersedes
    it); one restored to active is judged against the active memories as a remembered one is
    (`conflicts`, `duplicateOf`)."""
    ctx = info.context
    return to_restore_result(await manage.restore(ctx.deps, ctx.user_id, input.id))


async def supersede(
    info: Info, input: Annotated[SupersedeInput, arg("The old and the new memory.")]
) -> SupersedeResult:
    """Marks a memory superseded by a newer one (kept as history, validity closed)."""
    ctx = info.context
    old, new = await manage.supersede(ctx.deps, ctx.user_id, input.old_id, input.new_id)
    return SupersedeResult(superseded=to_memory(old), replacement=to_memory(new))
