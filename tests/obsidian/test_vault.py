"""Export → import → export on the real Neo4j and model: links resolve, round trips are exact,
edits become updates, links and memories, and importing twice changes nothing."""

import re
import uuid
from pathlib import Path

import pytest

from graphmind.core import edges
from graphmind.errors import Conflict
from graphmind.learning.decisions import Contribution, DecisionDraft, DecisionType, decide
from graphmind.learning.event_log import events_after
from graphmind.learning.outcomes import OutcomeDraft, Signal, observe_outcome
from graphmind.memory import manage
from graphmind.obsidian.export import export_vault
from graphmind.obsidian.notes import split
from graphmind.obsidian.vault_import import import_vault
from graphmind.trails import ConclusionDraft, HypothesisDraft, TrailDraft, VisitDraft, save_trail

LINK = re.compile(r"\[\[([^\]|#^]+)")


def snapshot(root: Path) -> dict[str, bytes]:
    return {p.relative_to(root).as_posix(): p.read_bytes() for p in sorted(root.rglob("*.md"))}


def unresolved(root: Path) -> list[str]:
    return [
        f"{path}: {target}"
        for path, data in snapshot(root).items()
        for target in LINK.findall(data.decode())
        if not (root / f"{target}.md").is_file()
    ]


def note_of(root: Path, node_id: str) -> Path:
    [found] = [p for p in root.rglob("*.md") if f'\nid: "{node_id}"\n' in p.read_text()]
    return found


def link_to(root: Path, node_id: str) -> str:
    return note_of(root, node_id).relative_to(root).with_suffix("").as_posix()


async def build_graph(deps, remember, user_id) -> dict[str, str]:
    a = (await remember("The deploy pipeline runs on Fridays at noon")).memory.id
    b = (await remember("We store embeddings in Neo4j with a vector index")).memory.id
    c = (await remember("The deploy pipeline now runs on Mondays at noon")).memory.id
    d = (await remember("Payments are processed through a queue worker")).memory.id
    assert (await manage.get_memory(deps, user_id, a)).status.value == "superseded"  # remember settled the update
    await deps.db.transaction(lambda tx: edges.adjust(tx, user_id, deps.clock.now(), [edges.change(b, d, 0.4, True)]))
    session = str(uuid.uuid4())
    entries = [
        {
            "id": str(uuid.uuid4()),
            "kind": "experience",
            "text": "Started moving the deploy",
            "position": 0,
            "resolved": False,
            "rootCause": None,
            "solution": None,
            "promotedTo": None,
        },
        {
            "id": str(uuid.uuid4()),
            "kind": "blocker",
            "text": "The [[queue]] stalled\nfor an hour",
            "position": 1,
            "resolved": True,
            "rootCause": "a full disk",
            "solution": "rotate the logs",
            "promotedTo": None,
        },
        {
            "id": str(uuid.uuid4()),
            "kind": "learning",
            "text": "Payments need a queue worker",
            "position": 2,
            "resolved": False,
            "rootCause": None,
            "solution": None,
            "promotedTo": d,
        },
    ]
    await deps.db.write(
        "testing.create_session",
        userId=user_id,
        now=deps.clock.now(),
        entries=entries,
        related=[{"fromId": d, "toId": b}],
        session={
            "id": session,
            "agentId": "agent-1",
            "goal": "Move the deploy to Mondays",
            "status": "ended",
            "endedAt": deps.clock.now(),
        },
    )
    decision = await decide(
        deps,
        user_id,
        DecisionDraft(
            DecisionType.ACTION,
            "Deploy on Mondays from now on",
            memories=[Contribution(c), Contribution(b, 0.5)],
            alternatives=["Keep deploying on Fridays"],
            session_id=session,
        ),
    )
    await observe_outcome(deps, user_id, OutcomeDraft(decision.trace_id, 0.8, Signal.USER_ACCEPTED, "calmer weekends"))
    trail = await save_trail(
        deps,
        user_id,
        TrailDraft(
            agent_id="agent-1",
            label="Why deploys fail on Fridays",
            hypotheses=[HypothesisDraft("Friday deploys are rushed", 0.7, supporting=[a])],
            conclusions=[ConclusionDraft("Deploy on Mondays", 0.8, supporting=[c])],
            open_questions=["What about public holidays?"],
            visited=[VisitDraft(c, "the new schedule", 0.9)],
        ),
    )
    return {"a": a, "b": b, "c": c, "d": d, "session": session, "decision": decision.trace_id, "trail": trail.trail.id}


async def test_export_import_export_round_trip_and_edits(deps, remember, user_id, tmp_path):
    ids = await build_graph(deps, remember, user_id)
    root = tmp_path / "vault"
    first = await export_vault(deps.db, deps.settings, user_id, root)
    vault = snapshot(root)
    assert len(first.written) == first.notes == len(vault) and first.removed == []
    assert unresolved(root) == []
    for index, folder in [
        ("Memories", "memories"),
        ("Decisions", "decisions"),
        ("Trails", "trails"),
        ("Sessions", "sessions"),
        ("Entities", "entities"),
    ]:
        listed = LINK.findall(vault[f"{index}.md"].decode())
        assert sorted(listed) == sorted(p[:-3] for p in vault if p.startswith(folder + "/")) != []
    assert sum(p.startswith("memories/") for p in vault) == 4

    old, new = note_of(root, ids["a"]), note_of(root, ids["c"])
    new_link = link_to(root, ids["c"])
    assert f"> [!warning] Superseded by [[{new_link}]]" in old.read_text()
    assert split(old.read_text())[0]["status"] == "superseded" and "superseded" in split(old.read_text())[0]["tags"]
    assert f"supersedes:: [[{link_to(root, ids['a'])}]]" in new.read_text()
    decision = note_of(root, ids["decision"]).read_text()
    assert f"- influenced_by:: [[{new_link}]] (score" in decision and "- Keep deploying on Fridays" in decision
    assert "quality +0.80 (user_accepted): calmer weekends" in decision and "- session:: [[sessions/" in decision
    session = note_of(root, ids["session"]).read_text()
    assert "- 1. **blocker** (resolved): The [\\[queue]] stalled\n  for an hour" in session
    assert "  - root cause: a full disk" in session and "  - promoted to:: [[memories/payments-are" in session
    trail = note_of(root, ids["trail"]).read_text()
    assert "- (open, confidence 0.70) Friday deploys are rushed" in trail
    assert f"- visited:: [[{new_link}]] (relevance 0.90) — the new schedule" in trail
    assert f"- related:: [[{link_to(root, ids['b'])}]]" in note_of(root, ids["d"]).read_text()
    first_id, second_id = sorted((ids["b"], ids["d"]))  # one association edge per pair, stored first → second
    assert f"- associated:: [[{link_to(root, second_id)}]] (weight 0.400)" in note_of(root, first_id).read_text()
    # the pair's one edge is written on the first's note only (b may also have the co-use edge with c,
    # whose direction depends on the ids' order)
    assert f"- associated:: [[{link_to(root, first_id)}]]" not in note_of(root, second_id).read_text()
    assert "- mentions:: [[entities/neo4j-" in note_of(root, ids["b"]).read_text()

    # An untouched vault: nothing to import, and the next export is byte-identical.
    untouched = await import_vault(deps, user_id, root)
    assert (untouched.changes, untouched.skipped, untouched.unchanged) == (0, [], len(vault) - 5)
    again = await export_vault(deps.db, deps.settings, user_id, root)
    assert (again.written, again.removed, snapshot(root)) == ([], [], vault)

    # Edit a memory and a decision, add a link, add a new note (linking to an existing one).
    d_note, b_note = note_of(root, ids["d"]), note_of(root, ids["b"])
    d_note.write_text(d_note.read_text().replace("Payments are processed", "Card payments are processed"))
    b_note.write_text(b_note.read_text() + f"- related:: [[{new_link}]]\n")
    decision_note = note_of(root, ids["decision"])
    decision_note.write_text(
        decision_note.read_text().replace("Deploy on Mondays from now on", "Deploy on Mondays, never on Fridays")
    )
    (root / "memories" / "Rollback plan.md").write_text(
        f"Rollbacks redeploy the previous container image within five minutes. See [[{new_link}|the schedule]].\n"
    )
    with pytest.raises(Conflict, match="notes with edits that are not in the graph: 3"):
        await export_vault(deps.db, deps.settings, user_id, root)

    report = await import_vault(deps, user_id, root)
    assert report.skipped == [] and report.created == ["memories/Rollback plan"]
    assert sorted(report.updated) == sorted(
        p.relative_to(root).with_suffix("").as_posix() for p in (d_note, decision_note)
    )
    created = split((root / "memories" / "Rollback plan.md").read_text())[0]
    assert created["type"] == "memory" and created["user"] == user_id
    assert sorted(report.linked) == sorted([(ids["b"], "related", ids["c"]), (created["id"], "related", ids["c"])])
    # the edited memory is a new version, named in the note; the old one is superseded by it
    card = report.versions[ids["d"]]
    assert split(d_note.read_text())[0]["id"] == card and list(report.versions) == [ids["d"]]
    memory = await manage.get_memory(deps, user_id, card)
    assert memory.content == "Card payments are processed through a queue worker"
    assert (await manage.get_memory(deps, user_id, ids["d"])).status.value == "superseded"
    rollback = await manage.get_memory(deps, user_id, created["id"])
    assert rollback.content == (
        "Rollbacks redeploy the previous container image within five minutes. See the schedule."
    )
    logged = await events_after(deps, user_id, 0, ["memory.updated", "memory.linked", "text.edited"], 50)
    assert sorted(e.type for e in logged) == ["memory.linked", "memory.linked", "memory.updated", "text.edited"]

    # Importing again changes nothing; the next export follows the edits and is stable.
    twice = await import_vault(deps, user_id, root)
    assert (twice.changes, twice.skipped) == (0, [])
    after = await export_vault(deps.db, deps.settings, user_id, root)
    renamed = decision_note.relative_to(root).with_suffix("").as_posix()
    assert sorted(after.removed) == sorted(["memories/Rollback plan", renamed])  # a new text, a new name
    assert unresolved(root) == []
    assert "Card payments are processed" in note_of(root, card).read_text()
    assert "> [!warning] Superseded by" in d_note.read_text()  # the old version's note, where it was
    assert f"- related:: [[{link_to(root, ids['b'])}]]" in note_of(root, card).read_text()  # carried over
    assert f"- related:: [[{new_link}]]" in note_of(root, ids["b"]).read_text()
    assert f"- related:: [[{new_link}]]" in note_of(root, created["id"]).read_text()
    assert "Deploy on Mondays, never on Fridays" in note_of(root, ids["decision"]).read_text()
    stable = snapshot(root)
    assert (await export_vault(deps.db, deps.settings, user_id, root)).written == []
    assert (await import_vault(deps, user_id, root)).changes == 0 and snapshot(root) == stable


async def test_bad_notes_are_skipped_with_reasons_and_change_nothing(deps, remember, user_id, tmp_path):
    memory = (await remember("Staging runs on a single small VM")).memory
    root = tmp_path / "vault"
    await export_vault(deps.db, deps.settings, user_id, root)
    note = note_of(root, memory.id)
    (root / "memories" / "broken.md").write_text("---\nid: [oops\n---\nStaging runs somewhere else now\n")
    (root / "memories" / "foreign.md").write_text(
        f'---\nid: "{memory.id}"\nuser: "someone-else"\n---\nStolen text that is long enough\n'
    )
    (root / "memories" / "gone.md").write_text('---\nid: "no-such-id"\n---\nA memory deleted long ago\n')
    (root / "memories" / "short.md").write_text("too short")
    (root / "decisions").mkdir()
    (root / "decisions" / "idea.md").write_text("A decision written by hand")
    (root / "Inbox.md").write_text("My own note, not GraphMind's: [[nowhere]]")
    text = note.read_text()
    note.write_text(text.replace("Staging runs on a single small VM", "tiny") + "- supersedes:: [[Inbox]]\n")

    dry = await import_vault(deps, user_id, root, dry_run=True)
    report = await import_vault(deps, user_id, root)
    assert dry.skipped == report.skipped and report.changes == 0 and report.ignored == 1
    reasons = dict(report.skipped)
    assert "not valid YAML" in reasons["memories/broken"]
    assert reasons["memories/foreign"] == "belongs to user someone-else"
    assert reasons["memories/gone"].startswith("unknown id no-such-id")
    assert "content must be 10-2000 characters" in reasons["memories/short"]
    assert reasons["decisions/idea"] == "only notes in memories/ become new memories"
    assert "content must be 10-2000 characters" in reasons[note.relative_to(root).with_suffix("").as_posix()]
    assert (await manage.get_memory(deps, user_id, memory.id)).content == memory.content

    with pytest.raises(Conflict, match="notes with edits that are not in the graph: 1"):
        await export_vault(deps.db, deps.settings, user_id, root)
    forced = await export_vault(deps.db, deps.settings, user_id, root, force=True)
    assert note.read_text() == text and forced.removed == []
    assert (root / "Inbox.md").is_file() and (root / "memories" / "short.md").is_file()


async def test_a_new_note_repeating_a_memory_is_marked_as_its_duplicate(deps, remember, user_id, tmp_path):
    memory = (await remember("Backups are copied to a second region every night")).memory
    root = tmp_path / "vault"
    (root / "memories").mkdir(parents=True)
    (root / "memories" / "again.md").write_text("Backups are copied to a second region every night\n")
    first = await import_vault(deps, user_id, root)
    assert first.created == [] and first.skipped == [("memories/again", f"duplicate of memory {memory.id}")]
    assert split((root / "memories" / "again.md").read_text())[0] == {"duplicate_of": memory.id, "user": user_id}
    second = await import_vault(deps, user_id, root)
    assert second.changes == 0 and second.skipped == first.skipped
    assert len((await manage.list_memories(deps, user_id, None, 10, None)).memories) == 1


async def test_an_edit_of_a_long_redacted_memory_is_measured_as_written(deps, remember, user_id, tmp_path):
    """QA: the edited text of a memory note was measured as new input, placeholders at their
    full length, so a memory whose stored text grew past the limit by redaction (`ab00`,
    4 characters, is stored as `[PASSWORD]`, 10) could not be edited at all. It is measured
    as `graphmind import` measures stored text (each placeholder one character)."""
    from graphmind.core.limits import CONTENT_MAX
    from graphmind.core.redaction import as_written

    text = " ".join(f"Box {i} password: ab{i:02d}." for i in range(76))
    stored = (await remember(text)).memory
    assert len(as_written(stored.content)) < CONTENT_MAX < len(stored.content)
    root = tmp_path / "vault"
    await export_vault(deps.db, deps.settings, user_id, root)
    note = note_of(root, stored.id)
    note.write_text(note.read_text().replace("Box 75 password:", "Box 75, the last, password:"))
    report = await import_vault(deps, user_id, root)
    assert report.skipped == [] and len(report.updated) == 1
    edited = await manage.get_memory(deps, user_id, report.versions[stored.id])
    assert edited.content.endswith("Box 75, the last, password: [PASSWORD]")
