"""Dependencies point one way: each part of `graphmind/` imports only parts of the layers
below it (docs/architecture.md, "Layers"), and no two modules import each other, however
indirectly. Imports inside functions count; imports under `if TYPE_CHECKING:` never run
and do not."""

import ast
from pathlib import Path

from graphmind.settings import PROJECT_ROOT

PACKAGE = PROJECT_ROOT / "graphmind"

# Bottom first. A part may import its own modules and any part of a lower layer; parts of
# one layer never import each other.
LAYERS: tuple[tuple[str, ...], ...] = (
    ("errors",),
    ("settings",),
    ("core",),  # shared pieces: clock, enums, limits, words, events, edges, redaction, terms
    ("db", "embeddings", "metrics", "cursors"),
    ("deps", "neo4j_server"),
    ("idempotency", "job_context", "security"),
    ("lifecycle",),
    ("memory",),
    ("associative",),
    ("learning",),
    ("trails", "sessions", "improvement", "sharing", "warmup"),
    ("gardener", "obsidian", "bench", "browser"),
    ("plots", "experiments"),
    ("api",),
    ("mcp",),
    ("app", "serving"),
    ("cli",),
    ("docgen", "__main__"),
)
LAYER = {part: level for level, parts in enumerate(LAYERS) for part in parts}


def module_name(path: Path) -> str:
    parts = ("graphmind", *path.relative_to(PACKAGE).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


MODULES = {module_name(path): path for path in PACKAGE.rglob("*.py")}


def part_of(module: str) -> str:
    """`graphmind.memory.store` → `memory`; the package root itself → `graphmind`."""
    return module.split(".")[1] if "." in module else "graphmind"


def _runtime_nodes(tree: ast.AST):
    """Every node but those under `if TYPE_CHECKING:`."""
    for node in ast.iter_child_nodes(tree):
        if isinstance(node, ast.If) and getattr(node.test, "id", getattr(node.test, "attr", "")) == "TYPE_CHECKING":
            yield from (n for child in node.orelse for n in [child, *_runtime_nodes(child)])
            continue
        yield node
        yield from _runtime_nodes(node)


def _known(name: str) -> str:
    while name not in MODULES:
        name = name.rpartition(".")[0]
    return name


def imports(module: str) -> set[str]:
    """The graphmind modules `module` imports (a name imported from a package counts as its
    submodule when it is one)."""
    path = MODULES[module]
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    found = set()
    for node in _runtime_nodes(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            found |= {_known(a.name) for a in node.names if a.name.startswith("graphmind")}
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                stem = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join([*stem, *([node.module] if node.module else [])])
            if base == "graphmind" or base.startswith("graphmind."):
                found |= {f"{base}.{a.name}" if f"{base}.{a.name}" in MODULES else _known(base) for a in node.names}
    return found - {module}


GRAPH = {module: imports(module) for module in MODULES}


def test_every_part_has_a_layer():
    assert sorted({part_of(m) for m in MODULES} - set(LAYER) - {"graphmind"}) == []


def test_no_part_imports_its_own_layer_or_one_above():
    upward = [
        f"{module} imports {target}"
        for module, targets in GRAPH.items()
        if part_of(module) != "graphmind"
        for target in targets
        if part_of(target) not in (part_of(module), "graphmind") and LAYER[part_of(target)] >= LAYER[part_of(module)]
    ]
    assert sorted(upward) == []


def test_no_import_cycles():
    """Tarjan's strongly connected components of the module graph: all of size one."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    cycles = []

    def visit(module: str) -> None:
        index[module] = low[module] = len(index)
        stack.append(module)
        for target in GRAPH[module]:
            if target not in index:
                visit(target)
                low[module] = min(low[module], low[target])
            elif target in stack:
                low[module] = min(low[module], index[target])
        if low[module] == index[module]:
            component = [stack.pop()]
            while component[-1] != module:
                component.append(stack.pop())
            if len(component) > 1:
                cycles.append(sorted(component))

    for module in GRAPH:
        if module not in index:
            visit(module)
    assert cycles == []


def test_the_check_sees_an_upward_import():
    """The checker itself: a lower part importing a higher one is reported."""
    assert LAYER["core"] < LAYER["memory"] < LAYER["learning"] < LAYER["api"]
    tree = ast.parse("from graphmind.memory import store\nif TYPE_CHECKING:\n    from graphmind.api import app\n")
    names = [n.module for n in _runtime_nodes(tree) if isinstance(n, ast.ImportFrom)]
    assert names == ["graphmind.memory"]
