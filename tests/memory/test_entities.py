"""The heuristic entity extractor."""

from graphmind.memory.entities import extract_entities


def keys(text: str, explicit=()) -> list[str]:
    return [e.key for e in extract_entities(text, list(explicit))]


def test_capitalised_names_and_acronyms():
    assert keys("Caroline went to the LGBTQ group with Melanie Smith in New York.") == [
        "caroline",
        "lgbtq",
        "melanie smith",
        "new york",
    ]


def test_code_identifiers_and_libraries():
    found = keys("call session.execute_write() and run_query from python with redis")
    assert {"session.execute_write()", "run_query", "python", "redis"} <= set(found)


def test_explicit_entities_first_and_deduplicated():
    assert keys("Neo4j is fast", ["neo4j", "GraphMind"]) == ["neo4j", "graphmind"]


def test_given_entities_are_kept_whatever_their_length_found_ones_are_not():
    """QA: "R", "C" and "2024" given by the caller were dropped unsaid."""
    assert keys("We picked R over C after the 2024 review", ["R", "C", "2024"]) == ["r", "c", "2024"]
    assert keys("We picked R over C after the 2024 review") == []  # found in the text: none of them


def test_common_words_and_placeholders_are_not_entities():
    assert keys("The meeting went well. Thanks! Mail [EMAIL] later.") == ["mail"]


def test_template_labels_and_instruction_verbs_are_not_entities():
    bug = (
        "Problem: Tests hang on macOS when the Neo4j server starts. Root cause: a second JVM held the "
        "Bolt port. Solution: Stop stray JVMs before the suite."
    )
    found = keys(bug)
    assert not {"problem", "root", "root cause", "solution", "stop"} & set(found)
    assert {"neo4j", "macos", "jvm", "bolt"} <= set(found)
    assert keys("Ping Alice before touching the cache cluster") == ["alice"]
    assert keys("Run Neo4j with a bigger heap") == ["neo4j"]
    assert keys("Caroline said: I went to the LGBTQ group") == ["caroline", "lgbtq"]  # a speaker is no label
