"""A client gone mid-request (graphmind/api/disconnects.py; /mcp: graphmind/mcp/http.py):
no error, no traceback."""

import logging

import pytest

HEADERS = [
    (b"host", b"127.0.0.1:8000"),  # /mcp's transport refuses other hosts (DNS rebinding)
    (b"content-type", b"application/json"),
    (b"accept", b"application/json, text/event-stream"),  # /mcp's transport wants both
    (b"content-length", b"200"),
]


@pytest.mark.parametrize("path", ["/graphql", "/mcp"])
def test_a_client_gone_while_sending_its_body_is_no_error(app_client, caplog, path):
    """QA: uvicorn logged Starlette's ClientDisconnect as "Exception in ASGI application" with a
    traceback (it so logs any exception that leaves the app); /mcp's SDK caught it and logged
    "Error handling POST request" with a traceback."""
    sent: list[dict] = []
    messages = [
        {"type": "http.request", "body": b'{"query": "{ health { neo4jVer', "more_body": True},
        {"type": "http.disconnect"},
    ]

    async def receive() -> dict:
        return messages.pop(0)

    async def send(message: dict) -> None:
        sent.append(message)

    scope = {
        "type": "http",
        "asgi": {"version": "3.0", "spec_version": "2.3"},
        "http_version": "1.1",
        "method": "POST",
        "scheme": "http",
        "path": path,
        "raw_path": path.encode(),
        "root_path": "",
        "query_string": b"",
        "headers": HEADERS,
        "client": ("127.0.0.1", 50000),
        "server": ("testserver", 80),
        "state": dict(app_client.app_state),
    }
    with caplog.at_level(logging.DEBUG):
        app_client.portal.call(app_client.app, scope, receive, send)  # /graphql: raised ClientDisconnect
    assert sent == []  # no one is left to answer (/graphql sent a 500, /mcp a 500 too)
    assert [r.getMessage() for r in caplog.records if r.levelno >= logging.WARNING] == []
    [said] = [r for r in caplog.records if "went away" in r.getMessage()]
    assert said.levelno == logging.DEBUG and not said.exc_info
    assert said.getMessage() == f"POST {path}: the client went away before the request was done"
