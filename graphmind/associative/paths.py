"""`why`: the paths joining two nodes, ranked by cumulative strength (product of edge weights).

A bounded bidirectional search: partial paths grow one edge per step from the source
(up to ⌈maxHops/2⌉ edges) and from the target (up to ⌊maxHops/2⌋), each step in
`cypher/associative/extend_paths.cypher`, which keeps the `why_beam` strongest.
A path of L edges is the join of a source half of ⌈L/2⌉ edges and a target half of
⌊L/2⌋ meeting at one node, so each simple path is found once. On graphs small enough
for the beam the answer is every simple path up to maxHops; on dense ones the search
stops at the beam and says so (`truncated`), instead of running away.
"""

import math
import time
from dataclasses import dataclass, field

from graphmind.associative import nodes
from graphmind.associative.activation import max_entity_degree
from graphmind.deps import Deps
from graphmind.errors import BadUserInput

MAX_LIMIT = 50


@dataclass
class Path:
    nodes: list[str]
    relations: list[str]
    strength: float

    @property
    def hops(self) -> int:
        return len(self.relations)


@dataclass
class WhyResult:
    source: nodes.GraphNode
    target: nodes.GraphNode
    paths: list[Path]
    total_paths_found: int
    truncated: bool
    labels: dict[str, nodes.GraphNode] = field(default_factory=dict)
    elapsed_ms: float = 0.0


def join(from_source: list[list[Path]], from_target: list[list[Path]], max_hops: int) -> list[Path]:
    """Every simple path made of a source half (i edges) and a target half (j edges)
    meeting at one node, with i - j in {0, 1} and i + j <= max_hops."""
    ending: list[dict[str, list[Path]]] = [{} for _ in from_target]
    for j, halves in enumerate(from_target):
        for half in halves:
            ending[j].setdefault(half.nodes[-1], []).append(half)
    found = []
    for i, halves in enumerate(from_source):
        for j in (i, i - 1):
            if i == 0 or j < 0 or j >= len(from_target) or i + j > max_hops:
                continue
            for s in halves:
                for t in ending[j].get(s.nodes[-1], []):
                    if set(s.nodes[:-1]) & set(t.nodes):
                        continue
                    found.append(
                        Path(s.nodes + t.nodes[-2::-1], s.relations + t.relations[::-1], s.strength * t.strength)
                    )
    return found


async def why(deps: Deps, user_id: str, source: str, target: str, max_hops: int = 6, limit: int = 10) -> WhyResult:
    started = time.perf_counter()
    s = deps.settings
    if source == target:
        raise BadUserInput("source and target must differ", field="target")
    if not 1 <= max_hops <= s.max_graph_hops:
        raise BadUserInput(f"maxHops must be 1-{s.max_graph_hops}", field="maxHops")
    if not 1 <= limit <= MAX_LIMIT:
        raise BadUserInput(f"limit must be 1-{MAX_LIMIT}", field="limit")

    async def search(tx) -> tuple[dict, list[Path], bool]:
        ends = await nodes.require_active(tx.run, user_id, [source, target])
        [state] = await tx.run("associative.user_state", userId=user_id)
        max_degree = max_entity_degree(deps, state["memoryCount"])
        truncated = False

        async def grow(start: str, steps: int) -> list[list[Path]]:
            nonlocal truncated
            levels = [[Path([start], [], 1.0)]]
            for _ in range(steps):
                [row] = await tx.run(
                    "associative.extend_paths",
                    userId=user_id,
                    beam=s.why_beam,
                    maxDegree=max_degree,
                    timelineWeight=s.neighbour_share,
                    paths=[{"nodes": p.nodes, "relations": p.relations, "strength": p.strength} for p in levels[-1]],
                )
                truncated |= row["found"] > s.why_beam
                levels.append([Path(p["nodes"], p["relations"], p["strength"]) for p in row["paths"]])
            return levels

        paths = join(await grow(source, math.ceil(max_hops / 2)), await grow(target, max_hops // 2), max_hops)
        return ends, paths, truncated

    ends, paths, truncated = await deps.db.read_transaction(search)
    paths.sort(key=lambda p: (-p.strength, p.hops, p.nodes))
    shown = paths[:limit]
    labels = await nodes.resolve(deps.db.read, user_id, [n for p in shown for n in p.nodes])
    return WhyResult(
        ends[source], ends[target], shown, len(paths), truncated, labels, (time.perf_counter() - started) * 1000
    )
