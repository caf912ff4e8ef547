"""What the shared writers (events, edges) run in, without depending on the database layer."""

from typing import Any, Protocol


class QueryRunner(Protocol):
    """A transaction of `graphmind.db`: runs a named query of the Cypher library, returns its rows."""

    async def run(self, name: str, **params: Any) -> list[dict[str, Any]]: ...
