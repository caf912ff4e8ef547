"""The GraphQL schema: every query, mutation and subscription of GraphMind.

`schema.graphql` at the top of the repository is exported from this module
(`graphmind export-schema`); a test fails when the two differ.
"""

import strawberry
from strawberry.extensions import MaxAliasesLimiter, MaxTokensLimiter, QueryDepthLimiter

from graphmind.api.errors import ErrorCodes
from graphmind.api.health import Health, resolve_health
from graphmind.settings import Settings


@strawberry.type(description="Read operations; every one is scoped to the calling user.")
class Query:
    health: Health = strawberry.field(
        resolver=resolve_health,
        description="Neo4j version, index states, the embedding model and node counts.",
    )


class GraphMindSchema(strawberry.Schema):
    def process_errors(self, errors, execution_context=None) -> None:
        """Errors are logged by ErrorCodes (internal ones, with a correlation id)."""


def build_schema(settings: Settings | None = None) -> strawberry.Schema:
    settings = settings or Settings()
    return GraphMindSchema(
        query=Query,
        extensions=[
            lambda: QueryDepthLimiter(max_depth=settings.max_query_depth),
            lambda: MaxTokensLimiter(max_token_count=settings.max_query_tokens),
            lambda: MaxAliasesLimiter(max_alias_count=settings.max_query_aliases),
            ErrorCodes,
        ],
    )


schema = build_schema()
