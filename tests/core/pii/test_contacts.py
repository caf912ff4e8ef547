"""E-mail, cards (Luhn) and IP addresses (IPv6 must parse)."""

from graphmind.core.pii.contacts import find


def test_email_card_and_ips():
    kinds = [s.kind for s in find("a@b.io paid with 4111 1111 1111 1111 from 10.0.0.1 and fe80::1")]
    assert kinds == ["EMAIL", "CARD", "IP", "IP"]


def test_luhn_failures_and_times_are_kept():
    assert find("ref 1234 5678 9012 3456 at 10:30:15") == []
