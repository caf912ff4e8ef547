"""The write path reads in phases: no function of remember's (its judgement of duplicates and
contradictions and a text's new version included), decide's or observeOutcome's modules,
nested closures included, is longer than 60 lines (its `def` line to its last)."""

import ast

import pytest

from graphmind.settings import PROJECT_ROOT

MAX_LINES = 60
WRITE_PATH = (
    "graphmind/memory/store.py",
    "graphmind/memory/store_prepare.py",
    "graphmind/memory/store_write.py",
    "graphmind/memory/neighbours.py",
    "graphmind/memory/versions.py",
    "graphmind/lifecycle/truth.py",
    "graphmind/lifecycle/values.py",
    "graphmind/learning/decisions.py",
    "graphmind/learning/outcomes.py",
)


def long_functions(source: str) -> list[tuple[str, int]]:
    """(name, lines) of each function or method defined anywhere in `source`, nested ones
    included, that is longer than MAX_LINES."""
    return [
        (node.name, node.end_lineno - node.lineno + 1)
        for node in ast.walk(ast.parse(source))
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef)
        and node.end_lineno is not None
        and node.end_lineno - node.lineno + 1 > MAX_LINES
    ]


@pytest.mark.parametrize("path", WRITE_PATH)
def test_no_function_of_the_write_path_is_longer_than_60_lines(path):
    assert long_functions((PROJECT_ROOT / path).read_text()) == []


def test_a_nested_closure_counts():
    body = "\n".join(f"        x{n} = {n}" for n in range(MAX_LINES))
    source = f"async def outer():\n    async def write(tx):\n{body}\n    return write\n"
    assert [name for name, _ in long_functions(source)] == ["outer", "write"]
