"""Full names of persons; lone given names, places and titles of works are kept."""

import pytest

from graphmind.core.pii.names import find


def _names(text: str) -> list[str]:
    return [text[s.start : s.end] for s in find(text)]


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("Contact John Smith at reception", "John Smith"),
        ("Maria Garcia approved it", "Maria Garcia"),
        ("Emily R. Thompson's laptop", "Emily R. Thompson"),
        ("Send it to Pieter van Dijk", "Pieter van Dijk"),
        ("Ask Dr. Patel", "Dr. Patel"),
        ("Smith, John is the owner", "Smith, John"),
        ("J. Smith signed", "J. Smith"),
        ("my name is Olivia", "Olivia"),
        ("please contact Emily Thornberry today", "Emily Thornberry"),
    ],
)
def test_names_are_found(text, name):
    assert _names(text) == [name]


@pytest.mark.parametrize(
    "text",
    [
        "Caroline said: Hey Mel! Thanks",
        "May Day in Victoria Park",
        "We love the Harry Potter films",
        "Bill Price went up",
        "The Great Gatsby is on the shelf",
    ],
)
def test_ordinary_capitalised_words_are_not_names(text):
    assert find(text) == []
