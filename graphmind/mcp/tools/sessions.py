"""Sessions: start, log and end a working session; a brief for a fresh helper."""

from typing import Annotated

from mcp.server.mcpserver import Context, MCPServer
from mcp.types import CallToolResult
from pydantic import Field

from graphmind.mcp.gateway import Gateway
from graphmind.mcp.params import DEFAULT_AGENT, EntryKindName, variables
from graphmind.mcp.tools.base import tool


def register(server: MCPServer, gm: Gateway) -> None:
    @tool(server, "Start session")
    async def start_session(
        ctx: Context,
        goal: Annotated[str, Field(description="What the session is for (1-2000 characters).")],
        agent_id: Annotated[str, Field(description="Who you are (1-128 characters).")] = DEFAULT_AGENT,
    ) -> CallToolResult:
        """Start a working session on a goal. Log what happens with log_session as you go and
        end it with end_session: GraphMind then keeps what you learned as memories."""
        return await gm.tool(ctx, "StartSession", variables(input=variables(agentId=agent_id, goal=goal)))

    @tool(server, "Log session")
    async def log_session(
        ctx: Context,
        session_id: Annotated[str, Field(description="The open session (start_session's id).")],
        kind: Annotated[
            EntryKindName,
            Field(
                description="EXPERIENCE (what happened), BLOCKER (what stops you), "
                "REJECTED (an attempt that did not work), DECISION, LEARNING or "
                "ASSUMPTION."
            ),
        ],
        text: Annotated[str, Field(description="What happened, 1-2000 characters.")],
    ) -> CallToolResult:
        """Log a session entry. Blockers, rejected attempts and the first experience bring up
        relevant memories (recalled, with a message); an attempt like an earlier rejected one
        returns a loopWarning with a checklist, and from the third try suggests a fresh helper
        (helper_brief)."""
        return await gm.tool(ctx, "LogSession", variables(input=variables(sessionId=session_id, kind=kind, text=text)))

    @tool(server, "End session")
    async def end_session(
        ctx: Context,
        session_id: Annotated[str, Field(description="The open session.")],
    ) -> CallToolResult:
        """End a session: its learnings, decisions and reusable solved blockers become memories
        (or strengthen or link to the ones they resemble, or supersede the ones they
        contradict), and a snapshot is taken for drift."""
        return await gm.tool(ctx, "EndSession", variables(input=variables(sessionId=session_id)))

    @tool(server, "Helper brief", read_only=True, idempotent=True)
    async def helper_brief(
        ctx: Context,
        session_id: Annotated[str, Field(description="The session.")],
    ) -> CallToolResult:
        """A brief to hand a stuck problem to a fresh helper: the goal, the problem, what was
        tried, the assumptions to question, the learnings and the relevant memories, also as one
        markdown text."""
        return await gm.tool(ctx, "HelperBrief", variables(sessionId=session_id))
