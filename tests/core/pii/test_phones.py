"""Phone numbers by libphonenumber: international and national formats, not dates or counts."""

from graphmind.core.pii.phones import find


def _found(text: str) -> list[str]:
    return [text[s.start : s.end] for s in find(text)]


def test_international_and_national_formats_of_several_countries():
    assert _found("call 0044 20 7946 0958 or 07700 900123") == ["0044 20 7946 0958", "07700 900123"]
    assert _found("Tokyo 03-1234-5678") == ["03-1234-5678"]
    assert _found("Sydney (02) 9374 4000") == ["(02) 9374 4000"]
    assert _found("Paris 01 42 68 53 00") == ["01 42 68 53 00"]
    assert _found("US +1 650 253 0000") == ["+1 650 253 0000"]


def test_dates_versions_amounts_and_short_numbers_are_not_phones():
    for text in [
        "2024-05-08 to 2024-05-09",
        "version 5.26.30, build 1234 5678",
        "paid 1999 in 2022",
        "ports 7473 7474 7687",
        "ticket 12345",
    ]:
        assert find(text) == []
