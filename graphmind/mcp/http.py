"""The MCP server over streamable HTTP at /mcp of the running service.

Stateless and answering in plain JSON (no session to keep, every request stands alone),
behind the same check as POST /graphql (`api.guard.admit`): the API key decides the
caller, a missing or wrong key is refused with 401, a caller over its rate limit with 429,
a caller whose data is being deleted with 409; each request is counted as its caller's
while it runs (`api/in_flight.py`).
The app's lifespan enters `running()` (the SDK's session manager), since a route's own
lifespan never runs.
"""

import json
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import cast

from starlette.routing import Route
from starlette.types import ASGIApp

from graphmind.api.guard import STATUS, admit, refusal_headers
from graphmind.errors import GraphMindError
from graphmind.mcp.gateway import Call, Gateway
from graphmind.mcp.server import build_server
from graphmind.settings import Settings

PATH = "/mcp"
REFUSED = -32001  # JSON-RPC server error: the request was refused before MCP saw it


async def _http_call(ctx) -> Call:
    """The caller the guard put in the request's state, and the lifespan's resources."""
    request = ctx.request_context.request
    return Call(caller=request.state.caller, deps=request.state.deps, connection=request)


class McpHttp:
    """The ASGI endpoint of /mcp: admits a request as /graphql does, or answers the refusal
    itself (a JSON-RPC error whose data carries the GraphQL code), then hands it to the SDK's
    streamable HTTP transport, which `running()` starts (afresh each time the app starts)."""

    def __init__(self, settings: Settings, schema) -> None:
        self.settings = settings
        self.server = build_server(Gateway(schema, _http_call))
        self.transport: ASGIApp | None = None

    def route(self) -> Route:
        return Route(PATH, endpoint=self)

    @asynccontextmanager
    async def running(self) -> AsyncIterator[None]:
        """The SDK's session manager, for as long as the app runs (its lifespan enters this)."""
        app = self.server.streamable_http_app(
            streamable_http_path=PATH,
            stateless_http=True,
            json_response=True,
            host=self.settings.host,
            max_request_body_size=self.settings.max_body_bytes,
        )
        [transport] = [route.endpoint for route in app.routes if isinstance(route, Route) and route.path == PATH]
        async with self.server.session_manager.run():
            self.transport = transport
            try:
                yield
            finally:
                self.transport = None

    async def __call__(self, scope, receive, send) -> None:
        state = scope.setdefault("state", {})
        headers = {k.decode("latin-1").lower(): v.decode("latin-1") for k, v in scope["headers"]}
        try:
            state["caller"] = caller = await admit(state, headers)
            state["in_flight"].enter(caller.user_id)  # CONFLICT while the user's data is being deleted
        except GraphMindError as error:
            body = json.dumps(
                {
                    "jsonrpc": "2.0",
                    "id": None,
                    "error": {
                        "code": REFUSED,
                        "message": f"{error.code}: {error.message}",
                        "data": {"code": error.code, "message": error.message, **error.extensions},
                    },
                }
            ).encode()
            await send(
                {
                    "type": "http.response.start",
                    "status": STATUS.get(error.code, 500),
                    "headers": refusal_headers(error),
                }
            )
            await send({"type": "http.response.body", "body": body})
            return
        transport = cast(ASGIApp, self.transport)  # set: the app's lifespan enters running() before any request
        try:
            await transport(scope, receive, send)
        finally:
            state["in_flight"].leave(caller.user_id)
