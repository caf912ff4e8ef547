"""The DNS-rebinding check: which Host headers the server answers.

A page the user visits can reach a server on a loopback address through DNS rebinding
(its own name made to resolve to 127.0.0.1): the browser sees one origin, so CORS does not
stop it, and a keyless local server takes it for its admin. Its requests name the page's
host, though. So on a loopback address (and wherever GRAPHMIND_ALLOWED_HOSTS lists hosts)
`HostCheck` answers only requests whose Host is a loopback name or address (127.0.0.1,
localhost, [::1]) or a listed host, with any port; it refuses the others, HTTP and
websocket, before any route runs: 421 FORBIDDEN in the route's error shape, a websocket
handshake too (`guard.refuse_websocket`).
`is_loopback` is also where /mcp turns on the MCP SDK's own check (graphmind/mcp/http.py),
and what `graphmind serve` binds without API keys.
"""

import ipaddress
from collections.abc import Awaitable, Callable, Mapping

from starlette.types import ASGIApp, Receive, Scope, Send

from graphmind.api.guard import refuse_http, refuse_websocket
from graphmind.errors import Forbidden, GraphMindError
from graphmind.settings import Settings

LOOPBACK_HOSTS = ("127.0.0.1", "localhost", "[::1]")  # the Host a local client sends (before the port)
STATUS = 421  # Misdirected Request: the SDK's answer to a foreign Host on /mcp, now on every route

Refuse = Callable[[Send, GraphMindError, int], Awaitable[None]]


def is_loopback(address: str) -> bool:
    """Whether an address (a bound one, or a Host header's name) is this machine only:
    `localhost` or a loopback IP address (127.0.0.0/8, ::1; brackets allowed)."""
    if address.lower() == "localhost":
        return True
    try:
        return ipaddress.ip_address(address.removeprefix("[").removesuffix("]")).is_loopback
    except ValueError:
        return False


def hosts_checked(settings: Settings) -> list[str] | None:
    """The hosts a request may name besides the loopback ones: GRAPHMIND_ALLOWED_HOSTS; None
    when Host is not checked (a non-loopback address with no host listed: today's behaviour)."""
    if is_loopback(settings.host) or settings.allowed_hosts:
        return [normal(host) for host in settings.allowed_hosts]
    return None


def normal(host: str) -> str:
    """A listed host as compared: lower case, an IPv6 address in brackets, without a port
    (a host is answered on any port): `Memory.Example:8781` → `memory.example`."""
    host = host.strip().lower()
    if ":" in host and not host.startswith("["):
        try:
            ipaddress.IPv6Address(host)
            return f"[{host}]"
        except ValueError:  # not an IPv6 address: a name with its port
            pass
    return name_of(host)


def name_of(header: str) -> str:
    """A Host header without its port: `[::1]:8000` → `[::1]`, `localhost:8000` → `localhost`."""
    header = header.strip().lower()
    if header.startswith("["):
        return header[: header.find("]") + 1] if "]" in header else header
    return header.rpartition(":")[0] if ":" in header else header


def host_allowed(header: str | None, allowed: list[str]) -> bool:
    """Whether a request naming `header` (its Host) is answered: a loopback name or address,
    or a host of `allowed`, with any port. A request without a Host is not."""
    if not header:
        return False
    name = name_of(header)
    return is_loopback(name) or name in allowed


class HostCheck:
    """ASGI middleware in front of every route: refuses a request whose Host is not allowed
    (`host_allowed`). `refusers` answers the refusal in another shape on the paths it names
    (/mcp: a JSON-RPC error); elsewhere it is a GraphQL error body."""

    def __init__(self, app: ASGIApp, allowed: list[str], refusers: Mapping[str, Refuse] | None = None) -> None:
        self.app = app
        self.allowed = allowed
        self.refusers = refusers or {}

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] not in ("http", "websocket"):
            return await self.app(scope, receive, send)
        host = next((v.decode("latin-1") for k, v in scope["headers"] if k.lower() == b"host"), None)
        if host_allowed(host, self.allowed):
            return await self.app(scope, receive, send)
        error = Forbidden(
            f"this server does not answer requests for host {(host or '')[:100]!r}: it answers its loopback names "
            "and addresses (127.0.0.1, localhost, [::1]) and the hosts of GRAPHMIND_ALLOWED_HOSTS"
        )
        if scope["type"] == "websocket":
            await refuse_websocket(scope, receive, send, error, STATUS, 4403)
            return
        await self.refusers.get(scope["path"], refuse_http)(send, error, STATUS)
