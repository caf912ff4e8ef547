"""GET /export: a user's data streamed as NDJSON, admitted as /graphql is."""

import json

from graphmind.api import export
from graphmind.errors import Unavailable
from graphmind.security import keys, userdata


def stream(client, key: str | None, **params: str) -> tuple[int, dict, list[dict]]:
    """(status, headers, the lines decoded) of GET /export."""
    headers = {"Authorization": f"Bearer {key}"} if key else {}
    with client.stream("GET", "/export", params=params, headers=headers) as response:
        body = b"".join(response.iter_bytes())
        return response.status_code, dict(response.headers), [json.loads(line) for line in body.splitlines()]


def post(client, key: str, query: str) -> dict:
    return client.post("/graphql", json={"query": query}, headers={"Authorization": f"Bearer {key}"}).json()


async def test_the_stream_holds_what_export_user_data_holds_record_by_record(secure_client, key_for, monkeypatch):
    user, key = await key_for()
    for text in ("Gina repairs bicycles in her garage.", "Gina's favourite tool is a spoke wrench."):
        post(secure_client, key, f'mutation {{ remember(input: {{content: "{text}"}}) {{ id }} }}')
    post(secure_client, key, 'mutation { startSession(input: {agentId: "a", goal: "Fix the bike"}) { id } }')
    document = post(secure_client, key, "{ exportUserData }")["data"]["exportUserData"]
    monkeypatch.setattr(userdata, "EXPORT_BATCH", 2)  # relationships between batches too
    monkeypatch.setattr(export, "CHUNK_BYTES", 100)

    status, headers, lines = stream(secure_client, key)

    assert status == 200 and headers["content-type"] == "application/x-ndjson"
    assert lines[0]["userId"] == user and "exportedAt" in lines[0]
    nodes = [line["node"] for line in lines if "node" in line]
    relationships = [line["relationship"] for line in lines if "relationship" in line]
    assert lines[-1] == {"end": {"nodes": len(nodes), "relationships": len(relationships)}}
    assert len(lines) == 2 + len(nodes) + len(relationships)
    assert nodes == document["nodes"] and len(nodes) > 4
    by_content = sorted(json.dumps(r, sort_keys=True) for r in relationships)
    assert by_content == sorted(json.dumps(r, sort_keys=True) for r in document["relationships"])
    assert {"Memory", "Session", "User", "ApiKey"} <= {label for node in nodes for label in node["labels"]}
    assert all("hash" not in node["properties"] and "embedding" not in node["properties"] for node in nodes)


async def test_refusals_come_before_the_stream_as_graphql_errors_with_their_status(secure_client, key_for):
    user, key = await key_for()
    other, _ = await key_for()
    _, admin = await key_for(keys.Role.ADMIN)

    status, headers, [body] = stream(secure_client, None)
    assert status == 401 and body["errors"][0]["extensions"]["code"] == "UNAUTHENTICATED"
    assert headers["www-authenticate"] == "Bearer"
    status, _, [body] = stream(secure_client, key, userId=other)
    assert status == 403 and body["errors"][0]["extensions"]["code"] == "FORBIDDEN"
    status, _, [body] = stream(secure_client, admin, userId="two words")
    assert status == 400 and body["errors"][0]["extensions"] == {"code": "BAD_USER_INPUT", "field": "userId"}

    status, _, lines = stream(secure_client, admin, userId=user)  # an admin exports anyone's
    assert status == 200 and lines[0]["userId"] == user and "end" in lines[-1]
    assert any("ApiKey" in line["node"]["labels"] for line in lines if "node" in line)


async def test_an_error_after_the_first_line_ends_the_stream_without_its_end_record(
    secure_client, key_for, monkeypatch
):
    _, key = await key_for()

    def failing_after(error: Exception):
        async def records(deps, user_id):
            yield {"userId": user_id, "exportedAt": "2026-11-29T00:00:00+00:00"}
            yield {"node": {"ref": "n0", "labels": ["User"], "properties": {}}}
            raise error

        return records

    monkeypatch.setattr(userdata, "export_records", failing_after(Unavailable("Neo4j is unavailable")))
    status, _, lines = stream(secure_client, key)
    assert status == 200 and [next(iter(line)) for line in lines] == ["userId", "node", "error"]
    assert lines[-1]["error"] == {"message": "Neo4j is unavailable", "code": "UNAVAILABLE"}

    monkeypatch.setattr(userdata, "export_records", failing_after(KeyError("a bug")))
    _, _, lines = stream(secure_client, key)
    assert lines[-1]["error"]["code"] == "INTERNAL" and "a bug" not in json.dumps(lines[-1])
    assert lines[-1]["error"]["correlationId"] in lines[-1]["error"]["message"]


def test_a_line_separator_inside_a_value_does_not_split_its_record():
    line = export._line({"node": {"properties": {"content": "one\u2028two\u2029three\x85four"}}})
    assert line.count(b"\n") == 1 and len(line.decode().splitlines()) == 1
    assert json.loads(line)["node"]["properties"]["content"] == "one\u2028two\u2029three\x85four"
