"""The keyword query: user-scoped inside Lucene, with no caller syntax getting through."""

from graphmind.memory.keywords import lucene_query, query_terms, user_key


def test_terms_drop_stop_words_and_lucene_syntax():
    terms = query_terms('When did Caroline go to the "support" group? AND OR* (x:yz) NOT+')
    assert terms == ["caroline", "go", "support", "group", "yz"]


def test_query_is_scoped_to_the_users_key():
    query = lucene_query("Redis cache", "alice")
    assert query == f"+userKey:{user_key('alice')} +content:(redis cache)"
    assert user_key("alice") != user_key("alice ") and user_key("alice").isalnum()


def test_no_content_words_no_query():
    assert lucene_query("what is the", "alice") is None


def test_letters_of_any_script_are_kept():
    assert query_terms("café Müller résumé") == ["café", "müller", "résumé"]
