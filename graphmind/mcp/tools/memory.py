"""remember and recall."""

from datetime import datetime
from typing import Annotated, Any

from mcp.server.mcpserver import Context, MCPServer
from mcp.types import CallToolResult
from pydantic import Field

from graphmind.mcp.gateway import Gateway
from graphmind.mcp.params import ContentTypeName, SourceName, variables, verbatim
from graphmind.mcp.tools.base import tool


def register(server: MCPServer, gm: Gateway) -> None:
    @tool(server, "Remember")
    async def remember(
        ctx: Context,
        content: Annotated[
            str,
            Field(description="What to remember, 10-2000 characters (PII and secrets are redacted before storing)."),
        ],
        content_type: Annotated[ContentTypeName | None, Field(description="Default OBSERVATION.")] = None,
        tags: Annotated[list[str] | None, Field(description="Up to 20 tags, e.g. a project or topic.")] = None,
        temporal_level: Annotated[
            int | None,
            Field(
                description="1 immediate (hours), 2 situational (days-weeks), "
                "3 seasonal (months), 4 identity (years); chosen from the "
                "content when omitted."
            ),
        ] = None,
        base_salience: Annotated[
            float | None, Field(description="How important, 0-1; chosen from the content when omitted.")
        ] = None,
        source: Annotated[SourceName | None, Field(description="Where it comes from (trust): default USER.")] = None,
        entities: Annotated[
            list[str] | None, Field(description="Named things it mentions, besides those found in the text.")
        ] = None,
        valid_from: Annotated[
            datetime | None, Field(description="When it starts to hold (ISO-8601; default now).")
        ] = None,
        valid_until: Annotated[
            datetime | None,
            Field(
                description="When it stops holding (ISO-8601; default open-ended; after valid_from, now when not given)."
            ),
        ] = None,
        metadata: Annotated[dict[str, Any] | None, Field(description="Any JSON object, up to 4 KB.")] = None,
        session_id: Annotated[
            str | None, Field(description="Your session (start_session): the memory joins its working memory.")
        ] = None,
        request_id: Annotated[
            str | None,
            Field(
                description="Your id for this call (1-128 characters): a retry "
                "with it returns the first result instead of storing twice."
            ),
        ] = None,
    ) -> CallToolResult:
        """Store one memory: a fact, preference, event, goal or observation worth keeping. GraphMind
        redacts PII, links the entities it mentions, and returns the existing memory instead
        (duplicateOf) when it already knows it; a memory that contradicts an older one supersedes
        it (conflicts). Returns the memory's id and salience."""
        return await gm.tool(
            ctx,
            "Remember",
            variables(
                input=variables(
                    content=content,
                    contentType=content_type,
                    tags=tags,
                    temporalLevel=temporal_level,
                    baseSalience=base_salience,
                    source=source,
                    entities=entities,
                    validFrom=valid_from,
                    validUntil=valid_until,
                    metadata=verbatim(metadata),  # its nulls are the caller's
                    sessionId=session_id,
                    requestId=request_id,
                )
            ),
        )

    @tool(server, "Recall")
    async def recall(
        ctx: Context,
        query: Annotated[str, Field(description="What you need context for, in words (1-2000 characters).")],
        limit: Annotated[int | None, Field(description="How many memories, 1-100 (default 10).")] = None,
        tags: Annotated[list[str] | None, Field(description="Only memories with any of these tags.")] = None,
        content_types: Annotated[list[ContentTypeName] | None, Field(description="Only these types.")] = None,
        temporal_levels: Annotated[list[int] | None, Field(description="Only these levels (1-4).")] = None,
        as_of: Annotated[
            datetime | None, Field(description="Belief time: what GraphMind believed at this instant (ISO-8601).")
        ] = None,
        valid_at: Annotated[
            datetime | None, Field(description="World time: what was valid at this instant (ISO-8601).")
        ] = None,
        include_history: Annotated[
            bool | None, Field(description="Also superseded memories (what used to be believed).")
        ] = None,
        token_budget: Annotated[
            int | None,
            Field(description="Pack the best non-redundant memories into this many tokens instead of a fixed count."),
        ] = None,
    ) -> CallToolResult:
        """Recall the memories that matter for a question or task: hybrid search (meaning,
        keywords and the entity graph) weighed by salience, retrievability and learned
        utility. Each item has its score and the breakdown of how it was ranked. Keep the
        retrievalId: pass it to decide, so the outcome teaches GraphMind which memories helped.
        Recall before you decide, and again later: outcomes move the memories' salience."""
        flt = variables(
            tags=tags,
            contentTypes=content_types,
            temporalLevels=temporal_levels,
            asOf=as_of,
            validAt=valid_at,
            includeHistory=include_history,
        )
        return await gm.tool(
            ctx, "Recall", variables(query=query, limit=limit, filter=flt or None, tokenBudget=token_budget)
        )
