"""A tool call's arguments, refused in the gateway's error shape when they cannot be run.

The SDK validates arguments against the tool's input schema before the tool runs, and
answers a failure in its own words ("Error executing tool recall: 1 validation error for
recallArguments …") without a code; it also drops an argument the tool does not take, so
a misspelt optional argument (`asOf` for `as_of`) would silently do nothing, and it
coerces a value of the wrong JSON type (`"limit": "3"`). All are BAD_USER_INPUT here,
naming the argument, as a refusal by the operation is (`gateway.OperationFailed`).
"""

import re
from typing import Any

from jsonschema import Draft202012Validator
from pydantic import ValidationError

_CAMEL = re.compile(r"(?<!^)(?=[A-Z])")


def unknown(arguments: dict[str, Any], parameters: dict[str, Any]) -> tuple[str, str] | None:
    """(message, argument) for the first argument the tool does not take, also naming the
    required ones missing (`text` given for `content`); None when it takes all."""
    known = set(parameters.get("properties", {}))
    for name in arguments:
        if name not in known:
            snake = snake_case(name)
            hint = f" (did you mean {snake}?)" if snake in known and snake != name else ""
            missing = [required for required in parameters.get("required", []) if required not in arguments]
            lacking = f"; missing {', '.join(missing)}" if missing else ""
            return f"unknown argument {name}{hint}{lacking}; the tool takes: {', '.join(sorted(known))}", name
    return None


def mistyped(arguments: dict[str, Any], parameters: dict[str, Any]) -> tuple[str, str] | None:
    """(message, argument) for the first argument whose JSON type the tool's input schema
    does not allow, checked by the schema itself (`jsonschema`): the SDK's validation would
    coerce `"limit": "3"` to 3 or `1` to true, which GraphQL refuses. None when every type
    fits; a missing or out-of-range argument is left to the SDK's validation (`invalid`)."""
    for error in sorted(Draft202012Validator(parameters).iter_errors(arguments), key=lambda e: str(e.absolute_path)):
        if error.validator in ("type", "anyOf", "oneOf", "enum", "const"):
            path = [str(part) for part in error.absolute_path]
            where = ".".join(path) or "arguments"
            return f"{where}: must be {_expected(error.schema)}", path[0] if path else "arguments"
    return None


_KINDS = {
    "integer": "an integer",
    "number": "a number",
    "string": "a string",
    "boolean": "true or false",
    "null": "null",
    "object": "an object",
    "array": "a list",
}


def _expected(schema: Any) -> str:
    """What a schema allows, in words, without the value that failed it."""
    if not isinstance(schema, dict):
        return "valid"
    if "$ref" in schema:
        return "an object"
    if "enum" in schema:
        return "one of " + ", ".join(str(value) for value in schema["enum"])
    if "const" in schema:
        return str(schema["const"])
    for key in ("anyOf", "oneOf"):
        if key in schema:
            return " or ".join(_expected(option) for option in schema[key])
    kind = schema.get("type")
    kinds = kind if isinstance(kind, list) else [kind]
    return " or ".join(_KINDS.get(k, "valid") for k in kinds if k) or "valid"


def snake_case(name: str) -> str:
    """`asOf` → `as_of`: the snake_case name a camelCase one means."""
    return _CAMEL.sub("_", name).lower()


def invalid(error: ValidationError) -> tuple[str, str]:
    """(message, argument) for the SDK's validation of the arguments: each problem as
    `argument: what is wrong`, without the values (they are the caller's data)."""
    problems = [(".".join(str(part) for part in e["loc"]) or "arguments", e["msg"]) for e in error.errors()]
    message = "; ".join(f"{where}: {what}" for where, what in problems)
    return message, problems[0][0].split(".")[0]
