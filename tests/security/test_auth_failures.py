"""Failed authentications per client address: counted in Neo4j across server processes,
answered RATE_LIMITED once an address has sent too many wrong keys."""

import asyncio
import secrets
from dataclasses import replace

import pytest
from starlette.testclient import TestClient, WebSocketDenialResponse

from graphmind.errors import RateLimited, Unauthenticated
from graphmind.security.auth import Authenticator
from graphmind.security.auth_failures import FailedAuthentications, bucket_of
from graphmind.security.ratelimit import RateLimiter

ME = "{ memories(first: 1) { edges { node { id } } } }"


def address() -> str:
    """A fresh client address (IPv6 documentation prefix) in a /64 of its own: each test's
    bucket is its own."""
    return f"2001:db8:{secrets.token_hex(2)}:{secrets.token_hex(2)}::1"


def post(client, key: str | None = None):
    headers = {"Authorization": f"Bearer {key}"} if key else {}
    response = client.post("/graphql", json={"query": ME}, headers=headers)
    return response.status_code, response.json(), response.headers


async def test_an_address_that_sends_wrong_keys_is_refused_for_a_while(db, settings, key_for):
    """QA: wrong keys were refused with 401 but never throttled (each costs a hash and a
    read of Neo4j). An address may send 3 wrong keys here (burst 3, 20 a minute); the
    next request is answered 429 RATE_LIMITED with retryAfterSeconds, a valid key's too
    when this process has not verified it yet, until a failure's worth has refilled. Below
    the limit a valid key works, and one this process verified keeps working."""
    from graphmind.app import create_app

    _, key = await key_for()
    _, unseen = await key_for()
    limited = settings.model_copy(
        update={"api_keys": "required", "auth_failures_per_minute": 20, "auth_failure_burst": 3}
    )
    with TestClient(create_app(limited), client=(address(), 50000)) as client:
        assert post(client, "gm_wrong-1")[0] == 401
        assert post(client, key)[0] == 200  # under the limit: the valid key works
        assert [post(client, f"gm_wrong-{n}")[0] for n in (2, 3)] == [401, 401]
        status, body, headers = post(client, "gm_wrong-4")
        assert status == 429 and body["errors"][0]["extensions"]["code"] == "RATE_LIMITED"
        wait = body["errors"][0]["extensions"]["retryAfterSeconds"]
        assert 0 < wait <= 3.0 and "failed authentications" in body["errors"][0]["message"]
        assert headers["retry-after"] == str(int(wait) + 1)
        status, body, _ = post(client, unseen)  # over the limit: a key not verified here is refused unread
        assert status == 429 and body["errors"][0]["extensions"]["code"] == "RATE_LIMITED"
        with pytest.raises(WebSocketDenialResponse) as refused:  # the websocket handshake too, as a request is
            with client.websocket_connect(
                "/graphql", subprotocols=["graphql-transport-ws"], headers={"Authorization": f"Bearer {unseen}"}
            ):
                pass
        assert refused.value.status_code == 429 and "retry-after" in refused.value.headers
        assert refused.value.json()["errors"][0]["extensions"]["code"] == "RATE_LIMITED"
        assert post(client, key)[0] == 200  # verified by this process: the address's other agents keep working
        await asyncio.sleep(wait)
        assert post(client, unseen)[0] == 200  # refilled: admitted again


async def test_the_count_is_shared_by_server_processes_and_kept_per_address(db, deps, key_for):
    """Two processes (two limiters on one Neo4j): the failures one saw count in the other,
    whose next failure from that address is refused with RATE_LIMITED and which then
    refuses a valid key it has not verified, not one it has; another address is not
    affected."""
    _, key = await key_for()
    _, unseen = await key_for()
    authenticator = Authenticator(deps)
    first, second = (FailedAuthentications(RateLimiter(6, 3, db)) for _ in range(2))  # a token per 10 s
    noisy, quiet = address(), address()
    for n in range(3):
        with pytest.raises(Unauthenticated):
            await first.caller(authenticator, f"Bearer gm_wrong-{n}", noisy)
    assert (await second.caller(authenticator, f"Bearer {key}", noisy)).key_id  # not told yet: the key is valid
    with pytest.raises(RateLimited) as refused:
        await second.caller(authenticator, "Bearer gm_wrong-3", noisy)
    assert refused.value.extensions["retryAfterSeconds"] > 0
    with pytest.raises(RateLimited):
        await second.caller(authenticator, f"Bearer {unseen}", noisy)
    assert (await second.caller(authenticator, f"Bearer {key}", noisy)).key_id  # verified above
    assert (await second.caller(authenticator, f"Bearer {key}", quiet)).key_id
    with pytest.raises(Unauthenticated):
        await second.caller(authenticator, "Bearer gm_wrong-4", quiet)


async def test_only_a_key_sent_and_refused_counts(db, deps, key_for):
    """A request without a key costs no hash or read: refused with 401 as before, never
    counted, so a keyless client does not lock out its address. Without a limit (0)
    nothing is counted."""
    _, key = await key_for()
    authenticator = Authenticator(replace(deps, settings=deps.settings.model_copy(update={"api_keys": "required"})))
    limit = FailedAuthentications(RateLimiter(6, 1, db))
    here = address()
    for _ in range(5):
        with pytest.raises(Unauthenticated):
            await limit.caller(authenticator, None, here)
    assert (await limit.caller(authenticator, f"Bearer {key}", here)).key_id
    off = FailedAuthentications(RateLimiter(0, 1, db))
    for n in range(5):
        with pytest.raises(Unauthenticated):
            await off.caller(authenticator, f"Bearer gm_wrong-{n}", here)


async def test_a_blocked_address_still_serves_requests_without_a_key(db, deps, key_for):
    """Review: keyless local agents (keys not required) were refused with 429 while another
    client of their address kept sending wrong keys; a request without a key costs nothing."""
    authenticator = Authenticator(replace(deps, settings=deps.settings.model_copy(update={"api_keys": "optional"})))
    limit = FailedAuthentications(RateLimiter(6, 1, db))
    here = address()
    with pytest.raises(Unauthenticated):
        await limit.caller(authenticator, "Bearer gm_wrong-1", here)
    with pytest.raises(RateLimited):
        await limit.caller(authenticator, "Bearer gm_wrong-2", here)
    assert (await limit.caller(authenticator, None, here)).key_id is None  # the default user, served


def test_an_ipv6_client_counts_by_its_64_network():
    """A host holds a whole /64: rotating addresses in it would dodge the limit and make a
    bucket each. IPv4, loopback and IPv4-mapped addresses count as themselves."""
    assert bucket_of("2001:db8:1:2:aaaa::1") == bucket_of("2001:db8:1:2:bbbb::9") == "2001:db8:1:2::/64"
    assert bucket_of("2001:db8:1:3::1") != bucket_of("2001:db8:1:2::1")
    assert bucket_of("203.0.113.7") == "203.0.113.7" and bucket_of("::1") == "::1"
    assert bucket_of("::ffff:203.0.113.7") == "::ffff:203.0.113.7"
    assert bucket_of(None) == "unknown" and bucket_of("testclient") == "testclient"
