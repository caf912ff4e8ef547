"""GraphQL inputs and resolvers of investigation trails: saveTrail, resumeTrail, trail,
trails, mergeTrails (`graphmind/trails/`)."""

from typing import Annotated

import strawberry

from graphmind import trails
from graphmind.api.context import Info, arg
from graphmind.api.ids import optional_id
from graphmind.api.pagination import PageInfo
from graphmind.api.trails_types import (
    ConnectionType,
    HypothesisDowngrade,
    MergeConflict,
    MergeTrailsResult,
    Resolution,
    ResumeTrailResult,
    SaveTrailResult,
    Trail,
    TrailConnection,
    TrailConnectionFound,
    TrailEdge,
    to_trail,
)


@strawberry.input(description="A hypothesis formed during an investigation.")
class HypothesisInput:
    statement: str = strawberry.field(description="What is supposed (1-1000 characters).")
    confidence: float = strawberry.field(default=0.5, description="0-1.")
    supporting_nodes: list[strawberry.ID] = strawberry.field(default_factory=list, description="Nodes supporting it.")
    contradicting_nodes: list[strawberry.ID] = strawberry.field(default_factory=list, description="Nodes against it.")


@strawberry.input(description="A conclusion reached.")
class ConclusionInput:
    statement: str = strawberry.field(description="What was concluded (1-1000 characters).")
    confidence: float = strawberry.field(default=0.5, description="0-1.")
    from_hypotheses: list[str] = strawberry.field(
        default_factory=list,
        description="Statements of the hypotheses it came from (≤100, 1-1000 characters each).",
    )
    supporting_nodes: list[strawberry.ID] = strawberry.field(default_factory=list, description="Nodes supporting it.")


@strawberry.input(description="A node visited, with a note.")
class VisitedNodeInput:
    node_id: strawberry.ID = strawberry.field(description="The memory or entity.")
    annotation: str | None = strawberry.field(default=None, description="A note about it.")
    relevance: float = strawberry.field(default=0.5, description="0-1.")


@strawberry.input(description="An activation boost re-injected when the trail is resumed.")
class ActivationBoostInput:
    node_id: strawberry.ID = strawberry.field(description="The memory or entity.")
    boost: float = strawberry.field(description="Its activation on resume, 0-1.")


@strawberry.input(description="An investigation to save.")
class SaveTrailInput:
    agent_id: str = strawberry.field(description="The agent saving it.")
    label: str = strawberry.field(description="What to call it (1-200 characters).")
    hypotheses: list[HypothesisInput] = strawberry.field(default_factory=list, description="Hypotheses (≤100).")
    conclusions: list[ConclusionInput] = strawberry.field(default_factory=list, description="Conclusions (≤100).")
    open_questions: list[str] = strawberry.field(default_factory=list, description="Open questions (≤100).")
    tags: list[str] = strawberry.field(default_factory=list, description="Tags (≤20).")
    summary: str | None = strawberry.field(default=None, description="Summary; generated when omitted.")
    visited_nodes: list[VisitedNodeInput] = strawberry.field(
        default_factory=list,
        description="Nodes visited (≤500, each once); nodes named as evidence or boosts are added.",
    )
    activation_boosts: list[ActivationBoostInput] = strawberry.field(
        default_factory=list, description="Boosts re-injected into the activate after a resume."
    )


@strawberry.input(description="A trail to resume.")
class ResumeTrailInput:
    trail_id: strawberry.ID = strawberry.field(description="The trail.")
    force: bool = strawberry.field(default=False, description="Resume even a stale trail (>50% nodes missing).")
    agent_id: str | None = strawberry.field(default=None, description="The agent resuming it.")


@strawberry.input(description="Trails to merge.")
class MergeTrailsInput:
    trail_ids: list[strawberry.ID] = strawberry.field(description="2-10 trails.")
    label: str | None = strawberry.field(
        default=None, description="Label of the merged trail (generated when omitted)."
    )
    agent_id: str | None = strawberry.field(
        default=None, description="Agent of the merged trail (default: the first trail's)."
    )


async def save_trail(info: Info, input: Annotated[SaveTrailInput, arg("The investigation.")]) -> SaveTrailResult:
    """Saves an investigation: visited nodes, hypotheses, conclusions, open questions, boosts."""
    ctx = info.context
    r = await trails.save_trail(
        ctx.deps,
        ctx.user_id,
        trails.TrailDraft(
            agent_id=input.agent_id,
            label=input.label,
            hypotheses=[
                trails.HypothesisDraft(
                    h.statement,
                    h.confidence,
                    [str(i) for i in h.supporting_nodes],
                    [str(i) for i in h.contradicting_nodes],
                )
                for h in input.hypotheses
            ],
            conclusions=[
                trails.ConclusionDraft(
                    c.statement, c.confidence, c.from_hypotheses, [str(i) for i in c.supporting_nodes]
                )
                for c in input.conclusions
            ],
            open_questions=input.open_questions,
            tags=input.tags,
            summary=input.summary,
            visited=[trails.VisitDraft(str(v.node_id), v.annotation, v.relevance) for v in input.visited_nodes],
            boosts=trails.boosts_by_node([(str(b.node_id), b.boost) for b in input.activation_boosts]),
        ),
    )
    return SaveTrailResult(
        trail_id=strawberry.ID(r.trail.id),
        label=r.trail.label,
        agent_id=r.trail.agent_id,
        nodes_saved=r.nodes_saved,
        hypotheses_saved=r.hypotheses_saved,
        conclusions_saved=r.conclusions_saved,
        open_questions_saved=r.open_questions_saved,
        graph_generation_at_creation=r.trail.generation,
        created_at=r.trail.created_at,
        trail=to_trail(r.trail),
    )


async def resume_trail(info: Info, input: Annotated[ResumeTrailInput, arg("The trail.")]) -> ResumeTrailResult:
    """Resumes a trail: finds missing nodes, downgrades hypotheses, boosts the next activate."""
    ctx = info.context
    r = await trails.resume_trail(ctx.deps, ctx.user_id, str(input.trail_id), input.force, input.agent_id)
    return ResumeTrailResult(
        trail_id=strawberry.ID(r.trail.id),
        label=r.trail.label,
        stale=r.stale,
        generations_behind=r.generations_behind,
        missing_nodes=[strawberry.ID(i) for i in r.missing_nodes],
        nodes_reactivated=r.nodes_reactivated,
        hypotheses_downgraded=[
            HypothesisDowngrade(
                hypothesis_id=strawberry.ID(d.hypothesis_id),
                statement=d.statement,
                previous_confidence=d.previous_confidence,
                new_confidence=d.new_confidence,
                missing_nodes=[strawberry.ID(i) for i in d.missing_nodes],
            )
            for d in r.hypotheses_downgraded
        ],
        trail=to_trail(r.trail),
        elapsed_ms=r.elapsed_ms,
    )


async def trail(info: Info, id: Annotated[strawberry.ID, arg("The trail's id.")]) -> Trail:
    """One of the caller's trails."""
    ctx = info.context
    return to_trail(await trails.get_trail(ctx.deps, ctx.user_id, str(id)))


async def list_trails(
    info: Info,
    filter_agent_id: Annotated[str | None, arg("Only this agent's trails.")] = None,
    filter_status: Annotated[trails.TrailStatus | None, arg("Only trails with this status.")] = None,
    filter_tags: Annotated[
        list[str] | None, arg("Only trails with any of these tags (an empty list or a blank tag is refused).")
    ] = None,
    first: Annotated[int, arg("Page size (1-100).")] = 20,
    after: Annotated[str | None, arg("Cursor to continue after.")] = None,
) -> TrailConnection:
    """The caller's trails, newest first."""
    ctx = info.context
    page = await trails.list_trails(ctx.deps, ctx.user_id, filter_agent_id, filter_status, filter_tags, first, after)
    return TrailConnection(
        edges=[TrailEdge(cursor=c, node=to_trail(t)) for t, c in zip(page.trails, page.cursors)],
        page_info=PageInfo(has_next_page=page.has_next_page, end_cursor=page.cursors[-1] if page.cursors else None),
        total_count=page.total_count,
    )


async def merge_trails(info: Info, input: Annotated[MergeTrailsInput, arg("The trails.")]) -> MergeTrailsResult:
    """Merges trails: nodes, hypotheses (conflicts resolved by confidence and recency), conclusions."""
    ctx = info.context
    r = await trails.merge_trails(ctx.deps, ctx.user_id, [str(i) for i in input.trail_ids], input.label, input.agent_id)
    return MergeTrailsResult(
        merged_trail_id=strawberry.ID(r.merged.id),
        label=r.merged.label,
        source_trails=[strawberry.ID(i) for i in r.source_trails],
        nodes_merged=r.nodes_merged,
        nodes_left_out=[strawberry.ID(n) for n in r.left_out],
        hypotheses_merged=r.hypotheses_merged,
        conflicts=[
            MergeConflict(
                hypothesis_a=c.hypothesis_a,
                hypothesis_b=c.hypothesis_b,
                resolution=Resolution.RESOLVED if c.resolved else Resolution.UNRESOLVED,
                winner=c.winner,
                score_delta=c.score_delta,
            )
            for c in r.conflicts
        ],
        connections_discovered=[
            TrailConnectionFound(
                type=ConnectionType(c.type),
                detail=c.detail,
                from_node=strawberry.ID(c.from_node),
                to_node=optional_id(c.to_node),
                weight=c.weight,
                trails=[strawberry.ID(i) for i in c.trails],
            )
            for c in r.connections
        ],
        trail=to_trail(r.merged),
        elapsed_ms=r.elapsed_ms,
    )
