"""A text's keywords: content words, stop words and query syntax left out."""

from graphmind.db.database import NO_KEY
from graphmind.memory.entities import extract_entities
from graphmind.memory.keywords import keyword_terms, query_terms


def test_terms_drop_stop_words_and_lucene_syntax():
    terms = query_terms('When did Caroline go to the "support" group? AND OR* (x:yz) NOT+')
    assert terms == ["caroline", "go", "support", "group", "yz"]


def test_keyword_terms_are_the_distinct_stems_of_the_content_words():
    assert keyword_terms("Redis caches the cache") == ["redi", "cach"]


def test_no_content_words_no_terms():
    assert keyword_terms("what is the") == []


def test_letters_of_any_script_are_kept():
    assert query_terms("café Müller résumé") == ["café", "müller", "résumé"]


def test_no_term_or_entity_key_is_the_key_that_matches_nothing():
    """Recall sends an empty list of keys as [NO_KEY] (db/database.py): no term or entity
    key may ever be it."""
    for text in ("", "   ", "'s", "a - b", "O'Brien's 3rd café!", "__init__", "Ünïcode ß", "x y z", "2024-05-01"):
        assert NO_KEY not in keyword_terms(text)
        assert NO_KEY not in [e.key for e in extract_entities(text)]
