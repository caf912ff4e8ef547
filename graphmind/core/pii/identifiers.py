"""Machine identifiers: UUIDs and hex digests, whose digit runs are not phones or cards.

A random UUID holds a Luhn-valid 13-19 digit run or a valid national phone number
about once in 250 ("6a8ac4ba-0580-4975-…"); an id in a memory's text or metadata
(a merge's `derived_from_many`, a ticket's hash) must come back as it was written.
`graphmind/core/redaction.py` drops the number findings that lie inside these spans, and
the secret findings that lie inside public key material or a template (`public`).
"""

import base64
import re

UUID = re.compile(r"(?<![\w-])[0-9a-fA-F]{8}(?:-[0-9a-fA-F]{4}){3}-[0-9a-fA-F]{12}(?![\w-])")
HEX_DIGEST = re.compile(r"(?<![\w-])(?=[0-9a-fA-F]*[a-fA-F])(?=[0-9a-fA-F]*\d)[0-9a-fA-F]{32,}(?![\w-])")


# What is public by design, however random it looks: a public key (SSH, PEM), a certificate,
# a subresource integrity hash; and a template that stands for a secret without holding one.
PUBLIC = re.compile(
    r"-----BEGIN (?:[A-Z ]*PUBLIC KEY|CERTIFICATE)-----[\s\S]*?-----END (?:[A-Z ]*PUBLIC KEY|CERTIFICATE)-----"
    r"|\b(?:ssh-(?:rsa|dss|ed25519)|ecdsa-sha2-nistp\d+|sk-ssh-ed25519@openssh\.com) AAAA[A-Za-z0-9+/]+=*"
    r"|\bsha(?:256|384|512)-[A-Za-z0-9+/]{40,}={0,2}|\bh1:[A-Za-z0-9+/]{43}="  # integrity hashes, go.sum
    r"|\$2[aby]?\$\d\d\$[./A-Za-z0-9]{53}|\$argon2(?:id|i|d)\$\S+|\$[56]\$[^\s$]{1,16}\$[./A-Za-z0-9]{43,86}"  # password hashes
    r"|\bbc1[ac-hj-np-z02-9]{11,71}\b|/nix/store/[0-9a-z]{32}-[^\s/]*"  # a bitcoin address, a Nix store path
    r"|\$\{[^}\s]*\}|<[A-Z][A-Z0-9_]*>|\{\{[^}]*\}\}"
)


def encoded_prose(value: str) -> bool:
    """Whether a base64 string decodes to plain text with spaces ("VGhlIHF1aWNr…" is "The quick…"):
    an encoded sentence, not a key."""
    try:
        decoded = base64.b64decode(value + "=" * (-len(value) % 4), validate=True).decode("ascii")
    except (ValueError, UnicodeDecodeError):
        return False
    return " " in decoded and all(c.isprintable() or c in "\n\t" for c in decoded)


def public(text: str) -> list[tuple[int, int]]:
    """Where the public keys, certificates, integrity hashes and secret templates of `text` are."""
    return [m.span() for m in PUBLIC.finditer(text)]


def find(text: str) -> list[tuple[int, int]]:
    """Where the UUIDs and hex digests (32+ hex characters, letters and digits) of `text` are."""
    return [m.span() for pattern in (UUID, HEX_DIGEST) for m in pattern.finditer(text)]
