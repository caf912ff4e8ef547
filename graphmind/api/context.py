"""What the lifespan owns and what every request's resolvers receive."""

from dataclasses import dataclass
from typing import TypedDict

import strawberry
from starlette.requests import HTTPConnection

from graphmind.db.database import Database
from graphmind.embeddings import Embedder
from graphmind.settings import Settings


class Resources(TypedDict):
    """The lifespan's state: created once at startup, closed at shutdown."""

    settings: Settings
    db: Database
    embedder: Embedder


@dataclass
class Context:
    """The per-request context: the caller and the shared resources."""

    user_id: str
    settings: Settings
    db: Database
    embedder: Embedder
    request: HTTPConnection


def build_context(connection: HTTPConnection) -> Context:
    state = connection.state
    settings: Settings = state.settings
    return Context(
        user_id=settings.default_user_id,  # API keys decide the caller later (security)
        settings=settings,
        db=state.db,
        embedder=state.embedder,
        request=connection,
    )


Info = strawberry.Info[Context, None]
