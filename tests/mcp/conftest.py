"""The MCP tests: one real GraphMind server (keys required) for the HTTP transport, a key
per user, and the learning loop as an MCP client runs it."""

import uuid
from contextlib import asynccontextmanager

import pytest

LOOP_QUESTION = "Which queue should the billing service use for retries?"


@pytest.fixture(scope="session")
def mcp_url(server):
    """The /mcp endpoint of the test session's one real server (tests/conftest.py)."""
    return server.url.removesuffix("/graphql") + "/mcp"


@pytest.fixture
async def new_key(key_deps):
    """new_key() → (user id, secret) of an AGENT key for a fresh user; revoked after the test."""
    from graphmind.security.keys import Role, create_key, revoke_key

    made = []

    async def make() -> tuple[str, str]:
        user = f"mcp-{uuid.uuid4().hex[:10]}"
        record, secret = await create_key(key_deps, user, Role.AGENT, "mcp tests")
        made.append(record.id)
        return user, secret

    yield make
    for key_id in made:
        await revoke_key(key_deps, key_id)


@pytest.fixture
def http_session(mcp_url):
    """http_session(key) → an initialized MCP ClientSession over streamable HTTP with that key."""
    import httpx2
    from mcp import ClientSession
    from mcp.client.streamable_http import streamable_http_client

    @asynccontextmanager
    async def open_session(key: str | None):
        headers = {"Authorization": f"Bearer {key}"} if key else {}
        async with (
            httpx2.AsyncClient(headers=headers, timeout=60) as http,
            streamable_http_client(mcp_url, http_client=http) as (read, write),
            ClientSession(read, write) as session,
        ):
            await session.initialize()
            yield session

    return open_session


async def call(session, tool: str, **arguments) -> dict:
    """A tool's structured result; fails the test on a tool error."""
    result = await session.call_tool(tool, arguments)
    assert not result.is_error, result.content
    return result.structured_content


async def run_the_loop(session) -> dict:
    """remember → recall → decide (naming the memory) → observe_outcome → recall: what moved."""
    marker = uuid.uuid4().hex[:8]
    remembered = await call(
        session,
        "remember",
        content=f"Billing retries go through the durable queue q-{marker}, never the in-memory one",
        tags=["billing"],
    )
    first = await call(session, "recall", query=LOOP_QUESTION, limit=5)
    [item] = [i for i in first["items"] if i["memory"]["id"] == remembered["id"]]
    assert {"vectorRank", "keywordRank", "graphRank", "rrfScore", "finalScore"} <= set(item["breakdown"])
    decision = await call(
        session,
        "decide",
        decision_type="RECOMMENDATION",
        summary=f"Use queue q-{marker}",
        retrieval_id=first["retrievalId"],
        memories=[remembered["id"]],
    )
    outcome = await call(session, "observe_outcome", trace_id=decision["traceId"], quality=1.0, signal="USER_ACCEPTED")
    again = await call(session, "recall", query=LOOP_QUESTION, limit=5)
    [moved] = [i for i in again["items"] if i["memory"]["id"] == remembered["id"]]
    return {
        "id": remembered["id"],
        "trace": decision["traceId"],
        "before": item["memory"]["effectiveSalience"],
        "update": outcome["updates"][0],
        "after": moved["memory"]["effectiveSalience"],
    }
