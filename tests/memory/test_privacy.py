"""PII and secrets become typed placeholders; ordinary numbers stay."""

import pytest

from graphmind.memory.privacy import redact


@pytest.mark.parametrize(
    ("text", "expected", "kind"),
    [
        ("write to jane.doe@example.com today", "write to [EMAIL] today", "EMAIL"),
        ("call +1 415 555 0132 now", "call [PHONE] now", "PHONE"),
        ("call (415) 555-0132 now", "call [PHONE] now", "PHONE"),
        ("call 415-555-0132 now", "call [PHONE] now", "PHONE"),
        ("call 020 7946 0958 now", "call [PHONE] now", "PHONE"),
        ("call +44 20 7946 0958 now", "call [PHONE] now", "PHONE"),
        ("card 4111 1111 1111 1111 ok", "card [CARD] ok", "CARD"),
        ("host 192.168.1.20 down", "host [IP] down", "IP"),
        ("host fe80::1ff:fe23:4567:890a down", "host [IP] down", "IP"),
        ("key sk-proj-abcdefghijklmnop1234 leaked", "key [API_KEY] leaked", "API_KEY"),
        ("token ghp_abcdefghijklmnopqrstuvwxyz123456", "token [API_KEY]", "API_KEY"),
        ("aws AKIAIOSFODNN7EXAMPLE", "aws [API_KEY]", "API_KEY"),
        ("Authorization: Bearer abcdefghijklmnopqrstuvwxyz.123", "Authorization: Bearer [TOKEN]", "TOKEN"),
        ("my password is hunter22", "my password is [PASSWORD]", "PASSWORD"),
        ("api_key=abcd1234efgh", "api_key=[SECRET]", "SECRET"),
    ],
)
def test_each_kind_is_redacted(text, expected, kind):
    result = redact(text)
    assert result.text == expected
    assert result.counts == {kind: 1}


@pytest.mark.parametrize(
    "text",
    [
        "On 2023-05-08 I paid 1999 dollars in 2022 and 2023",
        "met at 10:30 on 8 May, 2023 with 15 people",
        "version 5.26.30 of Neo4j, build 1234 5678",
        "card-like 1234 5678 9012 3456 fails the Luhn check",
        "the access token is expired now",
        "The secret is that we ship weekly",
        "ports are 7473 7474 7687",
        "from 2024-05-08 to 2024-05-09",
        "scores 120 135 150 165 and 2500 3000",
    ],
)
def test_ordinary_numbers_are_kept(text):
    assert redact(text).text == text and redact(text).total == 0


def test_counts_several():
    result = redact("a@b.io and c@d.io from 10.0.0.1")
    assert result.counts == {"EMAIL": 2, "IP": 1} and result.total == 3
