"""The store's embedding space: which model and precision made the vectors in the
memories' index (an `EmbeddingSpace` node, `cypher/system/embedding_space.cypher`).

Vectors of one text at float32 and at int8 are 0.99 alike, not 1.0: a store whose
memories were embedded at one precision and whose queries (or new memories) are embedded
at the other would rank and deduplicate on skewed similarities. The first process that
embeds into a store records its model and precision there (a store that already holds
memories from before this record existed: float32, what every earlier GraphMind used);
every later process embeds the same way: at the store's precision when it is set to
`auto` (the default; int8 for a new store), else it does not start at another.
"""

from graphmind.db.database import Database
from graphmind.errors import GraphMindError

SPACE = "memory_embedding"  # the vector index whose vectors the record describes


async def settle(db: Database, model: str, precision: str, new_store: str, name: str = SPACE) -> str:
    """The precision to embed at: the store's. A store with no record yet records `model`
    and `precision` (`new_store` when `precision` is "auto"). Raises GraphMindError when
    the store's model, or its precision when one is asked for, is another."""
    wanted = new_store if precision == "auto" else precision
    [space] = await db.write("system.embedding_space", space=name, model=model, precision=wanted)
    if space["model"] != model or precision not in ("auto", space["precision"]):
        raise GraphMindError(
            f"this store's memories were embedded by {space['model']} at {space['precision']}; "
            f"this process embeds by {model} at {precision}, whose vectors would not compare with "
            f"theirs: set GRAPHMIND_EMBEDDING_PRECISION={space['precision']} or auto (or use another store)"
        )
    return space["precision"]
