"""An app that requires API keys, and keys for two fresh users and an admin."""

import uuid

import pytest

from graphmind.security import keys


@pytest.fixture(scope="session")
def secure_client(db, settings):
    from starlette.testclient import TestClient

    from graphmind.app import create_app

    with TestClient(create_app(settings.model_copy(update={"api_keys": "required"}))) as client:
        yield client


@pytest.fixture
async def key_for(deps):
    """key_for(role) → (user id, secret) of a fresh user; revoked afterwards."""
    made = []

    async def make(role=keys.Role.AGENT, user_id=None):
        record, secret = await keys.create_key(deps, user_id or f"sec-{uuid.uuid4().hex[:8]}", role, "test")
        made.append(record.id)
        return record.user_id, secret

    yield make
    for key_id in made:
        try:
            await keys.revoke_key(deps, key_id)
        except Exception:
            pass


@pytest.fixture
def call(secure_client):
    """call(query, key=None, variables=None) → (status, body)."""

    def post(query, key=None, variables=None, **headers):
        if key:
            headers["Authorization"] = f"Bearer {key}"
        response = secure_client.post("/graphql", json={"query": query, "variables": variables or {}}, headers=headers)
        return response.status_code, response.json()

    return post
