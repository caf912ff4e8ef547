"""Shared-pattern text: only words of enough distinct users, PII never."""

from graphmind.sharing.text import describe, words


def test_words_are_redacted_lower_case_content_words_without_numbers():
    found = words("Email Ada at ada.lovelace@example.com or call +44 20 7946 0958 about the Q3 rollout v2")
    assert "example" not in found and "lovelace" not in found and "ada" in found  # the address went whole
    assert "email" in found and "rollout" in found and "the" not in found
    assert not any(ch.isdigit() for w in found for ch in w)


def test_only_words_of_at_least_min_users_users_are_kept():
    users = [(f"Retry the flaky deploy with backoff; ask {name}",) for name in ("ada", "bob", "cy")]
    users.append(("Retry the flaky deploy",))
    description, keywords = describe(users, min_users=3)
    assert keywords == ["retry", "flaky", "deploy", "backoff", "ask"]
    assert description == "retry flaky deploy backoff ask"
    assert describe(users, min_users=4)[1] == ["retry", "flaky", "deploy"]
    assert describe(users, min_users=5) == ("", [])


def test_one_user_repeating_a_word_counts_once():
    users = [("secret project nebula", "nebula again", "nebula")] + [("weekly planning",)] * 2
    assert "nebula" not in describe(users, min_users=2)[1]
    assert describe(users, min_users=2)[1] == ["weekly", "planning"]


def test_pii_shared_by_every_user_never_reaches_the_description():
    users = [(f"Deploy key sk-live-{'a' * 20}{i} mailed to ops@example.com from 10.0.0.{i}",) for i in range(12)]
    description, keywords = describe(users, min_users=10)
    assert keywords == ["deploy", "key", "mailed"] and description == "deploy key mailed"
