"""Credentials by detect-secrets, plus the formats it lacks; commit hashes and UUIDs stay."""

from graphmind.core.pii.secrets import find


def _kinds(text: str) -> list[tuple[str, str]]:
    return sorted((s.kind, text[s.start : s.end]) for s in find(text))


def test_aws_key_id_and_secret_key_are_both_found():
    text = "AKIAIOSFODNN7EXAMPLE / wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY"
    found = {value: kind for kind, value in _kinds(text)}
    assert found["AKIAIOSFODNN7EXAMPLE"] == "API_KEY"
    assert found["wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY"] == "SECRET"


def test_library_formats():
    assert ("API_KEY", "ghp_aBcDeFgHiJkLmNoPqRsTuVwXyZ0123456789") in _kinds(
        "token ghp_aBcDeFgHiJkLmNoPqRsTuVwXyZ0123456789"
    )
    assert ("PASSWORD", "s3cr3t") in _kinds("https://admin:s3cr3t@db.example.com")


def test_a_whole_private_key_block():
    text = "key:\n-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXktdjEAAAAA\n-----END OPENSSH PRIVATE KEY-----\nok"
    [(kind, value)] = [k for k in _kinds(text) if k[0] == "PRIVATE_KEY"]
    assert value.startswith("-----BEGIN") and value.endswith("KEY-----")


def test_hashes_ids_and_prose_are_not_secrets():
    for text in [
        "commit 1ed5800a3c9f8e7d6b5a4c3b2a1f0e9d8c7b6a5f",
        "id 3f2b9c1e-8d4a-4f6b-9a7e-2c5d8e1f0a3b",
        "the token is expired",
        "ExtraordinarilyLongCamelCaseIdentifierName",
        "tokenizers==0.23.3",
    ]:
        assert find(text) == [], text
