"""The MCP server over streamable HTTP at /mcp of the running service.

Stateless and answering in plain JSON (no session to keep, every request stands alone),
behind the same check as POST /graphql (`api.guard.admit`): the API key decides the
caller, a missing or wrong key is refused with 401, a caller over its rate limit (or an
address that sent too many wrong keys: security/auth_failures.py) with 429,
a caller whose data is being deleted with 409; each request is counted as its caller's
while it runs (`api/in_flight.py`). POST is the only method it answers: any other is 405.
The SDK's own refusals, which it answers in plain text (413 body too large, 421 Host
header, 403 Origin header, 400 Content-Type) or as a JSON-RPC error without a code (400: a
body that is not JSON, or not one JSON-RPC request), go out in the same shape as ours: a
JSON-RPC error whose `data` carries the GraphQL code; so does the app's own Host check
(api/hosts.py), which runs first, with `refuse`. A browser client on an origin of
GRAPHMIND_CORS_ORIGINS is let in as on /graphql (`CORS_HEADERS`, `transport_security`).
The app's lifespan enters `running()` (the SDK's session manager), since a route's own
lifespan never runs.
"""

import json
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from http import HTTPStatus
from typing import Any, cast

from mcp.server.transport_security import TransportSecuritySettings
from mcp.types import INVALID_PARAMS, INVALID_REQUEST
from starlette.requests import ClientDisconnect
from starlette.routing import Route
from starlette.types import ASGIApp, Message, Receive, Send

from graphmind.api.errors import masked
from graphmind.api.guard import STATUS, BodyTooLarge, admit, refusal_headers
from graphmind.api.hosts import LOOPBACK_HOSTS, hosts_checked, is_loopback, normal
from graphmind.errors import BadUserInput, Forbidden, GraphMindError
from graphmind.mcp.gateway import Call, Gateway
from graphmind.mcp.protocol_errors import has_code
from graphmind.mcp.server import build_server
from graphmind.settings import Settings

PATH = "/mcp"
REFUSED = -32001  # JSON-RPC server error: the request was refused before MCP saw it
NOT_POST = "Method Not Allowed: /mcp takes POST only"
NOT_ONE_MESSAGE = (
    'the body must be one JSON-RPC 2.0 request: an object with "jsonrpc": "2.0", an "id" and a "method" (not a batch)'
)
_PASSED = (406, 415)  # the SDK's JSON refusals that pass unchanged (docs/agents.md)
_BODY_HEADERS = (b"content-type", b"content-length")  # of a plain-text refusal, replaced with ours
CORS_HEADERS = ("Mcp-Protocol-Version", "Mcp-Method", "Mcp-Name")  # request headers MCP clients send


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
            transport_security=transport_security(self.settings),
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
            client = scope.get("client")
            state["caller"] = caller = await admit(state, headers, client[0] if client else None)
            if scope["method"] != "POST":
                # POST is all a stateless server answers. A GET opens the stream of server-initiated
                # messages, which it never sends: the SDK kept it open with pings for ever, counted
                # as the user's request (a deleteUserData waited its 30 s out; QA), and the spec
                # lets a server answer 405. A DELETE ends a session, which it never has. The SDK
                # answered those and PUT, PATCH, HEAD, OPTIONS uncoded, with an Allow of methods
                # that did not work, or none (QA). The preflight of an origin of
                # GRAPHMIND_CORS_ORIGINS never gets here: CORSMiddleware answers it.
                return await refuse(send, BadUserInput(NOT_POST), 405, [(b"allow", b"POST")])
            state["in_flight"].enter(caller.user_id)  # CONFLICT while the user's data is being deleted
        except GraphMindError as error:
            return await refuse(send, error, STATUS.get(error.code, 500))
        transport = cast(ASGIApp, self.transport)  # set: the app's lifespan enters running() before any request
        try:
            if scope["method"] == "POST":
                receive = await _body_read_first(receive, self.settings.max_body_bytes)
            await transport(scope, receive, self._coded(send))
        finally:
            state["in_flight"].leave(caller.user_id)

    def _coded(self, send: Send) -> Send:
        """`send`, but a refusal the SDK answers in plain text (or with no body) goes out as
        ours do, with the SDK's status (`sdk_refusal`); one it answers as a JSON-RPC error
        without `data.code` (a body that is not JSON, or not one JSON-RPC message) gets the
        code too, keeping its JSON-RPC code and id (`sdk_json_refusal`)."""
        start: Message | None = None
        body = b""

        async def coded(message: Message) -> None:
            nonlocal start, body
            if message["type"] == "http.response.start" and message["status"] >= 400:
                if not (_json(message) and message["status"] in _PASSED):
                    start = message
                    return
            if start is None:
                return await send(message)
            body += message.get("body", b"")
            if not message.get("more_body", False):
                status, kept = start["status"], [h for h in start["headers"] if h[0].lower() not in _BODY_HEADERS]
                if not _json(start):
                    answer = sdk_refusal(status, body.decode("utf-8", "replace"), self.settings), REFUSED, None
                elif (coded_answer := sdk_json_refusal(status, body, self.settings)) is not None:
                    answer = coded_answer
                else:  # coded already: the server's own error, which the 2026 protocol answers with a 4xx
                    await send(start)
                    return await send({"type": "http.response.body", "body": body})
                error, rpc_code, request_id = answer
                await refuse(send, error, status, kept, rpc_code=rpc_code, request_id=request_id)

        return coded


def sdk_refusal(status: int, text: str, settings: Settings) -> GraphMindError:
    """The SDK's plain-text refusal as our error: 413 BAD_USER_INPUT as on /graphql (with its
    message), 403 and 421 (its Origin and Host checks) FORBIDDEN, another 4xx BAD_USER_INPUT, a 5xx INTERNAL (masked, logged with a correlation id)."""
    reason = text.strip() or HTTPStatus(status).phrase
    if status == 413:
        return BodyTooLarge.over(settings.max_body_bytes)
    if status in (403, 421):
        return Forbidden(reason)
    return BadUserInput(reason) if status < 500 else masked(None, f"the MCP SDK answered {status}: {reason}")


def sdk_json_refusal(status: int, body: bytes, settings: Settings) -> tuple[GraphMindError, int, Any] | None:
    """(error, JSON-RPC code, id) for a JSON-RPC error the SDK answered without `data.code`;
    None when it has one. A body that is not one JSON-RPC message (a batch, a wrong
    `jsonrpc`, no method) is -32600 Invalid Request with a short message: the SDK answered
    -32602 with pydantic's dump of several kilobytes, echoing the body (QA). Otherwise the
    SDK's JSON-RPC code and message stay (-32700 Parse error: …), coded by status as a
    plain-text refusal is (`sdk_refusal`), with the SDK's `data` kept beside the code."""
    try:
        answer = json.loads(body)
        failure = answer["error"]
        code, message, data = int(failure["code"]), str(failure["message"]), failure.get("data")
    except (ValueError, TypeError, KeyError):  # not a JSON-RPC error: refused as its text is
        return sdk_refusal(status, body.decode("utf-8", "replace"), settings), REFUSED, None
    if has_code(data):
        return None
    request_id = answer.get("id")
    if status == 400 and request_id is None and code in (INVALID_REQUEST, INVALID_PARAMS):
        return BadUserInput(NOT_ONE_MESSAGE), INVALID_REQUEST, None
    error = sdk_refusal(status, message, settings)
    if isinstance(data, dict):
        error.extensions = {**data, **error.extensions}
    return error, code, request_id


def _json(start: Message) -> bool:
    return any(k.lower() == b"content-type" and v.startswith(b"application/json") for k, v in start["headers"])


async def refuse(
    send: Send,
    error: GraphMindError,
    status: int,
    headers: list | None = None,
    *,
    rpc_code: int = REFUSED,
    request_id: Any = None,
) -> None:
    """A refusal as a JSON-RPC error (no request id, unless the SDK's refusal had one) whose
    `data` carries the GraphQL code."""
    body = {
        "jsonrpc": "2.0",
        "id": request_id,
        "error": {
            "code": rpc_code,
            "message": f"{error.code}: {error.message}",
            "data": {"code": error.code, "message": error.message, **error.extensions},
        },
    }
    headers = [*(headers or []), *refusal_headers(error)]
    await send({"type": "http.response.start", "status": status, "headers": headers})
    await send({"type": "http.response.body", "body": json.dumps(body).encode()})


def transport_security(settings: Settings) -> TransportSecuritySettings | None:
    """The SDK's DNS-rebinding check as it sets it up on a loopback address (requests from
    localhost pages only), with the origins CORS allows (GRAPHMIND_CORS_ORIGINS) added, which
    /graphql accepts too; None elsewhere (no check). Its Host check admits what the app's,
    which runs first (api/hosts.py), admits: the loopback names, the bound address and the
    hosts of GRAPHMIND_ALLOWED_HOSTS, with or without a port (the SDK's own list wanted one)."""
    if not is_loopback(settings.host):
        return None
    hosts = {*LOOPBACK_HOSTS, normal(settings.host), *(hosts_checked(settings) or [])}  # bound: 127.0.0.2 too
    return TransportSecuritySettings(
        enable_dns_rebinding_protection=True,
        allowed_hosts=[pattern for host in sorted(hosts) for pattern in (host, f"{host}:*")],
        allowed_origins=[*(f"http://{host}:*" for host in LOOPBACK_HOSTS), *settings.cors_origins],
    )


async def _body_read_first(receive: Receive, limit: int) -> Receive:
    """Reads a request's body (up to just over `limit`: the SDK refuses a larger one with 413)
    and returns a `receive` that replays it. A client that goes away meanwhile raises
    ClientDisconnect here, which the app ends quietly (api/disconnects.py); read by the SDK,
    it was logged as an error with a traceback (QA)."""
    messages: list[Message] = []
    size = 0
    while not messages or (messages[-1].get("more_body") and size <= limit):
        message = await receive()
        if message["type"] == "http.disconnect":
            raise ClientDisconnect()
        messages.append(message)
        size += len(message.get("body", b""))

    async def replay() -> Message:
        return messages.pop(0) if messages else await receive()

    return replay
