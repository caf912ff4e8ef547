"""GraphQL resolvers of sessions (seed 002): start, log, resolve, end; recall and briefs."""

from typing import Annotated

import strawberry

from graphmind.api.context import Info, arg
from graphmind.api.sessions_types import (
    EndSessionResult,
    HelperBrief,
    LogSessionResult,
    Session,
    SessionEntry,
    SessionMemory,
    to_brief,
    to_end_result,
    to_entry,
    to_log_result,
    to_session,
    to_session_memory,
)
from graphmind.sessions import journal, model, promotion


@strawberry.input(description="A new session.")
class StartSessionInput:
    agent_id: str = strawberry.field(description="The agent working in it (1-128 characters).")
    goal: str = strawberry.field(description="What it is for (1-2000 characters).")


@strawberry.input(description="One entry for a session.")
class LogSessionInput:
    session_id: strawberry.ID = strawberry.field(description="The open session.")
    kind: model.EntryKind = strawberry.field(description="What the entry records.")
    text: str = strawberry.field(description="What happened (1-2000 characters).")


@strawberry.input(description="How a blocker was solved.")
class ResolveBlockerInput:
    entry_id: strawberry.ID = strawberry.field(description="The blocker entry.")
    solution: str = strawberry.field(description="What fixed it.")
    root_cause: str | None = strawberry.field(default=None, description="Why it happened.")


@strawberry.input(description="The session to end.")
class EndSessionInput:
    session_id: strawberry.ID = strawberry.field(description="The open session.")


async def start_session(info: Info, input: Annotated[StartSessionInput, arg("The agent and its goal.")]) -> Session:
    """Starts a session of the caller's agent."""
    ctx = info.context
    return to_session(await journal.start_session(ctx.deps, ctx.user_id, input.agent_id, input.goal))


async def log_session(
    info: Info, input: Annotated[LogSessionInput, arg("The session, kind and text.")]
) -> LogSessionResult:
    """Logs an entry; the first experience, every blocker and every rejected attempt bring up
    relevant memories, and a rejected attempt like an earlier one returns a loop warning."""
    ctx = info.context
    return to_log_result(await journal.log_entry(ctx.deps, ctx.user_id, input.session_id, input.kind, input.text))


async def resolve_blocker(
    info: Info, input: Annotated[ResolveBlockerInput, arg("The blocker and its fix.")]
) -> SessionEntry:
    """Records a blocker's root cause and solution (a bug memory candidate at session end)."""
    ctx = info.context
    return to_entry(
        await journal.resolve_blocker(ctx.deps, ctx.user_id, input.entry_id, input.root_cause, input.solution)
    )


async def end_session(info: Info, input: Annotated[EndSessionInput, arg("The session to end.")]) -> EndSessionResult:
    """Ends a session: learnings, decisions and reusable resolved bugs are promoted, linked to
    what they resemble or supersede what they contradict; a drift snapshot labelled with the
    session is taken."""
    ctx = info.context
    return to_end_result(await promotion.end_session(ctx.deps, ctx.user_id, input.session_id))


async def session(info: Info, id: Annotated[strawberry.ID, arg("The session's id.")]) -> Session:
    """One of the caller's sessions with its entries."""
    ctx = info.context
    return to_session(await journal.get_session(ctx.deps, ctx.user_id, id))


async def session_recall(
    info: Info,
    session_id: Annotated[strawberry.ID, arg("The session whose content is scanned.")],
    limit: Annotated[int, arg("Most memories returned (1-10).")] = 2,
) -> list[SessionMemory]:
    """Memories the whole session (goal and entries) brings up at cosine ≥ 0.7; read-only."""
    ctx = info.context
    return [to_session_memory(m) for m in await journal.session_recall(ctx.deps, ctx.user_id, session_id, limit)]


async def helper_brief(info: Info, session_id: Annotated[strawberry.ID, arg("The session.")]) -> HelperBrief:
    """A brief for a fresh helper: the problem, what has been tried, the assumptions."""
    ctx = info.context
    return to_brief(await journal.helper_brief(ctx.deps, ctx.user_id, session_id))
