"""Named things in a text, for the entity graph (`(:Memory)-[:MENTIONS]->(:Entity)`).

A heuristic extractor: capitalised names (single or multi-word, sentence starts
included unless the word is a common one or a verb of an instruction: "Ping",
"Run Neo4j" → neo4j), code identifiers (snake_case, camelCase, dotted.names,
calls()), and known library and platform names. Template labels ("Problem:",
"Root cause:", "Solution:", "Note:" …) are not entities: they would link every
memory written from the same template.
Each entity has a `key` (lower case, for matching) and a display `name`.
"""

import re
from dataclasses import dataclass

from graphmind.core.words import COMMON_WORDS, INSTRUCTION_VERBS

# Matched in any case; ambiguous words ("go", "rest", "spring", "react") are left out
# here and still count when capitalised (the capitalised-name rule finds them).
KNOWN_TECH = {
    "python",
    "javascript",
    "typescript",
    "golang",
    "kotlin",
    "haskell",
    "c++",
    "c#",
    "sql",
    "cypher",
    "graphql",
    "neo4j",
    "postgres",
    "postgresql",
    "mysql",
    "sqlite",
    "redis",
    "mongodb",
    "kafka",
    "rabbitmq",
    "elasticsearch",
    "qdrant",
    "docker",
    "kubernetes",
    "k8s",
    "terraform",
    "aws",
    "gcp",
    "azure",
    "linux",
    "macos",
    "ubuntu",
    "debian",
    "android",
    "django",
    "flask",
    "fastapi",
    "starlette",
    "nodejs",
    "deno",
    "numpy",
    "pandas",
    "pytorch",
    "tensorflow",
    "uvicorn",
    "pydantic",
    "pytest",
    "git",
    "github",
    "gitlab",
    "nginx",
    "openai",
    "llm",
    "grpc",
    "json",
    "yaml",
    "apscheduler",
    "webpack",
    "npm",
    "pip",
}

LABELS = re.compile(
    r"(?:^|(?<=[.!?;\n]))\s*(?:problem|root cause|cause|solution|fix|workaround|note|update|correction|summary"
    r"|context|goal|result|outcome|decision|question|answer|error|symptom|steps|status|todo|action|owner"
    r"|deadline|impact|resolution|reason|lesson|learning|blocker|attempt|hypothesis)\s*:",
    re.IGNORECASE,
)
_CAPITALISED = re.compile(r"\b[A-Z][\w'&-]*(?:\s+(?:of|the|de|van|von)?\s*[A-Z][\w'&-]*)*")
_IDENTIFIER = re.compile(
    r"\b[a-z][a-z0-9]*_[a-z0-9_]+\b"  # snake_case
    r"|\b[a-z]+[A-Z][A-Za-z0-9]*\b"  # camelCase
    r"|\b[A-Za-z_][\w]*(?:\.[A-Za-z_][\w]*)+(?:\(\))?"  # dotted.name, module.func()
    r"|\b[A-Za-z_]\w*\(\)"  # call()
)
_WORD = re.compile(r"[A-Za-z][\w+#.-]*")
_PLACEHOLDER = re.compile(r"\[[A-Z_]+\]")


@dataclass(frozen=True)
class Entity:
    key: str
    name: str


def _clean(name: str) -> str:
    return re.sub(r"\s+", " ", name.strip(" .,'-&")).removesuffix("'s")


def entity_key(name: str) -> str:
    return _clean(name).lower()


def _sentence_start(text: str, at: int) -> bool:
    before = text[:at].rstrip()
    return not before or before[-1] in ".!?:;\n"


def extract_entities(text: str, explicit: list[str] | tuple[str, ...] = ()) -> list[Entity]:
    """Entities of `text` plus the explicitly given ones, de-duplicated by key. A name found
    in the text needs two characters and a letter ("C" or "2024" in running text is noise);
    a given one is the caller's word and is kept whatever its length ("R", "C", "2024")."""
    found: dict[str, Entity] = {}

    def add(name: str, given: bool = False) -> None:
        name = _clean(name)
        key = name.lower()
        if key and key not in found and (given or (len(key) >= 2 and not key.isdigit())):
            found[key] = Entity(key, name)

    for name in explicit:
        add(name, given=True)
    text = _PLACEHOLDER.sub(" ", text)  # "[EMAIL]" and friends are not entities
    text = LABELS.sub(" . ", text)  # a template's labels, each then a sentence start
    for match in _CAPITALISED.finditer(text):
        words = match.group(0).split()
        if words and words[0].lower() in INSTRUCTION_VERBS and _sentence_start(text, match.start()):
            words = words[1:]
        words = [w for w in words if w.lower() not in COMMON_WORDS]
        if not words:
            continue
        add(" ".join(words))
    for match in _IDENTIFIER.finditer(text):
        if not re.fullmatch(r"[A-Z][a-z]+\.[A-Z][a-z]+", match.group(0)):  # "Hi.There"
            add(match.group(0))
    for match in _WORD.finditer(text):
        word = match.group(0).rstrip(".")
        if word.lower() in KNOWN_TECH:
            add(word)
    return list(found.values())
