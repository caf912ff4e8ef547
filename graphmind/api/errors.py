"""Every GraphQL error carries `extensions.code`; internal errors are masked.

Codes (README "Errors"): BAD_USER_INPUT, NOT_FOUND, CONFLICT, UNAUTHENTICATED,
FORBIDDEN, RATE_LIMITED, UNAVAILABLE, INTERNAL.
"""

import logging
import uuid

from graphql.error import GraphQLError
from strawberry.extensions import MaskErrors

from graphmind.errors import GraphMindError

log = logging.getLogger("graphmind.errors")


def coded_error(error: GraphQLError) -> GraphQLError:
    """The error as the client sees it, with its code."""
    original = error.original_error
    if isinstance(original, GraphMindError) and original.code != "INTERNAL":
        return _with_extensions(error, original.message, code=original.code, **original.extensions)
    if original is None or error.path is None and not isinstance(original, GraphMindError):
        # Parse, validation, limits and variable coercion: the document is at fault.
        return _with_extensions(error, error.message, code="BAD_USER_INPUT")
    correlation_id = uuid.uuid4().hex[:12]
    log.error("internal error %s at %s", correlation_id, error.path, exc_info=original)
    return _with_extensions(
        error,
        f"Internal error; quote correlation id {correlation_id} when reporting it.",
        code="INTERNAL",
        correlationId=correlation_id,
    )


def _with_extensions(error: GraphQLError, message: str, **extensions: object) -> GraphQLError:
    return GraphQLError(
        message=message,
        nodes=error.nodes,
        source=error.source,
        positions=error.positions,
        path=error.path,
        original_error=None,
        extensions=extensions,
    )


class ErrorCodes(MaskErrors):
    """Gives every error a code and masks the unexpected ones (logged with an id)."""

    def __init__(self) -> None:
        super().__init__()

    def _process_errors(self, errors: list[GraphQLError]) -> list[GraphQLError]:
        return [coded_error(error) for error in errors]
