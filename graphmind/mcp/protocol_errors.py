"""The JSON-RPC errors of the MCP protocol itself, coded as the gateway's are.

The SDK answers a request it cannot dispatch without a code in `data`: params of the wrong
shape (`tools/call` with `"arguments": "str"` or without `name`) as -32602 "Invalid
request parameters" with `data` "", an unknown method as -32601 with the method's name,
and an exception of a handler as code 0 (no JSON-RPC code) with its text, logged as an
error with a traceback (QA: `prompts/get` of a prompt the server does not have).
`CodedErrors`, a server middleware, gives each the shape of the gateway's errors: the
message starts with the GraphQL code and `data` carries it (`{"code", "message", …}`),
over HTTP and stdio alike (both run the server's middleware).
"""

from typing import Any

from mcp import MCPError
from mcp.server.context import CallNext, HandlerResult, ServerRequestContext
from mcp.types import INTERNAL_ERROR, INVALID_PARAMS, INVALID_REQUEST, METHOD_NOT_FOUND
from pydantic import ValidationError

from graphmind.api.errors import masked
from graphmind.errors import BadUserInput, GraphMindError

_CALLERS_FAULT = (INVALID_REQUEST, METHOD_NOT_FOUND, INVALID_PARAMS)


def coded(rpc_code: int, error: GraphMindError, **data: Any) -> MCPError:
    """`error` as a JSON-RPC error: its message starts with the code, which `data` carries."""
    detail = {"code": error.code, "message": error.message, **error.extensions, **data}
    return MCPError(code=rpc_code, message=f"{error.code}: {error.message}", data=detail)


def has_code(data: Any) -> bool:
    return isinstance(data, dict) and "code" in data


def invalid_params(error: ValidationError) -> BadUserInput:
    """What is wrong with a request's params, each problem as `where: what`, without the
    values (they are the caller's); `field` is where the first one is."""
    problems = [(".".join(str(part) for part in e["loc"]) or "params", e["msg"]) for e in error.errors()]
    return BadUserInput("; ".join(f"{where}: {what}" for where, what in problems), field=problems[0][0])


class CodedErrors:
    """Server middleware: a request's failure the SDK would answer without a code gets one:
    BAD_USER_INPUT for params of the wrong shape (-32602, saying what is wrong) and an
    unknown method (-32601), INTERNAL (masked, logged with a correlation id) for an internal
    error and anything else a handler raised (-32603, where the SDK answered code 0). An
    error that has a code passes unchanged, and so do the protocol's other codes and a
    notification's failure (the SDK answers none)."""

    async def __call__(self, ctx: ServerRequestContext[Any, Any], call_next: CallNext) -> HandlerResult:
        try:
            return await call_next(ctx)
        except ValidationError as error:
            if ctx.request_id is None:
                raise
            problem = invalid_params(error)
            message = f"invalid {ctx.method} request: {problem.message}"
            raise coded(INVALID_PARAMS, BadUserInput(message, problem.field)) from None
        except MCPError as error:
            if ctx.request_id is None or has_code(error.data):
                raise
            extra = error.data if isinstance(error.data, dict) else {}
            if error.code == METHOD_NOT_FOUND:
                raise coded(error.code, BadUserInput(f"unknown method {ctx.method}"), method=ctx.method) from None
            if error.code in _CALLERS_FAULT:
                raise coded(error.code, BadUserInput(error.message), **extra) from None
            if error.code in (INTERNAL_ERROR, 0):
                raise coded(INTERNAL_ERROR, masked(error, f"{ctx.method}: {error.message}"), **extra) from None
            raise  # another of the protocol's codes (a cancelled request, …) means what it says
        except Exception as error:
            if ctx.request_id is None:
                raise
            raise coded(INTERNAL_ERROR, masked(error, f"in {ctx.method}")) from None
