"""Every tool runs the operation named after it; the docs list every tool."""

from graphmind.api.schema import schema
from graphmind.mcp.gateway import Gateway, load_operations
from graphmind.mcp.server import build_server
from graphmind.settings import PROJECT_ROOT


async def _tools() -> dict:
    server = build_server(Gateway(schema, locate=None))
    return {tool.name: tool for tool in await server.list_tools()}


async def test_each_tool_runs_the_operation_named_after_it():
    tools = await _tools()
    pascal = {"".join(part.title() for part in name.split("_")) for name in tools}
    assert pascal == set(load_operations()) - {"Memory", "Decision"}  # those two are the resources


async def test_the_agents_guide_and_the_cookbook_list_every_tool():
    tools = await _tools()
    guide = (PROJECT_ROOT / "docs/agents.md").read_text()
    cookbook = (PROJECT_ROOT / "graphmind/docgen/cookbook_intro.md").read_text()
    assert [name for name in tools if f"`{name}`" not in guide] == []
    assert [name for name in tools if f"`{name}`" not in cookbook] == []
