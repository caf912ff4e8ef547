"""How a tool is registered."""

import inspect
from collections.abc import Callable

from mcp.server.mcpserver import MCPServer
from mcp.types import ToolAnnotations


def tool(server: MCPServer, title: str, *, read_only: bool = False, idempotent: bool = False) -> Callable:
    """Registers a tool: its docstring as a one-line description, and its hints (no tool
    deletes anything)."""

    def register(fn: Callable) -> Callable:
        return server.tool(
            description=" ".join(inspect.cleandoc(fn.__doc__ or "").split()),
            annotations=ToolAnnotations(
                title=title, read_only_hint=read_only, destructive_hint=False, idempotent_hint=idempotent
            ),
        )(fn)

    return register
