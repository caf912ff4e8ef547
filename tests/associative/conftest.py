"""A small hand-built graph on the real Neo4j, for hand-computed expectations.

Memories a..e are stored in that order (timeline NEXT a-b-c-d-e-f, weight 0.5 in
spreading and paths), a day apart; f is five minutes after a (its temporal neighbour).
Association edges, set exactly (strengthening a missing edge at rate w gives w):
a-b 0.8, b-c 0.6, a-d 0.3, c-e 0.9.
"""

from dataclasses import dataclass
from datetime import UTC, datetime, timedelta

import pytest

from graphmind.core import edges

DAY0 = datetime(2026, 3, 2, 9, 0, tzinfo=UTC)
TEXTS = {
    "a": "the cache layer uses a write through policy",
    "b": "the write through policy doubles write latency",
    "c": "write latency matters for the checkout flow",
    "d": "the checkout flow was redesigned in spring",
    "e": "spring redesign moved payments to a new queue",
    "f": "cache warmup happens right after each deploy",
}
WEIGHTS = {("a", "b"): 0.8, ("b", "c"): 0.6, ("a", "d"): 0.3, ("c", "e"): 0.9}


@dataclass
class Graph:
    user_id: str
    ids: dict[str, str]

    def name(self, node_id: str) -> str:
        return next(k for k, v in self.ids.items() if v == node_id)


async def set_edges(deps, user_id: str, weights: dict[tuple[str, str], float], ids: dict[str, str]) -> None:
    changes = [edges.change(ids[x], ids[y], w, True) for (x, y), w in weights.items()]
    await deps.db.transaction(lambda tx: edges.adjust(tx, user_id, deps.clock.now(), changes))


@pytest.fixture
async def graph(remember, deps, user_id) -> Graph:
    ids = {}
    for i, key in enumerate("abcde"):
        ids[key] = (await remember(TEXTS[key], validFrom=(DAY0 + timedelta(days=i)).isoformat())).memory.id
    ids["f"] = (await remember(TEXTS["f"], validFrom=(DAY0 + timedelta(minutes=5)).isoformat())).memory.id
    await set_edges(deps, user_id, WEIGHTS, ids)
    return Graph(user_id, ids)
