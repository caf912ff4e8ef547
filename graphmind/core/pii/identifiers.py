"""Machine identifiers: UUIDs and hex digests, whose digit runs are not phones or cards.

A random UUID holds a Luhn-valid 13-19 digit run or a valid national phone number
about once in 250 ("6a8ac4ba-0580-4975-…"); an id in a memory's text or metadata
(a merge's `derived_from_many`, a ticket's hash) must come back as it was written.
`graphmind/core/redaction.py` drops the number findings that lie inside these spans.
"""

import re

UUID = re.compile(r"(?<![\w-])[0-9a-fA-F]{8}(?:-[0-9a-fA-F]{4}){3}-[0-9a-fA-F]{12}(?![\w-])")
HEX_DIGEST = re.compile(r"(?<![\w-])(?=[0-9a-fA-F]*[a-fA-F])(?=[0-9a-fA-F]*\d)[0-9a-fA-F]{32,}(?![\w-])")


def find(text: str) -> list[tuple[int, int]]:
    """Where the UUIDs and hex digests (32+ hex characters, letters and digits) of `text` are."""
    return [m.span() for pattern in (UUID, HEX_DIGEST) for m in pattern.finditer(text)]
