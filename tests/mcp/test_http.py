"""The MCP server over streamable HTTP at /mcp, driven by the SDK's own ClientSession with
API keys: the tools, the learning loop, refusals, error codes, resources and isolation."""

import json
import logging
import uuid

import httpx2
import pytest
from mcp import MCPError
from mcp_types.version import LATEST_MODERN_VERSION

from tests.mcp.conftest import call, run_the_loop


def innermost(error: BaseException) -> BaseException:
    while isinstance(error, BaseExceptionGroup) and len(error.exceptions) == 1:
        error = error.exceptions[0]
    return error


TOOLS = {
    "remember",
    "recall",
    "decide",
    "observe_outcome",
    "learn",
    "activate",
    "why",
    "drift",
    "snapshot",
    "save_trail",
    "resume_trail",
    "list_trails",
    "merge_trails",
    "start_session",
    "log_session",
    "end_session",
    "helper_brief",
}


async def test_a_session_lists_every_tool_with_its_schema(http_session, new_key):
    _, key = await new_key()
    async with http_session(key) as session:
        tools = {tool.name: tool for tool in (await session.list_tools()).tools}
        templates = (await session.list_resource_templates()).resource_templates
    assert set(tools) == TOOLS
    for tool in tools.values():
        assert tool.description and tool.input_schema["type"] == "object", tool.name
    decide = tools["decide"]
    assert decide.input_schema["required"] == ["decision_type", "summary"]
    assert "teaches" in decide.description and "do not have to" in decide.description
    assert "teaches" in decide.input_schema["properties"]["memories"]["description"]
    assert decide.input_schema["properties"]["decision_type"]["enum"] == ["RECOMMENDATION", "ACTION", "PREFERENCE"]
    assert "SELF_IMPROVEMENT" not in json.dumps(tools["remember"].input_schema)
    assert {t.uri_template for t in templates} == {"graphmind://memory/{id}", "graphmind://decision/{id}"}
    # a client may call a read-only tool unasked: activate records a retrieval and spends a trail's boosts
    read_only = {name for name, tool in tools.items() if tool.annotations.read_only_hint}
    assert read_only == {"why", "drift", "list_trails", "helper_brief"}


async def test_a_memory_s_metadata_keeps_the_callers_nulls(http_session, new_key):
    _, key = await new_key()
    metadata = {"owner": None, "ticket": "OPS-12", "nested": {"reviewer": None, "n": 1}, "list": [1, None]}
    async with http_session(key) as session:
        stored = await call(session, "remember", content="Metadata with null values stays as given", metadata=metadata)
        memory = json.loads((await session.read_resource(f"graphmind://memory/{stored['id']}")).contents[0].text)
    assert memory["metadata"] == metadata


async def test_the_learning_loop_moves_the_memory_s_salience(http_session, new_key):
    _, key = await new_key()
    async with http_session(key) as session:
        loop = await run_the_loop(session)
        decision = json.loads((await session.read_resource(f"graphmind://decision/{loop['trace']}")).contents[0].text)
        memory = json.loads((await session.read_resource(f"graphmind://memory/{loop['id']}")).contents[0].text)
    assert loop["update"]["memoryId"] == loop["id"] and loop["update"]["delta"] > 0
    assert loop["after"] == pytest.approx(loop["update"]["newEffectiveSalience"])
    assert loop["after"] > loop["before"]
    assert decision["outcome"]["quality"] == 1.0 and decision["memories"][0]["memory"]["id"] == loop["id"]
    assert memory["effectiveSalience"] == pytest.approx(loop["after"])


async def test_a_wrong_or_missing_key_is_refused(http_session, mcp_url):
    for key in ("gm_not-a-key", None):
        with pytest.raises(BaseException) as refused:  # the MCPError, inside the transport's task groups
            async with http_session(key):
                pass
        error = innermost(refused.value)
        assert isinstance(error, MCPError) and error.data["code"] == "UNAUTHENTICATED", refused.value
    async with httpx2.AsyncClient() as http:
        response = await http.post(
            mcp_url,
            json={"jsonrpc": "2.0", "id": 1, "method": "tools/list"},
            headers={"Authorization": "Bearer gm_not-a-key", "Accept": "application/json, text/event-stream"},
        )
    assert response.status_code == 401 and response.headers["www-authenticate"] == "Bearer"
    assert response.json()["error"]["data"]["code"] == "UNAUTHENTICATED"


async def test_bad_input_is_a_tool_error_carrying_bad_user_input(http_session, new_key):
    _, key = await new_key()
    async with http_session(key) as session:
        result = await session.call_tool("remember", {"content": "too short"})
        unknown = await session.call_tool(
            "observe_outcome", {"trace_id": str(uuid.uuid4()), "quality": 0.5, "signal": "TASK_COMPLETED"}
        )
        with pytest.raises(MCPError) as missing:
            await session.read_resource(f"graphmind://memory/{uuid.uuid4()}")
    assert result.is_error
    assert result.content[0].text.startswith("BAD_USER_INPUT: ")
    error = result.structured_content["error"]
    assert error["code"] == "BAD_USER_INPUT" and error["field"] == "input.content" and error["argument"] == "content"
    assert unknown.is_error and unknown.structured_content["error"]["code"] == "NOT_FOUND"
    assert missing.value.data["code"] == "NOT_FOUND"


async def test_arguments_that_cannot_run_are_bad_user_input_naming_the_argument(http_session, new_key):
    """Refused before the operation: a missing or mistyped argument (the SDK's validation,
    uncoded before), and one the tool does not take (silently dropped before)."""
    _, key = await new_key()
    async with http_session(key) as session:
        missing = await session.call_tool("recall", {})
        no_content = await session.call_tool("remember", {"tags": ["deploy"]})  # QA: remember without its text
        text = await session.call_tool("remember", {"text": "Deploys run from the release branch"})
        mistyped = await session.call_tool("recall", {"query": "deploy", "limit": "three"})
        coerced = await session.call_tool("recall", {"query": "deploy", "limit": "3"})  # QA: ran as 3
        one_tag = await session.call_tool("remember", {"content": "Deploys run from the release branch", "tags": "ci"})
        unknown = await session.call_tool("recall", {"query": "deploy", "asOf": "2026-01-01T00:00:00Z"})
        bogus = await session.call_tool("recall", {"query": "deploy", "bogus": 1})
    for result, argument in (
        (missing, "query"),
        (no_content, "content"),
        (text, "text"),
        (mistyped, "limit"),
        (coerced, "limit"),
        (one_tag, "tags"),
        (unknown, "asOf"),
        (bogus, "bogus"),
    ):
        assert result.is_error and result.content[0].text.startswith("BAD_USER_INPUT: ")
        error = result.structured_content["error"]
        assert error["code"] == "BAD_USER_INPUT" and error["argument"] == argument
    assert "content: Field required" in no_content.structured_content["error"]["message"]
    assert "unknown argument text; missing content;" in text.structured_content["error"]["message"]
    assert "did you mean as_of?" in unknown.structured_content["error"]["message"]
    assert "three" not in mistyped.content[0].text  # the caller's values are not echoed
    assert coerced.structured_content["error"]["message"] == "limit: must be an integer or null"
    assert one_tag.structured_content["error"]["message"] == "tags: must be a list or null"


async def test_an_unknown_tool_is_a_json_rpc_error_naming_it(http_session, new_key):
    """QA: the SDK answered an uncoded tool result flagged isError ("Unknown tool: …"); the
    MCP spec wants a protocol error for a tool that cannot be found."""
    _, key = await new_key()
    async with http_session(key) as session:
        with pytest.raises(MCPError) as unknown:
            await session.call_tool("forget", {"id": str(uuid.uuid4())})
        with pytest.raises(MCPError) as camel:
            await session.call_tool("observeOutcome", {})
    assert unknown.value.code == -32602 and unknown.value.data["code"] == "BAD_USER_INPUT"
    assert unknown.value.message.startswith("BAD_USER_INPUT: unknown tool forget;")
    assert unknown.value.data["tool"] == "forget"
    assert "remember" in unknown.value.data["message"]  # the tools there are
    assert "did you mean observe_outcome?" in camel.value.data["message"]


def _refusal(response, status: int, code: str, rpc_code: int = -32001) -> dict:
    """The body of a refusal in the one shape: a JSON-RPC error whose data carries the code."""
    assert response.status_code == status, response.text
    assert response.headers["content-type"].startswith("application/json"), response.text
    body = response.json()
    assert body["jsonrpc"] == "2.0" and body["error"]["data"]["code"] == code, body
    assert body["error"]["code"] == rpc_code, body
    assert body["error"]["message"] == f"{code}: {body['error']['data']['message']}"
    return body["error"]["data"]


async def test_the_sdk_s_own_refusals_are_json_rpc_errors_carrying_the_code(mcp_url, new_key, settings):
    """QA: a body over GRAPHMIND_MAX_BODY_BYTES (413) and a request for another Host (421,
    DNS-rebinding protection) were answered by the SDK in plain text; so were a foreign
    Origin (403), a body that is not JSON (400) and, without a body, a GET in the 2026 protocol (405).
    (A foreign Host is now refused by the app's own check before the SDK sees it, api/hosts.py.)"""
    _, key = await new_key()
    headers = {"Authorization": f"Bearer {key}", "Accept": "application/json, text/event-stream"}
    listing = b'{"jsonrpc": "2.0", "id": 1, "method": "tools/list"}'
    limit = settings.max_body_bytes
    oversize = b"{" + b" " * limit + b"}"

    async def chunks():
        for start in range(0, len(oversize), 65536):
            yield oversize[start : start + 65536]

    async with httpx2.AsyncClient(headers=headers, timeout=60) as http:
        json_type = {"Content-Type": "application/json"}
        too_large = await http.post(mcp_url, content=oversize, headers=json_type)
        chunked = await http.post(mcp_url, content=chunks(), headers=json_type)
        host = await http.post(mcp_url, content=listing, headers={**json_type, "Host": "attacker.example"})
        origin = await http.post(mcp_url, content=listing, headers={**json_type, "Origin": "http://attacker.example"})
        plain = await http.post(mcp_url, content=listing, headers={"Content-Type": "text/plain"})
        modern_get = await http.get(mcp_url, headers={"Mcp-Protocol-Version": LATEST_MODERN_VERSION})  # no body
        # QA: the stateless server's SSE stream stayed open with pings, counted as the user's request
        stream = await http.get(mcp_url, headers={"Accept": "text/event-stream"})
        fine = await http.post(mcp_url, content=listing, headers=json_type)
    assert _refusal(stream, 405, "BAD_USER_INPUT")["message"] == "Method Not Allowed: /mcp takes POST only"
    assert chunked.request.headers.get("transfer-encoding") == "chunked"  # no Content-Length to check first
    for response in (too_large, chunked):
        error = _refusal(response, 413, "BAD_USER_INPUT")
        assert error["message"] == f"the request body is larger than {limit} bytes"  # as /graphql says it
    assert "host 'attacker.example'" in _refusal(host, 421, "FORBIDDEN")["message"]
    assert _refusal(origin, 403, "FORBIDDEN")["message"] == "Invalid Origin header"
    assert _refusal(plain, 400, "BAD_USER_INPUT")["message"] == "Invalid Content-Type header"
    assert _refusal(modern_get, 405, "BAD_USER_INPUT")["message"] == "Method Not Allowed: /mcp takes POST only"
    assert stream.headers["allow"] == modern_get.headers["allow"] == "POST"
    assert fine.status_code == 200 and fine.json()["result"]["tools"]


@pytest.mark.parametrize("version", [None, LATEST_MODERN_VERSION])
async def test_a_body_that_is_not_one_json_rpc_request_is_refused_with_the_code(mcp_url, new_key, version):
    """QA: the SDK answered a body that is not JSON with -32700 and no `data`, and one that
    is not one JSON-RPC message with -32602 and pydantic's dump of several kilobytes,
    echoing the body; now -32700 Parse error and -32600 Invalid Request, with a short
    message and BAD_USER_INPUT in `data`, in either protocol era."""
    _, key = await new_key()
    headers = {"Authorization": f"Bearer {key}", "Accept": "application/json", "Content-Type": "application/json"}
    if version:
        headers["Mcp-Protocol-Version"] = version
    malformed = [
        b'{"jsonrpc": "2.0", "id": 1}',  # no method
        b'[{"jsonrpc": "2.0", "id": 1, "method": "tools/list"}]',  # a batch
        b'{"jsonrpc": "1.0", "id": 1, "method": "tools/list"}',
    ]
    async with httpx2.AsyncClient(headers=headers, timeout=60) as http:
        not_json = await http.post(mcp_url, content=b"{nope")
        surrogate = await http.post(mcp_url, content=b'"\\ud800"')  # a JSON string of a lone surrogate
        answers = [await http.post(mcp_url, content=body) for body in malformed]
    assert _refusal(not_json, 400, "BAD_USER_INPUT", rpc_code=-32700)["message"].startswith("Parse error")
    # the 2025 transport's JSON parser refuses a lone surrogate; the 2026 one reads a string, not a request
    _refusal(surrogate, 400, "BAD_USER_INPUT", rpc_code=-32600 if version else -32700)
    for answer in answers:
        error = _refusal(answer, 400, "BAD_USER_INPUT", rpc_code=-32600)
        assert error["message"].startswith("the body must be one JSON-RPC 2.0 request")
        assert len(answer.content) < 400 and "tools/list" not in answer.text  # the body is not echoed
        assert answer.json()["id"] is None


async def test_params_of_the_wrong_shape_are_bad_user_input_saying_what_is_wrong(mcp_url, new_key):
    """QA: `tools/call` with `"arguments": "str"` or without `name` was -32602 "Invalid
    request parameters" with `data` "" (and an unknown method -32601 without a code)."""
    _, key = await new_key()
    headers = {"Authorization": f"Bearer {key}", "Accept": "application/json, text/event-stream"}

    async def rpc(method: str, params: dict) -> dict:
        message = {"jsonrpc": "2.0", "id": 1, "method": method, "params": params}
        response = await http.post(mcp_url, json=message)
        assert response.status_code == 200, response.text
        return response.json()["error"]

    async with httpx2.AsyncClient(headers=headers, timeout=60) as http:
        text = await rpc("tools/call", {"name": "recall", "arguments": "str"})
        nameless = await rpc("tools/call", {"arguments": {"query": "deploy"}})
        method = await rpc("memories/forget", {})
    for error, wrong in (
        (text, "params.arguments: Input should be a valid dictionary"),
        (nameless, "params.name: Field required"),
    ):
        assert error["code"] == -32602 and error["data"]["code"] == "BAD_USER_INPUT", error
        assert error["data"]["message"] == f"invalid tools/call request: {wrong}"
        assert error["message"] == f"BAD_USER_INPUT: {error['data']['message']}"
    assert text["data"]["field"] == "params.arguments" and nameless["data"]["field"] == "params.name"
    assert method["code"] == -32601 and method["data"]["code"] == "BAD_USER_INPUT"
    assert (
        method["data"]["message"] == "unknown method memories/forget" and method["data"]["method"] == "memories/forget"
    )


@pytest.mark.parametrize("uri", ["graphmind://nope/1", "graphmind://memory/{id}?x=1", "graphmind://decision/%00"])
async def test_a_uri_no_resource_has_is_bad_user_input(http_session, new_key, uri):
    """QA: the SDK answered -32602 "Unknown resource" with `data` {uri} and no code. The URI's
    shape is wrong (no template matches it), so BAD_USER_INPUT; a well-formed URI whose
    object does not exist stays NOT_FOUND (test_bad_input_is_a_tool_error_carrying_bad_user_input)."""
    _, key = await new_key()
    uri = uri.replace("{id}", str(uuid.uuid4()))
    async with http_session(key) as session:
        with pytest.raises(MCPError) as unknown:
            await session.read_resource(uri)
    assert unknown.value.code == -32602 and unknown.value.data["code"] == "BAD_USER_INPUT"
    assert unknown.value.data["uri"] == uri
    assert unknown.value.data["message"] == (
        "unknown resource URI; the resources are graphmind://memory/{id} and graphmind://decision/{id}"
    )


async def test_an_unknown_prompt_is_bad_user_input_and_logs_no_error(http_session, new_key, caplog):
    """QA: `prompts/get` of a prompt the server does not have (it has none) was answered
    with code 0, which JSON-RPC has not, and logged as an error with a traceback."""
    _, key = await new_key()
    async with http_session(key) as session:
        prompts = (await session.list_prompts()).prompts
        with pytest.raises(MCPError) as unknown:
            await session.get_prompt("x")
    assert prompts == []
    assert unknown.value.code == -32602 and unknown.value.data["code"] == "BAD_USER_INPUT"
    assert unknown.value.message == "BAD_USER_INPUT: unknown prompt x; the server offers no prompts"
    assert [r.getMessage() for r in caplog.records if r.levelno >= logging.ERROR] == []


@pytest.mark.parametrize("version", [None, LATEST_MODERN_VERSION])
async def test_every_method_but_post_is_405_allowing_post(mcp_url, new_key, version):
    """QA: GET was 405 with `Allow: POST, DELETE` (DELETE did not work either), DELETE 405
    without Allow and uncoded, PUT, PATCH, OPTIONS and HEAD 405 with `Allow: GET, POST,
    DELETE`, uncoded. POST is the only method a stateless server answers."""
    _, key = await new_key()
    headers = {"Authorization": f"Bearer {key}", "Accept": "application/json, text/event-stream"}
    if version:
        headers["Mcp-Protocol-Version"] = version
    async with httpx2.AsyncClient(headers=headers, timeout=60) as http:
        answers = {
            method: await http.request(method, mcp_url) for method in ("GET", "DELETE", "PUT", "PATCH", "OPTIONS")
        }
        head = await http.head(mcp_url)
        anonymous = await http.delete(mcp_url, headers={"Authorization": ""})
    for method, answer in answers.items():
        assert answer.headers["allow"] == "POST", method
        assert _refusal(answer, 405, "BAD_USER_INPUT")["message"] == "Method Not Allowed: /mcp takes POST only"
    assert head.status_code == 405 and head.headers["allow"] == "POST" and head.content == b""
    assert _refusal(anonymous, 401, "UNAUTHENTICATED")  # the key is checked first, as for a POST


@pytest.mark.parametrize(
    ("arguments", "field", "argument"),
    [
        ({"content": "content with a tag that holds a NUL", "tags": ["a\u0000b"]}, "input.tags[0]", "tags"),
        (
            {"content": "content with odd metadata keys", "metadata": {"k\u0001": 1}},
            "input.metadata.k\\x01",  # escaped, not echoed
            "metadata",
        ),
    ],
)
async def test_control_characters_are_refused_as_over_graphql(http_session, new_key, arguments, field, argument):
    """QA: MCP ran the operation without /graphql's body check, and stored a NUL in a tag."""
    _, key = await new_key()
    async with http_session(key) as session:
        result = await session.call_tool("remember", arguments)
    assert result.is_error and result.content[0].text.startswith("BAD_USER_INPUT: ")
    error = result.structured_content["error"]
    assert (error["code"], error["field"], error["argument"]) == ("BAD_USER_INPUT", field, argument)


async def test_another_user_can_neither_recall_nor_read_a_memory(http_session, new_key):
    (_, alice), (_, bob) = await new_key(), await new_key()
    secret = f"The vault code word is zebra-{uuid.uuid4().hex[:6]}"
    async with http_session(alice) as session:
        mine = await call(session, "remember", content=secret)
        recalled = await call(session, "recall", query=secret)
        decision = await call(
            session,
            "decide",
            decision_type="ACTION",
            summary="Open the vault",
            retrieval_id=recalled["retrievalId"],
            memories=[mine["id"]],
        )
    assert mine["id"] in [i["memory"]["id"] for i in recalled["items"]]
    async with http_session(bob) as session:
        theirs = await call(session, "recall", query=secret)
        with pytest.raises(MCPError) as memory:
            await session.read_resource(f"graphmind://memory/{mine['id']}")
        with pytest.raises(MCPError) as trace:
            await session.read_resource(f"graphmind://decision/{decision['traceId']}")
        outcome = await session.call_tool(
            "observe_outcome", {"trace_id": decision["traceId"], "quality": -1.0, "signal": "USER_REJECTED"}
        )
        path = await session.call_tool("why", {"source": mine["id"], "target": str(uuid.uuid4())})
    assert mine["id"] not in [i["memory"]["id"] for i in theirs["items"]]
    assert "zebra" not in json.dumps(theirs)
    assert memory.value.data["code"] == trace.value.data["code"] == "NOT_FOUND"
    assert outcome.structured_content["error"]["code"] == "NOT_FOUND"
    assert path.structured_content["error"]["code"] == "NOT_FOUND"


async def test_the_graph_trail_and_session_tools(http_session, new_key):
    _, key = await new_key()
    async with http_session(key) as session:
        a = await call(session, "remember", content="The nightly export job writes to the archive bucket")
        b = await call(session, "remember", content="The archive bucket keeps nightly exports for 30 days")
        learned = await call(
            session, "learn", query="where do nightly exports go?", node_ids=[b["id"]], feedback="CORRECT"
        )
        spread = await call(session, "activate", query="nightly export archive", max_hops=2)
        paths = await call(session, "why", source=a["id"], target=b["id"], max_hops=3)
        shot = await call(session, "snapshot", label="before trails")
        drift = await call(session, "drift", since=shot["id"])
        trail = await call(
            session,
            "save_trail",
            label="exports",
            hypotheses=[{"statement": "exports land in the archive", "confidence": 0.8, "supporting_nodes": [b["id"]]}],
            visited_nodes=[{"node_id": a["id"], "annotation": "the job"}],
            open_questions=["who reads them?"],
        )
        other = await call(
            session,
            "save_trail",
            label="retention",
            conclusions=[{"statement": "kept 30 days", "supporting_nodes": [b["id"]]}],
        )
        listed = await call(session, "list_trails")
        resumed = await call(session, "resume_trail", trail_id=trail["trailId"])
        merged = await call(session, "merge_trails", trail_ids=[trail["trailId"], other["trailId"]])
        started = await call(session, "start_session", goal="Find where nightly exports go")
        logged = await call(
            session,
            "log_session",
            session_id=started["id"],
            kind="BLOCKER",
            text="Cannot find the nightly exports in the bucket",
        )
        brief = await call(session, "helper_brief", session_id=started["id"])
        ended = await call(session, "end_session", session_id=started["id"])
    assert learned["feedback"] == "CORRECT" and learned["seeds"]
    assert spread["activatedCount"] >= 1 and paths["totalPathsFound"] >= 1
    assert drift["baseline"]["id"] == shot["id"]
    assert trail["hypothesesSaved"] == 1 and trail["nodesSaved"] >= 2
    assert listed["totalCount"] == 2 and resumed["trail"]["openQuestions"] == ["who reads them?"]
    assert sorted(merged["sourceTrails"]) == sorted([trail["trailId"], other["trailId"]])
    assert logged["entry"]["kind"] == "BLOCKER" and logged["signal"] == "blocker"
    assert brief["goal"] == "Find where nightly exports go" and "Cannot find" in brief["markdown"]
    assert ended["session"]["status"] == "ENDED"


async def test_a_browser_client_gets_the_cors_treatment_graphql_gets(new_key, settings):
    """With GRAPHMIND_CORS_ORIGINS set, a browser MCP client on a listed origin can call /mcp
    as a page there can call /graphql: the preflight allows the headers MCP clients send
    (Mcp-Protocol-Version, …; it allowed Authorization and Content-Type only), and the SDK's
    DNS-rebinding check on a loopback address accepts the origin (it refused it with 403)."""
    from mcp_types.version import LATEST_HANDSHAKE_VERSION
    from starlette.testclient import TestClient

    from graphmind.app import create_app

    origin = "https://agent.example"
    _, key = await new_key()
    app = create_app(settings.model_copy(update={"api_keys": "required", "cors_origins": [origin]}))
    preflight = {"Origin": origin, "Access-Control-Request-Method": "POST"}
    sent = {
        "Origin": origin,
        "Authorization": f"Bearer {key}",
        "Accept": "application/json, text/event-stream",
        "Mcp-Protocol-Version": LATEST_HANDSHAKE_VERSION,
    }
    with TestClient(app, base_url="http://127.0.0.1:8000") as client:  # the loopback address it serves
        graphql = client.options(
            "/graphql", headers={**preflight, "Access-Control-Request-Headers": "authorization, content-type"}
        )
        mcp = client.options(
            "/mcp",
            headers={
                **preflight,
                "Access-Control-Request-Headers": "authorization, content-type, mcp-protocol-version, mcp-method, mcp-name",
            },
        )
        not_preflight = client.options("/mcp", headers=sent)  # no Access-Control-Request-Method
        listed = client.post("/mcp", json={"jsonrpc": "2.0", "id": 1, "method": "tools/list"}, headers=sent)
        refused = client.post(
            "/mcp", json={"jsonrpc": "2.0", "id": 1, "method": "tools/list"}, headers={**sent, "Authorization": ""}
        )
        other = client.post(
            "/mcp",
            json={"jsonrpc": "2.0", "id": 1, "method": "tools/list"},
            headers={**sent, "Origin": "https://elsewhere.example"},
        )
    assert graphql.status_code == 200, graphql.text
    assert mcp.status_code == 200, mcp.text
    assert mcp.headers["access-control-allow-origin"] == origin
    assert not_preflight.status_code == 405 and not_preflight.headers["allow"] == "POST"
    assert not_preflight.json()["error"]["data"]["code"] == "BAD_USER_INPUT"
    assert listed.status_code == 200, listed.text
    assert listed.headers["access-control-allow-origin"] == origin and listed.json()["result"]["tools"]
    assert refused.status_code == 401 and refused.headers["access-control-allow-origin"] == origin
    assert other.status_code == 403 and other.json()["error"]["data"]["code"] == "FORBIDDEN"  # not listed


def test_the_sdk_s_host_check_admits_what_the_app_s_admits(settings):
    """The app's Host check (api/hosts.py) runs first; the SDK's must not refuse what it let
    in: a listed host and the bound address, with or without a port (it wanted a port)."""
    from graphmind.mcp.http import transport_security

    security = transport_security(
        settings.model_copy(update={"host": "127.0.0.2", "allowed_hosts": ["Memory.Example"]})
    )
    assert security is not None and security.enable_dns_rebinding_protection
    assert {"127.0.0.1", "localhost:*", "[::1]:*", "127.0.0.2:*", "memory.example", "memory.example:*"} <= set(
        security.allowed_hosts
    )
    assert transport_security(settings.model_copy(update={"host": "0.0.0.0"})) is None
