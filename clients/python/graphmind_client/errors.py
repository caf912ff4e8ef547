"""The client's errors: one class per GraphQL error code, under one root.

`ClientError` is the root. A GraphQL error becomes the class of its `extensions.code`
(docs/security.md lists the codes); a network failure, or an answer that is not a
GraphQL response, is a `TransportError`.
"""

from __future__ import annotations

from typing import Any


class ClientError(Exception):
    """Root of every error the client raises.

    `code` is the GraphQL `extensions.code` (None for transport errors), `extensions`
    the whole extensions object, `path` the field path of the error, `errors` every
    error of the response (raw), `data` whatever partial data came back, and
    `status_code` the HTTP status (None when no response arrived).
    """

    code: str | None = None

    def __init__(self, message: str, *, extensions: dict[str, Any] | None = None, path: list | None = None,
                 errors: list[dict] | None = None, data: dict | None = None, status_code: int | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.extensions = extensions or {}
        self.path = path
        self.errors = errors or []
        self.data = data
        self.status_code = status_code
        if self.code is None and "code" in self.extensions:
            self.code = self.extensions["code"]

    def __str__(self) -> str:
        return f"{self.code}: {self.message}" if self.code else self.message


class BadUserInput(ClientError):
    """Invalid input (also parse, validation and limit errors); `field` names the input at fault."""

    code = "BAD_USER_INPUT"

    @property
    def field(self) -> str | None:
        return self.extensions.get("field")


class NotFound(ClientError):
    """No such object for this caller (another user's objects are not found too; a decision's
    retrieval recalled moments ago is Unavailable instead, anyone's)."""

    code = "NOT_FOUND"


class Conflict(ClientError):
    """The change conflicts with the stored state (an ended session, a reused requestId, …)."""

    code = "CONFLICT"


class Unauthenticated(ClientError):
    """No API key, or an unknown or revoked one."""

    code = "UNAUTHENTICATED"


class Forbidden(ClientError):
    """An AGENT key on an admin-only operation."""

    code = "FORBIDDEN"


class RateLimited(ClientError):
    """The key's request budget is spent; retry after `retry_after` seconds."""

    code = "RATE_LIMITED"

    @property
    def retry_after(self) -> float | None:
        value = self.extensions.get("retryAfterSeconds")
        return float(value) if isinstance(value, (int, float)) else None


class Unavailable(ClientError):
    """The server cannot reach Neo4j right now, or a decision's retrieval (recalled moments
    ago) is still being recorded: try again shortly."""

    code = "UNAVAILABLE"


class Internal(ClientError):
    """An unexpected server error; quote `correlation_id` when reporting it."""

    code = "INTERNAL"

    @property
    def correlation_id(self) -> str | None:
        return self.extensions.get("correlationId")


class TransportError(ClientError):
    """The request failed on the way: no connection, a timeout, or an answer that is not GraphQL.

    `sent` is False when the request certainly never reached the server (it could not
    connect), so any operation may be retried.
    """

    def __init__(self, message: str, *, sent: bool = True, status_code: int | None = None) -> None:
        super().__init__(message, status_code=status_code)
        self.sent = sent


BY_CODE: dict[str, type[ClientError]] = {
    cls.code: cls for cls in (BadUserInput, NotFound, Conflict, Unauthenticated, Forbidden, RateLimited,
                              Unavailable, Internal)
}


def from_graphql_error(error: dict, *, errors: list[dict], data: dict | None, status_code: int,
                       retry_after: float | None = None) -> ClientError:
    """The exception for one GraphQL error of a response (unknown codes: ClientError)."""
    extensions = dict(error.get("extensions") or {})
    if retry_after is not None and "retryAfterSeconds" not in extensions:
        extensions["retryAfterSeconds"] = retry_after
    cls = BY_CODE.get(extensions.get("code"), ClientError)
    return cls(str(error.get("message", "")), extensions=extensions, path=error.get("path"), errors=errors,
               data=data, status_code=status_code)
