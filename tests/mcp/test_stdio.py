"""`graphmind mcp` over stdio, as a desktop agent starts it: the SDK's stdio client spawns
`python -m graphmind mcp` with a key in GRAPHMIND_API_KEY and runs the learning loop; a
key revoked meanwhile stops working, and a wrong one stops the command before it serves."""

import asyncio
import os
import subprocess
import sys
import uuid

import pytest
from mcp import ClientSession, StdioServerParameters, stdio_client

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
