"""How a function of `calls` becomes a client method: the same parameters, the call's result type."""

from __future__ import annotations

import inspect
from collections.abc import Callable
from typing import Any, get_args

from graphmind_client.core import Call

NAMES = ("remember", "remember_many", "recall", "memory", "decide", "observe_outcome", "decision", "decisions",
         "learn", "activate", "why",
         "save_trail", "resume_trail", "trail", "trails", "start_session", "log_session", "resolve_blocker",
         "end_session", "session", "session_recall", "helper_brief", "execute")
"""The client methods, in the order docs/agents.md lists them."""


def method_signature(build: Callable[..., Call[Any]]) -> inspect.Signature:
    """`build`'s signature with `self` first and the Call's result type as the return type,
    so help() and IDEs show the method as it is called."""
    signature = inspect.signature(build)
    self = inspect.Parameter("self", inspect.Parameter.POSITIONAL_OR_KEYWORD)
    returns = signature.return_annotation
    if isinstance(returns, str):  # postponed annotations: "Call[RecallResult]"
        returns = returns[len("Call["):-1] if returns.startswith("Call[") else returns
    else:
        returns = (get_args(returns) or (returns,))[0]
    return signature.replace(parameters=[self, *signature.parameters.values()], return_annotation=returns)
