"""GraphQL request metrics (a field extension on each root field) and the `/metrics` endpoint."""

import asyncio
import ipaddress
import logging
import time
from collections.abc import Awaitable, Callable, Iterator
from contextlib import contextmanager
from typing import Any

from starlette.requests import Request
from starlette.responses import Response
from strawberry.extensions import FieldExtension
from strawberry.types import Info

from graphmind.api.guard import STATUS, error_body, refusal_headers
from graphmind.errors import Forbidden, GraphMindError
from graphmind.metrics import Metrics

log = logging.getLogger("graphmind")


def outcome_of(error: BaseException) -> str:
    """The GraphQL code a resolver's exception becomes (as in api/errors.coded_error)."""
    return error.code if isinstance(error, GraphMindError) else "INTERNAL"


class RootFieldTimer(FieldExtension):
    """Times a root field of a query or mutation and counts its outcome (`schema.field`
    puts it on each). A field extension runs only for the fields it is on; a schema
    extension's `resolve` would run for every field of every result, about 1 ms of CPU for
    a recall that asks for every field of ten memories. Subscriptions are not timed."""

    # positional-only: a root field may have an argument named `source` or `info` (`why` does)
    def resolve(self, next_: Callable[..., Any], source: Any, info: Info, /, **kwargs: Any) -> Any:  # type: ignore[override]
        with _timed(info):
            return next_(source, info, **kwargs)

    async def resolve_async(  # type: ignore[override]
        self, next_: Callable[..., Awaitable[Any]], source: Any, info: Info, /, **kwargs: Any
    ) -> Any:
        with _timed(info):
            return await next_(source, info, **kwargs)


@contextmanager
def _timed(info: Info) -> Iterator[None]:
    """Times what runs inside and counts its outcome, when the context has metrics."""
    deps = getattr(info.context, "deps", None)
    metrics: Metrics | None = getattr(deps, "metrics", None)
    if metrics is None:
        yield
        return
    operation, start, outcome = info.field_name, time.perf_counter(), "ok"
    metrics.request_started()  # observe_request ends it
    try:
        yield
    except BaseException as e:  # a cancelled request counts as INTERNAL
        outcome = outcome_of(e)
        raise
    finally:
        metrics.observe_request(operation, time.perf_counter() - start, outcome)


def at_most_every(
    seconds: float, refresh: Callable[[Request], Awaitable[None]], now: Callable[[], float] = time.monotonic
) -> Callable[[Request], Awaitable[None]]:
    """`refresh`, run only when its last run ended at least `seconds` ago (0: every time);
    calls that come while it runs wait for that run instead of starting their own.

    For a refresh too costly for every scrape: counting memories by status reads every
    memory of every user (21-37 ms of Neo4j time at 9,829 memories, growing with the
    store). A refresh that fails is tried again at the next call."""
    last: float | None = None
    running = asyncio.Lock()  # bound to an event loop only when a call first waits on it

    def fresh() -> bool:
        return last is not None and now() - last < seconds

    async def throttled(request: Request) -> None:
        nonlocal last
        if fresh():
            return
        async with running:
            if fresh():  # counted while this call waited
                return
            await refresh(request)
            last = now()

    return throttled


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
            try:
                await refresh(request)
            except GraphMindError as error:  # Neo4j down: the last counts and every other figure still serve
                log.warning("/metrics: the memory counts were not refreshed: %s", error.message)
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
    failures = request.state.failed_authentications  # an address's wrong keys are limited here too
    try:
        caller = await failures.caller(authenticator, request.headers.get("authorization"), client or None)
    except GraphMindError as error:
        return _error(error, STATUS.get(error.code, 401))
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
    """A refusal in the guard's shape: a GraphQL error body, Retry-After when rate limited."""
    headers = {k.decode("latin-1"): v.decode("latin-1") for k, v in refusal_headers(error)}
    return Response(error_body(error), status, headers)
