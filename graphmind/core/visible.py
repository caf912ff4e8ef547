"""Whether a text shows anything: what every free-text input (a memory, a session's goal
and entries, a decision's summary, a trail's texts) must, beyond its length."""

import re
import unicodedata

# Never accepted in any text (stored text must not carry them; a NUL truncates text in many
# clients): C0 but tab, newline and carriage return, DEL, and a lone UTF-16 surrogate, which
# JSON's "\ud800" escape can carry but no UTF-8 text holds (the tokenizer and Neo4j refuse it)
CONTROL = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f\ud800-\udfff]")

_BLANK = frozenset("\u115f\u1160\u2800\u3164\uffa0")  # fillers and the blank braille pattern, drawn as nothing


def drawn(character: str) -> bool:
    """A letter, digit, punctuation mark or symbol (emoji too) that is drawn: not a space,
    an invisible format character (zero-width space, joiners, direction marks) or a mark
    that only changes the character before it (a combining accent, a variation selector)."""
    return unicodedata.category(character)[0] in "LNPS" and character not in _BLANK


def shows_anything(text: str) -> bool:
    return any(drawn(c) for c in text)
