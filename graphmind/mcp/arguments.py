"""A tool call's arguments, refused in the gateway's error shape when they cannot be run.

The SDK validates arguments against the tool's input schema before the tool runs, and
answers a failure in its own words ("Error executing tool recall: 1 validation error for
recallArguments …") without a code; it also drops an argument the tool does not take, so
a misspelt optional argument (`asOf` for `as_of`) would silently do nothing. Both are
BAD_USER_INPUT here, naming the argument, as a refusal by the operation is
(`gateway.OperationFailed`).
"""

import re
from typing import Any

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


def snake_case(name: str) -> str:
    """`asOf` → `as_of`: the snake_case name a camelCase one means."""
    return _CAMEL.sub("_", name).lower()


def invalid(error: ValidationError) -> tuple[str, str]:
    """(message, argument) for the SDK's validation of the arguments: each problem as
    `argument: what is wrong`, without the values (they are the caller's data)."""
    problems = [(".".join(str(part) for part in e["loc"]) or "arguments", e["msg"]) for e in error.errors()]
    message = "; ".join(f"{where}: {what}" for where, what in problems)
    return message, problems[0][0].split(".")[0]
