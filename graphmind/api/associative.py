"""GraphQL inputs and resolvers of the associative graph: learn, activate, why, snapshot,
drift, saveTrail, resumeTrail, trail, trails, mergeTrails."""

from typing import Annotated

import strawberry

from graphmind import trails
from graphmind.api.associative_types import (
    ActivatedNode,
    ActivationResult,
    ConnectionType,
    Drift,
    GraphNode,
    HypothesisDowngrade,
    LearnResult,
    MergeConflict,
    MergeTrailsResult,
    NodeKind,
    ReachedThrough,
    Resolution,
    ResumeTrailResult,
    SaveTrailResult,
    Snapshot,
    Trail,
    TrailConnection,
    TrailConnectionFound,
    TrailEdge,
    WeightDrift,
    WhyPath,
    WhyResult,
    to_trail,
)
from graphmind.api.context import Info, arg
from graphmind.api.memory_types import to_memory
from graphmind.api.pagination import PageInfo
from graphmind.associative import activation, nodes, paths
from graphmind.associative import drift as drift_service
from graphmind.associative import learn as learn_service


def _optional_id(value: str | None) -> strawberry.ID | None:
    return strawberry.ID(value) if value is not None else None


def to_node(n: nodes.GraphNode) -> GraphNode:
    return GraphNode(id=strawberry.ID(n.id), kind=NodeKind(n.kind), label=n.label, active=n.active)


# --- learn ------------------------------------------------------------------------


@strawberry.input(description="Feedback on what a query returned (m1nd learn).")
class LearnInput:
    query: str = strawberry.field(description="The query of the recall or activate the feedback is about.")
    agent_id: str = strawberry.field(description="The agent giving the feedback.")
    feedback: learn_service.Feedback = strawberry.field(description="CORRECT, WRONG or PARTIAL.")
    node_ids: list[strawberry.ID] = strawberry.field(description="The reported memories or entities (1-100).")
    strength: float = strawberry.field(default=0.2, description="Plasticity rate, 0-1.")


async def learn(info: Info, input: Annotated[LearnInput, arg("The feedback.")]) -> LearnResult:
    """Strengthens (or weakens) association edges between a query's seeds and the reported nodes."""
    ctx = info.context
    r = await learn_service.learn(
        ctx.deps,
        ctx.user_id,
        input.query,
        input.agent_id,
        input.feedback,
        [str(i) for i in input.node_ids],
        input.strength,
    )
    return LearnResult(
        query=r.query,
        feedback=r.feedback,
        seeds=[strawberry.ID(i) for i in r.seeds],
        edges_adjusted=r.edges_adjusted,
        edges_created=r.edges_created,
        nodes_affected=r.nodes_affected,
        plasticity_delta=r.plasticity_delta,
        graph_generation=r.graph_generation,
        elapsed_ms=r.elapsed_ms,
    )


# --- activate and why -------------------------------------------------------------


def _activated(n: activation.Activated) -> ActivatedNode:
    through = n.reached_through
    return ActivatedNode(
        id=strawberry.ID(n.id),
        kind=NodeKind(n.kind),
        activation=n.activation,
        hops=n.hops,
        reached_through=ReachedThrough(
            from_id=strawberry.ID(through.from_id), relation=through.type, weight=through.weight
        )
        if through
        else None,
        seed=n.seed,
        boosted=n.boosted,
        memory=to_memory(n.memory) if n.memory else None,
        entity_name=n.entity_name,
    )


async def activate(
    info: Info,
    query: Annotated[str | None, arg("Seeds: what recall returns for this query.")] = None,
    seeds: Annotated[list[strawberry.ID] | None, arg("Seeds: these memories or entities (activation 1).")] = None,
    max_hops: Annotated[int, arg("Hops from the seeds (0-8).")] = 3,
    decay_per_hop: Annotated[float, arg("Factor applied at every hop, (0, 1].")] = 0.5,
    threshold: Annotated[float | None, arg("Activation below which nodes drop out (default 0.01).")] = None,
    top_k: Annotated[int | None, arg("Nodes returned (1-100, default 20).")] = None,
) -> ActivationResult:
    """Spreading activation from a query's seeds (or given nodes) along association, entity and timeline edges."""
    ctx = info.context
    s = ctx.deps.settings
    r = await activation.activate(
        ctx.deps,
        ctx.user_id,
        query,
        [str(i) for i in seeds] if seeds else None,
        activation.Spreading(
            max_hops,
            decay_per_hop,
            s.activation_threshold if threshold is None else threshold,
            s.activation_top_k if top_k is None else top_k,
        ),
    )
    return ActivationResult(
        query=r.query,
        retrieval_id=_optional_id(r.retrieval_id),
        seeds=[strawberry.ID(i) for i in r.seeds],
        boosted_from_trail=_optional_id(r.boosted_from_trail),
        nodes=[_activated(n) for n in r.nodes],
        activated_count=r.activated_count,
        elapsed_ms=r.elapsed_ms,
    )


async def why(
    info: Info,
    source: Annotated[strawberry.ID, arg("Where the paths start (memory or entity).")],
    target: Annotated[strawberry.ID, arg("Where they end.")],
    max_hops: Annotated[int, arg("Longest path, in edges (1-8).")] = 6,
    limit: Annotated[int, arg("Paths returned (1-50).")] = 10,
) -> WhyResult:
    """The paths joining two nodes, ranked by cumulative strength (product of edge weights)."""
    ctx = info.context
    r = await paths.why(ctx.deps, ctx.user_id, str(source), str(target), max_hops, limit)

    def node(node_id: str) -> GraphNode:
        return to_node(r.labels.get(node_id) or nodes.GraphNode(node_id, "memory", False, ""))

    return WhyResult(
        source=to_node(r.source),
        target=to_node(r.target),
        paths=[
            WhyPath(
                nodes=[node(n) for n in p.nodes], relations=p.relations, cumulative_strength=p.strength, hops=p.hops
            )
            for p in r.paths
        ],
        total_paths_found=r.total_paths_found,
        truncated=r.truncated,
        elapsed_ms=r.elapsed_ms,
    )


# --- snapshot and drift -----------------------------------------------------------


@strawberry.input(description="A snapshot to take.")
class SnapshotInput:
    label: str = strawberry.field(description="What to call it (1-200 characters).")
    agent_id: str | None = strawberry.field(default=None, description="The agent taking it.")


def to_snapshot(s: drift_service.Snapshot) -> Snapshot:
    return Snapshot(
        id=strawberry.ID(s.id),
        label=s.label,
        agent_id=s.agent_id,
        kind=s.kind,
        taken_at=s.taken_at,
        graph_generation=s.generation,
        node_count=s.node_count,
        memory_count=s.memory_count,
        entity_count=s.entity_count,
        edge_count=s.edge_count,
    )


async def snapshot(info: Info, input: Annotated[SnapshotInput, arg("The snapshot.")]) -> Snapshot:
    """Records the caller's graph (edge weights, node and edge counts) for a later drift."""
    ctx = info.context
    return to_snapshot(await drift_service.take_snapshot(ctx.deps, ctx.user_id, input.label, input.agent_id))


async def drift(
    info: Info,
    agent_id: Annotated[str | None, arg("The calling agent (last_session: its sessions first).")] = None,
    since: Annotated[str, arg('"last_session", an ISO-8601 time or a snapshot id.')] = drift_service.LAST_SESSION,
    include_weight_drift: Annotated[bool, arg("Report the edges whose weight moved.")] = True,
    limit: Annotated[int, arg("Most nodes and drifts listed (1-500).")] = 50,
) -> Drift:
    """What changed in the caller's graph since a snapshot: nodes, edges and weights."""
    ctx = info.context
    d = await drift_service.drift(ctx.deps, ctx.user_id, agent_id, since, include_weight_drift, limit)
    return Drift(
        since=d.since,
        baseline=to_snapshot(d.baseline),
        node_count_delta=d.node_count_delta,
        edge_count_delta=d.edge_count_delta,
        new_nodes=[to_node(n) for n in d.new_nodes],
        new_node_count=d.new_node_count,
        removed_nodes=[to_node(n) for n in d.removed_nodes],
        removed_node_count=d.removed_node_count,
        top_weight_drifts=[
            WeightDrift(
                edge=w.edge,
                from_node=to_node(w.from_node),
                to_node=to_node(w.to_node),
                old=w.old,
                new=w.new,
                delta=w.delta,
            )
            for w in d.top_weight_drifts
        ],
        drifted_edge_count=d.drifted_edge_count,
        elapsed_ms=d.elapsed_ms,
    )


# --- trails -----------------------------------------------------------------------


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
    from_hypotheses: list[str] = strawberry.field(default_factory=list, description="Statements it came from.")
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
        default_factory=list, description="Nodes visited (≤500); nodes named as evidence or boosts are added."
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
            boosts={str(b.node_id): b.boost for b in input.activation_boosts},
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
    filter_tags: Annotated[list[str] | None, arg("Only trails with any of these tags.")] = None,
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
                to_node=_optional_id(c.to_node),
                weight=c.weight,
                trails=[strawberry.ID(i) for i in c.trails],
            )
            for c in r.connections
        ],
        trail=to_trail(r.merged),
        elapsed_ms=r.elapsed_ms,
    )
