"""Whether a text shows anything: every free-text input needs a drawn character."""

from graphmind.core.visible import shows_anything


def test_a_text_shows_anything_when_one_character_is_drawn():
    assert shows_anything("Zo\u200bë") and shows_anything("🎉") and shows_anything("42") and shows_anything("?")
    for blank in ("", "   \n\t", "\u200b" * 12, "\u200d\u2060\u200e", "\ufe0f\u0301", "\u3164\u2800", "\u00a0\u3000"):
        assert not shows_anything(blank), repr(blank)
