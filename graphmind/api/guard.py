"""The ASGI guard in front of /graphql: body size, authentication (with the limit on an
address's wrong keys: security/auth_failures.py), rate limit, the size of each websocket
message; and the check that no request carries control characters
(`control_characters_in`, used when the GraphQL view parses a body).

It answers refusals itself, as GraphQL error bodies with a code (so clients see one
error shape): BAD_USER_INPUT (413, body too large), UNAUTHENTICATED (401), CONFLICT (409,
the caller's data is being deleted: api/in_flight.py), RATE_LIMITED (429, with
Retry-After: the key's rate limit, or too many wrong keys from the address), UNAVAILABLE
(503, Neo4j down while checking a key). Each HTTP request is
counted as its caller's while it runs (`in_flight`). A refused websocket handshake gets
the same HTTP refusal (`refuse_websocket`: ASGI's websocket denial response, which uvicorn
and Starlette's TestClient offer); under a server without it, the handshake is closed
before it is accepted, which reaches the client as HTTP 403 (4401 or 4429 stays server-side). A websocket message larger than the body limit
closes the connection with 1009 (message too big) before the app reads it. The caller it
resolves is put in the request's state (`caller`) for the GraphQL context. `admit` (the
key, then the rate limit) is also the check in front of /mcp (graphmind/mcp/http.py) and
GET /export.
"""

import json
from typing import cast

from graphmind.api.in_flight import InFlight
from graphmind.core.visible import CONTROL
from graphmind.errors import GraphMindError, RateLimited, Unauthenticated
from graphmind.security.auth import Caller
from graphmind.security.auth_failures import FailedAuthentications
from graphmind.security.ratelimit import RateLimiter, refusal

TOO_BIG = 1009  # the websocket close code of a message too big (RFC 6455)
STATUS = {"BAD_USER_INPUT": 413, "UNAUTHENTICATED": 401, "CONFLICT": 409, "RATE_LIMITED": 429, "UNAVAILABLE": 503}


class BodyTooLarge(GraphMindError):
    code = "BAD_USER_INPUT"

    @classmethod
    def over(cls, limit: int) -> "BodyTooLarge":
        """The refusal of a body over `limit` bytes, worded alike on /graphql and /mcp."""
        return cls(f"the request body is larger than {limit} bytes")


async def admit(state: dict, headers: dict[str, str], client: str | None) -> Caller:
    """The caller of a request (its Authorization header), within its rate limit: the check
    in front of /graphql and /mcp alike (`state` is the lifespan's: authenticator,
    failed_authentications, rate_limiter). `client` is the address the request came from,
    whose wrong keys are limited (security/auth_failures.py)."""
    failures: FailedAuthentications = state["failed_authentications"]
    caller = await failures.caller(state["authenticator"], headers.get("authorization"), client)
    limiter: RateLimiter = state["rate_limiter"]
    wait = await limiter.take(caller.key_id or f"user:{caller.user_id}")
    if wait:
        raise refusal(wait)
    return caller


def refusal_headers(error: GraphMindError) -> list[tuple[bytes, bytes]]:
    """The headers of a refused HTTP request: Retry-After when rate limited, WWW-Authenticate
    when a key is missing or wrong."""
    headers = [(b"content-type", b"application/json")]
    if isinstance(error, RateLimited):
        wait = cast(float, error.extensions["retryAfterSeconds"])  # a float: ratelimit.refusal, which alone makes one
        headers.append((b"retry-after", str(int(wait) + 1).encode()))
    if isinstance(error, Unauthenticated):
        headers.append((b"www-authenticate", b"Bearer"))
    return headers


def error_body(error: GraphMindError) -> bytes:
    """A refusal as a GraphQL error body: the one error shape."""
    return json.dumps(
        {"data": None, "errors": [{"message": error.message, "extensions": {"code": error.code, **error.extensions}}]}
    ).encode()


class Guard:
    def __init__(self, app, max_body_bytes: int, path: str = "/graphql") -> None:
        self.app = app
        self.max_body_bytes = max_body_bytes
        self.path = path

    async def __call__(self, scope, receive, send) -> None:
        if (
            scope["type"] not in ("http", "websocket")
            or scope["path"] != self.path
            or (scope["type"] == "http" and scope["method"] != "POST")
        ):
            return await self.app(scope, receive, send)
        state = scope.setdefault("state", {})
        headers = {k.decode("latin-1").lower(): v.decode("latin-1") for k, v in scope["headers"]}
        try:
            if scope["type"] == "http":
                length = headers.get("content-length")
                if length and length.isdigit() and int(length) > self.max_body_bytes:
                    raise BodyTooLarge.over(self.max_body_bytes)
            client = scope.get("client")
            caller = await admit(state, headers, client[0] if client else None)
        except GraphMindError as error:
            return await self._refuse(scope, receive, send, error)
        state["caller"] = caller
        if scope["type"] == "http":
            in_flight: InFlight = state["in_flight"]
            try:
                in_flight.enter(caller.user_id)  # CONFLICT while the user's data is being deleted
            except GraphMindError as error:
                return await self._refuse(scope, receive, send, error)
            try:
                return await self.app(scope, self._bounded(receive), send)
            except BodyTooLarge as error:  # a chunked body went over the limit while the app read it
                return await self._refuse(scope, receive, send, error)
            finally:
                in_flight.leave(caller.user_id)
        return await self.app(scope, *self._bounded_messages(receive, send))

    def _bounded(self, receive):
        """Counts a body sent without Content-Length (chunked) against the limit too."""
        seen = 0

        async def bounded():
            nonlocal seen
            message = await receive()
            if message["type"] == "http.request":
                seen += len(message.get("body", b""))
                if seen > self.max_body_bytes:
                    raise BodyTooLarge.over(self.max_body_bytes)
            return message

        return bounded

    def _bounded_messages(self, receive, send):
        """A websocket message larger than the body limit closes the connection (1009, message
        too big) before the app parses it; what the app sends after that is dropped."""
        closed = False

        async def bounded():
            nonlocal closed
            message = await receive()
            if message["type"] == "websocket.receive" and message_bytes(message) > self.max_body_bytes:
                closed = True
                reason = f"a message is larger than {self.max_body_bytes} bytes"
                await send({"type": "websocket.close", "code": TOO_BIG, "reason": reason})
                return {"type": "websocket.disconnect", "code": TOO_BIG, "reason": reason}
            return message

        async def unless_closed(message) -> None:
            if not closed:
                await send(message)

        return bounded, unless_closed

    async def _refuse(self, scope, receive, send, error: GraphMindError) -> None:
        if scope["type"] == "websocket":
            code = 4429 if isinstance(error, RateLimited) else 4401 if isinstance(error, Unauthenticated) else 1011
            await refuse_websocket(scope, receive, send, error, STATUS.get(error.code, 500), code)
            return
        await refuse_http(send, error, STATUS.get(error.code, 500))


async def refuse_http(send, error: GraphMindError, status: int) -> None:
    """An HTTP refusal as a GraphQL error body with its code: the one error shape."""
    await send({"type": "http.response.start", "status": status, "headers": refusal_headers(error)})
    await send({"type": "http.response.body", "body": error_body(error)})


async def refuse_websocket(scope, receive, send, error: GraphMindError, status: int, close_code: int) -> None:
    """A refused websocket handshake. Where the ASGI server offers the denial response
    (`websocket.http.response`), the client gets what a refused request gets: the status, its
    headers (Retry-After, WWW-Authenticate) and the GraphQL error body with its code, so it can
    tell a wrong key (401) from a refused host (421) or a rate limit (429). Elsewhere the
    handshake is closed before it is accepted with `close_code`, which the client sees as
    HTTP 403."""
    await receive()  # the connect message
    if "websocket.http.response" not in scope.get("extensions", {}):
        await send({"type": "websocket.close", "code": close_code, "reason": error.message[:120]})
        return

    async def as_denial(message: dict) -> None:  # http.response.* as websocket.http.response.*
        await send({**message, "type": f"websocket.{message['type']}"})

    await refuse_http(as_denial, error, status)


def message_bytes(message: dict) -> int:
    """The size of a websocket message in bytes (text counted as UTF-8)."""
    text = message.get("text")
    if text is None:
        return len(message.get("bytes") or b"")
    return len(text) if text.isascii() else len(text.encode("utf-8", "surrogatepass"))


def control_characters_in(data, path: str = "") -> str | None:
    """Where a request holds a control character (NUL and the rest of C0 but tab, newline
    and carriage return), as a path such as `variables.input.content`; None when it holds
    none. Stored text must never carry them (a NUL truncates text in many clients)."""
    if isinstance(data, list):
        return next(
            (found for i, item in enumerate(data) if (found := control_characters_in(item, f"{path}[{i}]"))), None
        )
    if hasattr(data, "query") and hasattr(data, "variables"):  # one GraphQL request
        return control_characters_in(
            {"query": data.query, "variables": data.variables, "operationName": data.operation_name}, path
        )
    if isinstance(data, dict):
        for key, value in data.items():
            where = f"{path}.{key}" if path else str(key)
            if isinstance(key, str) and CONTROL.search(key):
                return where
            if found := control_characters_in(value, where):
                return found
        return None
    if isinstance(data, str) and CONTROL.search(data):
        return path or "body"
    return None
