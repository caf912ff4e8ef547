"""The client's own tests run against a running GraphMind: GRAPHMIND_URL (default
http://127.0.0.1:8000/graphql) and GRAPHMIND_API_KEY, an agent key of a user the tests may
write to. Without a key they are skipped."""

import os
import uuid

import pytest


@pytest.fixture(scope="session")
def url() -> str:
    return os.environ.get("GRAPHMIND_URL", "http://127.0.0.1:8000/graphql")


@pytest.fixture(scope="session")
def api_key() -> str:
    key = os.environ.get("GRAPHMIND_API_KEY")
    if not key:
        pytest.skip("set GRAPHMIND_API_KEY (and GRAPHMIND_URL) to run the client's tests against a server")
    return key


@pytest.fixture
def marker() -> str:
    """A word no other test run has used, so a test finds its own memories."""
    return f"zq{uuid.uuid4().hex[:10]}"
