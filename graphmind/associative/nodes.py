"""The nodes of the associative graph (memories and entities), looked up by id for the caller."""

from collections.abc import Awaitable, Callable
from dataclasses import dataclass

from graphmind.errors import Conflict, NotFound

Runner = Callable[..., Awaitable[list[dict]]]
MAX_LABEL = 120


@dataclass(frozen=True)
class GraphNode:
    id: str
    kind: str  # "memory" or "entity"
    active: bool
    label: str


def short(text: str | None) -> str:
    text = (text or "").strip()
    return text if len(text) <= MAX_LABEL else text[: MAX_LABEL - 1] + "…"


async def resolve(run: Runner, user_id: str, ids: list[str]) -> dict[str, GraphNode]:
    """The caller's nodes among `ids` (`run` is `tx.run` or `db.read`)."""
    if not ids:
        return {}
    rows = await run("associative.resolve_nodes", userId=user_id, ids=list(dict.fromkeys(ids)))
    return {r["id"]: GraphNode(r["id"], r["kind"], r["active"], short(r["label"])) for r in rows}


async def require(run: Runner, user_id: str, ids: list[str], what: str = "node") -> dict[str, GraphNode]:
    """Like `resolve`, but every id must be the caller's node (NOT_FOUND otherwise: another
    user's node is indistinguishable from a missing one)."""
    found = await resolve(run, user_id, ids)
    missing = [i for i in dict.fromkeys(ids) if i not in found]
    if missing:
        raise NotFound(f"no {what} {', '.join(missing[:10])}" + (" …" if len(missing) > 10 else ""))
    return found


async def require_active(run: Runner, user_id: str, ids: list[str], what: str = "node") -> dict[str, GraphNode]:
    """Like `require`, and none of them a forgotten (archived) or superseded memory, which
    spreading and paths never pass through: naming one is CONFLICT (it is the caller's and
    `memory(id)` shows it, so not NOT_FOUND)."""
    found = await require(run, user_id, ids, what)
    inactive = [n.id for n in found.values() if not n.active]
    if inactive:
        raise Conflict(
            f"memories {', '.join(inactive[:10])}{' …' if len(inactive) > 10 else ''} are not active "
            "(forgotten or superseded); restore a forgotten one first"
        )
    return found
