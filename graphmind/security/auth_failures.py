"""Failed authentications per client address: a wrong, unknown or revoked key costs a hash
and a read of Neo4j, so an address may send only so many of them.

Every request that sends an Authorization header and is refused UNAUTHENTICATED takes a
token from its address's bucket, `auth-failures:<address>`: a `RateBucket` in Neo4j like the
per-key limit's (security/ratelimit.py), so the count holds across server processes and
hosts. The bucket holds `auth_failure_burst` failures and refills at
`auth_failures_per_minute`. A failure that finds it empty is answered RATE_LIMITED instead
of UNAUTHENTICATED, and from then on this process refuses every request of that address
that sends a key with RATE_LIMITED, without reading the key, until the bucket has a token
again (`retryAfterSeconds`), except a key this process has already verified and holds
active (`Authenticator.verified`, a hash and no I/O): the agents that share an address with
a client sending wrong keys (every local agent of a loopback server, every client of a
proxy) keep working, and a guess, which is never such a key, is refused unread. A request
without a key is not held back either (it costs nothing to refuse or to serve). A process learns that an
address is over its limit at that address's first failure after the bucket ran empty
(reading the bucket on every request would cost each a query of Neo4j); until then it
serves the address's valid keys. A request without a key costs nothing to refuse and is
not counted.

The address is the ASGI scope's client host (an IPv6 address counts by its /64 network,
`bucket_of`): behind a proxy, uvicorn takes it from
X-Forwarded-For only when the proxy connects from an address in its FORWARDED_ALLOW_IPS
(127.0.0.1 by default); otherwise every client of the proxy shares the proxy's address and
its bucket. Requests without one (a Unix socket) share the bucket `unknown`.
"""

import ipaddress
import time

from graphmind.errors import Unauthenticated
from graphmind.security.auth import Authenticator, Caller
from graphmind.security.ratelimit import RateLimiter, refusal

REASON = "too many failed authentications from this address"
PRUNE_AT = 10_000  # refused addresses kept before the expired ones are dropped


def bucket_of(address: str | None) -> str:
    """The bucket of a client address: the address itself, but an IPv6 address's /64
    network, which one client holds whole (a host rotating its addresses in it counts once
    and makes one bucket); `unknown` without one (a Unix socket)."""
    if not address:
        return "unknown"
    try:
        ip = ipaddress.ip_address(address)
    except ValueError:
        return address
    if ip.version == 6 and not ip.is_loopback and ip.ipv4_mapped is None:
        return str(ipaddress.ip_network(f"{ip}/64", strict=False))
    return address


class FailedAuthentications:
    """The limit on failed authentications per address; owned by the app's lifespan."""

    def __init__(self, limiter: RateLimiter) -> None:
        self.limiter = limiter
        self._refused_until: dict[str, float] = {}  # address -> monotonic time it may try again

    async def caller(self, authenticator: Authenticator, authorization: str | None, address: str | None) -> Caller:
        """The caller of a request from `address`, or RATE_LIMITED while the address is over
        its limit, or UNAUTHENTICATED (counted when a key was sent)."""
        if not authorization:  # keyless: costs nothing, never counted nor held back
            return await authenticator.caller(authorization)
        bucket = bucket_of(address)
        if bucket in self._refused_until and not authenticator.verified(authorization):
            self._refuse_if_over(bucket)
        try:
            return await authenticator.caller(authorization)
        except Unauthenticated:
            await self._failed(bucket)
            raise

    def _refuse_if_over(self, address: str) -> None:
        wait = self._refused_until[address] - time.monotonic()
        if wait > 0:
            raise refusal(wait, REASON)
        del self._refused_until[address]

    async def _failed(self, address: str) -> None:
        wait = await self.limiter.take(f"auth-failures:{address}")
        if wait:
            if len(self._refused_until) >= PRUNE_AT:
                now = time.monotonic()
                self._refused_until = {a: t for a, t in self._refused_until.items() if t > now}
            self._refused_until[address] = time.monotonic() + wait
            raise refusal(wait, REASON)
