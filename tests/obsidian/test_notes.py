"""Notes as text: rendering and parsing invert each other; file names; wikilinks."""

from datetime import UTC, datetime

import pytest

from graphmind.obsidian.graph import Edge, Node, UserGraph
from graphmind.obsidian.layout import HEADINGS, layout, paths, slug
from graphmind.obsidian.notes import (
    Link,
    Note,
    NoteError,
    WikiLink,
    escape,
    parse_body,
    plain,
    render,
    split,
    unescape,
    wikilinks,
)

T0 = datetime(2026, 3, 2, 9, 0, tzinfo=UTC)


def test_render_then_parse_gives_back_front_matter_text_and_links():
    note = Note(
        "memories/x-1",
        {
            "id": "m1",
            "type": "memory",
            "tags": ["a b", "é"],
            "metadata": {"k": [1, None]},
            "salience": 0.25,
            "valid_until": None,
        },
        "Deploys run on Fridays.\n\nSecond paragraph.",
        None,
        [],
        [Link("next", "memories/y-2"), Link("associated", "entities/z-3", "(weight 0.500)")],
    )
    front, body = split(render(note))
    assert front == note.front
    parsed = parse_body(body)
    assert parsed.text == note.text
    assert parsed.links == [("next", WikiLink("memories/y-2", None)), ("associated", WikiLink("entities/z-3", None))]


@pytest.mark.parametrize(
    "text",
    [
        "a [[fake link]] and [[[triple]]] and [\\[already escaped",
        "## Links\nin the text itself",
        "> [!warning] Superseded by nobody: this is the text",
        "---\nnot front matter",
    ],
)
def test_awkward_texts_survive_the_round_trip(text):
    note = Note("memories/x", {"id": "m"}, text, "> [!warning] Superseded by [[memories/y]]")
    _, body = split(render(note))
    assert unescape(parse_body(body, callout=True).text) == text.strip()
    assert wikilinks(render(note).split("---", 2)[2]) == [WikiLink("memories/y", None)]


def test_escape_leaves_no_wikilink_and_unescape_inverts_it():
    for text in ("[[a]]", "[[[b]]]", "x [[c|d]] y", "[[[[e"):
        assert wikilinks(escape(text)) == [] and unescape(escape(text)) == text


def test_generated_sections_are_not_text_even_with_headings_in_the_text():
    headings = HEADINGS["decision"]
    note = Note(
        "decisions/d",
        {"id": "d"},
        "Use Redis.\n## Outcomes\n(my own heading)",
        None,
        [(headings[0], ["- Use Memcached"]), (headings[1], ["- quality +0.80 (user_accepted)"])],
        [Link("influenced_by", "memories/m", "(score 1.000)")],
    )
    parsed = parse_body(split(render(note))[1], headings)
    assert parsed.text == "Use Redis.\n## Outcomes\n(my own heading)"
    assert [(r, link.target) for r, link in parsed.links] == [("influenced_by", "memories/m")]


def test_a_note_missing_a_generated_heading_cannot_be_read():
    with pytest.raises(NoteError, match="## Outcomes"):
        parse_body("Use Redis.\n\n## Alternatives\n\n## Links\n", HEADINGS["decision"])
    with pytest.raises(NoteError, match="## Links"):
        parse_body("Use Redis.", HEADINGS["decision"])
    assert parse_body("just text, no links heading").text == "just text, no links heading"


def test_broken_front_matter_is_an_error_and_no_front_matter_is_none():
    with pytest.raises(NoteError, match="not valid YAML"):
        split("---\nid: [unclosed\n---\nbody")
    with pytest.raises(NoteError, match="closing"):
        split("---\nid: x\nbody")
    with pytest.raises(NoteError, match="mapping"):
        split("---\n- a list\n---\n")
    assert split("plain note\r\nsecond line") == (None, "plain note\nsecond line")
    assert split("---\nid: abc\ntags:\n  - x\n---\nbody")[0] == {"id": "abc", "tags": ["x"]}  # Obsidian's style


def test_link_lines_with_and_without_relations_aliases_and_headings():
    body = (
        "text\n\n## Links\n- related:: [[memories/a-1]]\n- [[memories/b-2|B]]\n* Mentions :: [[entities/c#x]]\n"
        "related:: [[d]], [[e.md]]\nno link here\n- ![[image.png]]"
    )
    assert [(r, link.target, link.alias) for r, link in parse_body(body).links] == [
        ("related", "memories/a-1", None),
        (None, "memories/b-2", "B"),
        ("mentions", "entities/c", None),
        ("related", "d", None),
        ("related", "e.md", None),
        (None, "image.png", None),
    ]


def test_plain_text_replaces_links_by_their_display_text():
    text = "we chose [[entities/neo4j-ab12cd34]] over [[x|Postgres]], see [\\[not a link]]"
    shown = plain(text, lambda link: link.alias or link.target.rsplit("/", 1)[-1].upper())
    assert shown == "we chose NEO4J-AB12CD34 over Postgres, see [[not a link]]"


def test_slugs_are_short_lower_case_words():
    assert slug("The deploy runs on Fridays at 5pm, always!") == "the-deploy-runs-on-fridays-at"
    assert slug("Überprüfung der Datenbank") == "überprüfung-der-datenbank"
    assert slug("???") == "" and len(slug("x" * 100)) == 48


def _node(kind, node_id, title, created=T0, **fields):
    return Node(kind, node_id, title, title, created, {"status": "active", **fields})


def test_file_names_are_unique_and_stable():
    nodes = [
        _node("memory", "1a2b3c4d-0000", "Deploys run on Fridays"),
        _node("memory", "1a2b3c4d-1111", "Deploys run on Fridays"),  # same name and id prefix
        _node("memory", "99999999-2222", "???"),
        _node("entity", "e1e1e1e1-3333", "Neo4j"),
    ]
    graph = UserGraph("u", {n.id: n for n in nodes})
    assert paths(graph) == {
        "1a2b3c4d-0000": "memories/deploys-run-on-fridays-1a2b3c4d-0000",
        "1a2b3c4d-1111": "memories/deploys-run-on-fridays-1a2b3c4d-1111",
        "99999999-2222": "memories/99999999",
        "e1e1e1e1-3333": "entities/neo4j-e1e1e1e1",
    }
    assert paths(UserGraph("u", {n.id: n for n in reversed(nodes)})) == paths(graph)


def test_layout_marks_superseded_memories_and_links_only_to_existing_notes():
    new = _node("memory", "bbbbbbbb-1", "The deploy runs on Mondays now")
    old = _node("memory", "aaaaaaaa-1", "The deploy runs on Fridays", status="superseded")
    new.edges = [Edge("supersedes", old.id), Edge("related", "gone-id")]
    graph = UserGraph("u", {n.id: n for n in (new, old)})
    shape = layout(graph)
    old_note = render(shape.notes[old.id])
    assert "> [!warning] Superseded by [[memories/the-deploy-runs-on-mondays-now-bbbbbbbb]]" in old_note
    assert '"superseded"' in old_note.split("---")[1]  # status and tag
    assert shape.notes[new.id].links == [Link("supersedes", "memories/the-deploy-runs-on-fridays-aaaaaaaa")]
    [memories] = [n for n in shape.indexes if n.path == "Memories"]
    assert "- ~~[[memories/the-deploy-runs-on-fridays-aaaaaaaa]]~~ (superseded)" in render(memories)
