"""GraphQL request metrics (a schema extension) and the `/metrics` endpoint."""

import inspect
import ipaddress
import time
from collections.abc import Awaitable, Callable
from typing import Any

from graphql import GraphQLResolveInfo, OperationType
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from strawberry.extensions import SchemaExtension

from graphmind.errors import Forbidden, GraphMindError
from graphmind.metrics import Metrics


def outcome_of(error: BaseException) -> str:
    """The GraphQL code a resolver's exception becomes (as in api/errors.coded_error)."""
    return error.code if isinstance(error, GraphMindError) else "INTERNAL"


class RequestMetrics(SchemaExtension):
    """Times every root field of queries and mutations; subscriptions are not timed."""

    def resolve(self, _next: Callable, root: Any, info: GraphQLResolveInfo, *args: Any, **kwargs: Any) -> Any:
        metrics = self._metrics()
        if metrics is None or info.path.prev is not None or info.operation.operation == OperationType.SUBSCRIPTION:
            return _next(root, info, *args, **kwargs)
        operation, start = info.field_name, time.perf_counter()
        metrics.request_started()  # observe_request ends it
        try:
            result = _next(root, info, *args, **kwargs)
        except BaseException as e:
            metrics.observe_request(operation, time.perf_counter() - start, outcome_of(e))
            raise
        if not inspect.isawaitable(result):
            metrics.observe_request(operation, time.perf_counter() - start)
            return result

        async def timed() -> Any:
            outcome = "ok"
            try:
                return await result
            except BaseException as e:  # a cancelled request counts as INTERNAL
                outcome = outcome_of(e)
                raise
            finally:
                metrics.observe_request(operation, time.perf_counter() - start, outcome)

        return timed()

    def _metrics(self) -> Metrics | None:
        deps = getattr(self.execution_context.context, "deps", None)
        return getattr(deps, "metrics", None)


def metrics_endpoint(
    refresh: Callable[[Request], Awaitable[None]] | None = None,
) -> Callable[[Request], Awaitable[Response]]:
    """A Starlette endpoint serving `request.state.deps.metrics`, after `refresh`.

    The figures (memory totals among them) are for operators: a scrape needs an admin
    API key (`Authorization: Bearer KEY`), unless it comes from an address of
    `GRAPHMIND_METRICS_ALLOW` (a JSON list of addresses or networks), or the server runs
    without keys (a local, single-user server: its keyless caller is the admin)."""

    async def metrics(request: Request) -> Response:
        refused = await _refusal(request)
        if refused is not None:
            return refused
        if refresh is not None:
            await refresh(request)
        body, content_type = request.state.deps.metrics.render()
        return Response(body, media_type=content_type)

    return metrics


async def _refusal(request: Request) -> Response | None:
    authenticator = getattr(request.state, "authenticator", None)
    if authenticator is None:  # the endpoint alone, outside the app (it has no callers to check)
        return None
    client = request.client.host if request.client else ""
    if _allowed(client, request.state.deps.settings.metrics_allow):
        return None
    try:
        caller = await authenticator.caller(request.headers.get("authorization"))
    except GraphMindError as error:
        return _error(error, 503 if error.code == "UNAVAILABLE" else 401)
    if not caller.is_admin:
        return _error(Forbidden("/metrics needs an admin API key"), 403)
    return None


def _allowed(client: str, networks: list[str]) -> bool:
    try:
        address = ipaddress.ip_address(client)
    except ValueError:
        return False
    return any(address in ipaddress.ip_network(network, strict=False) for network in networks)


def _error(error: GraphMindError, status: int) -> Response:
    return JSONResponse(
        {"data": None, "errors": [{"message": error.message, "extensions": {"code": error.code}}]}, status_code=status
    )
