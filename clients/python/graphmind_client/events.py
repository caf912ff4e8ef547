"""The `events` subscription: the caller's new events as they are written.

GraphQL subscriptions travel over a WebSocket in the graphql-transport-ws protocol (what
the server speaks): connection_init → connection_ack, subscribe, then a `next` message
per event until the client stops. The WebSocket comes from the `websockets` package
(`pip install "graphmind-client[events]"`), the most used and maintained asyncio
WebSocket library; everything else of the client needs only httpx and pydantic.
"""

from __future__ import annotations

import json
from collections.abc import AsyncIterator, Sequence
from datetime import datetime
from typing import Any

from graphmind_client.errors import ClientError, TransportError, Unauthenticated, from_graphql_error
from graphmind_client.models import Model

EVENTS = """subscription Events($after: Int, $types: [String!]) {
  events(after: $after, types: $types) { seq type at payload }
}"""
PROTOCOL = "graphql-transport-ws"


class Event(Model):
    """One event of the caller's log (`seq` grows by one per event of the user)."""

    seq: int
    type: str
    at: datetime
    payload: Any


def refused(status: int, body: bytes | None) -> ClientError:
    """The error of a refused handshake. The server answers it as it answers a refused
    request, a GraphQL error body with its code (UNAUTHENTICATED 401, FORBIDDEN 421 for a host
    it does not serve, RATE_LIMITED 429, …); a bare 401 or 403 without one (a server or proxy
    that can only close the handshake) is most likely the key, and is said to be a guess."""
    try:
        errors = json.loads(body or b"")["errors"]
        first = errors[0]
    except (ValueError, KeyError, IndexError, TypeError):
        errors = None
    if errors and isinstance(first, dict):
        return from_graphql_error(first, errors=errors, data=None, status_code=status)
    if status in (401, 403):
        return Unauthenticated(f"the server refused the subscription (HTTP {status}) without saying why: most "
                               "likely a missing, wrong or revoked API key", status_code=status)
    return TransportError(f"the server refused the subscription (HTTP {status})", status_code=status)


def websocket_url(url: str) -> str:
    """http(s)://…/graphql → ws(s)://…/graphql."""
    return "ws" + url[len("http"):] if url.startswith("http") else url


async def subscribe(url: str, headers: dict[str, str], after: int | None = None,
                    types: Sequence[str] | None = None, open_timeout: float = 10.0) -> AsyncIterator[Event]:
    """Yields the caller's events after `after` (default: from now), of `types` if given."""
    try:
        from websockets.asyncio.client import connect
        from websockets.exceptions import InvalidStatus, WebSocketException
    except ImportError as e:  # pragma: no cover - depends on the install
        raise ClientError('events need the websockets package: pip install "graphmind-client[events]"') from e
    try:
        async with connect(websocket_url(url), subprotocols=[PROTOCOL], additional_headers=headers,
                           open_timeout=open_timeout) as ws:
            await ws.send(json.dumps({"type": "connection_init"}))
            ack = json.loads(await ws.recv())
            if ack.get("type") != "connection_ack":
                raise TransportError(f"the server did not acknowledge the subscription: {ack}")
            variables = {"after": after, "types": list(types) if types is not None else None}
            await ws.send(json.dumps({"id": "1", "type": "subscribe",
                                      "payload": {"query": EVENTS, "variables": variables}}))
            async for raw in ws:
                message = json.loads(raw)
                kind = message.get("type")
                if kind == "next":
                    payload = message.get("payload") or {}
                    if payload.get("errors"):
                        errors = payload["errors"]
                        raise from_graphql_error(errors[0], errors=errors, data=payload.get("data"), status_code=200)
                    yield Event.model_validate(payload["data"]["events"])
                elif kind == "error":
                    errors = message.get("payload") or [{"message": "subscription refused"}]
                    raise from_graphql_error(errors[0], errors=errors, data=None, status_code=200)
                elif kind == "complete":
                    return
                elif kind == "ping":
                    await ws.send(json.dumps({"type": "pong"}))
    except InvalidStatus as e:
        raise refused(e.response.status_code, e.response.body) from e
    except (OSError, WebSocketException) as e:
        raise TransportError(f"{type(e).__name__}: {e}") from e
