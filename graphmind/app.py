"""The Starlette application: `/graphql` (HTTP, GraphiQL, graphql-ws), `/mcp` (the MCP
server over streamable HTTP), `/export` (a user's data streamed), `/healthz`, `/metrics`
and `/` (links to them and the docs), on a loopback address each behind the Host check
against DNS rebinding (api/hosts.py); its lifespan owns the Neo4j driver, the embedding
model, the gardener and the MCP transport."""

import logging
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

from cross_web import HTTPException
from starlette.applications import Starlette
from starlette.middleware import Middleware
from starlette.middleware.cors import CORSMiddleware
from starlette.requests import Request
from starlette.responses import JSONResponse
from starlette.routing import Route, WebSocketRoute
from strawberry.asgi import GraphQL
from strawberry.types.unset import UNSET

from graphmind.api import graphiql, home
from graphmind.api.context import Context, Resources, build_context
from graphmind.api.disconnects import QuietDisconnects
from graphmind.api.export import export_endpoint
from graphmind.api.guard import Guard, control_characters_in
from graphmind.api.hosts import HostCheck, hosts_checked
from graphmind.api.in_flight import InFlight
from graphmind.api.metrics import at_most_every, metrics_endpoint
from graphmind.api.schema import build_schema
from graphmind.api.websocket import LegacyWSHandler, TransportWSHandler
from graphmind.core.clock import Clock
from graphmind.deps import Deps, open_deps
from graphmind.errors import GraphMindError
from graphmind.gardener.scheduler import Gardener
from graphmind.learning.tail import EventTail
from graphmind.mcp.http import CORS_HEADERS as MCP_CORS_HEADERS
from graphmind.mcp.http import PATH as MCP_PATH
from graphmind.mcp.http import McpHttp, refuse
from graphmind.security.auth import Authenticator
from graphmind.security.auth_failures import FailedAuthentications
from graphmind.security.ratelimit import RateLimiter
from graphmind.settings import Settings

log = logging.getLogger("graphmind")


class RefusedBody(HTTPException):
    """A body refused for what a part of it holds: 400, BAD_USER_INPUT with that part as
    `field` (`input.content` for `variables.input.content`)."""

    def __init__(self, reason: str, where: str) -> None:
        super().__init__(400, reason)
        self.field = where.removeprefix("variables.")


class GraphMindGraphQL(GraphQL[Context, None]):
    graphql_transport_ws_handler_class = TransportWSHandler  # the subscription cap, with a code
    graphql_ws_handler_class = LegacyWSHandler

    async def get_context(self, request, response) -> Context:
        context = build_context(request)
        if context.user_id:  # the caller reads its recalls' records (db/write_behind.py)
            await context.deps.db.behind.owner_settled(context.user_id)
        return context

    async def render_graphql_ide(self, request):
        """Our GraphiQL page (local assets, the tour of the loop), not strawberry's CDN one."""
        return graphiql.page()

    async def parse_http_body(self, request):
        """A body that is no JSON object (`null`, a number, bytes that are not UTF-8, arrays
        nested deeper than the parser recurses) is a bad request, not an internal error."""
        try:
            data = await super().parse_http_body(request)
        except (AttributeError, TypeError, ValueError, RecursionError) as e:
            raise HTTPException(400, "the body must be a JSON object with a GraphQL query") from e
        if where := control_characters_in(data):
            raise RefusedBody(f"control characters (such as NUL) and lone surrogates are not accepted: {where}", where)
        return data

    async def run(self, request, context=UNSET, root_value=UNSET):
        """Refused requests (no query, an unknown operation name, a subscription over POST, …)
        answer in the one error shape, a GraphQL error with a code, not in plain text."""
        try:
            return await super().run(request, context, root_value)
        except HTTPException as e:
            if self.is_websocket_request(request):
                raise
            code = "NOT_FOUND" if e.status_code == 404 else "BAD_USER_INPUT"
            field = {"field": e.field} if isinstance(e, RefusedBody) else {}
            return JSONResponse(
                {"data": None, "errors": [{"message": e.reason, "extensions": {"code": code, **field}}]},
                status_code=e.status_code,
            )


def create_app(settings: Settings | None = None, clock: Clock | None = None) -> Starlette:
    """The ASGI app; its lifespan owns the Neo4j driver, the embedding model, the gardener,
    the event tail and the MCP transport. Without arguments it reads the settings from the
    environment: each server process of `graphmind serve --workers N` makes its own
    (uvicorn's factory)."""
    settings = settings or Settings()
    clock = clock or Clock()

    schema = build_schema(settings)
    mcp = McpHttp(settings, schema)

    @asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[Resources]:
        async with open_deps(settings, clock) as deps, mcp.running():
            log.info("GraphMind ready at http://%s:%s/graphql (MCP at /mcp)", settings.host, settings.port)
            gardener = Gardener(deps) if settings.gardener_enabled else None
            if gardener:
                gardener.start()  # every process has one; the holder of the lease leads
            tail = EventTail(deps.db)
            try:
                yield Resources(
                    deps=deps,
                    authenticator=Authenticator(deps),
                    failed_authentications=FailedAuthentications(
                        RateLimiter(settings.auth_failures_per_minute, settings.auth_failure_burst, deps.db)
                    ),
                    event_tail=tail,
                    in_flight=InFlight(),
                    rate_limiter=RateLimiter(
                        settings.rate_limit_per_minute, settings.rate_limit_burst, deps.db, settings.rate_limit_lease
                    ),
                )
            finally:
                await tail.close()
                if gardener:
                    gardener.shutdown()
                    await gardener.resign()
                deps.metrics.process_exit()

    async def count_memories(request: Request) -> None:
        deps: Deps = request.state.deps
        rows = await deps.db.read("system.memory_status_counts")
        deps.metrics.set_memory_counts({r["status"]: r["count"] for r in rows})

    async def healthz(request: Request) -> JSONResponse:
        try:
            await request.state.deps.db.read("system.server_version")
        except GraphMindError as e:
            return JSONResponse({"status": "unavailable", "reason": e.message}, status_code=503)
        return JSONResponse({"status": "ok"})

    graphql = GraphMindGraphQL(
        schema,
        graphql_ide="graphiql" if settings.graphiql else None,
        allow_queries_via_get=False,  # recall writes (a Retrieval): never from a plain GET
        max_subscriptions_per_connection=settings.max_subscriptions_per_connection,
        allowed_origins=settings.cors_origins,  # the websocket's Origin check: the pages CORS lets in
    )
    middleware = [Middleware(Guard, max_body_bytes=settings.max_body_bytes)]
    if settings.cors_origins:
        middleware.insert(
            0,
            Middleware(
                CORSMiddleware,
                allow_origins=settings.cors_origins,
                allow_methods=["GET", "POST"],
                allow_headers=["Authorization", "Content-Type", *MCP_CORS_HEADERS],
            ),
        )
    middleware.insert(0, Middleware(QuietDisconnects))  # outermost: a client gone mid-request is no error
    allowed_hosts = hosts_checked(settings)
    if allowed_hosts is not None:  # against DNS rebinding: before anything else, on every route
        middleware.insert(0, Middleware(HostCheck, allowed=allowed_hosts, refusers={MCP_PATH: refuse}))
    return Starlette(
        routes=[
            Route("/", home.endpoint(settings.graphiql)),
            Route("/graphql", graphql, methods=["GET", "POST"]),
            WebSocketRoute("/graphql", graphql),
            Route("/export", export_endpoint),
            Route("/healthz", healthz),
            Route("/metrics", metrics_endpoint(at_most_every(settings.metrics_count_seconds, count_memories))),
            mcp.route(),
            *([graphiql.assets_mount()] if settings.graphiql else []),
        ],
        middleware=middleware,
        lifespan=lifespan,
    )
