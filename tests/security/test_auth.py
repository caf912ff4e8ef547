"""The guard and the caller: keys decide the user, admin-only operations, limits."""

import asyncio

import pytest

from graphmind.errors import Unauthenticated, Unavailable
from graphmind.security import keys
from graphmind.security.ratelimit import LocalBuckets, RateLimiter

ME = "{ memories(first: 5) { edges { node { id content } } } }"
REMEMBER = "mutation($c: String!) { remember(input: {content: $c}) { id } }"


def test_a_key_is_required(call):
    status, body = call(ME)
    assert status == 401 and body["errors"][0]["extensions"]["code"] == "UNAUTHENTICATED"
    status, body = call(ME, key="gm_not-a-real-key")
    assert status == 401 and "unknown or revoked" in body["errors"][0]["message"]
    status, body = call(ME, Authorization="Basic abc")
    assert status == 401


async def test_the_key_decides_the_user(call, key_for):
    alice, alice_key = await key_for()
    bob, bob_key = await key_for()
    call(REMEMBER, alice_key, {"c": "Alice keeps her bike in the basement."})
    call(REMEMBER, bob_key, {"c": "Bob parks his car on the street."})
    mine = call(ME, alice_key)[1]["data"]["memories"]["edges"]
    assert [e["node"]["content"] for e in mine] == ["Alice keeps her bike in the basement."]


async def test_admin_only_operations(call, key_for):
    _, agent = await key_for()
    _, admin = await key_for(keys.Role.ADMIN)
    for query in (
        "{ jobs { name } }",
        "{ apiKeys { id } }",
        "{ selfImprovement { killSwitch } }",
        "mutation { runJob(input: {name: DECAY, dryRun: true}) { status } }",
        'mutation { createApiKey(input: {userId: "x"}) { key } }',
        "mutation { setSelfImprovementKillSwitch(input: {engaged: false}) { killSwitch } }",
        "mutation { setSelfImprovement(input: {enabled: true}) { killSwitch } }",
        'mutation { revokeApiKey(input: {id: "no-such-key"}) { id } }',
        '{ selfImprovementPreview(userId: "someone-else") { id } }',
        '{ exportUserData(userId: "someone-else") }',
    ):
        status, body = call(query, agent)
        assert status == 200 and body["errors"][0]["extensions"]["code"] == "FORBIDDEN", query
    created = call(
        'mutation { createApiKey(input: {userId: "made-by-admin", label: "t"}) { key apiKey { id prefix } } }', admin
    )[1]["data"]["createApiKey"]
    assert created["key"].startswith(created["apiKey"]["prefix"])
    assert call(ME, created["key"])[0] == 200
    call("mutation($id: ID!) { revokeApiKey(input: {id: $id}) { revokedAt } }", admin, {"id": created["apiKey"]["id"]})
    assert call(ME, created["key"])[0] == 401  # revoked through this server: at once


async def test_rate_limit(secure_client, call, key_for):
    _, key = await key_for()
    original = secure_client.app_state["rate_limiter"]
    secure_client.app_state["rate_limiter"] = RateLimiter(per_minute=60, burst=2, db=original.db)  # shared, in Neo4j
    try:
        statuses = [call(ME, key)[0] for _ in range(3)]
        status, body = call(ME, key)
    finally:
        secure_client.app_state["rate_limiter"] = original
    assert statuses[:2] == [200, 200] and status == 429
    assert body["errors"][0]["extensions"]["code"] == "RATE_LIMITED"
    assert body["errors"][0]["extensions"]["retryAfterSeconds"] > 0  # rounded up, never "retry in 0.0 s" (QA)


async def test_body_size_limit(secure_client, key_for):
    _, key = await key_for()
    response = secure_client.post(
        "/graphql",
        content=b"{" + b" " * 1_000_001 + b"}",
        headers={"Authorization": f"Bearer {key}", "Content-Type": "application/json"},
    )
    assert response.status_code == 413 and response.json()["errors"][0]["extensions"]["code"] == "BAD_USER_INPUT"


def test_token_bucket_refills():
    limiter = LocalBuckets(per_minute=60, burst=1)
    assert limiter.take("k", now=0.0) == 0.0
    assert limiter.take("k", now=0.5) == 0.5
    assert limiter.take("k", now=1.0) == 0.0


async def test_metrics_need_an_admin_key_unless_the_address_is_allowed(secure_client, key_for, settings):
    from starlette.testclient import TestClient

    from graphmind.app import create_app

    _, agent = await key_for(keys.Role.AGENT)
    _, admin = await key_for(keys.Role.ADMIN)
    anonymous = secure_client.get("/metrics")
    assert anonymous.status_code == 401 and anonymous.json()["errors"][0]["extensions"]["code"] == "UNAUTHENTICATED"
    forbidden = secure_client.get("/metrics", headers={"authorization": f"Bearer {agent}"})
    assert forbidden.status_code == 403 and forbidden.json()["errors"][0]["extensions"]["code"] == "FORBIDDEN"
    allowed = secure_client.get("/metrics", headers={"authorization": f"Bearer {admin}"})
    assert allowed.status_code == 200 and "graphmind_memories" in allowed.text
    listed = settings.model_copy(update={"api_keys": "required", "metrics_allow": ["10.1.0.0/16"]})
    with TestClient(create_app(listed), client=("10.1.2.3", 50000)) as scraper:
        assert scraper.get("/metrics").status_code == 200


async def test_one_read_of_the_active_keys_serves_concurrent_requests_of_every_key(deps, key_for, monkeypatch):
    """Each key is read once and then cached while it stays active; whether the cached keys
    are still active is one read per KEY_CACHE_SECONDS for the whole process, shared by the
    requests that arrive while it runs."""
    from graphmind.security import auth

    reads = {"active": 0, "key": 0}
    active_key_ids, find_key = keys.active_key_ids, keys.find_key

    async def counted_active(deps):
        reads["active"] += 1
        return await active_key_ids(deps)

    async def counted_find(deps, secret):
        reads["key"] += 1
        return await find_key(deps, secret)

    monkeypatch.setattr(keys, "active_key_ids", counted_active)
    monkeypatch.setattr(keys, "find_key", counted_find)
    made = [await key_for() for _ in range(3)]
    authenticator = auth.Authenticator(deps)
    for user, secret in made:
        assert (await authenticator.caller(f"Bearer {secret}")).user_id == user
    assert reads == {"active": 1, "key": 3}
    callers = await asyncio.gather(*(authenticator.caller(f"Bearer {made[i % 3][1]}") for i in range(30)))
    assert [c.user_id for c in callers] == [made[i % 3][0] for i in range(30)]
    assert reads == {"active": 1, "key": 3}
    monkeypatch.setattr(authenticator, "_fresh_until", 0.0)  # KEY_CACHE_SECONDS later
    await asyncio.gather(*(authenticator.caller(f"Bearer {made[i % 3][1]}") for i in range(30)))
    assert reads == {"active": 2, "key": 3}


async def test_concurrent_first_requests_of_one_key_share_one_read_of_it(deps, key_for, monkeypatch):
    from graphmind.security import auth

    find_key = keys.find_key
    reads: list[str] = []

    async def counted_find(deps, secret):
        reads.append(secret)
        await asyncio.sleep(0.05)
        return await find_key(deps, secret)

    monkeypatch.setattr(keys, "find_key", counted_find)
    (user, secret), (_, other) = await key_for(), await key_for()
    authenticator = auth.Authenticator(deps)
    callers = await asyncio.gather(*(authenticator.caller(f"Bearer {s}") for s in [secret] * 10 + [other] * 5))
    assert [c.user_id for c in callers[:10]] == [user] * 10
    assert sorted(reads) == sorted([secret, other])
    # an unknown key: one read, every waiting request refused, and the next one reads again
    results = await asyncio.gather(
        *(authenticator.caller("Bearer gm_unknown") for _ in range(4)), return_exceptions=True
    )
    assert all(isinstance(r, Unauthenticated) for r in results) and reads.count("gm_unknown") == 1
    with pytest.raises(Unauthenticated):
        await authenticator.caller("Bearer gm_unknown")
    assert reads.count("gm_unknown") == 2


async def test_a_key_revoked_elsewhere_is_refused_once_the_active_keys_are_read_again(deps, key_for, monkeypatch):
    from graphmind.security import auth

    monkeypatch.setattr(auth, "KEY_CACHE_SECONDS", 0.3)
    user, secret = await key_for()
    authenticator = auth.Authenticator(deps)
    assert (await authenticator.caller(f"Bearer {secret}")).user_id == user
    [record] = await keys.list_keys(deps, user)
    await keys.revoke_key(deps, record.id)  # as another process or the CLI would: this one is not told
    assert (await authenticator.caller(f"Bearer {secret}")).user_id == user  # cached, within the bound
    await asyncio.sleep(0.35)
    with pytest.raises(Unauthenticated, match="unknown or revoked"):
        await authenticator.caller(f"Bearer {secret}")


async def test_a_failed_read_of_the_active_keys_fails_the_waiting_requests_and_is_tried_again(
    deps, key_for, monkeypatch
):
    from graphmind.security import auth

    _, secret = await key_for()
    active_key_ids = keys.active_key_ids
    failures = [Unavailable("Neo4j is not reachable right now; try again shortly")]

    async def flaky(deps):
        await asyncio.sleep(0.05)
        if failures:
            raise failures.pop()
        return await active_key_ids(deps)

    monkeypatch.setattr(keys, "active_key_ids", flaky)
    authenticator = auth.Authenticator(deps)
    results = await asyncio.gather(
        *(authenticator.caller(f"Bearer {secret}") for _ in range(3)), return_exceptions=True
    )
    assert all(isinstance(r, Unavailable) for r in results)
    assert (await authenticator.caller(f"Bearer {secret}")).key_id


async def test_a_subscription_ends_when_its_key_is_revoked(secure_client, key_for):
    """A websocket is admitted once and may stay open for hours: its events stop with
    UNAUTHENTICATED once its key is revoked (QA: revoked keys kept receiving events)."""
    user, listening = await key_for()
    _, writing = await key_for(user_id=user)
    _, admin = await key_for(keys.Role.ADMIN)

    def post(query: str, key: str, variables: dict | None = None) -> dict:
        headers = {"Authorization": f"Bearer {key}"}
        return secure_client.post(
            "/graphql", json={"query": query, "variables": variables or {}}, headers=headers
        ).json()

    remember = "mutation($c: String!) { remember(input: {content: $c}) { id } }"
    with secure_client.websocket_connect(
        "/graphql", subprotocols=["graphql-transport-ws"], headers={"Authorization": f"Bearer {listening}"}
    ) as ws:
        ws.send_json({"type": "connection_init"})
        assert ws.receive_json()["type"] == "connection_ack"
        subscription = 'subscription { events(after: 0, types: ["memory.stored"]) { seq payload } }'
        ws.send_json({"id": "1", "type": "subscribe", "payload": {"query": subscription}})
        post(remember, writing, {"c": "Heard while the key is valid."})
        assert ws.receive_json()["type"] == "next"
        revoked = post("mutation($id: ID!) { revokeApiKey(input: {id: $id}) { id } }", admin, {"id": listening[:11]})
        assert "errors" not in revoked
        post(remember, writing, {"c": "Written after the key was revoked."})
        message = ws.receive_json()
    assert message["type"] == "next" and message["payload"]["data"] is None
    assert message["payload"]["errors"][0]["extensions"]["code"] == "UNAUTHENTICATED"


def test_a_websocket_handshake_without_a_valid_key_is_refused_as_a_request_is(secure_client):
    """401 UNAUTHENTICATED with WWW-Authenticate and the error body, as a POST gets; before,
    a bare 403 that could be a refused host as well."""
    from starlette.testclient import WebSocketDenialResponse

    for headers in ({}, {"Authorization": "Bearer gm_not-a-key"}):
        with pytest.raises(WebSocketDenialResponse) as refused:
            with secure_client.websocket_connect("/graphql", subprotocols=["graphql-transport-ws"], headers=headers):
                pass
        assert refused.value.status_code == 401 and refused.value.headers["www-authenticate"] == "Bearer"
        assert refused.value.json()["errors"][0]["extensions"]["code"] == "UNAUTHENTICATED"


async def test_a_quiet_subscription_ends_too_when_its_key_is_revoked(secure_client, key_for):
    """QA: with no event after the revocation, the revoked key's stream stayed open; it now
    checks its key every KEY_CACHE_SECONDS while it waits."""
    _, listening = await key_for()
    _, admin = await key_for(keys.Role.ADMIN)
    with secure_client.websocket_connect(
        "/graphql", subprotocols=["graphql-transport-ws"], headers={"Authorization": f"Bearer {listening}"}
    ) as ws:
        ws.send_json({"type": "connection_init"})
        assert ws.receive_json()["type"] == "connection_ack"
        ws.send_json({"id": "1", "type": "subscribe", "payload": {"query": "subscription { events { seq } }"}})
        revoked = secure_client.post(
            "/graphql",
            json={
                "query": "mutation($id: ID!) { revokeApiKey(input: {id: $id}) { id } }",
                "variables": {"id": listening[:11]},
            },
            headers={"Authorization": f"Bearer {admin}"},
        ).json()
        assert "errors" not in revoked
        message = ws.receive_json()  # within KEY_CACHE_SECONDS, with no event written
    assert message["payload"]["errors"][0]["extensions"]["code"] == "UNAUTHENTICATED"


async def test_in_auto_mode_keys_stay_required_once_one_was_issued(deps, key_for):
    """QA: an agent whose key was the only one deleted its own data (its keys too), and
    every request without a key became the local admin."""
    from dataclasses import replace

    from graphmind.security.auth import Authenticator

    await key_for()
    marks = await deps.db.driver.execute_query("MATCH (m:KeysIssued) RETURN count(m) AS n")
    assert marks.records[0]["n"] == 1  # kept when every key is revoked or deleted
    assert (await keys.active_key_ids(deps)).issued
    auto = Authenticator(replace(deps, settings=deps.settings.model_copy(update={"api_keys": "auto"})))
    assert auto._required(keys.ActiveKeys(frozenset(), issued=True))  # none active, one issued: required
    assert not auto._required(keys.ActiveKeys(frozenset(), issued=False))  # before the first: keyless local
