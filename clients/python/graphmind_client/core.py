"""What the async and the sync client share: a call, its request, its parsed answer, retries.

The clients only move bytes (httpx.AsyncClient or httpx.Client) and sleep; every
decision — what to send, how to read the answer, which error to raise, whether and when
to retry — is made here.
"""

from __future__ import annotations

import os
import random
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Generic, TypeVar

import httpx
from pydantic import TypeAdapter, ValidationError

from graphmind_client._version import __version__
from graphmind_client.errors import ClientError, RateLimited, TransportError, Unavailable, from_graphql_error

T = TypeVar("T")

DEFAULT_URL = "http://127.0.0.1:8000/graphql"


@dataclass(frozen=True)
class Call(Generic[T]):
    """One GraphQL operation ready to send: its document, variables and how to read the answer.

    `field` is the top-level field holding the result (None: the whole `data`).
    `idempotent` says whether sending it twice is harmless (reads, and writes carrying a
    requestId), which decides the retries after an ambiguous failure.
    """

    document: str
    variables: dict[str, Any]
    field: str | None
    parse: Callable[[Any], T]
    idempotent: bool

    def payload(self) -> dict[str, Any]:
        return {"query": self.document, "variables": self.variables}

    def result(self, response: httpx.Response) -> T:
        """The parsed result of `response`, or the ClientError its first GraphQL error stands for."""
        body = _graphql_body(response)
        data = body.get("data")
        if errors := body.get("errors"):
            raise from_graphql_error(errors[0], errors=errors, data=data, status_code=response.status_code,
                                     retry_after=_retry_after_header(response))
        if not isinstance(data, dict) or (self.field is not None and self.field not in data):
            raise ClientError(f"the response has no {self.field or 'data'}", status_code=response.status_code)
        try:
            return self.parse(data if self.field is None else data[self.field])
        except ValidationError as e:
            raise ClientError(f"the {self.field} result does not match the client's model: {e}",
                              status_code=response.status_code) from e


def call(document: str, variables: dict[str, Any], field: str, result: Any, idempotent: bool) -> Call:
    """A Call whose result is validated as the type `result` (a model, or list[Model]). A
    variable left None is not sent, so the argument's default in the schema applies."""
    sent = {name: value for name, value in variables.items() if value is not None}
    return Call(document, sent, field, TypeAdapter(result).validate_python, idempotent)


def _graphql_body(response: httpx.Response) -> dict:
    try:
        body = response.json()
    except ValueError:
        body = None
    if not isinstance(body, dict) or not ("data" in body or "errors" in body):
        raise TransportError(f"HTTP {response.status_code}, not a GraphQL response: {response.text[:200]!r}",
                             status_code=response.status_code)
    return body


def _retry_after_header(response: httpx.Response) -> float | None:
    try:
        return float(response.headers["retry-after"])
    except (KeyError, ValueError):
        return None


def transport_error(error: httpx.RequestError) -> TransportError:
    """A network failure; `sent` is False only when no connection was ever made."""
    sent = not isinstance(error, (httpx.ConnectError, httpx.ConnectTimeout, httpx.PoolTimeout))
    return TransportError(f"{type(error).__name__}: {str(error) or 'no details'}", sent=sent)


@dataclass(frozen=True)
class Retry:
    """When to try a call again: at most `retries` more times, waiting `backoff`·2^attempt
    seconds (with jitter, at most `max_delay`), or what RATE_LIMITED asks.

    Retried: RATE_LIMITED (refused before anything ran) when the wait is at most
    `max_delay`; a request that never reached the server; UNAVAILABLE answered with 503
    (refused before anything ran). An ambiguous failure (a timeout or a dropped
    connection after sending, UNAVAILABLE from a running operation) is retried only for
    idempotent calls: reads, and writes that carry a requestId (the server then returns
    the first result instead of writing twice).
    """

    retries: int = 2
    backoff: float = 0.5
    max_delay: float = 10.0

    def delay(self, attempt: int, error: ClientError, idempotent: bool) -> float | None:
        """Seconds to wait before attempt `attempt + 1`, or None to give up and raise `error`."""
        if attempt >= self.retries:
            return None
        if isinstance(error, RateLimited):  # the server rounds its wait to 0.1 s: add that back
            wait = error.retry_after + 0.1 if error.retry_after is not None else self._backoff(attempt)
            return wait if wait <= self.max_delay else None
        if isinstance(error, TransportError):
            safe = idempotent or not error.sent
        elif isinstance(error, Unavailable):
            safe = idempotent or error.status_code == 503
        else:
            safe = False
        return self._backoff(attempt) if safe else None

    def _backoff(self, attempt: int) -> float:
        return min(self.max_delay, self.backoff * 2**attempt) * random.uniform(0.5, 1.0)


class Attempts:
    """The retry state of one call: `wait_after(failure)` is the seconds to sleep before the
    next attempt, or raises the failure as a ClientError when there is none."""

    def __init__(self, call: Call, retry: Retry) -> None:
        self.call, self.retry, self.attempt = call, retry, 0

    def wait_after(self, failure: Exception) -> float:
        error = transport_error(failure) if isinstance(failure, httpx.RequestError) else failure
        delay = self.retry.delay(self.attempt, error, self.call.idempotent) if isinstance(error, ClientError) else None
        if delay is None:
            if error is failure:
                raise failure
            raise error from failure
        self.attempt += 1
        return delay


@dataclass(frozen=True)
class Config:
    """Where the server is, how to authenticate, how long to wait and how often to retry."""

    url: str
    headers: dict[str, str] = field(default_factory=dict)
    timeout: float = 30.0
    retry: Retry = Retry()


def configure(url: str | None, api_key: str | None, timeout: float, retries: int | Retry) -> Config:
    """The client's config: arguments first, then GRAPHMIND_URL and GRAPHMIND_API_KEY."""
    api_key = api_key if api_key is not None else os.environ.get("GRAPHMIND_API_KEY") or None
    headers = {"Accept": "application/json", "User-Agent": f"graphmind-client/{__version__}"}
    if api_key:
        headers["Authorization"] = f"Bearer {api_key}"
    retry = retries if isinstance(retries, Retry) else Retry(retries=retries)
    return Config(url or os.environ.get("GRAPHMIND_URL") or DEFAULT_URL, headers, timeout, retry)
