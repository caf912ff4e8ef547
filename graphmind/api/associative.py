"""GraphQL inputs and resolvers of the associative graph: learn, activate, why, snapshot,
drift, saveTrail, resumeTrail, trail, trails, mergeTrails."""

from typing import Annotated

import strawberry

from graphmind.api.associative_types import (
    ActivationResult,
    Drift,
    GraphNode,
    LearnResult,
    Snapshot,
    WeightDrift,
    WhyPath,
    WhyResult,
    to_activated,
    to_node,
    to_snapshot,
)
from graphmind.api.context import Info, arg
from graphmind.api.ids import optional_id
from graphmind.associative import activation, nodes, paths
from graphmind.associative import drift as drift_service
from graphmind.associative import learn as learn_service

# --- learn ------------------------------------------------------------------------


@strawberry.input(description="Feedback on what a query returned (m1nd learn).")
class LearnInput:
    query: str = strawberry.field(description="The query of the recall or activate the feedback is about.")
    agent_id: str = strawberry.field(description="The agent giving the feedback.")
    feedback: learn_service.Feedback = strawberry.field(description="CORRECT, WRONG or PARTIAL.")
    node_ids: list[strawberry.ID] = strawberry.field(description="The reported memories or entities (1-100).")
    strength: float = strawberry.field(default=0.2, description="Plasticity rate, more than 0, at most 1.")


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
        retrieval_id=optional_id(r.retrieval_id),
        seeds=[strawberry.ID(i) for i in r.seeds],
        boosted_from_trail=optional_id(r.boosted_from_trail),
        nodes=[to_activated(n) for n in r.nodes],
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
