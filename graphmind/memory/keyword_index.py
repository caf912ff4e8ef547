"""The caller's own keyword index: each memory's distinct terms as `HAS_TERM {count}`
to the user's `Term` nodes (a term's document frequency is its degree), its length in
terms, and the User's `keywordDocs`/`keywordTokens`. Recall's keyword channel scores BM25
from these alone (cypher/memory/rank.cypher), so a tenant's ranking never depends on
other tenants' text. Whoever writes a memory's text keeps the index true in the same
transaction: `add` after a create, `remove` before a delete, both around a rewrite."""

from graphmind.core.terms import TermCounts

_FIELDS = ("id", "terms", "termCounts", "termLength")


def term_properties(text: str) -> dict:
    """`text`'s terms as index_terms takes them (terms, termCounts, termLength)."""
    return TermCounts.of(text).properties()


async def add(tx, rows: list[dict]) -> None:
    """Indexes memories; each row has the memory's `id` and its `term_properties`."""
    if rows:
        await tx.run("memory.index_terms", rows=[{k: row[k] for k in _FIELDS} for row in rows])


async def remove(tx, ids: list[str]) -> None:
    if ids:
        await tx.run("memory.unindex_terms", ids=ids)
