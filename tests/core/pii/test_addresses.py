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
