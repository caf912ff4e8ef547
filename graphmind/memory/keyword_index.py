"""The caller's own keyword index: each memory's distinct terms as `HAS_TERM {count}`
to the user's `Term` nodes (a term's document frequency is its degree), its length in
terms, and the User's `keywordDocs`/`keywordTokens`. Recall's keyword channel scores BM25
from these alone (cypher/memory/lexical_candidates.cypher), so a tenant's ranking never depends on
other tenants' text. Whoever writes a memory keeps the index true in the same transaction:
remember's `memory.create_memories` includes `memory.index_terms`, and `remove` runs before
a delete. A memory's text is never rewritten (an edit is a new version: memory/versions.py)."""


async def remove(tx, ids: list[str]) -> None:
    if ids:
        await tx.run("memory.unindex_terms", ids=ids)
