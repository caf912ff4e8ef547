"""AsyncGraphMind: the asynchronous client, on httpx.AsyncClient."""

from __future__ import annotations

import asyncio
import functools
from collections.abc import AsyncIterator, Callable, Coroutine, Sequence
from types import TracebackType
from typing import Any, TypeVar

from typing_extensions import Concatenate, ParamSpec, Self

import httpx

from graphmind_client import calls
from graphmind_client.core import Attempts, Call, Retry, configure
from graphmind_client.errors import ClientError
from graphmind_client.events import Event, subscribe
from graphmind_client.methods import method_signature

P = ParamSpec("P")
T = TypeVar("T")


def _method(build: Callable[P, Call[T]]) -> Callable[Concatenate["AsyncGraphMind", P], Coroutine[Any, Any, T]]:
    @functools.wraps(build, assigned=("__name__", "__qualname__", "__doc__"), updated=())
    async def method(self: "AsyncGraphMind", *args: P.args, **kwargs: P.kwargs) -> T:
        return await self.run(build(*args, **kwargs))

    method.__signature__ = method_signature(build)  # type: ignore[attr-defined]
    return method


class AsyncGraphMind:
    """The GraphMind client for asyncio agents; use it as `async with AsyncGraphMind() as gm:`.

    - `url`: the GraphQL endpoint (default GRAPHMIND_URL, else http://127.0.0.1:8000/graphql).
    - `api_key`: sent as `Authorization: Bearer KEY` (default GRAPHMIND_API_KEY; none: no header).
    - `timeout`: seconds per request.
    - `retries`: extra attempts after RATE_LIMITED, UNAVAILABLE or a network failure, with
      backoff (a `Retry` for finer control; 0: never retry). Writes are retried with the
      same requestId, so they are never applied twice (docs/agents.md).
    - `transport`: an httpx transport, e.g. `httpx.ASGITransport(app)` to call an app in-process.

    Errors raise subclasses of `graphmind_client.errors.ClientError`, one per GraphQL code.
    """

    def __init__(self, url: str | None = None, api_key: str | None = None, *, timeout: float = 30.0,
                 retries: int | Retry = 2, transport: httpx.AsyncBaseTransport | None = None) -> None:
        self.config = configure(url, api_key, timeout, retries)
        self._http = httpx.AsyncClient(headers=self.config.headers, timeout=timeout, transport=transport)

    async def __aenter__(self) -> Self:
        return self

    async def __aexit__(self, kind: type[BaseException] | None, error: BaseException | None,
                        traceback: TracebackType | None) -> None:
        await self.aclose()

    async def aclose(self) -> None:
        await self._http.aclose()

    def events(self, after: int | None = None, types: Sequence[str] | None = None) -> AsyncIterator[Event]:
        """The caller's new events as they are written: `async for event in gm.events(): …`
        (after `after`, default from now; only `types` if given). A GraphQL subscription over
        a WebSocket (graphql-transport-ws); needs `pip install "graphmind-client[events]"`."""
        auth = {k: v for k, v in self.config.headers.items() if k == "Authorization"}
        return subscribe(self.config.url, auth, after, types, open_timeout=self.config.timeout)

    async def run(self, call: Call[T]) -> T:
        """Send `call`, retrying as `retries` allows; its parsed result, or the ClientError."""
        attempts = Attempts(call, self.config.retry)
        while True:
            try:
                return call.result(await self._http.post(self.config.url, json=call.payload()))
            except (httpx.RequestError, ClientError) as failure:
                await asyncio.sleep(attempts.wait_after(failure))

    remember = _method(calls.remember)
    remember_many = _method(calls.remember_many)
    recall = _method(calls.recall)
    memory = _method(calls.memory)
    decide = _method(calls.decide)
    observe_outcome = _method(calls.observe_outcome)
    decision = _method(calls.decision)
    decisions = _method(calls.decisions)
    learn = _method(calls.learn)
    activate = _method(calls.activate)
    why = _method(calls.why)
    save_trail = _method(calls.save_trail)
    resume_trail = _method(calls.resume_trail)
    trail = _method(calls.trail)
    trails = _method(calls.trails)
    start_session = _method(calls.start_session)
    log_session = _method(calls.log_session)
    resolve_blocker = _method(calls.resolve_blocker)
    end_session = _method(calls.end_session)
    session = _method(calls.session)
    session_recall = _method(calls.session_recall)
    helper_brief = _method(calls.helper_brief)
    execute = _method(calls.execute)
