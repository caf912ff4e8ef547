"""GraphQL error codes become typed errors; retries happen only when they are safe."""

import json
import socket
import time

import httpx
import pytest
from graphmind_client import (
    AsyncGraphMind,
    BadUserInput,
    ClientError,
    Conflict,
    Forbidden,
    GraphMind,
    Internal,
    NotFound,
    RateLimited,
    Retry,
    TransportError,
    Unauthenticated,
    Unavailable,
)

NO_WAIT = Retry(retries=2, backoff=0.001)


@pytest.fixture
async def gm(server, api_key):
    async with AsyncGraphMind(server.url, api_key, retries=0) as client:
        yield client


async def test_bad_input_names_the_field(gm):
    with pytest.raises(BadUserInput) as short:
        await gm.remember("short")  # the server wants 10-2000 characters
    assert short.value.field == "input.content" and short.value.status_code == 200
    with pytest.raises(BadUserInput) as limit:
        await gm.recall("anything", limit=1000)
    assert limit.value.field == "limit"
    with pytest.raises(BadUserInput) as kind:  # checked by the client before sending
        await gm.decide("GUESS", "Use Redis")
    assert kind.value.field == "input.decisionType"
    with pytest.raises(BadUserInput) as item:
        await gm.remember_many(["a valid memory text", {"content": "another one", "tags": "not-a-list"}])
    assert item.value.field == "inputs[1].tags"


async def test_unknown_ids_are_not_found(gm):
    for attempt in (
        gm.memory("no-such-memory"),
        gm.session("no-such-session"),
        gm.helper_brief("nope"),
        gm.observe_outcome("no-such-trace", 0.5, "TASK_COMPLETED"),
        gm.why("nope", "nope-either"),
    ):
        with pytest.raises(NotFound) as missing:
            await attempt
        assert missing.value.code == "NOT_FOUND" and missing.value.errors


async def test_a_missing_or_unknown_key_is_unauthenticated(server):
    for key in (None, "gm_not-a-real-key"):
        async with AsyncGraphMind(server.url, key, retries=0) as anonymous:
            with pytest.raises(Unauthenticated) as refused:
                await anonymous.recall("anything")
        assert refused.value.status_code == 401


async def test_an_agent_key_on_an_admin_operation_is_forbidden(gm):
    with pytest.raises(Forbidden):
        await gm.execute("{ jobs { name } }")


async def test_ending_a_session_twice_is_a_conflict(gm):
    session = await gm.start_session("agent-1", "Try the conflict path")
    await gm.end_session(session.id)
    with pytest.raises(Conflict):
        await gm.end_session(session.id)


async def test_rate_limited_carries_retry_after_and_is_retried(server, api_key):
    from graphmind.security.ratelimit import RateLimiter

    original = server.state["rate_limiter"]
    try:
        server.state["rate_limiter"] = RateLimiter(per_minute=6, burst=1)  # one request, then one per 10 s
        async with AsyncGraphMind(server.url, api_key, retries=Retry(retries=3, max_delay=1.0)) as impatient:
            await impatient.trails()
            started = time.monotonic()
            with pytest.raises(RateLimited) as limited:
                await impatient.trails()  # waiting ~10 s is more than max_delay: raised at once
        assert time.monotonic() - started < 1.0
        assert limited.value.status_code == 429 and 5 < limited.value.retry_after <= 10
        server.state["rate_limiter"] = RateLimiter(per_minute=240, burst=1)  # one per 0.25 s
        async with AsyncGraphMind(server.url, api_key, retries=5) as patient:
            assert [(await patient.trails()).total_count for _ in range(3)] == [0, 0, 0]
    finally:
        server.state["rate_limiter"] = original


async def test_a_closed_port_is_a_transport_error_after_the_retries():
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]  # closed again when the block ends: nothing listens
    async with AsyncGraphMind(f"http://127.0.0.1:{port}/graphql", retries=NO_WAIT) as gm:
        with pytest.raises(TransportError) as failed:
            await gm.learn("q", "agent", "CORRECT", ["x"])  # not idempotent, but never sent
    assert not failed.value.sent and isinstance(failed.value.__cause__, httpx.ConnectError)


def scripted(*answers):
    """A MockTransport answering with `answers` in turn ((status, body) or an exception);
    `.seen` keeps each request's JSON body."""
    answers = list(answers)

    def handle(request: httpx.Request) -> httpx.Response:
        handle.seen.append(json.loads(request.content))
        answer = answers.pop(0)
        if isinstance(answer, Exception):
            raise answer
        status, body = answer
        return httpx.Response(status, json=body) if not isinstance(body, str) else httpx.Response(status, text=body)

    handle.seen = []
    return handle


def error(code, **extensions):
    return {
        "data": None,
        "errors": [{"message": f"{code} happened", "path": ["x"], "extensions": {"code": code, **extensions}}],
    }


def test_every_code_maps_to_its_class():
    classes = {
        "BAD_USER_INPUT": BadUserInput,
        "NOT_FOUND": NotFound,
        "CONFLICT": Conflict,
        "UNAUTHENTICATED": Unauthenticated,
        "FORBIDDEN": Forbidden,
        "RATE_LIMITED": RateLimited,
        "UNAVAILABLE": Unavailable,
        "INTERNAL": Internal,
    }
    for code, cls in classes.items():
        handler = scripted((200, error(code, correlationId="abc123")))
        with GraphMind("http://test/graphql", retries=0, transport=httpx.MockTransport(handler)) as gm:
            with pytest.raises(cls) as raised:
                gm.execute("{ x }")
        assert type(raised.value) is cls and raised.value.code == code and raised.value.path == ["x"]
    assert raised.value.correlation_id == "abc123" and str(raised.value) == "INTERNAL: INTERNAL happened"
    handler = scripted((200, error("TEAPOT")), (200, {"errors": [{"message": "no code"}]}))
    with GraphMind("http://test/graphql", retries=0, transport=httpx.MockTransport(handler)) as gm:
        with pytest.raises(ClientError) as unknown:
            gm.execute("{ x }")
        assert type(unknown.value) is ClientError and unknown.value.code == "TEAPOT"
        with pytest.raises(ClientError) as codeless:
            gm.execute("{ x }")
        assert type(codeless.value) is ClientError and codeless.value.code is None


def test_a_response_that_is_not_graphql_is_a_transport_error():
    handler = scripted((502, "<html>Bad Gateway</html>"))
    with GraphMind("http://test/graphql", retries=0, transport=httpx.MockTransport(handler)) as gm:
        with pytest.raises(TransportError) as bad:
            gm.execute("{ x }")
    assert bad.value.status_code == 502 and bad.value.sent


STORED = {
    "id": "m1",
    "content": "Retried until it is stored",
    "contentType": "OBSERVATION",
    "temporalLevel": 2,
    "validFrom": "2026-03-02T09:00:00+00:00",
    "baseSalience": 0.5,
    "outcomeAdjustment": 0.0,
    "effectiveSalience": 0.5,
    "createdAt": "2026-03-02T09:00:00+00:00",
    "updatedAt": "2026-03-02T09:00:00Z",
    "source": "USER",
    "trust": 0.8,
    "tags": [],
    "metadata": {},
    "status": "ACTIVE",
    "accessCount": 0,
    "entities": [],
    "stability": 24.0,
    "utility": 0.5,
    "inScene": False,
    "retrievability": 1.0,
    "redactions": 0,
    "redactionCounts": [],
    "conflicts": [],
}


def test_a_write_is_retried_with_the_same_request_id():
    handler = scripted(httpx.ReadTimeout("slow"), (200, error("UNAVAILABLE")), (200, {"data": {"remember": STORED}}))
    with GraphMind("http://test/graphql", retries=NO_WAIT, transport=httpx.MockTransport(handler)) as gm:
        stored = gm.remember("Retried until it is stored")
    assert stored.id == "m1" and stored.valid_until is None and stored.created_at.tzinfo is not None
    request_ids = [body["variables"]["input"]["requestId"] for body in handler.seen]
    assert len(request_ids) == 3 and len(set(request_ids)) == 1


def test_a_result_the_models_cannot_read_is_a_client_error():
    handler = scripted((200, {"data": {"remember": {"id": "m1"}}}))
    with GraphMind("http://test/graphql", retries=0, transport=httpx.MockTransport(handler)) as gm:
        with pytest.raises(ClientError, match="does not match the client's model"):
            gm.remember("Half an answer comes back")


def test_an_ambiguous_failure_of_a_write_without_request_id_is_not_retried():
    handler = scripted(httpx.ReadTimeout("slow"))
    with GraphMind("http://test/graphql", retries=NO_WAIT, transport=httpx.MockTransport(handler)) as gm:
        with pytest.raises(TransportError) as timed_out:
            gm.learn("q", "agent", "CORRECT", ["x"])
    assert timed_out.value.sent and len(handler.seen) == 1
    handler = scripted((200, error("UNAVAILABLE")), (503, error("UNAVAILABLE")), (200, {"data": {"x": 1}}))
    with GraphMind("http://test/graphql", retries=NO_WAIT, transport=httpx.MockTransport(handler)) as gm:
        with pytest.raises(Unavailable):  # the operation may have run: a mutation is not sent again
            gm.execute("mutation { x }")
        assert gm.execute("mutation { x }") == {"x": 1}  # 503: refused before it ran, so retried


def test_a_refused_subscription_says_why_when_the_server_does():
    """QA: every refused handshake was "a missing, wrong or revoked API key", a refused host
    and a rate limit too. The server now answers a handshake as a request (api/guard.py,
    `refuse_websocket`): its code decides; a bare 401/403 says it is a guess."""
    from graphmind_client.events import refused

    def body(code: str, message: str) -> bytes:
        return json.dumps({"data": None, "errors": [{"message": message, "extensions": {"code": code}}]}).encode()

    host = refused(421, body("FORBIDDEN", "this server does not answer host 'a.example'"))
    assert isinstance(host, Forbidden) and host.status_code == 421 and "a.example" in str(host)
    assert isinstance(refused(429, body("RATE_LIMITED", "too many")), RateLimited)
    assert isinstance(refused(401, body("UNAUTHENTICATED", "unknown key")), Unauthenticated)
    bare = refused(403, b"")
    assert isinstance(bare, Unauthenticated) and "without saying why" in str(bare)
    assert isinstance(refused(502, b"<html>bad gateway</html>"), TransportError)
