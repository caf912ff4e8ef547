"""The GraphQL documents the client sends, one constant per operation.

Each selection set is derived from the result model (`select`), so the fields asked
for and the fields parsed can never drift apart; tests/client/test_operations.py
validates every document against schema.graphql.
"""

from __future__ import annotations

from typing import get_args

from pydantic import BaseModel

from graphmind_client.decision_models import Decision, DecisionConnection
from graphmind_client.graph_models import (
    ActivationResult,
    LearnResult,
    ResumeTrailResult,
    SaveTrailResult,
    Trail,
    TrailConnection,
    WhyResult,
)
from graphmind_client.models import DecisionResult, Memory, OutcomeResult, RecallResult, RememberResult
from graphmind_client.session_models import (
    EndSessionResult,
    HelperBrief,
    LogSessionResult,
    Session,
    SessionEntry,
    SessionMemory,
)


def _model_in(annotation: object) -> type[BaseModel] | None:
    if isinstance(annotation, type) and issubclass(annotation, BaseModel):
        return annotation
    return next(filter(None, map(_model_in, get_args(annotation))), None)


def select(model: type[BaseModel]) -> str:
    """The selection set of every field of `model`, nested models included."""
    fields = []
    for name, info in model.model_fields.items():
        nested = _model_in(info.annotation)
        alias = info.alias or name
        fields.append(f"{alias} {select(nested)}" if nested else alias)
    return "{ " + " ".join(fields) + " }"


REMEMBER = f"""mutation Remember($input: RememberInput!) {{
  remember(input: $input) {select(RememberResult)}
}}"""

REMEMBER_MANY = f"""mutation RememberMany($inputs: [RememberInput!]!, $requestId: String) {{
  rememberMany(inputs: $inputs, requestId: $requestId) {select(RememberResult)}
}}"""

RECALL = f"""query Recall($query: String!, $limit: Int, $filter: RecallFilter, $channels: [RecallChannel!],
    $tokenBudget: Int, $exploration: Float) {{
  recall(query: $query, limit: $limit, filter: $filter, channels: $channels, tokenBudget: $tokenBudget,
         exploration: $exploration)
    {select(RecallResult)}
}}"""

MEMORY = f"""query Memory($id: ID!) {{
  memory(id: $id) {select(Memory)}
}}"""

DECIDE = f"""mutation Decide($input: DecideInput!) {{
  decide(input: $input) {select(DecisionResult)}
}}"""

DECISION = f"""query Decision($id: ID!) {{
  decision(id: $id) {select(Decision)}
}}"""

DECISIONS = f"""query Decisions($filter: DecisionFilter, $first: Int, $after: String) {{
  decisions(filter: $filter, first: $first, after: $after) {select(DecisionConnection)}
}}"""

OBSERVE_OUTCOME = f"""mutation ObserveOutcome($input: ObserveOutcomeInput!) {{
  observeOutcome(input: $input) {select(OutcomeResult)}
}}"""

LEARN = f"""mutation Learn($input: LearnInput!) {{
  learn(input: $input) {select(LearnResult)}
}}"""

ACTIVATE = f"""query Activate($query: String, $seeds: [ID!], $maxHops: Int, $decayPerHop: Float, $threshold: Float,
    $topK: Int) {{
  activate(query: $query, seeds: $seeds, maxHops: $maxHops, decayPerHop: $decayPerHop, threshold: $threshold,
    topK: $topK) {select(ActivationResult)}
}}"""

WHY = f"""query Why($source: ID!, $target: ID!, $maxHops: Int, $limit: Int) {{
  why(source: $source, target: $target, maxHops: $maxHops, limit: $limit) {select(WhyResult)}
}}"""

SAVE_TRAIL = f"""mutation SaveTrail($input: SaveTrailInput!) {{
  saveTrail(input: $input) {select(SaveTrailResult)}
}}"""

RESUME_TRAIL = f"""mutation ResumeTrail($input: ResumeTrailInput!) {{
  resumeTrail(input: $input) {select(ResumeTrailResult)}
}}"""

TRAIL = f"""query Trail($id: ID!) {{
  trail(id: $id) {select(Trail)}
}}"""

TRAILS = f"""query Trails($filterAgentId: String, $filterStatus: TrailStatus, $filterTags: [String!], $first: Int,
    $after: String) {{
  trails(filterAgentId: $filterAgentId, filterStatus: $filterStatus, filterTags: $filterTags, first: $first,
    after: $after) {select(TrailConnection)}
}}"""

START_SESSION = f"""mutation StartSession($input: StartSessionInput!) {{
  startSession(input: $input) {select(Session)}
}}"""

LOG_SESSION = f"""mutation LogSession($input: LogSessionInput!) {{
  logSession(input: $input) {select(LogSessionResult)}
}}"""

RESOLVE_BLOCKER = f"""mutation ResolveBlocker($input: ResolveBlockerInput!) {{
  resolveBlocker(input: $input) {select(SessionEntry)}
}}"""

END_SESSION = f"""mutation EndSession($input: EndSessionInput!) {{
  endSession(input: $input) {select(EndSessionResult)}
}}"""

SESSION = f"""query Session($id: ID!) {{
  session(id: $id) {select(Session)}
}}"""

SESSION_RECALL = f"""query SessionRecall($sessionId: ID!, $limit: Int) {{
  sessionRecall(sessionId: $sessionId, limit: $limit) {select(SessionMemory)}
}}"""

HELPER_BRIEF = f"""query HelperBrief($sessionId: ID!) {{
  helperBrief(sessionId: $sessionId) {select(HelperBrief)}
}}"""

DOCUMENTS = {name: value for name, value in globals().items() if name.isupper() and isinstance(value, str)}
