"""What an import would change, without a database: a graph built by hand, a vault on disk."""

from datetime import UTC, datetime, timedelta

from graphmind.obsidian import vault
from graphmind.obsidian.graph import Edge, Node, UserGraph
from graphmind.obsidian.layout import layout
from graphmind.obsidian.notes import render
from graphmind.obsidian.plan import Context, plan

T0 = datetime(2026, 3, 2, 9, 0, tzinfo=UTC)


def _graph() -> UserGraph:
    def node(kind, node_id, text, minutes, **props):
        return Node(kind, node_id, text, text, T0 + timedelta(minutes=minutes), {"status": "active", **props})

    nodes = [
        node("memory", "m1", "The cache layer uses write through", 0),
        node("memory", "m2", "Write latency matters for checkout", 1),
        node("memory", "m3", "The cache was once write back", 2, status="superseded"),
        node("entity", "e1", "Redis", 3, key="redis"),
        node("decision", "d1", "Keep write through", 4),
    ]
    nodes[0].edges = [Edge("next", "m2")]
    nodes[4].items = {"alternatives": [], "outcomes": []}
    nodes[4].edges = [Edge("influenced_by", "m1", "(score 1.000)")]
    return UserGraph("u", {n.id: n for n in nodes})


def _vault(tmp_path, graph):
    shape = layout(graph)
    for note in [*shape.notes.values(), *shape.indexes]:
        vault.write(tmp_path / f"{note.path}.md", render(note))
    return shape


def _plan(tmp_path, graph, shape):
    files = vault.read(tmp_path)
    return plan(Context(files, graph, shape, redact_pii=True), files, "u")


def test_an_exported_vault_has_nothing_to_import_even_with_crlf_or_obsidian_style_front_matter(tmp_path):
    graph = _graph()
    shape = _vault(tmp_path, graph)
    first = tmp_path / f"{shape.paths['m1']}.md"
    first.write_bytes(first.read_bytes().replace(b"\n", b"\r\n"))
    second = tmp_path / f"{shape.paths['m2']}.md"
    second.write_text(second.read_text().replace('id: "m2"', "id: m2").replace("tags: []", "tags:\n  - \n"))
    found = _plan(tmp_path, graph, shape)
    assert (found.edits, found.new, found.skipped, found.ignored) == ([], [], [], 0)
    assert sorted(found.unchanged) == sorted(shape.paths.values())


def test_links_in_the_text_become_edges_and_leave_their_display_text(tmp_path):
    graph = _graph()
    shape = _vault(tmp_path, graph)
    note = tmp_path / f"{shape.paths['m2']}.md"
    note.write_text(
        note.read_text().replace(
            "Write latency matters for checkout",
            f"Write latency matters for checkout with [[{shape.paths['e1']}]] and [[{shape.paths['m1']}|the cache]]",
        )
    )
    [edit] = _plan(tmp_path, graph, shape).edits
    assert edit.text == "Write latency matters for checkout with Redis and the cache"
    assert edit.links == [("mentions", "e1"), ("related", "m1")]


def test_links_that_cannot_be_added_are_reported_not_applied(tmp_path):
    graph = _graph()
    shape = _vault(tmp_path, graph)
    memory = tmp_path / f"{shape.paths['m1']}.md"
    memory.write_text(
        memory.read_text() + f"- supersedes:: [[{shape.paths['m2']}]]\n- [[Nowhere]]\n"
        f"- next:: [[{shape.paths['m2']}]]\n"
    )
    decision = tmp_path / f"{shape.paths['d1']}.md"
    decision.write_text(decision.read_text() + f"- related:: [[{shape.paths['m2']}]]\n")
    found = _plan(tmp_path, graph, shape)
    assert found.edits == []
    assert sorted(reason for _, reason in found.skipped) == [
        "link [[Nowhere]] ignored: not a note of this vault's graph",
        f"link [[{shape.paths['m2']}]] ignored: a 'supersedes' link to a memory cannot be added from a vault "
        "(only related → memory, mentions → entity)",
        f"link [[{shape.paths['m2']}]] ignored: links are added in memory notes only",
    ]


def test_read_only_texts_and_notes_written_elsewhere(tmp_path):
    graph = _graph()
    shape = _vault(tmp_path, graph)
    old = tmp_path / f"{shape.paths['m3']}.md"
    old.write_text(old.read_text().replace("The cache was once write back", "The cache was always write back"))
    entity = tmp_path / f"{shape.paths['e1']}.md"
    entity.write_text(entity.read_text().replace("Redis", "Valkey"))
    (tmp_path / "memories" / "fresh.md").write_text("A brand new note about the cache warmup")
    (tmp_path / "notes.md").write_text("my own note")
    graph.nodes["m3"].props["status"] = "active"  # restored since the export: the callout is not text
    found = _plan(tmp_path, graph, shape)
    [edit] = found.edits
    assert (edit.id, edit.text) == ("m3", "The cache was always write back")
    assert found.skipped == [(shape.paths["e1"], "entity names are read-only")]
    assert found.rejected == [shape.paths["e1"]] and found.ignored == 1
    [new] = found.new
    assert new.input.content == "A brand new note about the cache warmup"
