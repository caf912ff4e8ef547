"""Street addresses: pyap2 for US, CA and GB; continental Europe and Australia by shape."""

import pytest

from graphmind.core.pii.addresses import find


@pytest.mark.parametrize(
    "address",
    [
        "221B Baker Street, London NW1 6XE",
        "1600 Amphitheatre Parkway, Mountain View, CA 94043",
        "Hauptstraße 5, 10115 Berlin",
        "12 rue de Rivoli, 75001 Paris",
        "Via Roma 10, 00184 Roma",
        "10 George Street, Sydney NSW 2000",
    ],
)
def test_addresses_are_found_whole(address):
    text = f"Send it to {address} by Friday."
    spans = find(text)
    assert spans and any(address in text[s.start : s.end] or text[s.start : s.end] in address for s in spans)


def test_numbers_without_streets_are_not_addresses():
    assert find("I ran 5 miles and walked 10 more on Saturday") == []
    assert find("no digits here at all") == []


PROSE_AND_ADDRESSES = [
    "She moved to the new city in May 2023 with her friends.",
    "Meet me in 10 minutes or call 555 0100.",
    "I was in Indiana for 3 days, oh and in Ohio for 2.",
    "Ship to 1 Main Street, Indianapolis, IN 46204 please",
    "Ship to 1 Main Street, Indianapolis, in 46204 please",
    "12 elm street, indianapolis, in 46204",
    "350 Fifth Avenue, New York, NY 10118 is the Empire State Building.",
    "100 Main St, Springfield, Illinois is on the map since 1990",
    "500 Oak Road, Austin, TX and 20 more",
    "24 Sussex Drive, Ottawa, ON K1M 1M4",
    "10 Downing Street, London SW1A 2AA, since 1735",
    "hi, pa said ok at 5, me too",
]


@pytest.mark.parametrize("text", PROSE_AND_ADDRESSES)
def test_the_required_part_as_kept_changes_no_finding(text, monkeypatch):
    """Only a ZIP code, a postcode or a capitalised region lets the full rules run; what
    they find is what they found when any "in" or "or" let them run."""
    from graphmind.core.pii import addresses

    found = find(text)
    monkeypatch.setattr(addresses, "may_hold", lambda country, normalised: True)
    assert found == find(text)


def test_a_lowercase_word_that_is_a_state_abbreviation_is_no_state():
    from pyap.parser import AddressParser

    from graphmind.core.pii.addresses import may_hold

    assert not may_hold("US", AddressParser._normalize_string("moved in May 2023 or so"))
    assert may_hold("US", AddressParser._normalize_string("Indianapolis, IN 46204"))
    assert may_hold("US", AddressParser._normalize_string("Indianapolis, in 46204"))  # the ZIP code
