"""The MCP tools, one module per capability; each tool is a thin call of one GraphQL
operation through the Gateway (its arguments become the operation's variables)."""

from mcp.server.mcpserver import MCPServer

from graphmind.mcp.gateway import Gateway
from graphmind.mcp.tools import graph, learning, memory, sessions, trails

CAPABILITIES = (memory, learning, graph, trails, sessions)


def register_all(server: MCPServer, gateway: Gateway) -> None:
    for capability in CAPABILITIES:
        capability.register(server, gateway)
