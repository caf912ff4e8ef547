"""A key per test for the client's tests (the one real server is tests/conftest.py's `server`)."""

import uuid

import pytest


@pytest.fixture
async def new_key(key_deps):
    """new_key(role=AGENT) → the secret of a key for a fresh user; revoked after the test."""
    from graphmind.security.keys import Role, create_key, revoke_key

    made = []

    async def make(role: Role = Role.AGENT) -> str:
        record, secret = await create_key(key_deps, f"client-{uuid.uuid4().hex[:10]}", role, "client tests")
        made.append(record.id)
        return secret

    yield make
    for key_id in made:
        await revoke_key(key_deps, key_id)


@pytest.fixture
async def api_key(new_key) -> str:
    """An AGENT key of a fresh user: each test sees only its own memories."""
    return await new_key()
