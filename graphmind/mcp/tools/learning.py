"""decide and observe_outcome: the two halves of learning from outcomes."""

from typing import Annotated

from mcp.server.mcpserver import Context, MCPServer
from mcp.types import CallToolResult
from pydantic import Field

from graphmind.mcp.gateway import Gateway
from graphmind.mcp.params import DecisionTypeName, SignalName, variables
from graphmind.mcp.tools.base import tool


def register(server: MCPServer, gm: Gateway) -> None:
    @tool(server, "Decide")
    async def decide(
        ctx: Context,
        decision_type: Annotated[
            DecisionTypeName,
            Field(
                description="RECOMMENDATION (advice you gave), ACTION "
                "(something you did) or PREFERENCE (a choice of taste)."
            ),
        ],
        summary: Annotated[str, Field(description="What you decided, 1-1000 characters.")],
        retrieval_id: Annotated[str | None, Field(description="The retrievalId of the recall you based it on.")] = None,
        memories: Annotated[
            list[str] | None,
            Field(
                description="Ids of the memories you actually used. Optional, "
                "but naming them teaches GraphMind fastest: the outcome's "
                "credit or blame goes to them alone. Without it every memory "
                "of the retrieval shares it."
            ),
        ] = None,
        confidence: Annotated[
            float | None, Field(description="How sure you are, 0-1; estimated from the memories when omitted.")
        ] = None,
        alternatives: Annotated[
            list[str] | None, Field(description="Options you considered and did not choose.")
        ] = None,
        session_id: Annotated[str | None, Field(description="Your session (start_session), if any.")] = None,
        request_id: Annotated[
            str | None,
            Field(
                description="Your id for this call (1-128 characters): a retry "
                "with it returns the first result instead of recording "
                "twice."
            ),
        ] = None,
    ) -> CallToolResult:
        """Record a decision and the memories behind it; returns its traceId. Later, report how it
        went with observe_outcome(traceId, …): that is how GraphMind learns which memories lead
        to good decisions. Pass the recall's retrievalId. Naming the memories you used
        (`memories`) teaches fastest, but you do not have to: without it, every memory the
        retrieval returned shares the credit or blame."""
        return await gm.tool(
            ctx,
            "Decide",
            variables(
                input=variables(
                    decisionType=decision_type,
                    summary=summary,
                    retrievalId=retrieval_id,
                    memories=[{"memoryId": memory_id} for memory_id in memories] if memories else None,
                    confidence=confidence,
                    alternatives=alternatives,
                    sessionId=session_id,
                    requestId=request_id,
                )
            ),
        )

    @tool(server, "Observe outcome")
    async def observe_outcome(
        ctx: Context,
        trace_id: Annotated[str, Field(description="The decision's traceId (from decide).")],
        quality: Annotated[float, Field(description="How it went, from -1 (bad) through 0 to +1 (good).")],
        signal: Annotated[
            SignalName,
            Field(
                description="How you know: USER_ACCEPTED, USER_REJECTED, "
                "USER_MODIFIED, TASK_COMPLETED, TASK_FAILED, TASK_PARTIAL or "
                "AGENT_FEEDBACK."
            ),
        ],
        feedback: Annotated[str | None, Field(description="Why, in words.")] = None,
        revision: Annotated[
            bool | None, Field(description="Replace the outcome reported before (its effect is undone first).")
        ] = None,
        request_id: Annotated[
            str | None,
            Field(description="Your id for this call (1-128 characters): a retry with it returns the first result."),
        ] = None,
    ) -> CallToolResult:
        """Report how a decision turned out (within 7 days; once, unless `revision`). The memories
        behind it gain salience and utility after a good outcome and lose them after a bad one,
        so they rank higher or lower in the next recall. Returns each memory's change
        (updates: delta and newEffectiveSalience)."""
        return await gm.tool(
            ctx,
            "ObserveOutcome",
            variables(
                input=variables(
                    traceId=trace_id,
                    quality=quality,
                    signal=signal,
                    feedback=feedback,
                    revision=revision,
                    requestId=request_id,
                )
            ),
        )
