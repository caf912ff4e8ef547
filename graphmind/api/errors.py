"""Every GraphQL error carries `extensions.code`; internal errors are masked.

Codes (README "Errors"): BAD_USER_INPUT, NOT_FOUND, CONFLICT, UNAUTHENTICATED,
FORBIDDEN, RATE_LIMITED, UNAVAILABLE, INTERNAL.
"""

import logging
import re
import uuid

from graphql import ArgumentNode, ListValueNode, Node, ObjectValueNode, parse
from graphql.error import GraphQLError
from strawberry.extensions import MaskErrors

from graphmind.errors import GraphMindError

log = logging.getLogger("graphmind.errors")
_VARIABLE = re.compile(r"^Variable '\$(\w+)'")
_AT_PATH = re.compile(r" at '?([\w.\[\]]+?)'?[:;]")


def _field_of(message: str) -> str | None:
    """The input field a coercion error names: "Variable '$input' has invalid value
    at .contentType: …" → `input.contentType`."""
    variable = _VARIABLE.search(message)
    path = _AT_PATH.search(message)
    if path and path.group(1)[0] in ".[" and variable:
        return variable.group(1) + path.group(1)
    if path:
        return path.group(1)
    return variable.group(1) if variable else None


_REQUIRED = re.compile(r"to include required field '(\w+)'")


def _literal_field(error: GraphQLError) -> str | None:
    """The argument path of the literal a validation error points at ("limit",
    "input.contentType", "filter.statuses[0]"; a missing required field named after its
    object): a value written in the document has no variable for `_field_of` to read."""
    if not error.nodes or error.nodes[0].loc is None or error.source is None:
        return None
    target = error.nodes[0].loc
    try:
        document = parse(error.source.body)
    except GraphQLError:
        return None

    def search(node: Node, path: str) -> str | None:
        if node.loc is not None and (node.loc.start, node.loc.end) == (target.start, target.end):
            return path
        if isinstance(node, ObjectValueNode):
            children: list[tuple[Node, str]] = [(f.value, f"{path}.{f.name.value}") for f in node.fields]
        elif isinstance(node, ListValueNode):
            children = [(v, f"{path}[{i}]") for i, v in enumerate(node.values)]
        else:
            return None
        return next((found for child, name in children if (found := search(child, name))), None)

    for node in _walk(document):
        if isinstance(node, ArgumentNode) and (found := search(node.value, node.name.value)):
            missing = _REQUIRED.search(error.message)
            return f"{found}.{missing.group(1)}" if missing else found
    return None


def _walk(node: Node):
    """Every node of a document, depth first."""
    yield node
    for key in node.keys:
        value = getattr(node, key, None)
        for child in value if isinstance(value, tuple | list) else [value]:
            if isinstance(child, Node):
                yield from _walk(child)


def coded_error(error: GraphQLError) -> GraphQLError:
    """The error as the client sees it, with its code."""
    original = error.original_error
    if isinstance(original, GraphMindError) and original.code != "INTERNAL":
        return _with_extensions(error, original.message, code=original.code, **original.extensions)
    if original is None or error.path is None and not isinstance(original, GraphMindError):
        # Parse, validation, limits and variable coercion: the document is at fault.
        field = (error.extensions or {}).get("field") or _field_of(error.message) or _literal_field(error)
        extensions = {"code": "BAD_USER_INPUT", **({"field": field} if field else {})}
        return _with_extensions(error, error.message, **extensions)
    internal = masked(original, f"at {error.path}")
    return _with_extensions(error, internal.message, code="INTERNAL", **internal.extensions)


def masked(error: BaseException | None, where: str) -> GraphMindError:
    """An unexpected error as the caller sees it: INTERNAL, the message masked, with a
    correlation id under which the log has the traceback."""
    correlation_id = uuid.uuid4().hex[:12]
    log.error("internal error %s %s", correlation_id, where, exc_info=error)
    return GraphMindError(
        f"Internal error; quote correlation id {correlation_id} when reporting it.", correlationId=correlation_id
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
