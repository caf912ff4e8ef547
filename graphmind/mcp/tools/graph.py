"""The association graph: learn, activate, why, snapshot, drift."""

from typing import Annotated

from mcp.server.mcpserver import Context, MCPServer
from mcp.types import CallToolResult
from pydantic import Field

from graphmind.mcp.gateway import Gateway
from graphmind.mcp.params import DEFAULT_AGENT, FeedbackName, variables
from graphmind.mcp.tools.base import tool


def register(server: MCPServer, gm: Gateway) -> None:
    @tool(server, "Learn")
    async def learn(
        ctx: Context,
        query: Annotated[
            str, Field(description="The question the feedback is about (as you recalled or activated it).")
        ],
        node_ids: Annotated[list[str], Field(description="Ids of the memories or entities you judge (1-100).")],
        feedback: Annotated[
            FeedbackName, Field(description="CORRECT (they answer it: strengthen), WRONG (weaken) or PARTIAL.")
        ],
        agent_id: Annotated[str, Field(description="Who you are.")] = DEFAULT_AGENT,
        strength: Annotated[
            float | None, Field(description="How much to change, more than 0 and at most 1 (default 0.2).")
        ] = None,
    ) -> CallToolResult:
        """Tell GraphMind which memories were the right (or wrong) answer to a question: the
        association edges between the question's memories and them get stronger (or weaker),
        so activate and why follow them next time."""
        return await gm.tool(
            ctx,
            "Learn",
            variables(
                input=variables(query=query, nodeIds=node_ids, feedback=feedback, agentId=agent_id, strength=strength)
            ),
        )

    @tool(server, "Activate")  # not read-only: it records a retrieval and spends a resumed trail's boosts
    async def activate(
        ctx: Context,
        query: Annotated[str | None, Field(description="Start from what recall returns for this.")] = None,
        seeds: Annotated[list[str] | None, Field(description="Or start from these memory or entity ids.")] = None,
        max_hops: Annotated[int | None, Field(description="How far to spread, 0-8 hops (default 3).")] = None,
        decay_per_hop: Annotated[float | None, Field(description="Factor per hop, (0, 1] (default 0.5).")] = None,
        threshold: Annotated[
            float | None, Field(description="Drop nodes below this activation (default 0.01).")
        ] = None,
        top_k: Annotated[int | None, Field(description="How many nodes, 1-100 (default 20).")] = None,
    ) -> CallToolResult:
        """Spread activation from a query's memories (or given ids) along learned associations,
        shared entities and time: finds what is related but would not match the words. Each node
        says how it was reached. Like recall, it is recorded (a retrievalId for decide), and it
        spends the boosts of the trail last resumed."""
        return await gm.tool(
            ctx,
            "Activate",
            variables(
                query=query, seeds=seeds, maxHops=max_hops, decayPerHop=decay_per_hop, threshold=threshold, topK=top_k
            ),
        )

    @tool(server, "Why", read_only=True, idempotent=True)
    async def why(
        ctx: Context,
        source: Annotated[str, Field(description="A memory or entity id.")],
        target: Annotated[str, Field(description="Another memory or entity id.")],
        max_hops: Annotated[int | None, Field(description="Longest path, 1-8 edges (default 6).")] = None,
        limit: Annotated[int | None, Field(description="How many paths, 1-50 (default 10).")] = None,
    ) -> CallToolResult:
        """Explain how two memories (or entities) are connected: the paths between them, strongest
        first, with each edge's relation (ASSOCIATED, MENTIONS, NEXT)."""
        return await gm.tool(ctx, "Why", variables(source=source, target=target, maxHops=max_hops, limit=limit))

    @tool(server, "Snapshot")
    async def snapshot(
        ctx: Context,
        label: Annotated[str, Field(description="What to call it (1-200 characters).")],
        agent_id: Annotated[str | None, Field(description="Who takes it.")] = None,
    ) -> CallToolResult:
        """Record the current state of your memory graph (edge weights, counts), so drift can
        later say what changed since."""
        return await gm.tool(ctx, "Snapshot", variables(input=variables(label=label, agentId=agent_id)))

    @tool(server, "Drift", read_only=True, idempotent=True)
    async def drift(
        ctx: Context,
        since: Annotated[
            str | None, Field(description='"last_session" (default), an ISO-8601 time or a snapshot id.')
        ] = None,
        agent_id: Annotated[str | None, Field(description="Whose sessions count for last_session.")] = None,
        include_weight_drift: Annotated[
            bool | None, Field(description="List the edges whose weight moved (default true).")
        ] = None,
        limit: Annotated[int | None, Field(description="Most nodes and edges listed, 1-500 (default 50).")] = None,
    ) -> CallToolResult:
        """What changed in your memory graph since a snapshot: new and removed memories and
        entities, and the associations that grew or weakened most."""
        return await gm.tool(
            ctx, "Drift", variables(since=since, agentId=agent_id, includeWeightDrift=include_weight_drift, limit=limit)
        )
