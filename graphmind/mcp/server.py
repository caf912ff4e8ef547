"""The MCP server: its instructions, the tools (tools/) and the memory and decision resources."""

from collections.abc import Iterable
from typing import Any

from graphql import GraphQLError
from mcp import MCPError
from mcp.server.lowlevel.helper_types import ReadResourceContents
from mcp.server.mcpserver import Context, MCPServer
from mcp.server.mcpserver.exceptions import ResourceNotFoundError, ToolError, UnexpectedToolError
from mcp.types import INVALID_PARAMS, GetPromptResult, InputRequiredResult
from pydantic import AnyUrl, ValidationError

from graphmind.errors import BadUserInput
from graphmind.mcp import arguments as arguments_module
from graphmind.mcp.gateway import Gateway, OperationFailed
from graphmind.mcp.protocol_errors import CodedErrors, coded
from graphmind.mcp.tools import register_all

INSTRUCTIONS = """\
GraphMind is your long-term memory, and it learns from outcomes which memories lead to good decisions.
The loop: remember what is worth keeping; recall before you decide (keep its retrievalId); decide with
that retrievalId (and, if you can, the ids of the memories you actually used: that teaches fastest,
but it is optional); later report observe_outcome with the decision's traceId. Good outcomes raise the
memories' salience, bad ones lower it, so the next recall ranks them differently. learn, activate and
why work on the association graph; snapshot and drift show how it changed; trails save and resume an
investigation; sessions (start_session, log_session, end_session, helper_brief) keep a working log that
recalls relevant memories when you are blocked and becomes memories when it ends. Every error starts
with its code: BAD_USER_INPUT (fix the argument it names), NOT_FOUND, CONFLICT, RATE_LIMITED,
UNAVAILABLE (retry shortly), INTERNAL. A memory is also the resource graphmind://memory/{id}, a
decision graphmind://decision/{traceId}."""


class GraphMindServer(MCPServer):
    """The SDK's server, but a tool's arguments that cannot run (one the tool does not take,
    one of the wrong JSON type, which the SDK would coerce, or one missing) are
    BAD_USER_INPUT in the gateway's shape (`mcp/arguments.py`), not the SDK's uncoded text; and a tool it does not have is a
    JSON-RPC error (invalid params, as the MCP spec wants for a tool it cannot find) naming
    it, with BAD_USER_INPUT in `data` as a resource's errors have their code, where the SDK
    answered an uncoded tool result flagged isError. So are a URI no resource has (the SDK
    answered "Unknown resource" without a code) and a prompt it does not have (the SDK
    answered code 0, not a JSON-RPC code, and logged an error with a traceback)."""

    async def call_tool(self, name: str, arguments: dict[str, Any], context=None) -> Any:
        tool = self._tool_manager.get_tool(name)
        if tool is None:
            failure = OperationFailed(GraphQLError(self._unknown_tool(name), extensions={"code": "BAD_USER_INPUT"}))
            raise MCPError(code=INVALID_PARAMS, message=str(failure), data={**failure.detail, "tool": name})
        if extra := arguments_module.unknown(arguments, tool.parameters):
            return OperationFailed.bad_argument(*extra).result()
        if wrong := arguments_module.mistyped(arguments, tool.parameters):
            return OperationFailed.bad_argument(*wrong).result()
        try:
            return await super().call_tool(name, arguments, context)
        except ToolError as error:  # an UnexpectedToolError is the tool's own failure, not the caller's
            if not isinstance(error, UnexpectedToolError) and isinstance(error.__cause__, ValidationError):
                return OperationFailed.bad_argument(*arguments_module.invalid(error.__cause__)).result()
            raise

    async def read_resource(
        self, uri: AnyUrl | str, context: Context | None = None
    ) -> Iterable[ReadResourceContents] | InputRequiredResult:
        try:
            return await super().read_resource(uri, context)
        except ResourceNotFoundError:  # no template matches: the URI's shape is wrong, not its id
            templates = " and ".join(t.uri_template for t in await self.list_resource_templates())
            unknown = BadUserInput(f"unknown resource URI; the resources are {templates}")
            raise coded(INVALID_PARAMS, unknown, uri=str(uri)) from None

    async def get_prompt(
        self, name: str, arguments: dict[str, Any] | None = None, context: Context | None = None
    ) -> GetPromptResult | InputRequiredResult:
        prompts = sorted(prompt.name for prompt in await self.list_prompts())
        if name not in prompts:
            offered = f"the prompts are: {', '.join(prompts)}" if prompts else "the server offers no prompts"
            raise coded(INVALID_PARAMS, BadUserInput(f"unknown prompt {name}; {offered}"), prompt=name)
        return await super().get_prompt(name, arguments, context)

    def _unknown_tool(self, name: str) -> str:
        tools = sorted(tool.name for tool in self._tool_manager.list_tools())
        snake = arguments_module.snake_case(name)
        hint = f" (did you mean {snake}?)" if snake in tools and snake != name else ""
        return f"unknown tool {name}{hint}; the tools are: {', '.join(tools)}"


def build_server(gateway: Gateway) -> MCPServer:
    """Every tool and resource, each a call through `gateway`."""
    server = GraphMindServer(
        name="graphmind",
        title="GraphMind",
        instructions=INSTRUCTIONS,
        description="Graph-native memory that learns from outcomes.",
        log_level="WARNING",
    )  # the SDK's logging.basicConfig: a no-op once the app configured logging
    server.middleware.append(CodedErrors())  # innermost: the SDK's own middleware sees the coded errors
    register_all(server, gateway)

    @server.resource(
        "graphmind://memory/{id}",
        name="memory",
        title="Memory",
        mime_type="application/json",
        description="One of your memories as JSON: content, salience, utility, validity, status.",
    )
    async def memory(id: str, ctx: Context) -> str:
        return await gateway.resource(ctx, "Memory", {"id": id}, f"graphmind://memory/{id}")

    @server.resource(
        "graphmind://decision/{id}",
        name="decision",
        title="Decision",
        mime_type="application/json",
        description="One of your decisions (by traceId) as JSON: its memories, alternatives and outcomes.",
    )
    async def decision(id: str, ctx: Context) -> str:
        return await gateway.resource(ctx, "Decision", {"id": id}, f"graphmind://decision/{id}")

    return server
