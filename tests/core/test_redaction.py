"""PII and secrets become typed placeholders; ordinary conversation stays as it was.

Two figures are printed (run with -s to see them): the recall on a table of personal
data and secrets, and the false-positive rate on 500 ordinary LoCoMo turns.
"""

import json
import re
from pathlib import Path

import pytest

from graphmind.core.redaction import as_written, redact

# (text, the sensitive part that must be gone, the kind it must be reported as)
TABLE = [
    # names, in several syntactic positions
    ("Contact John Smith at the front desk.", "John Smith", "PERSON"),
    ("Maria Garcia approved the budget yesterday.", "Maria Garcia", "PERSON"),
    ("The report was written by Priya Sharma last week.", "Priya Sharma", "PERSON"),
    ("I had lunch with Hans Müller and his team.", "Müller", "PERSON"),
    ("Please forward this to Dr. Patel before Friday.", "Patel", "PERSON"),
    ("Smith, John is listed as the account owner.", "Smith, John", "PERSON"),
    ("Ask Mrs Hudson about the spare keys.", "Hudson", "PERSON"),
    ("We met Yuki Tanaka at the Osaka conference.", "Yuki Tanaka", "PERSON"),
    ("Emily R. Thompson's laptop was stolen on the train.", "Thompson", "PERSON"),
    ("Send the signed contract to Pieter van Dijk tomorrow.", "Dijk", "PERSON"),
    ("My name is Olivia Bennett and I run the data team.", "Olivia Bennett", "PERSON"),
    ("The patient, Carlos Rodríguez, was discharged on Tuesday.", "Rodríguez", "PERSON"),
    ("Meeting notes from Sophie Dubois: ship the release on Monday.", "Sophie Dubois", "PERSON"),
    ("J. Smith signed the lease for the flat.", "J. Smith", "PERSON"),
    ("Our new hire Wei Zhang starts on Monday.", "Wei Zhang", "PERSON"),
    ("I'm Aisha Khan, the new product manager.", "Aisha Khan", "PERSON"),
    ("Please contact Emily Thornberry about the invoice.", "Thornberry", "PERSON"),
    ("Prof. Ada Lovelace reviewed the proposal.", "Lovelace", "PERSON"),
    # addresses of several countries
    ("Deliver it to 221B Baker Street, London NW1 6XE please.", "Baker Street", "ADDRESS"),
    ("The office is at 10 Downing Street, London SW1A 2AA.", "Downing Street", "ADDRESS"),
    ("HQ: 1600 Amphitheatre Parkway, Mountain View, CA 94043", "Amphitheatre Parkway", "ADDRESS"),
    ("Ship to 350 Fifth Avenue, New York, NY 10118 by noon.", "Fifth Avenue", "ADDRESS"),
    ("Our Toronto office is 301 Front St W, Toronto, ON M5V 2T6.", "Front St", "ADDRESS"),
    ("Ich wohne in der Hauptstraße 5, 10115 Berlin.", "Hauptstraße 5", "ADDRESS"),
    ("Son adresse est 12 rue de Rivoli, 75001 Paris.", "rue de Rivoli", "ADDRESS"),
    ("L'ufficio è in Via Roma 10, 00184 Roma.", "Via Roma 10", "ADDRESS"),
    ("La tienda está en Calle Mayor 5, 28013 Madrid.", "Calle Mayor 5", "ADDRESS"),
    ("The museum is at Prinsengracht 263, 1016 GV Amsterdam.", "Prinsengracht 263", "ADDRESS"),
    ("Post it to 10 George Street, Sydney NSW 2000.", "George Street", "ADDRESS"),
    # phone numbers of 10+ countries
    ("Call the UK desk on 0044 20 7946 0958 after nine.", "7946 0958", "PHONE"),
    ("My mobile is 07700 900123, text me.", "07700 900123", "PHONE"),
    ("UK mobile +44 7911 123456 for urgent issues.", "7911 123456", "PHONE"),
    ("US support: +1 650 253 0000.", "253 0000", "PHONE"),
    ("Call (650) 253-0000 for the Mountain View office.", "253-0000", "PHONE"),
    ("Berlin office: +49 30 901820.", "901820", "PHONE"),
    ("Appelle-moi au 01 42 68 53 00 demain.", "42 68 53 00", "PHONE"),
    ("French mobile +33 6 12 34 56 78.", "12 34 56 78", "PHONE"),
    ("Bangalore team: +91 98765 43210.", "98765 43210", "PHONE"),
    ("Tokyo office +81 3-1234-5678.", "1234-5678", "PHONE"),
    ("Call 03-1234-5678 in Tokyo.", "1234-5678", "PHONE"),
    ("São Paulo: +55 11 91234-5678.", "91234-5678", "PHONE"),
    ("Sydney office +61 2 9374 4000.", "9374 4000", "PHONE"),
    ("Ring (02) 9374 4000 in Sydney.", "9374 4000", "PHONE"),
    ("Madrid: +34 912 345 678.", "345 678", "PHONE"),
    ("Rome office +39 06 6988 4857.", "6988 4857", "PHONE"),
    ("Amsterdam: +31 20 123 4567.", "123 4567", "PHONE"),
    ("Mexico City +52 55 1234 5678.", "1234 5678", "PHONE"),
    ("Dublin: +353 1 234 5678.", "234 5678", "PHONE"),
    # national ids and bank accounts
    ("My SSN is 123-45-6789.", "123-45-6789", "NATIONAL_ID"),
    ("SSN 536-90-4399 on the form", "536-90-4399", "NATIONAL_ID"),
    ("NI number AB 12 34 56 C for payroll", "AB 12 34 56 C", "NATIONAL_ID"),
    ("National Insurance QQ123456C", "QQ123456C", "NATIONAL_ID"),
    ("Pay into GB82 WEST 1234 5698 7654 32 today.", "WEST 1234", "IBAN"),
    ("IBAN DE89 3704 0044 0532 0130 00", "3704 0044", "IBAN"),
    ("Virement sur FR14 2004 1010 0505 0001 3M02 606.", "2004 1010", "IBAN"),
    ("CPF 390.533.447-05 do cliente", "390.533.447-05", "NATIONAL_ID"),
    ("Aadhaar 2341 2341 2346 verified", "2341 2341 2346", "NATIONAL_ID"),
    ("SIN 123-456-782 on file", "123-456-782", "NATIONAL_ID"),
    ("DNI 54362315K del titular", "54362315K", "NATIONAL_ID"),
    ("Codice fiscale RCCMNL83S18D969H", "RCCMNL83S18D969H", "NATIONAL_ID"),
    # cards, e-mail, IP
    ("card 4111 1111 1111 1111 expires soon", "4111 1111", "CARD"),
    ("Mastercard 5500-0000-0000-0004 on file", "5500-0000", "CARD"),
    ("write to jane.doe@example.com today", "jane.doe@example.com", "EMAIL"),
    ("host 192.168.1.20 is down", "192.168.1.20", "IP"),
    # cloud and VCS secrets, tokens, JWTs
    ("aws_access_key_id=AKIAIOSFODNN7EXAMPLE", "AKIAIOSFODNN7EXAMPLE", "API_KEY"),
    ("aws_secret_access_key=wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY", "wJalrXUtnFEMI", "SECRET"),
    ("The AWS secret access key is wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY", "wJalrXUtnFEMI", "SECRET"),
    ("key id AKIAIOSFODNN7EXAMPLE and secret 9drTJvcXLB89EXAMPLELB8tYxzm1R3EXAMPLE/wq", "9drTJvcXLB89", "SECRET"),
    ("GitHub token ghp_aBcDeFgHiJkLmNoPqRsTuVwXyZ0123456789", "ghp_aBcD", "API_KEY"),
    ("fine-grained github_pat_11ABCDEFG0123456789_abcdefghijklmnopqrstuvwxyz", "github_pat_11", "API_KEY"),
    ("GitLab glpat-xY3kP9qR2mN7vB4wZ8tL", "glpat-xY3k", "API_KEY"),
    ("Slack bot xoxb-1234567890-1234567890123-AbCdEfGhIjKlMnOpQrStUvWx", "xoxb-1234", "API_KEY"),
    ("Stripe live key sk_live_4eC39HqLyjWDarjtT1zdp7dc", "sk_live_4eC3", "API_KEY"),
    ("Google Maps key AIzaSyD-9tSrke72PouQMnMX-a7eZSW0jkFMBWY", "AIzaSyD", "API_KEY"),
    ("OpenAI key sk-proj-Xy7Q2mN8pL4vR9tK3wZ6bH1j", "sk-proj-Xy7", "API_KEY"),
    ("Anthropic key sk-ant-api03-Zq8Vn3Lx7Rt2Pw9Ks4Mb6Hy1", "sk-ant-api03", "API_KEY"),
    ("npm token npm_AbCdEfGhIjKlMnOpQrStUvWxYz0123456789", "npm_AbCd", "API_KEY"),
    (
        "SendGrid 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",
        "ngeVfQFYQlKU0ufo8x5d1A",
        "API_KEY",
    ),
    (
        "-----BEGIN RSA PRIVATE KEY-----\nMIIEpAIBAAKCAQEA7bq9\n-----END RSA PRIVATE KEY-----",
        "MIIEpAIBAAKCAQEA7bq9",
        "PRIVATE_KEY",
    ),
    (
        "session eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U",
        "dozjgNryP4J3",
        "TOKEN",
    ),
    (
        "id_token=eyJraWQiOiJrMSIsImFsZyI6IlJTMjU2In0.eyJpc3MiOiJodHRwczovL2lkcCJ9.c2lnbmF0dXJlLXZhbHVlLWhlcmU",
        "eyJpc3Mi",
        "TOKEN",
    ),
    ("Authorization: Bearer abcdefghijklmnopqrstuvwxyz.123", "abcdefghijklmnop", "TOKEN"),
    ("db is postgres://admin:s3cr3tP4ss@db.internal:5432/app", "s3cr3tP4ss", "PASSWORD"),
    ("my password is hunter22", "hunter22", "PASSWORD"),
    ("DB_PASSWORD=Tr0ub4dor&3 in the env file", "Tr0ub4dor", "PASSWORD"),
    ("api_key=abcd1234efgh", "abcd1234efgh", "SECRET"),
    ('client_secret: "f8Kq2Lm9Pz4Xw7Rt"', "f8Kq2Lm9Pz4Xw7Rt", "SECRET"),
]


def _hit(text: str, sensitive: str, kind: str) -> bool:
    result = redact(text)
    return sensitive not in result.text and result.counts.get(kind, 0) >= 1


def test_the_table_is_large_and_varied():
    assert len(TABLE) >= 80
    kinds = {kind for _, _, kind in TABLE}
    assert {"PERSON", "ADDRESS", "PHONE", "NATIONAL_ID", "IBAN", "API_KEY", "TOKEN"} <= kinds


def test_recall_on_the_pii_table():
    missed = [(text, kind) for text, sensitive, kind in TABLE if not _hit(text, sensitive, kind)]
    recall = 1 - len(missed) / len(TABLE)
    print(f"\nPII recall: {recall:.3f} ({len(TABLE) - len(missed)}/{len(TABLE)}); missed: {missed}")
    assert recall >= 0.95, missed


LOCOMO = Path("/work/shared/bench/locomo/locomo_dev.json")


def _locomo_turns(count: int) -> list[str]:
    """`count` turns spread evenly over the LoCoMo dev conversations, as the benchmark stores them."""
    turns = []
    for sample in json.loads(LOCOMO.read_text()):
        talk = sample["conversation"]
        sessions = sorted((k for k in talk if re.fullmatch(r"session_\d+", k)), key=lambda k: int(k[8:]))
        for key in sessions:
            for turn in talk[key]:
                text = f"{turn['speaker']} said: {turn['text']}"
                if turn.get("blip_caption"):
                    text += f" [shared an image: {turn['blip_caption']}]"
                turns.append(text)
    step = len(turns) / count
    return [turns[int(i * step)] for i in range(count)]


@pytest.mark.skipif(not LOCOMO.exists(), reason=f"the LoCoMo dev set is not at {LOCOMO} (shared/bench)")
def test_false_positives_on_ordinary_locomo_turns():
    turns = _locomo_turns(500)
    changed = [(text, redact(text).text) for text in turns if redact(text).total]
    rate = len(changed) / len(turns)
    print(f"\nPII false positives: {rate:.3%} ({len(changed)}/{len(turns)} LoCoMo turns changed): {changed}")
    assert rate <= 0.02, changed


@pytest.mark.parametrize(
    ("text", "expected", "kind"),
    [
        ("write to jane.doe@example.com today", "write to [EMAIL] today", "EMAIL"),
        ("call +1 650 253 0000 now", "call [PHONE] now", "PHONE"),
        ("call (650) 253-0000 now", "call [PHONE] now", "PHONE"),
        ("call 020 7946 0958 now", "call [PHONE] now", "PHONE"),
        ("card 4111 1111 1111 1111 ok", "card [CARD] ok", "CARD"),
        ("host fe80::1ff:fe23:4567:890a down", "host [IP] down", "IP"),
        ("key sk-proj-abcdefghijklmnop1234 leaked", "key [API_KEY] leaked", "API_KEY"),
        ("aws AKIAIOSFODNN7EXAMPLE", "aws [API_KEY]", "API_KEY"),
        ("Authorization: Bearer abcdefghijklmnopqrstuvwxyz.123", "Authorization: Bearer [TOKEN]", "TOKEN"),
        ("my password is hunter22", "my password is [PASSWORD]", "PASSWORD"),
        ("api_key=abcd1234efgh", "api_key=[SECRET]", "SECRET"),
        ("Contact John Smith at reception", "Contact [PERSON] at reception", "PERSON"),
        ("SSN 123-45-6789 on file", "SSN [NATIONAL_ID] on file", "NATIONAL_ID"),
        ("lives at 221B Baker Street, London NW1 6XE now", "lives at [ADDRESS] now", "ADDRESS"),
    ],
)
def test_each_kind_is_replaced_by_its_placeholder(text, expected, kind):
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
        "fixed in commit 1ed5800a3c9f8e7d6b5a4c3b2a1f0e9d8c7b6a5f on main",
        "tokenizers==0.23.3 and numpy==2.4.6 are pinned",
        "Caroline said: Hey Mel! I went to the support group yesterday.",
        "May Day parade in Victoria Park on Summer Street",
        "We watched the Harry Potter films all weekend",
        "request id 3f2b9c1e-8d4a-4f6b-9a7e-2c5d8e1f0a3b failed",
        "The SQL injection bug in the login form is fixed",
    ],
)
def test_ordinary_text_is_kept(text):
    result = redact(text)
    assert result.text == text and result.total == 0


@pytest.mark.parametrize(
    "uuid",
    [  # each holds a Luhn-valid run or a valid national phone number
        "2fbc5076-4245-4358-976a-7573b793ec8c",
        "6a8ac4ba-0580-4975-ad2f-89d94a2f20aa",
        "03923845-0264-4491-a2a9-908ceebb6118",
        "53033190-7660-45b1-99e1-7b552e94525c",
        "313874cd-dfbc-423d-b246-548991270564",
    ],
)
def test_ids_come_back_as_written_and_real_numbers_beside_them_do_not(uuid):
    text = f"derived from {uuid}; call 020 7946 0018 or pay with 4111 1111 1111 1111"
    result = redact(text)
    assert result.text == f"derived from {uuid}; call [PHONE] or pay with [CARD]"


def test_counts_several_kinds():
    result = redact("a@b.io and c@d.io from 10.0.0.1")
    assert result.counts == {"EMAIL": 2, "IP": 1} and result.total == 3


def test_a_secret_wins_over_the_email_inside_it():
    result = redact("postgres://admin:pa55word@db.example.com/app")
    assert "pa55word" not in result.text and "PASSWORD" in result.counts


def test_as_written_counts_each_placeholder_as_one_character():
    stored = redact("Write to a@b.io or c@d.io").text
    assert stored == "Write to [EMAIL] or [EMAIL]" and as_written(stored) == "Write to x or x"
    assert as_written("arr[0] and [NOT_A_KIND]") == "arr[0] and [NOT_A_KIND]"
