"""The DNS-rebinding check (api/hosts.py): on a loopback address the server answers only
requests naming a loopback host or one of GRAPHMIND_ALLOWED_HOSTS; a page whose own name
resolves to 127.0.0.1 names its own host, and is refused on every route."""

import pytest
from starlette.testclient import TestClient, WebSocketDenialResponse

TYPENAME = {"query": "{ __typename }"}
FOREIGN = {"Host": "attacker.example"}


@pytest.fixture(scope="module")
def local_client(db, settings):
    """A keyless local server (its caller is the admin) on 127.0.0.1 that also answers
    memory.example (a listed host): what a rebinding page would like to reach."""
    from graphmind.app import create_app

    local = settings.model_copy(
        update={
            "host": "127.0.0.1",
            "api_keys": "optional",
            "allowed_hosts": ["memory.example"],
            "migrate_on_start": False,
        }
    )
    with TestClient(create_app(local), base_url="http://127.0.0.1:8000") as client:
        yield client


def refused_code(response, status: int = 421) -> str:
    assert response.status_code == status, response.text
    return response.json()["errors"][0]["extensions"]["code"]


def test_a_foreign_host_is_refused_on_graphql(local_client):
    """Before, a keyless POST naming attacker.example ran as the local admin."""
    assert refused_code(local_client.post("/graphql", json=TYPENAME, headers=FOREIGN)) == "FORBIDDEN"
    assert refused_code(local_client.get("/graphql", headers={**FOREIGN, "Accept": "text/html"})) == "FORBIDDEN"
    body = local_client.post("/graphql", json=TYPENAME, headers={"Host": "attacker.example:8000"}).json()
    assert body["data"] is None and "attacker.example" in body["errors"][0]["message"]


def test_a_foreign_host_is_refused_on_the_graphql_websocket(local_client):
    """Refused as a request is (421 FORBIDDEN, the error body), not closed as a bare HTTP 403
    that a client could only read as a wrong key."""
    with pytest.raises(WebSocketDenialResponse) as refused:
        with local_client.websocket_connect("/graphql", subprotocols=["graphql-transport-ws"], headers=FOREIGN) as ws:
            ws.send_json({"type": "connection_init"})
            ws.receive_json()
    assert refused_code(refused.value) == "FORBIDDEN"


def test_a_local_host_opens_the_graphql_websocket(local_client):
    with local_client.websocket_connect(
        "/graphql", subprotocols=["graphql-transport-ws"], headers={"Host": "localhost:8000"}
    ) as ws:
        ws.send_json({"type": "connection_init"})
        assert ws.receive_json()["type"] == "connection_ack"


def test_a_foreign_host_is_refused_on_every_other_route(local_client):
    for path in ("/export", "/metrics", "/healthz", "/", "/graphiql/graphiql.min.js"):
        assert refused_code(local_client.get(path, headers=FOREIGN)) == "FORBIDDEN", path
    mcp = local_client.post("/mcp", json={"jsonrpc": "2.0", "id": 1, "method": "tools/list"}, headers=FOREIGN)
    assert mcp.status_code == 421 and mcp.json()["error"]["data"]["code"] == "FORBIDDEN"  # /mcp's shape


@pytest.mark.parametrize("host", ["127.0.0.1:8000", "127.0.0.1", "localhost:51234", "LOCALHOST", "[::1]:8000"])
def test_loopback_hosts_pass(local_client, host):
    response = local_client.post("/graphql", json=TYPENAME, headers={"Host": host})
    assert response.status_code == 200 and response.json() == {"data": {"__typename": "Query"}}


def test_a_listed_host_passes_on_graphql_and_mcp(local_client):
    for host in ("memory.example", "memory.example:443"):
        response = local_client.post("/graphql", json=TYPENAME, headers={"Host": host})
        assert response.status_code == 200, response.text
    mcp = local_client.post(
        "/mcp",
        json={"jsonrpc": "2.0", "id": 1, "method": "tools/list"},
        headers={"Host": "memory.example:443", "Accept": "application/json, text/event-stream"},
    )
    assert mcp.status_code == 200 and mcp.json()["result"]["tools"]  # the SDK's own check admits it too
    assert refused_code(local_client.post("/graphql", json=TYPENAME, headers={"Host": "other.example"})) == "FORBIDDEN"


def test_a_non_loopback_address_checks_hosts_only_when_some_are_listed(settings):
    from graphmind.api.hosts import hosts_checked
    from graphmind.app import create_app

    public = settings.model_copy(update={"host": "0.0.0.0", "allowed_hosts": []})
    assert hosts_checked(public) is None
    assert TestClient(create_app(public)).get("/", headers=FOREIGN).status_code == 200  # no lifespan needed
    proxied = public.model_copy(update={"allowed_hosts": ["Memory.Example"]})
    assert hosts_checked(proxied) == ["memory.example"]
    client = TestClient(create_app(proxied))
    assert refused_code(client.get("/", headers=FOREIGN)) == "FORBIDDEN"
    assert client.get("/", headers={"Host": "memory.example"}).status_code == 200


def test_host_allowed():
    from graphmind.api.hosts import host_allowed

    assert host_allowed("127.0.0.1:8000", []) and host_allowed("127.0.0.2", []) and host_allowed("[::1]", [])
    assert host_allowed("Localhost:1", []) and host_allowed("memory.example:8443", ["memory.example"])
    assert host_allowed("[fd00::1]:80", ["[fd00::1]"])
    for refused in (None, "", "attacker.example", "localhost.attacker.example", "127.0.0.1.nip.io", "[::2]:80"):
        assert not host_allowed(refused, ["memory.example"]), refused


def test_is_loopback():
    from graphmind.api.hosts import is_loopback

    assert all(is_loopback(a) for a in ("127.0.0.1", "127.1.2.3", "localhost", "::1", "[::1]"))
    assert not any(is_loopback(a) for a in ("0.0.0.0", "10.0.0.1", "::", "example.com", ""))


def test_a_listed_host_with_a_port_is_answered_on_any_port(settings):
    """QA: GRAPHMIND_ALLOWED_HOSTS='["memory.example:8781"]' was compared as
    '[memory.example:8781]' (taken for an IPv6 address) and matched no request: the proxy's
    own host was refused 421. The port is dropped as for a request's Host (any port)."""
    from graphmind.api.hosts import hosts_checked, normal

    assert normal("Memory.Example:8781") == "memory.example" and normal("[fd00::1]:80") == "[fd00::1]"
    assert normal("fd00::1") == "[fd00::1]" and normal("[fd00::1]") == "[fd00::1]"
    listed = settings.model_copy(update={"host": "0.0.0.0", "allowed_hosts": ["memory.example:8781"]})
    assert hosts_checked(listed) == ["memory.example"]
