"""The caller's own keyword index: each memory's distinct terms as `HAS_TERM {count}`
to the user's `Term` nodes (a term's document frequency is its degree), its length in
terms, and the User's `keywordDocs`/`keywordTokens`. Recall's keyword channel scores BM25
from these alone (cypher/memory/lexical_candidates.cypher), so a tenant's ranking never depends on
other tenants' text. Whoever writes a memory's text keeps the index true in the same
transaction: `add` after a create (remember's `memory.create_memories` includes
`memory.index_terms` instead, one round trip fewer), `remove` before a delete, both around
a rewrite."""

from graphmind.core.terms import index_rows


async def add(tx, memories: list[dict]) -> None:
    """Indexes memories given by `id` and `content` (as written)."""
    if memories:
        await tx.run("memory.index_terms", termRows=index_rows(memories))


async def remove(tx, ids: list[str]) -> None:
    if ids:
        await tx.run("memory.unindex_terms", ids=ids)
