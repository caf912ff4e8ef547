"""What the lifespan owns and what every request's resolvers receive."""

from dataclasses import dataclass
from functools import cached_property
from typing import TypedDict, cast

import strawberry
from starlette.requests import HTTPConnection

from graphmind.api.in_flight import InFlight
from graphmind.api.loaders import Loaders
from graphmind.deps import Deps
from graphmind.errors import BadUserInput
from graphmind.learning.tail import EventTail
from graphmind.security.auth import Authenticator, Caller
from graphmind.security.auth_failures import FailedAuthentications
from graphmind.security.keys import Role
from graphmind.security.ratelimit import RateLimiter


class Resources(TypedDict):
    """The lifespan's state: created once at startup, closed at shutdown."""

    deps: Deps
    authenticator: Authenticator
    failed_authentications: FailedAuthentications
    rate_limiter: RateLimiter
    event_tail: EventTail
    in_flight: InFlight


@dataclass
class Context:
    """The per-request context: the caller (decided by the API key) and the shared resources;
    `request` is the HTTP request or websocket (None for MCP over stdio, mcp/stdio.py)."""

    caller: Caller
    deps: Deps
    request: HTTPConnection | None
    memories_asked: int = 0  # memories this request's fields asked to store so far

    @property
    def user_id(self) -> str:
        return self.caller.user_id

    def ask_to_store(self, count: int, limit: int, field: str) -> None:
        """Counts memories a field of this request stores; BAD_USER_INPUT past `limit` for the
        whole request, so aliases cannot multiply a batch's limit (QA: 30 aliases of one
        rememberMany asked for 30 × 1000 embeddings for one rate-limit token)."""
        self.memories_asked += count
        if self.memories_asked > limit:
            raise BadUserInput(f"at most {limit} memories per request, across its fields", field=field)

    @cached_property
    def loaders(self) -> Loaders:
        """This request's DataLoaders (api/loaders.py)."""
        return Loaders(self.deps, self.user_id)

    @property
    def authenticator(self) -> Authenticator:
        """The process's authenticator (security/auth.py), for a subscription to check its key again."""
        # subscriptions run over the /graphql websocket only: never without a request
        return cast(HTTPConnection, self.request).state.authenticator

    @property
    def event_tail(self) -> EventTail:
        """The process's feed of `events` subscriptions (learning/tail.py)."""
        # subscriptions run over the /graphql websocket only: never without a request
        return cast(HTTPConnection, self.request).state.event_tail


NOBODY = Caller("", Role.AGENT)  # GET /graphql only serves GraphiQL: it runs no operation


def build_context(connection: HTTPConnection) -> Context:
    """The guard (api/guard.py) has authenticated the caller of every POST and websocket."""
    caller = getattr(connection.state, "caller", None) or NOBODY
    return Context(caller=caller, deps=connection.state.deps, request=connection)


Info = strawberry.Info[Context, None]


def arg(description: str):
    """A GraphQL argument with its one-line description."""
    return strawberry.argument(description=description)
