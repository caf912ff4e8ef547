"""PII and secret redaction (rule R3, seed 003 policy 9): typed placeholders.

The one entry point, `redact`, runs the detectors of `graphmind/core/pii/` on the
text, keeps the spans that do not overlap by priority (a credential before an e-mail,
so a token holding an `@` becomes `[API_KEY]`; an IBAN or a national id before a
phone number) and replaces each with its kind: `[EMAIL]`, `[PHONE]`, `[PERSON]` …
The report counts the replacements per kind.
"""

import re
from collections import Counter
from dataclasses import dataclass, field

from graphmind.core.pii import Span, addresses, contacts, identifiers, names, national_ids, phones, secrets

# Highest priority first: where two findings overlap, the earlier kind wins.
KINDS = (
    "PRIVATE_KEY",
    "TOKEN",
    "API_KEY",
    "PASSWORD",
    "SECRET",
    "EMAIL",
    "IBAN",
    "NATIONAL_ID",
    "CARD",
    "IP",
    "ADDRESS",
    "PHONE",
    "PERSON",
)
DETECTORS = (secrets.find, contacts.find, national_ids.find, addresses.find, phones.find, names.find)
# Kinds read from digit runs, which a UUID or a hex digest also holds (`pii/identifiers.py`).
NUMBER_KINDS = frozenset({"IBAN", "NATIONAL_ID", "CARD", "PHONE"})
_RANK = {kind: i for i, kind in enumerate(KINDS)}
PLACEHOLDER = re.compile("|".join(re.escape(f"[{kind}]") for kind in KINDS))


@dataclass
class Redaction:
    text: str
    counts: dict[str, int] = field(default_factory=dict)

    @property
    def total(self) -> int:
        return sum(self.counts.values())


def _chosen(spans: list[Span]) -> list[Span]:
    """Non-overlapping spans, by priority, then the longer, then the earlier; in text order."""
    taken: list[Span] = []
    for span in sorted(spans, key=lambda s: (_RANK[s.kind], s.start - s.end, s.start)):
        if span.end > span.start and all(span.end <= t.start or span.start >= t.end for t in taken):
            taken.append(span)
    return sorted(taken)


def _inside(span: Span, ranges: list[tuple[int, int]]) -> bool:
    return any(start <= span.start and span.end <= end for start, end in ranges)


def find(text: str) -> list[Span]:
    """Where the personal data and secrets of `text` are, in text order.

    A number found inside a machine identifier (a UUID, a hex digest) is part of it.
    """
    ids = identifiers.find(text)
    spans = [span for detect in DETECTORS for span in detect(text)]
    return _chosen([s for s in spans if not (s.kind in NUMBER_KINDS and _inside(s, ids))])


def redact(text: str) -> Redaction:
    """Replaces PII and secrets with typed placeholders such as `[EMAIL]`."""
    spans = find(text)
    parts, at = [], 0
    for span in spans:
        parts += [text[at : span.start], f"[{span.kind}]"]
        at = span.end
    parts.append(text[at:])
    return Redaction("".join(parts), dict(Counter(span.kind for span in spans)))


def as_written(text: str) -> str:
    """A redacted text as short as its writer's text was at least: each placeholder as one
    character, for it stood for one or more (`[EMAIL]` for `a@b.io`, 6). Limits on stored
    text that comes back in (`graphmind import`) measure this, as they measured the original."""
    return PLACEHOLDER.sub("x", text)
