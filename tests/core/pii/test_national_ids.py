"""National ids and IBANs are kept only when python-stdnum validates them."""

from graphmind.core.pii.national_ids import find


def _kinds(text: str) -> list[tuple[str, str]]:
    return [(s.kind, text[s.start : s.end]) for s in find(text)]


def test_valid_numbers_are_found():
    assert _kinds("SSN 536-90-4399") == [("NATIONAL_ID", "536-90-4399")]
    assert _kinds("pay GB82 WEST 1234 5698 7654 32 now") == [("IBAN", "GB82 WEST 1234 5698 7654 32")]
    assert _kinds("NI AB 12 34 56 C") == [("NATIONAL_ID", "AB 12 34 56 C")]
    assert _kinds("CPF 390.533.447-05") == [("NATIONAL_ID", "390.533.447-05")]


def test_invalid_checksums_and_ranges_are_kept():
    assert find("order 666-12-3456 shipped") == []  # SSN area 666 is never issued
    assert find("GB82 WEST 1234 5698 7654 33") == []  # wrong IBAN check digits
    assert find("CPF 390.533.447-06") == []
    assert find("NI GB 12 34 56 C") == []  # an unused prefix
