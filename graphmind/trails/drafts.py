"""A trail draft checked and cleaned before it is written: limits, units, redaction."""

from graphmind.associative.learn import validate_agent_id
from graphmind.core.redaction import redact
from graphmind.core.visible import shows_anything
from graphmind.errors import BadUserInput
from graphmind.trails.model import (
    MAX_ANNOTATION,
    MAX_ITEMS,
    MAX_LABEL,
    MAX_NODES,
    MAX_STATEMENT,
    MAX_SUMMARY,
    MAX_TAG,
    MAX_TAGS,
    ConclusionDraft,
    HypothesisDraft,
    TrailDraft,
    VisitDraft,
)

# --- validation -----------------------------------------------------------------


def checked_text(value: str, limit: int, field: str, redact_pii: bool) -> str:
    value = (value or "").strip()
    if not value or len(value) > limit:
        raise BadUserInput(f"must be 1-{limit} characters", field=field)
    if not shows_anything(value):
        raise BadUserInput("has no visible character", field=field)
    return redact(value).text if redact_pii else value


def _unit(value: float, field: str) -> float:
    if not 0.0 <= value <= 1.0:
        raise BadUserInput("must be within [0, 1]", field=field)
    return value


def boosts_by_node(pairs: list[tuple[str, float]]) -> dict[str, float]:
    """The API's activation boosts by node id; a node boosted twice is BAD_USER_INPUT
    (which boost would hold?) and a boost outside [0, 1] names its index."""
    boosts: dict[str, float] = {}
    for i, (node_id, boost) in enumerate(pairs):
        if node_id in boosts:
            raise BadUserInput(f"node {node_id} is boosted twice", field=f"input.activationBoosts[{i}].nodeId")
        boosts[node_id] = _unit(boost, f"input.activationBoosts[{i}].boost")
    return boosts


def _count(items: list, limit: int, field: str) -> None:
    if len(items) > limit:
        raise BadUserInput(f"at most {limit} items", field=field)


def clean(draft: TrailDraft, redact_pii: bool) -> TrailDraft:
    """Validated, trimmed and redacted copy of the draft (fields named as in the API)."""
    _count(draft.hypotheses, MAX_ITEMS, "input.hypotheses")
    _count(draft.conclusions, MAX_ITEMS, "input.conclusions")
    _count(draft.open_questions, MAX_ITEMS, "input.openQuestions")
    _count(draft.tags, MAX_TAGS, "input.tags")
    _count(draft.visited or [], MAX_NODES, "input.visitedNodes")
    _count(list(draft.boosts), MAX_NODES, "input.activationBoosts")
    for i, c in enumerate(draft.conclusions):
        _count(c.from_hypotheses, MAX_ITEMS, f"input.conclusions[{i}].fromHypotheses")
    hypotheses = [
        HypothesisDraft(
            checked_text(h.statement, MAX_STATEMENT, f"input.hypotheses[{i}].statement", redact_pii),
            _unit(h.confidence, f"input.hypotheses[{i}].confidence"),
            list(dict.fromkeys(h.supporting)),
            list(dict.fromkeys(h.contradicting)),
        )
        for i, h in enumerate(draft.hypotheses)
    ]
    conclusions = [
        ConclusionDraft(
            checked_text(c.statement, MAX_STATEMENT, f"input.conclusions[{i}].statement", redact_pii),
            _unit(c.confidence, f"input.conclusions[{i}].confidence"),
            # hypothesis statements, checked and redacted alike so each still matches its hypothesis
            [
                checked_text(h, MAX_STATEMENT, f"input.conclusions[{i}].fromHypotheses[{j}]", redact_pii)
                for j, h in enumerate(c.from_hypotheses)
            ],
            list(dict.fromkeys(c.supporting)),
        )
        for i, c in enumerate(draft.conclusions)
    ]
    visited = None
    if draft.visited is not None:
        visited = []
        listed: set[str] = set()
        for i, v in enumerate(draft.visited):
            if v.node_id in listed:  # which annotation and relevance would hold?
                raise BadUserInput(f"node {v.node_id} is listed twice", field=f"input.visitedNodes[{i}].nodeId")
            listed.add(v.node_id)
            visited.append(
                VisitDraft(
                    v.node_id,
                    checked_text(v.annotation, MAX_ANNOTATION, f"input.visitedNodes[{i}].annotation", redact_pii)
                    if v.annotation
                    else None,
                    _unit(v.relevance, f"input.visitedNodes[{i}].relevance"),
                )
            )
    for boost in draft.boosts.values():
        _unit(boost, "input.activationBoosts")
    tags = []
    for i, tag in enumerate(draft.tags):
        tag = (redact(tag.strip()).text if redact_pii else tag.strip()).lower()  # as every text: a secret never stays
        if not tag or len(tag) > MAX_TAG:
            raise BadUserInput(f"tags are 1-{MAX_TAG} characters", field=f"input.tags[{i}]")
        tags.append(tag)
    return TrailDraft(
        agent_id=validate_agent_id(draft.agent_id),
        label=checked_text(draft.label, MAX_LABEL, "input.label", redact_pii),
        hypotheses=hypotheses,
        conclusions=conclusions,
        open_questions=list(
            dict.fromkeys(
                checked_text(q, MAX_STATEMENT, f"input.openQuestions[{i}]", redact_pii)
                for i, q in enumerate(draft.open_questions)
            )
        ),
        tags=list(dict.fromkeys(tags)),
        summary=checked_text(draft.summary, MAX_SUMMARY, "input.summary", redact_pii) if draft.summary else None,
        visited=visited,
        boosts=dict(draft.boosts),
    )


def referenced(draft: TrailDraft) -> list[str]:
    """Every node id the draft refers to, in order of first mention."""
    ids = [v.node_id for v in draft.visited or []]
    for h in draft.hypotheses:
        ids += h.supporting + h.contradicting
    for c in draft.conclusions:
        ids += c.supporting
    return list(dict.fromkeys(ids + list(draft.boosts)))


def visits_of(draft: TrailDraft) -> list[dict]:
    """The VISITED rows: the listed visits, then every other node the trail refers to
    (evidence, boosts) at relevance 0.5, with the boosts attached."""
    rows = {
        v.node_id: {"id": v.node_id, "annotation": v.annotation, "relevance": v.relevance, "boost": None}
        for v in draft.visited or []
    }
    for node_id in referenced(draft):
        rows.setdefault(node_id, {"id": node_id, "annotation": None, "relevance": 0.5, "boost": None})
    for node_id, boost in draft.boosts.items():
        rows[node_id]["boost"] = boost
    return list(rows.values())


def summarise(label: str, node_count: int, hypotheses: list, conclusions: list, questions: list) -> str:
    """The summary of a trail saved without one."""
    text = f"{label}: {node_count} nodes visited, {len(hypotheses)} hypotheses"
    if hypotheses:
        top = max(hypotheses, key=lambda h: h.confidence)
        text += f' (strongest: "{top.statement}" at {top.confidence:.2f})'
    return text + f", {len(conclusions)} conclusions, {len(questions)} open questions."
