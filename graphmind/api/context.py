"""What the lifespan owns and what every request's resolvers receive."""

from dataclasses import dataclass
from typing import TypedDict

import strawberry
from starlette.requests import HTTPConnection

from graphmind.deps import Deps


class Resources(TypedDict):
    """The lifespan's state: created once at startup, closed at shutdown."""

    deps: Deps


@dataclass
class Context:
    """The per-request context: the caller and the shared resources."""

    user_id: str
    deps: Deps
    request: HTTPConnection


def build_context(connection: HTTPConnection) -> Context:
    deps: Deps = connection.state.deps
    return Context(
        user_id=deps.settings.default_user_id,  # API keys decide the caller later (security)
        deps=deps,
        request=connection,
    )


Info = strawberry.Info[Context, None]


def arg(description: str):
    """A GraphQL argument with its one-line description."""
    return strawberry.argument(description=description)
