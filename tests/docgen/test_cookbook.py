"""docs/graphql.md cannot go stale: every root field has an example, and a new capture
from the running service has the page's documents and response shapes."""

from graphmind.api.schema import schema
from graphmind.docgen.cookbook import PAGE, capture, compare, differences, operation, read_page, render, shape
from graphmind.docgen.cookbook_examples import EXAMPLES


def test_every_query_mutation_and_subscription_has_an_example():
    roots = {
        "query": schema._schema.query_type,
        "mutation": schema._schema.mutation_type,
        "subscription": schema._schema.subscription_type,
    }
    fields = {(kind, name) for kind, root in roots.items() for name in root.fields}
    covered = {(kind, f) for e in EXAMPLES if e.shown for kind, _, names in [operation(e.document)] for f in names}
    assert sorted(fields - covered) == [], "root fields without an example in cookbook_examples.py"
    assert covered <= fields


def test_shapes_compare_keys_and_types_not_values():
    page = {"data": {"m": {"id": "a", "score": 0.5, "tags": ["x"], "next": None, "items": [], "meta": {"k": 1}}}}
    same = {"data": {"m": {"id": "b", "score": 1, "tags": [], "next": "c", "items": [{"z": 1}], "meta": {"j": "2"}}}}
    opaque = frozenset({"meta"})
    assert differences(shape(page, opaque), shape(same, opaque)) == []
    renamed = {"data": {"m": {"ident": "a", "score": "high", "tags": ["x"], "next": None, "items": [], "meta": {}}}}
    assert sorted(differences(shape(page, opaque), shape(renamed, opaque))) == [
        ".data.m.id: only in the page",
        ".data.m.ident: only in the capture",
        '.data.m.score: "number" in the page, "string" in the capture',
    ]


def test_the_page_matches_a_new_capture(db, settings, closed_breaker):
    """As `python -m graphmind.docgen.cookbook` runs: on 127.0.0.1 with no host listed (the
    tests' GRAPHMIND_ALLOWED_HOSTS lets TestClient's `testserver` in; the tool must not need it)."""
    captured = capture(settings.model_copy(update={"host": "127.0.0.1", "allowed_hosts": []}))
    assert [c.name for c in captured if c.example.shown] == list(read_page(render(captured)))
    assert compare(render(captured), captured) == []
    problems = compare(PAGE.read_text(), captured)
    assert problems == [], "docs/graphql.md is stale: python -m graphmind.docgen.cookbook --write docs/graphql.md"
