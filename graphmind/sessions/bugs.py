"""Bug memories (seed 002): only reusable bugs are remembered, as problem → root cause → solution.

A resolved blocker is reusable when its text, root cause or solution carries a signal:
a platform (PLATFORMS), a library, framework or tool (LIBRARIES, or a code-like name:
dotted `pkg.module`, `CamelCase`, `name==1.2`/`v1.2`), or an error pattern (ERROR_PATTERNS:
`SomethingError`, exceptions, errno names, HTTP 4xx/5xx, exit codes, timeouts,
segfaults, stack traces).
"""

import re

PLATFORMS = frozenset(
    """windows macos mac osx linux ubuntu debian fedora alpine centos android ios ipados
wsl docker kubernetes k8s aws gcp azure arm64 x86 x86_64 chrome firefox safari""".split()
)
LIBRARIES = frozenset(
    """python java javascript typescript node nodejs npm pip poetry maven gradle rust cargo go
react vue angular svelte django flask fastapi starlette uvicorn strawberry graphql pydantic sqlalchemy
numpy pandas scipy torch pytorch tensorflow sentence-transformers neo4j cypher postgres postgresql mysql
sqlite redis kafka rabbitmq nginx apache git github gitlab terraform ansible webpack vite jest pytest
openssl ssh curl bash zsh homebrew apt yum spring hibernate rails ruby php laravel dotnet kotlin swift
xcode electron nextjs next.js prisma mongodb elasticsearch grpc protobuf apscheduler celery""".split()
)
ERROR_PATTERNS = [
    re.compile(r"\b\w+(?:Error|Exception|Fault)\b"),
    re.compile(r"\b(?:E[A-Z]{3,}|errno\s*\d+)\b"),  # ENOENT, EACCES, errno 13
    re.compile(
        r"\b(?:HTTP\s*)?[45]\d\d\b(?=\s*(?:error|status|response|bad|not|internal|forbidden|unauthori))", re.IGNORECASE
    ),
    re.compile(r"\bexit (?:code|status) \d+\b", re.IGNORECASE),
    re.compile(
        r"\b(?:segfault|segmentation fault|stack ?trace|traceback|panic|deadlock|timed? ?out|timeout|"
        r"out of memory|oom|null pointer|undefined is not)\b",
        re.IGNORECASE,
    ),
]
CODE_NAME = re.compile(
    r"\b(?:[a-z_]{2,}\.[a-z_]{2,}(?:\.[a-z_]+)*|[A-Z][a-z]+(?:[A-Z][a-z0-9]+)+|[\w-]+==\d[\w.]*|v\d+\.\d+[\w.]*)\b"
)
WORD = re.compile(r"[\w.+#-]+")


def reusability_signals(*texts: str) -> list[str]:
    """The signals found (e.g. `platform:macos`, `library:neo4j`, `error:ConnectionError`)."""
    found: list[str] = []

    def add(signal: str) -> None:
        if signal not in found:
            found.append(signal)

    for text in filter(None, texts):
        for word in WORD.findall(text):
            lowered = word.lower().strip(".-")
            if lowered in PLATFORMS:
                add(f"platform:{lowered}")
            elif lowered in LIBRARIES:
                add(f"library:{lowered}")
        for pattern in ERROR_PATTERNS:
            for match in pattern.finditer(text):
                add(f"error:{match.group(0)}")
        for match in CODE_NAME.finditer(text):
            add(f"code:{match.group(0)}")
    return found


def bug_memory(problem: str, root_cause: str | None, solution: str | None) -> str:
    """Problem → root cause → solution, as one memory's text."""
    parts = [f"Problem: {problem.rstrip('.')}."]
    if root_cause:
        parts.append(f"Root cause: {root_cause.rstrip('.')}.")
    if solution:
        parts.append(f"Solution: {solution.rstrip('.')}.")
    return " ".join(parts)
