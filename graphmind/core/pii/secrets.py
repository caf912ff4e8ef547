"""Credentials: Yelp's `detect-secrets` (known formats and entropy), plus what it lacks.

detect-secrets recognises AWS access key ids and quoted secret keys, GitHub, GitLab,
Slack, Stripe, Twilio, SendGrid, Mailchimp, npm, PyPI, Discord, Telegram, Azure,
Artifactory and IBM credentials, JWTs, basic auth in URLs and quoted `password = "…"`
assignments; its Base64 entropy plugin (limit 4.5 bits per character) finds random
strings with no known format, such as an AWS secret access key in prose. Its heuristic
filters spare UUIDs, sequences, templated values and identifiers. Hex entropy is left
out: a git commit hash is not a secret.

What it lacks is kept as small rules here: whole private key blocks (it flags only the
header line), Google API keys, `sk-…` keys of the current OpenAI and Anthropic
formats, GitHub fine-grained tokens, bearer tokens and unquoted `token=…`/`password: …`
assignments. Every finding is grown to the whole token it stands in (`_whole`): a
provider's pattern may match only the start of a longer key. Keys of formats no rule
knows are found by their shape (`random_tokens.py`), passwords in prose by their
sentence (`credentials.py`).
"""

import re
import threading
from collections.abc import Callable

from detect_secrets.core.scan import scan_line
from detect_secrets.plugins.high_entropy_strings import Base64HighEntropyString
from detect_secrets.settings import get_settings

from graphmind.core.pii import Span, random_tokens

PLUGINS = (
    "ArtifactoryDetector",
    "AWSKeyDetector",
    "AzureStorageKeyDetector",
    "BasicAuthDetector",
    "CloudantDetector",
    "DiscordBotTokenDetector",
    "GitHubTokenDetector",
    "GitLabTokenDetector",
    "IbmCloudIamDetector",
    "IbmCosHmacDetector",
    "JwtTokenDetector",
    "MailchimpDetector",
    "NpmDetector",
    "OpenAIDetector",
    "PypiTokenDetector",
    "SendGridDetector",
    "SlackDetector",
    "SoftlayerDetector",
    "SquareOAuthDetector",
    "StripeDetector",
    "TelegramBotTokenDetector",
    "TwilioKeyDetector",
    "Base64HighEntropyString",
)
ENTROPY = Base64HighEntropyString(limit=4.5)
ALLOWLIST_FILTER = "detect_secrets.filters.allowlist.is_line_allowlisted"
_CONFIGURING = threading.Lock()
MIN_ENTROPY_LENGTH = 20  # shorter strings cannot reach 4.5 bits per character anyway
KIND_OF_TYPE = {
    "JSON Web Token": "TOKEN",  # its pattern stops at the signature: RULES has the whole token
    "Basic Auth Credentials": "PASSWORD",
    "Secret Keyword": "SECRET",
    "Base64 High Entropy String": "SECRET",
    "Private Key": "PRIVATE_KEY",
}  # any other detect-secrets type is a provider's key: API_KEY

PATH_WORD = re.compile(r"^[a-z]{3,}$")  # two of these between slashes make a path ("com/document/d/…/edit")
NAMED = re.compile(r"^[A-Za-z_][A-Za-z0-9_.-]*=(?=[^=])")
TOKEN_KINDS = frozenset({"API_KEY", "TOKEN", "SECRET"})
PRIVATE_KEY = re.compile(r"-----BEGIN [A-Z ]*PRIVATE KEY-----[\s\S]*?(?:-----END [A-Z ]*PRIVATE KEY-----|\Z)")
# A cheap test before detect-secrets runs on a line: its format and entropy detectors need a
# long run of token characters (every provider key, token and high-entropy string has 16+
# letters, digits or `_+/=.-` in a row) or a URL (basic auth).
_LONG_RUN = re.compile(r"[A-Za-z0-9_+/=.-]{16,}|://")


def _secret_assignment(match: re.Match) -> str:
    return "PASSWORD" if re.search(r"(?i)pass|pwd", match.group("key")) else "SECRET"


# (pattern, kind or a function of the match giving it); the span is the `value` group when present.
RULES: list[tuple[re.Pattern, str | Callable[[re.Match], str]]] = [
    (re.compile(r"\bAIza[0-9A-Za-z_-]{35}"), "API_KEY"),
    (re.compile(r"\b(?:sk|pk|rk)-(?:[a-z]+-)?[A-Za-z0-9_-]{16,}"), "API_KEY"),
    (re.compile(r"\bgh[pousr]_[A-Za-z0-9]{20,}|\bgithub_pat_[A-Za-z0-9_]{20,}|\bglpat-[A-Za-z0-9_-]{20,}"), "API_KEY"),
    (re.compile(r"\bxox[abprs]-[A-Za-z0-9-]{10,}|\bAKIA[0-9A-Z]{16}\b|\bnpm_[A-Za-z0-9]{36}\b"), "API_KEY"),
    (re.compile(r"(?i)\bbearer\s+(?P<value>[A-Za-z0-9._~+/-]{16,}=*)"), "TOKEN"),
    (re.compile(r"\beyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}"), "TOKEN"),
    # KEY=value, key: value; the key may carry a prefix ("aws_secret_access_key", "DB_PASSWORD")
    (
        re.compile(
            r"(?i)(?<![\w.-])(?P<key>(?:[a-z0-9]+[_.-])*(?:password|passwd|pwd|passphrase|secret|api[_-]?key"
            r"|access[_-]?key|secret[_-]?key|private[_-]?key|client[_-]?secret|token)(?:[_.-](?:key|value|id))?)"
            r"[\"']?\s*[:=]\s*(?P<value>\"[^\"]+\"|'[^']+'|[^\s,;]{4,})"
        ),
        _secret_assignment,
    ),
]


def _configure() -> None:
    """detect-secrets keeps its plugin choice in process-wide settings: set ours (once,
    unless something reset them). Large batches are redacted in worker threads
    (memory/store.py), so only one thread changes the settings at a time."""
    settings = get_settings()
    if set(settings.plugins) == set(PLUGINS) and ALLOWLIST_FILTER not in settings.filters:
        return
    with _CONFIGURING:
        if set(settings.plugins) != set(PLUGINS):
            settings.disable_plugins(*settings.plugins)
            settings.configure_plugins([{"name": name} for name in PLUGINS])
        if ALLOWLIST_FILTER in settings.filters:
            # a "pragma: allowlist secret" comment is for code repositories, and the filter's
            # regular expressions ran on every scanned line
            settings.disable_filters(ALLOWLIST_FILTER)


def _random(value: str) -> bool:
    """Entropy candidates (detect-secrets gives every unquoted run in ad-hoc scans): long,
    with a digit and both cases, and above the entropy limit."""
    return (
        len(value) >= MIN_ENTROPY_LENGTH
        and re.search(r"\d", value) is not None
        and value.lower() != value
        and value.upper() != value
        and ENTROPY.calculate_shannon_entropy(value) > ENTROPY.entropy_limit
    )


def _segments(value: str) -> list[str]:
    """The entropy plugin reads a URL's path as one base64 string: its segments, each judged
    alone (a random id in a path is redacted, the path is not); any other value whole."""
    segments = value.split("/")
    return segments if sum(bool(PATH_WORD.match(s)) for s in segments) >= 2 else [value]


def _library_spans(text: str) -> list[Span]:
    _configure()
    spans = []
    offset = 0
    for line in text.splitlines(keepends=True):
        if _LONG_RUN.search(line):
            for secret in scan_line(line.rstrip("\r\n")):
                value = NAMED.sub("", secret.secret_value or "")  # the entropy plugin reads "name=value" as one
                kind = KIND_OF_TYPE.get(secret.type, "API_KEY")
                if kind == "SECRET" and re.search(r"(?i)pass|pwd", line[: line.find(value)]):
                    kind = "PASSWORD"
                entropy = secret.type.endswith("High Entropy String")
                for part in _segments(value) if entropy else [value]:
                    if part and (not entropy or _random(part)):
                        for match in re.finditer(re.escape(part), line):
                            spans.append(Span(offset + match.start(), offset + match.end(), kind))
        offset += len(line)
    return spans


def _whole(text: str, span: Span) -> Span:
    """The span grown to the whole token it stands in: a provider's pattern may stop short of
    a longer key ("sk_live_" and 24 characters of a 107-character key), and none of a key may stay."""
    return Span(*random_tokens.whole(text, span.start, span.end), span.kind) if span.kind in TOKEN_KINDS else span


def find(text: str) -> list[Span]:
    spans = [Span(m.start(), m.end(), "PRIVATE_KEY") for m in PRIVATE_KEY.finditer(text)]
    for pattern, kind in RULES:
        for match in pattern.finditer(text):
            group = "value" if "value" in pattern.groupindex else 0
            spans.append(Span(match.start(group), match.end(group), kind if isinstance(kind, str) else kind(match)))
    return [_whole(text, span) for span in spans + _library_spans(text)]
