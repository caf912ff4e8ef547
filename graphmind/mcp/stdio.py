"""`graphmind mcp`: the MCP server on stdin/stdout, for desktop agents that start it.

It runs on its own resources (the Neo4j driver and the model, as `serve` does, without the
gardener) and acts as the user of its API key (`--key` or GRAPHMIND_API_KEY), checked at
start (a wrong key stops it with an error) and on every call, so a revoked key stops working
within seconds. Without a key it is the local user while the server has no keys (as
`serve` is). Stdout carries the protocol only: logs go to stderr.
"""

import contextlib
import logging
import sys

from graphmind.api.schema import build_schema
from graphmind.core.clock import Clock
from graphmind.deps import open_deps
from graphmind.errors import Unauthenticated
from graphmind.mcp.gateway import Call, Gateway
from graphmind.mcp.server import build_server
from graphmind.security.auth import Authenticator
from graphmind.settings import Settings


async def serve_stdio(settings: Settings, api_key: str | None, clock: Clock | None = None) -> None:
    logging.basicConfig(
        level=logging.WARNING, stream=sys.stderr, format="%(asctime)s %(levelname)s %(name)s %(message)s"
    )
    authorization = f"Bearer {api_key}" if api_key else None
    async with contextlib.AsyncExitStack() as stack:
        with contextlib.redirect_stdout(sys.stderr):  # nothing may print on the protocol's stream
            deps = await stack.enter_async_context(open_deps(settings, clock or Clock()))
        authenticator = Authenticator(deps)
        try:
            await authenticator.caller(authorization)  # refuse a wrong or missing key before serving
        except Unauthenticated as e:
            raise Unauthenticated(
                e.message if api_key else "an API key is required: pass --key or set GRAPHMIND_API_KEY"
            ) from None

        async def locate(ctx) -> Call:
            return Call(caller=await authenticator.caller(authorization), deps=deps)

        await build_server(Gateway(build_schema(settings), locate)).run_stdio_async()
