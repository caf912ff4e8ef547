"""GraphMind: the synchronous client, on httpx.Client; the same methods as AsyncGraphMind."""

from __future__ import annotations

import functools
import time
from collections.abc import Callable
from types import TracebackType
from typing import TypeVar

from typing_extensions import Concatenate, ParamSpec, Self

import httpx

from graphmind_client import calls
from graphmind_client.core import Attempts, Call, Retry, configure
from graphmind_client.errors import ClientError
from graphmind_client.methods import method_signature

P = ParamSpec("P")
T = TypeVar("T")


def _method(build: Callable[P, Call[T]]) -> Callable[Concatenate["GraphMind", P], T]:
    @functools.wraps(build, assigned=("__name__", "__qualname__", "__doc__"), updated=())
    def method(self: "GraphMind", *args: P.args, **kwargs: P.kwargs) -> T:
        return self.run(build(*args, **kwargs))

    method.__signature__ = method_signature(build)  # type: ignore[attr-defined]
    return method


class GraphMind:
    """The GraphMind client for synchronous code; use it as `with GraphMind() as gm:`.

    Takes the same arguments as AsyncGraphMind (`url`, `api_key`, `timeout`, `retries`,
    and an `httpx.BaseTransport` as `transport`) and has the same methods, which return
    their results directly.
    """

    def __init__(self, url: str | None = None, api_key: str | None = None, *, timeout: float = 30.0,
                 retries: int | Retry = 2, transport: httpx.BaseTransport | None = None) -> None:
        self.config = configure(url, api_key, timeout, retries)
        self._http = httpx.Client(headers=self.config.headers, timeout=timeout, transport=transport)

    def __enter__(self) -> Self:
        return self

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None,
                 traceback: TracebackType | None) -> None:
        self.close()

    def close(self) -> None:
        self._http.close()

    def run(self, call: Call[T]) -> T:
        """Send `call`, retrying as `retries` allows; its parsed result, or the ClientError."""
        attempts = Attempts(call, self.config.retry)
        while True:
            try:
                return call.result(self._http.post(self.config.url, json=call.payload()))
            except (httpx.RequestError, ClientError) as failure:
                time.sleep(attempts.wait_after(failure))

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
