"""`call`: a GraphQL document posted to the app that requires API keys (tests/conftest.py)."""

import pytest


@pytest.fixture
def call(secure_client):
    """call(query, key=None, variables=None) → (status, body)."""

    def post(query, key=None, variables=None, **headers):
        if key:
            headers["Authorization"] = f"Bearer {key}"
        response = secure_client.post("/graphql", json={"query": query, "variables": variables or {}}, headers=headers)
        return response.status_code, response.json()

    return post
