"""A vault note as text: YAML front matter, a callout, the text, generated sections, Links.

    ---
    id: "…"
    type: "memory"
    ---
    > [!warning] Superseded by [[memories/the-new-one-1a2b3c4d]]

    The text.

    ## Links
    - next:: [[memories/what-came-next-5e6f7a8b]]

Rendering is deterministic (front matter values as JSON, which YAML reads as flow
scalars) and parsing inverts it: the Links section starts at the last `## Links`
line, each generated section at the last line of its heading before the next one,
and the text is what precedes them (a status callout first line left out). `[[` in
free text is written `[\\[` (see `escape`), so that only real links are wikilinks.
"""

import json
import re
from collections.abc import Callable
from dataclasses import dataclass, field

import yaml

from graphmind.errors import GraphMindError

LINKS = "## Links"
WIKILINK = re.compile(r"(!?)\[\[([^\[\]|#^\n]+)(?:[#^][^\[\]|\n]*)?(?:\|([^\[\]\n]*))?\]\]")
_RELATION = re.compile(r"^\s*(?:[-*+]\s+)?(?:([A-Za-z][\w -]*?)\s*::)?")
_CALLOUT = re.compile(r"^> \[!(?:warning|note)\] (?:Superseded|Archived|Merged into)\b")
_OPEN = re.compile(r"\[(?=\\*\[)")  # a [ before (backslashes and) another [
_ESCAPED = re.compile(r"\[\\(?=\\*\[)")
_YAML_UNSAFE = re.compile("[^\x09\x0a\x0d\x20-\x7e\x85\xa0-\ud7ff\ue000-\ufffd\U00010000-\U0010ffff]")
_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


class NoteError(GraphMindError):
    """A note that cannot be read (broken front matter, a missing heading)."""

    code = "BAD_USER_INPUT"


@dataclass(frozen=True)
class Link:
    """One edge shown as `- relation:: [[target]] detail`."""

    relation: str
    target: str  # the target note's vault path, without .md
    detail: str = ""


@dataclass
class Note:
    path: str  # vault path without .md, e.g. "memories/the-deploy-runs-1a2b3c4d"
    front: dict
    text: str = ""
    callout: str | None = None
    sections: list[tuple[str, list[str]]] = field(default_factory=list)
    links: list[Link] = field(default_factory=list)
    with_links: bool = True


@dataclass(frozen=True)
class WikiLink:
    target: str
    alias: str | None


@dataclass
class Body:
    text: str  # as written: escaped, wikilinks included, stripped
    links: list[tuple[str | None, WikiLink]]  # under ## Links, with their relation


def escape(text: str) -> str:
    """Adds a backslash after each `[` that (after backslashes) precedes another `[`, so
    free text has no wikilinks; `unescape` removes exactly those backslashes."""
    return _OPEN.sub("[\\\\", text)


def unescape(text: str) -> str:
    return _ESCAPED.sub("[", text)


def inline(text: str, indent: str = "  ") -> str:
    """Free text inside a list item: escaped, continuation lines indented."""
    return ("\n" + indent).join(escape(line) for line in text.strip().split("\n"))


def wikilinks(text: str) -> list[WikiLink]:
    return [WikiLink(m.group(2).strip(), m.group(3)) for m in WIKILINK.finditer(text)]


def plain(text: str, display: Callable[[WikiLink], str]) -> str:
    """The text with every wikilink replaced by its display text, unescaped."""
    replaced = WIKILINK.sub(lambda m: display(WikiLink(m.group(2).strip(), m.group(3))), text)
    return unescape(replaced).strip()


def relation_name(raw: str) -> str:
    return re.sub(r"[\s-]+", "_", raw.strip().lower())


def _value(value) -> str:
    text = json.dumps(value, ensure_ascii=False, sort_keys=True, default=str)
    return json.dumps(value, sort_keys=True, default=str) if _YAML_UNSAFE.search(text) else text


def front_matter(front: dict) -> str:
    return "\n".join(["---", *(f"{key}: {_value(value)}" for key, value in front.items()), "---"])


def link_line(link: Link) -> str:
    prefix = f"{link.relation}:: " if link.relation else ""
    detail = " ".join(escape(link.detail).split())
    return f"- {prefix}[[{link.target}]]" + (f" {detail}" if detail else "")


def render(note: Note) -> str:
    parts = [front_matter(note.front)]
    if note.callout:
        parts.append(note.callout)
    if note.text.strip():
        parts.append(escape(note.text.strip()))
    sections = list(note.sections)
    if note.with_links:
        sections.append((LINKS, [link_line(link) for link in note.links]))
    parts.extend("\n".join([heading, *lines]) for heading, lines in sections)
    return "\n\n".join(parts) + "\n"


def split(source: str) -> tuple[dict | None, str]:
    """The front matter (None when there is none) and the body of a note."""
    source = source.replace("\r\n", "\n").removeprefix("\ufeff")
    lines = source.split("\n")
    if not lines or lines[0].strip() != "---":
        return None, source
    for end in range(1, len(lines)):
        if lines[end].strip() == "---":
            break
    else:
        raise NoteError("its front matter has no closing '---'")
    try:
        front = yaml.load("\n".join(lines[1:end]), Loader=_LOADER)
    except yaml.YAMLError as e:
        raise NoteError(f"its front matter is not valid YAML ({' '.join(str(e).split())})") from None
    if front is None:
        front = {}
    if not isinstance(front, dict):
        raise NoteError("its front matter is not a mapping")
    return front, "\n".join(lines[end + 1 :])


def _last(lines: list[str], heading: str, before: int) -> int | None:
    for i in range(before - 1, -1, -1):
        if lines[i].strip() == heading:
            return i
    return None


def parse_body(body: str, headings: tuple[str, ...] = (), callout: bool = False) -> Body:
    """Text and links of a body rendered with these generated `headings` (before Links).
    Without generated headings a missing Links heading means the body is all text."""
    lines = body.split("\n")
    end = _last(lines, LINKS, len(lines))
    if end is None and headings:
        raise NoteError(f"its '{LINKS}' heading is missing")
    link_lines = lines[end + 1 :] if end is not None else []
    end = len(lines) if end is None else end
    for heading in reversed(headings):
        found = _last(lines, heading, end)
        if found is None:
            raise NoteError(f"its '{heading}' heading is missing")
        end = found
    text_lines = lines[:end]
    while text_lines and not text_lines[0].strip():
        text_lines.pop(0)
    if callout and text_lines and _CALLOUT.match(text_lines[0]):
        text_lines.pop(0)
    links: list[tuple[str | None, WikiLink]] = []
    for line in link_lines:
        match = _RELATION.match(line)
        assert match is not None  # every part of _RELATION is optional: it matches every line
        relation = relation_name(match.group(1)) if match.group(1) else None
        links.extend((relation, link) for link in wikilinks(line[match.end() :]))
    return Body("\n".join(text_lines).strip(), links)
