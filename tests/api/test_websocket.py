"""The /graphql websocket's limits: subscriptions per connection, and the size of a message."""

import pytest
from starlette.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

QUIET = "subscription { events { seq } }"  # from now on: nothing arrives unless the user writes


@pytest.fixture(scope="module")
def capped(db, settings):
    """The app (keyless default user) with at most 3 subscriptions per connection and
    messages of at most 2048 bytes."""
    from graphmind.app import create_app

    limited = settings.model_copy(update={"max_subscriptions_per_connection": 3, "max_body_bytes": 2048})
    with TestClient(create_app(limited)) as client:
        yield client


def until_pong(ws) -> list[dict]:
    """The messages that arrive before the answer to a ping (graphql-transport-ws answers
    in order: what an earlier message caused comes first)."""
    ws.send_json({"type": "ping"})
    received = []
    while (message := ws.receive_json())["type"] != "pong":
        received.append(message)
    return received


def test_one_connection_runs_at_most_the_cap_of_subscriptions(capped):
    """QA: one connection could open subscriptions without limit (strawberry's cap of 100
    was not a setting and refused without a code). The cap's next one is refused with
    BAD_USER_INPUT, and completing one makes room."""
    with capped.websocket_connect("/graphql", subprotocols=["graphql-transport-ws"]) as ws:
        ws.send_json({"type": "connection_init"})
        assert ws.receive_json()["type"] == "connection_ack"
        for n in range(1, 5):
            ws.send_json({"id": str(n), "type": "subscribe", "payload": {"query": QUIET}})
        [refused] = until_pong(ws)
        assert refused["type"] == "error" and refused["id"] == "4"
        [error] = refused["payload"]
        assert error["extensions"]["code"] == "BAD_USER_INPUT" and "at most 3 subscriptions" in error["message"]
        ws.send_json({"id": "1", "type": "complete"})
        ws.send_json({"id": "5", "type": "subscribe", "payload": {"query": QUIET}})
        assert until_pong(ws) == []  # room again: the fifth runs


def test_the_legacy_protocol_has_the_same_cap(capped):
    with capped.websocket_connect("/graphql", subprotocols=["graphql-ws"]) as ws:
        ws.send_json({"type": "connection_init"})
        assert ws.receive_json()["type"] == "connection_ack"
        for n in range(1, 5):
            ws.send_json({"id": str(n), "type": "start", "payload": {"query": QUIET}})
        ws.send_json({"id": "1", "type": "stop"})
        refused = ws.receive_json()
        assert refused["type"] == "error" and refused["id"] == "4"
        assert refused["payload"]["extensions"]["code"] == "BAD_USER_INPUT"
        assert ws.receive_json() == {"type": "complete", "id": "1"}


def test_a_message_larger_than_the_body_limit_closes_the_connection(capped):
    """QA: a websocket message could be of any size (the HTTP body limit did not apply to
    it): one larger than GRAPHMIND_MAX_BODY_BYTES closes the connection with 1009, message
    too big, before it is parsed."""
    with capped.websocket_connect("/graphql", subprotocols=["graphql-transport-ws"]) as ws:
        ws.send_json({"type": "connection_init"})
        assert ws.receive_json()["type"] == "connection_ack"
        ws.send_json({"type": "ping", "payload": {"pad": "x" * 1800}})  # under the limit: answered
        assert ws.receive_json()["type"] == "pong"
        ws.send_json({"type": "ping", "payload": {"pad": "é" * 1100}})  # 2,200 bytes of 1,100 characters
        with pytest.raises(WebSocketDisconnect) as closed:
            ws.receive_json()
    assert closed.value.code == 1009 and "2048 bytes" in closed.value.reason


def test_a_page_of_a_cors_origin_opens_the_websocket(db, settings):
    """QA: a page on an origin of GRAPHMIND_CORS_ORIGINS, which /graphql and /mcp answer,
    was refused the /graphql websocket (strawberry's own Origin check: 403, a warning in
    the log). It is let in now; a page of another origin is still refused."""
    from graphmind.app import create_app

    listed = settings.model_copy(update={"cors_origins": ["https://agent.example"]})
    with TestClient(create_app(listed), base_url="http://127.0.0.1:8000") as client:
        with client.websocket_connect(
            "/graphql", subprotocols=["graphql-transport-ws"], headers={"Origin": "https://agent.example"}
        ) as ws:
            ws.send_json({"type": "connection_init"})
            assert ws.receive_json()["type"] == "connection_ack"
        with pytest.raises(WebSocketDisconnect):
            with client.websocket_connect(
                "/graphql", subprotocols=["graphql-transport-ws"], headers={"Origin": "https://other.example"}
            ) as ws:
                ws.send_json({"type": "connection_init"})
