"""Per-request DataLoaders: what many objects of one response need, read in one query.

A trail page asks for each trail's hypotheses, conclusions and visited nodes; the trail
loader gathers the trails a response touches and reads them in one `trails.state` query.
"""

from strawberry.dataloader import DataLoader

from graphmind import trails
from graphmind.deps import Deps
from graphmind.errors import NotFound


class Loaders:
    """Made once per request (`Context.loaders`): a loader caches only what its request read."""

    def __init__(self, deps: Deps, user_id: str) -> None:
        self._deps, self._user_id = deps, user_id
        self.trail: DataLoader[str, trails.Trail] = DataLoader(load_fn=self._trails)

    async def _trails(self, ids: list[str]) -> list[trails.Trail | NotFound]:
        found = await trails.get_trails(self._deps, self._user_id, list(dict.fromkeys(ids)))
        return [found.get(i) or NotFound(f"no trail {i}") for i in ids]
