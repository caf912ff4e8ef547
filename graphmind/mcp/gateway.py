"""How an MCP tool or resource reaches GraphMind: it runs one named operation of
operations.graphql on the GraphQL schema, as the MCP caller, so it goes through the same
resolvers, services, validation, scoping and error codes as POST /graphql; nothing is
implemented twice.

A failed operation becomes what MCP expects: for a tool, a result flagged `isError` whose
text starts with the GraphQL code (`BAD_USER_INPUT: …`) and whose structured content is
`{"error": {"code", "message", "field", "argument", …}}`, which the model can read and act
on; for a resource, a JSON-RPC error whose `data` carries the code.
"""

import json
import re
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any, cast

import strawberry
from graphql import GraphQLError, parse, print_ast
from graphql.utilities import separate_operations
from mcp import MCPError
from mcp.server.mcpserver import Context as McpContext
from mcp.types import INTERNAL_ERROR, INVALID_PARAMS, CallToolResult, TextContent
from starlette.requests import HTTPConnection

from graphmind.api.context import Context
from graphmind.api.guard import control_characters_in
from graphmind.deps import Deps
from graphmind.errors import GraphMindError
from graphmind.security.auth import Caller

OPERATIONS = Path(__file__).with_name("operations.graphql")
_CAMEL = re.compile(r"(?<!^)(?=[A-Z])")


@dataclass(frozen=True)
class Call:
    """Who calls, on which resources; `connection` is the HTTP request (None over stdio)."""

    caller: Caller
    deps: Deps
    connection: HTTPConnection | None = None


Locate = Callable[[McpContext], Awaitable[Call]]


class OperationFailed(Exception):
    """The operation answered with an error (already coded by the schema's ErrorCodes)."""

    def __init__(self, error: GraphQLError) -> None:
        super().__init__(error.message)
        extensions = dict(error.extensions or {})
        self.code = str(extensions.pop("code", "INTERNAL"))
        self.message = error.message
        self.extensions = extensions
        if "field" in extensions:
            self.extensions["argument"] = argument_of(str(extensions["field"]))

    @classmethod
    def bad_argument(cls, message: str, argument: str) -> "OperationFailed":
        """BAD_USER_INPUT naming a tool argument, for arguments refused before any operation runs."""
        failure = cls(GraphQLError(message, extensions={"code": "BAD_USER_INPUT"}))
        failure.extensions["argument"] = argument
        return failure

    def result(self) -> CallToolResult:
        """A tool's result for this failure: the coded text and the structured error."""
        return CallToolResult(
            content=[TextContent(type="text", text=str(self))], structured_content={"error": self.detail}, is_error=True
        )

    @property
    def detail(self) -> dict[str, Any]:
        return {"code": self.code, "message": self.message, **self.extensions}

    def __str__(self) -> str:
        where = f" (argument {self.extensions['argument']})" if "argument" in self.extensions else ""
        return f"{self.code}: {self.message}{where}"


def argument_of(field: str) -> str:
    """The tool argument a GraphQL input path names: `input.contentType` → `content_type`,
    `filter.asOf` → `as_of`, `input.memories[0].memoryId` → `memories`."""
    parts = [part for part in re.split(r"[.\[]", field) if part and not part.rstrip("]").isdigit()]
    if len(parts) > 1 and parts[0] in ("input", "filter"):
        parts = parts[1:]
    return _CAMEL.sub("_", parts[0]).lower() if parts else field


def load_operations(path: Path = OPERATIONS) -> dict[str, str]:
    """Each named operation as its own document, with the fragments it uses."""
    return {name: print_ast(document) for name, document in separate_operations(parse(path.read_text())).items()}


class Gateway:
    """Runs operations for the caller `locate` finds in the MCP request context."""

    def __init__(self, schema: strawberry.Schema, locate: Locate) -> None:
        self.schema = schema
        self.locate = locate
        self.operations = load_operations()

    async def execute(self, ctx: McpContext, operation: str, values: dict[str, Any]) -> Any:
        """The operation's one root field, as JSON-ready data; raises OperationFailed."""
        try:
            call = await self.locate(ctx)
        except GraphMindError as e:  # over stdio: the key was revoked since, or Neo4j is down
            raise OperationFailed(GraphQLError(e.message, extensions={"code": e.code, **e.extensions})) from e
        if where := control_characters_in(values):  # as /graphql refuses them (QA: a NUL in a tag was stored)
            shown = where.encode("unicode_escape", "backslashreplace").decode(
                "ascii"
            )  # a key's own character is not echoed
            raise OperationFailed(
                GraphQLError(
                    f"control characters (such as NUL) and lone surrogates are not accepted: {shown}",
                    extensions={"code": "BAD_USER_INPUT", "field": shown},
                )
            )
        await call.deps.db.behind.owner_settled(call.caller.user_id)  # its recalls' records (db/write_behind.py)
        result = await self.schema.execute(
            self.operations[operation],
            variable_values=values,
            operation_name=operation,
            context_value=Context(caller=call.caller, deps=call.deps, request=call.connection),
        )
        if result.errors:
            raise OperationFailed(result.errors[0])
        [value] = cast(dict[str, Any], result.data).values()  # an execution without errors has data
        return value

    async def tool(self, ctx: McpContext, operation: str, values: dict[str, Any]) -> CallToolResult:
        """A tool's result: the data as JSON text and structured content, or the coded error."""
        try:
            value = await self.execute(ctx, operation, values)
        except OperationFailed as failure:
            return failure.result()
        return CallToolResult(
            content=[TextContent(type="text", text=json.dumps(value, ensure_ascii=False))], structured_content=value
        )

    async def resource(self, ctx: McpContext, operation: str, values: dict[str, Any], uri: str) -> str:
        """A resource's JSON text; a failure is a JSON-RPC error carrying the code in `data`."""
        try:
            return json.dumps(await self.execute(ctx, operation, values), ensure_ascii=False)
        except OperationFailed as failure:
            code = INVALID_PARAMS if failure.code in ("NOT_FOUND", "BAD_USER_INPUT") else INTERNAL_ERROR
            raise MCPError(code=code, message=str(failure), data={**failure.detail, "uri": uri}) from None
