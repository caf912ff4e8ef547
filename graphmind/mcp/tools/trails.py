"""Trails: save, resume, list and merge an investigation."""

from typing import Annotated

from mcp.server.mcpserver import Context, MCPServer
from mcp.types import CallToolResult
from pydantic import Field

from graphmind.mcp.gateway import Gateway
from graphmind.mcp.params import (
    DEFAULT_AGENT,
    ActivationBoost,
    Conclusion,
    Hypothesis,
    TrailStatusName,
    VisitedNode,
    variables,
)
from graphmind.mcp.tools.base import tool


def register(server: MCPServer, gm: Gateway) -> None:
    @tool(server, "Save trail")
    async def save_trail(
        ctx: Context,
        label: Annotated[str, Field(description="What to call it (1-200 characters).")],
        agent_id: Annotated[str, Field(description="Who you are.")] = DEFAULT_AGENT,
        hypotheses: Annotated[
            list[Hypothesis] | None, Field(description="What you suppose, with the evidence (up to 100).")
        ] = None,
        conclusions: Annotated[list[Conclusion] | None, Field(description="What you concluded (up to 100).")] = None,
        open_questions: Annotated[list[str] | None, Field(description="What is still open (up to 100).")] = None,
        tags: Annotated[list[str] | None, Field(description="Up to 20 tags.")] = None,
        summary: Annotated[str | None, Field(description="A summary; generated when omitted.")] = None,
        visited_nodes: Annotated[
            list[VisitedNode] | None, Field(description="Memories and entities you looked at (up to 500, each once).")
        ] = None,
        activation_boosts: Annotated[
            list[ActivationBoost] | None, Field(description="Nodes to light up again when the trail is resumed.")
        ] = None,
    ) -> CallToolResult:
        """Save an investigation so you (or another agent) can pick it up later: the memories you
        visited, your hypotheses with their evidence, conclusions and open questions. Returns
        the trailId for resume_trail."""
        return await gm.tool(
            ctx,
            "SaveTrail",
            variables(
                input=variables(
                    label=label,
                    agentId=agent_id,
                    hypotheses=hypotheses,
                    conclusions=conclusions,
                    openQuestions=open_questions,
                    tags=tags,
                    summary=summary,
                    visitedNodes=visited_nodes,
                    activationBoosts=activation_boosts,
                )
            ),
        )

    @tool(server, "Resume trail")
    async def resume_trail(
        ctx: Context,
        trail_id: Annotated[str, Field(description="The trail (save_trail's trailId, or from list_trails).")],
        force: Annotated[
            bool | None, Field(description="Resume even when more than half of its memories are gone.")
        ] = None,
        agent_id: Annotated[str | None, Field(description="Who resumes it.")] = None,
    ) -> CallToolResult:
        """Pick a saved trail up again: returns it whole, says which of its memories are gone
        since and which hypotheses lost their evidence, and boosts its nodes in your next
        activate."""
        return await gm.tool(
            ctx, "ResumeTrail", variables(input=variables(trailId=trail_id, force=force, agentId=agent_id))
        )

    @tool(server, "List trails", read_only=True, idempotent=True)
    async def list_trails(
        ctx: Context,
        agent_id: Annotated[str | None, Field(description="Only this agent's trails.")] = None,
        status: Annotated[TrailStatusName | None, Field(description="Only trails with this status.")] = None,
        tags: Annotated[list[str] | None, Field(description="Only trails with any of these tags.")] = None,
        first: Annotated[int | None, Field(description="Page size, 1-100 (default 20).")] = None,
        after: Annotated[str | None, Field(description="pageInfo.endCursor of the previous page.")] = None,
    ) -> CallToolResult:
        """Your saved trails, newest first, a page at a time."""
        return await gm.tool(
            ctx, "ListTrails", variables(agentId=agent_id, status=status, tags=tags, first=first, after=after)
        )

    @tool(server, "Merge trails")
    async def merge_trails(
        ctx: Context,
        trail_ids: Annotated[list[str], Field(description="2-10 trails to merge.")],
        label: Annotated[str | None, Field(description="The merged trail's label (generated when omitted).")] = None,
        agent_id: Annotated[
            str | None, Field(description="The merged trail's agent (default: the first trail's).")
        ] = None,
    ) -> CallToolResult:
        """Merge several investigations into one trail: nodes and conclusions are combined,
        contradicting hypotheses resolved by confidence and recency (or left for review), and the
        connections between the trails reported."""
        return await gm.tool(
            ctx, "MergeTrails", variables(input=variables(trailIds=trail_ids, label=label, agentId=agent_id))
        )
