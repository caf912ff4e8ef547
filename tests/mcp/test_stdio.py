"""`graphmind mcp` over stdio, as a desktop agent starts it: the SDK's stdio client spawns
`python -m graphmind mcp` with a key in GRAPHMIND_API_KEY and runs the learning loop; a
key revoked meanwhile stops working, and a wrong one stops the command before it serves."""

import asyncio
import json
import os
import subprocess
import sys
import uuid

import pytest
from mcp import ClientSession, StdioServerParameters, stdio_client
from mcp_types.version import LATEST_HANDSHAKE_VERSION

from graphmind.security.auth import KEY_CACHE_SECONDS
from graphmind.security.keys import Role, create_key, revoke_key
from graphmind.settings import PROJECT_ROOT
from tests.mcp.conftest import run_the_loop
from tests.mcp.test_http import TOOLS


def _environment(**extra: str) -> dict[str, str]:
    """The test Neo4j's settings (the child inherits only a minimal environment)."""
    env = {
        name: value
        for name, value in os.environ.items()
        if name.startswith(("GRAPHMIND_", "OPENBLAS_")) and name != "GRAPHMIND_API_KEY"
    }
    return {**env, "GRAPHMIND_MIGRATE_ON_START": "false", "GRAPHMIND_API_KEYS": "required", **extra}


async def test_the_learning_loop_over_stdio(db, key_deps, tmp_path):
    record, key = await create_key(key_deps, f"mcp-{uuid.uuid4().hex[:10]}", Role.AGENT, "mcp stdio test")
    server = StdioServerParameters(
        command=sys.executable,
        args=["-m", "graphmind", "mcp"],
        cwd=PROJECT_ROOT,
        env=_environment(GRAPHMIND_API_KEY=key),
    )
    with open(tmp_path / "stderr.log", "w") as errlog:
        async with stdio_client(server, errlog=errlog) as (read, write), ClientSession(read, write) as session:
            await session.initialize()
            tools = {tool.name for tool in (await session.list_tools()).tools}
            loop = await run_the_loop(session)
            await revoke_key(key_deps, record.id)
            await asyncio.sleep(KEY_CACHE_SECONDS + 0.5)
            revoked = await session.call_tool("recall", {"query": "anything"})
    print((tmp_path / "stderr.log").read_text())
    assert tools == TOOLS
    assert revoked.is_error and revoked.structured_content["error"]["code"] == "UNAUTHENTICATED"
    assert loop["after"] == pytest.approx(loop["update"]["newEffectiveSalience"]) and loop["after"] > loop["before"]


async def test_protocol_errors_over_stdio_carry_the_code(db, key_deps, tmp_path):
    """QA, on the wire as over HTTP: params of the wrong shape were -32602 with `data` "", a
    URI no resource has -32602 without a code, and an unknown prompt code 0 (not a JSON-RPC
    code), logged to stderr as an error with a traceback."""
    record, key = await create_key(key_deps, f"mcp-{uuid.uuid4().hex[:10]}", Role.AGENT, "mcp stdio test")
    requests = [
        (
            "initialize",
            {
                "protocolVersion": LATEST_HANDSHAKE_VERSION,
                "capabilities": {},
                "clientInfo": {"name": "t", "version": "1"},
            },
        ),
        ("tools/call", {"name": "recall", "arguments": "str"}),
        ("resources/read", {"uri": "graphmind://nope/1"}),
        ("prompts/get", {"name": "x"}),
    ]
    with open(tmp_path / "stderr.log", "w") as errlog:
        child = await asyncio.create_subprocess_exec(
            sys.executable,
            "-m",
            "graphmind",
            "mcp",
            cwd=PROJECT_ROOT,
            env=_environment(GRAPHMIND_API_KEY=key),
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=errlog,
        )
        answers = {}
        try:
            for number, (method, params) in enumerate(requests):
                message = {"jsonrpc": "2.0", "id": number, "method": method, "params": params}
                child.stdin.write(json.dumps(message).encode() + b"\n")
                if number == 0:
                    child.stdin.write(b'{"jsonrpc": "2.0", "method": "notifications/initialized"}\n')
                await child.stdin.drain()
                answer = json.loads(await asyncio.wait_for(child.stdout.readline(), 120))
                answers[method] = answer["error"] if number else answer["result"]
        finally:
            child.stdin.close()
            await asyncio.wait_for(child.wait(), 60)
            await revoke_key(key_deps, record.id)
    logged = (tmp_path / "stderr.log").read_text()
    print(logged)
    assert answers["initialize"]["serverInfo"]["name"] == "graphmind"
    for method, field in (("tools/call", "field"), ("resources/read", "uri"), ("prompts/get", "prompt")):
        error = answers[method]
        assert error["code"] == -32602 and error["data"]["code"] == "BAD_USER_INPUT" and field in error["data"], error
        assert error["message"] == f"BAD_USER_INPUT: {error['data']['message']}"
    assert answers["tools/call"]["data"]["message"].endswith("params.arguments: Input should be a valid dictionary")
    assert "ERROR" not in logged and "Traceback" not in logged


def test_a_wrong_key_stops_the_command_before_it_serves(db):
    done = subprocess.run(
        [sys.executable, "-m", "graphmind", "mcp", "--key", "gm_not-a-key"],
        cwd=PROJECT_ROOT,
        env={"PATH": os.environ["PATH"], "HOME": os.environ.get("HOME", "/"), **_environment()},
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 1 and done.stdout == ""
    assert "Error: unknown or revoked API key" in done.stderr
