"""The `health` query: Neo4j version, index states, the model and node counts."""

import strawberry

from graphmind import __version__
from graphmind.api.context import Info
from graphmind.db.migrations import index_states


@strawberry.type(description="One Neo4j index and how far it is built.")
class IndexInfo:
    name: str = strawberry.field(description="Index name, e.g. memory_embedding.")
    type: str = strawberry.field(description="RANGE, VECTOR, FULLTEXT, LOOKUP, …")
    state: str = strawberry.field(description="ONLINE, POPULATING or FAILED.")
    population_percent: float = strawberry.field(description="Percent of entries indexed.")


@strawberry.type(description="The embedding model the service uses.")
class EmbeddingInfo:
    model: str = strawberry.field(description="Model name (all-MiniLM-L6-v2).")
    dimension: int = strawberry.field(description="Vector dimension (384).")


@strawberry.type(description="How many of the caller's nodes carry a label.")
class NodeCount:
    label: str = strawberry.field(description="Node label, e.g. Memory.")
    count: int = strawberry.field(description="Number of the caller's nodes with it.")


@strawberry.type(description="The state of the service and its database.")
class Health:
    status: str = strawberry.field(description="ok when Neo4j answered.")
    version: str = strawberry.field(description="GraphMind version.")
    neo4j_version: str = strawberry.field(description="Neo4j server version, e.g. 2026.09.0.")
    neo4j_edition: str = strawberry.field(description="Neo4j edition (community).")
    indexes: list[IndexInfo] = strawberry.field(description="Every index with its state.")
    embedding: EmbeddingInfo = strawberry.field(description="The embedding model.")
    node_counts: list[NodeCount] = strawberry.field(description="The caller's nodes per label.")


async def resolve_health(info: Info) -> Health:
    ctx = info.context
    db = ctx.deps.db
    [server] = await db.read("system.server_version")
    counts = await db.read("system.user_node_counts", userId=ctx.user_id)
    return Health(
        status="ok",
        version=__version__,
        neo4j_version=server["version"],
        neo4j_edition=server["edition"],
        indexes=[
            IndexInfo(name=s.name, type=s.type, state=s.state, population_percent=s.population_percent)
            for s in await index_states(db)
        ],
        embedding=EmbeddingInfo(model=ctx.deps.embedder.model_name, dimension=ctx.deps.embedder.dimension),
        node_counts=[NodeCount(label=r["label"], count=r["count"]) for r in counts],
    )
