"""The one exception root of GraphMind and its codes.

Every error GraphMind raises on purpose derives from GraphMindError; its
`code` is the `extensions.code` of the GraphQL error (see docs/errors in
README.md). Anything else that escapes a resolver is INTERNAL and masked.
"""


class GraphMindError(Exception):
    """Root of every GraphMind error."""

    code = "INTERNAL"

    def __init__(self, message: str, **extensions: object) -> None:
        super().__init__(message)
        self.message = message
        self.extensions = extensions


class BadUserInput(GraphMindError):
    """The request's input is invalid; `field` names the offending input field."""

    code = "BAD_USER_INPUT"

    def __init__(self, message: str, field: str | None = None) -> None:
        super().__init__(message, **({"field": field} if field else {}))
        self.field = field


class NotFound(GraphMindError):
    """No such object for this caller (another user's objects are not found too)."""

    code = "NOT_FOUND"


class Conflict(GraphMindError):
    """The change conflicts with the stored state."""

    code = "CONFLICT"


class Unauthenticated(GraphMindError):
    code = "UNAUTHENTICATED"


class Forbidden(GraphMindError):
    code = "FORBIDDEN"


class RateLimited(GraphMindError):
    code = "RATE_LIMITED"


class Unavailable(GraphMindError):
    """A dependency (Neo4j, the model) cannot be reached right now, or what the request
    names may still be on its way there (a retrieval recalled moments ago): try again."""

    code = "UNAVAILABLE"


class CypherLibraryError(GraphMindError):
    """A query file is malformed, or a query was called with the wrong parameters."""


class Neo4jServerError(GraphMindError):
    """The managed Neo4j server could not be installed, started or stopped."""


ERROR_CODES = (
    "BAD_USER_INPUT",
    "NOT_FOUND",
    "CONFLICT",
    "UNAUTHENTICATED",
    "FORBIDDEN",
    "RATE_LIMITED",
    "UNAVAILABLE",
    "INTERNAL",
)
