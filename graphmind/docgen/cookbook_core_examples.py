"""The cookbook's first examples, in the order they run: health, memories, decisions and
outcomes, associations (the loop and the graph it learns)."""

from graphmind.docgen.cookbook_example import (
    ASSOCIATIVE,
    HEALTH,
    LEARNING,
    MEMORY,
    Example,
    Ref,
)

QUERY = "which cache should we use?"

CORE_EXAMPLES: list[Example] = [
    Example(
        HEALTH,
        """query Health {
  health { status version neo4jVersion neo4jEdition embedding { model dimension } indexes { name type state } }
}""",
    ),
    # Memories
    Example(
        MEMORY,
        """mutation Remember($input: RememberInput!) {
  remember(input: $input) {
    id content contentType temporalLevel baseSalience effectiveSalience tags entities
    duplicateOf similarity redactions conflicts { memoryId kind winnerId }
  }
}""",
        {
            "input": {
                "content": "Redis cut our API's cache latency from 40 ms to 12 ms; use Redis for caching",
                "tags": ["infra"],
                "requestId": "cookbook-remember-1",
            }
        },
        note="A retry with the same `requestId` returns this first result and stores nothing.",
    ),
    Example(
        MEMORY,
        """mutation RememberMany($inputs: [RememberInput!]!) {
  rememberMany(inputs: $inputs) { id content contentType temporalLevel entities duplicateOf redactions createdAt }
}""",
        {
            "inputs": [
                {
                    "content": "Memcached is simpler to run than Redis but keeps nothing across restarts",
                    "tags": ["infra"],
                },
                {"content": "Alice leads the platform team and owns the cache cluster", "contentType": "FACT"},
                {"content": "Ping alice@example.com before touching the cache cluster", "tags": ["infra"]},
                {"content": "Deploys go out on Tuesday mornings after the change review", "tags": ["process"]},
                {
                    "content": "We ship continuously now: every merged change deploys within the hour",
                    "tags": ["process"],
                },
                {
                    "content": "Redis refused connections from the API pods once because the cache cluster's firewall "
                    "blocked their subnet",
                    "tags": ["infra", "incident"],
                },
            ]
        },
        note="The e-mail address in the third memory is redacted before anything is stored.",
    ),
    Example(
        MEMORY,
        """query Memory($id: ID!) {
  memory(id: $id) {
    id content status temporalLevel effectiveSalience retrievability stability utility
    accessCount entities createdAt
  }
}""",
        {"id": Ref("Remember", "remember.id")},
    ),
    Example(
        MEMORY,
        """query Memories($first: Int) {
  memories(first: $first, filter: {tags: ["infra"]}) {
    edges { cursor node { id content tags } }
    pageInfo { hasNextPage endCursor }
  }
}""",
        {"first": 2},
        note="Pass `pageInfo.endCursor` as `after` for the next page.",
    ),
    Example(
        MEMORY,
        """query Recall($query: String!) {
  recall(query: $query, limit: 3) {
    retrievalId
    tokensUsed
    items {
      score tokens
      memory { id content effectiveSalience }
      breakdown { vectorRank keywordRank graphRank rrfScore salience relevance retrievability utility finalScore }
    }
  }
}""",
        {"query": QUERY},
        note="Add `tokenBudget: 200` to pack the best non-redundant memories into 200 tokens.",
    ),
    Example(
        MEMORY,
        """mutation Supersede($input: SupersedeInput!) {
  supersede(input: $input) {
    superseded { id content status validUntil }
    replacement { id content status }
  }
}""",
        {
            "input": {
                "oldId": Ref("RememberMany", "rememberMany.3.id"),
                "newId": Ref("RememberMany", "rememberMany.4.id"),
            }
        },
    ),
    Example(
        MEMORY,
        """query RecallAsOf($query: String!, $asOf: DateTime!) {
  recall(query: $query, limit: 3, filter: {asOf: $asOf}) {
    items { memory { id content status createdAt retiredAt validFrom validUntil } }
  }
}""",
        {"query": "how do deploys go out?", "asOf": Ref("RememberMany", "rememberMany.4.createdAt")},
        note="Belief time: what GraphMind believed at `asOf`, the memory superseded since included. "
        "`validAt` asks world time instead (what was valid then); without either, recall answers now.",
    ),
    Example(
        MEMORY,
        """mutation Forget($input: ForgetInput!) {
  forget(input: $input) { id status }
}""",
        {"input": {"id": Ref("RememberMany", "rememberMany.0.id")}},
    ),
    Example(
        MEMORY,
        """mutation Restore($input: RestoreInput!) {
  restore(input: $input) { id status effectiveSalience duplicateOf conflicts { memoryId winnerId supersededId } }
}""",
        {"input": {"id": Ref("RememberMany", "rememberMany.0.id")}},
        note="A memory restored to active is judged against the active memories as `remember` judges one: "
        "`conflicts` lists the contradictions it settled (it may itself come back `SUPERSEDED` by a newer "
        "fact), and `duplicateOf` names the active memory it only repeats (remembered again while it was "
        "forgotten): that one holds and is reinforced, and the restored one comes back `SUPERSEDED` by it, "
        "kept as history. Its effective salience is lifted to `GRAPHMIND_RESTORE_SALIENCE` (0.1) when lower, "
        "so a memory the gardener pruned is recalled again. A superseded memory whose superseders were all "
        "forgotten (the update it lost to was retracted) is restored to active with the validity its "
        "supersession closed; while an active memory supersedes it, restore is `CONFLICT` naming that one.",
    ),
    # Decisions and outcomes
    Example(
        LEARNING,
        """mutation Decide($input: DecideInput!) {
  decide(input: $input) {
    traceId decisionType summary confidence confidenceEstimated retrievalId createdAt
    memoryScores { memoryId score }
    alternatives { id summary }
    skippedMemoryIds
  }
}""",
        {
            "input": {
                "decisionType": "RECOMMENDATION",
                "summary": "Use Redis for the session cache",
                "retrievalId": Ref("Recall", "recall.retrievalId"),
                "alternatives": ["Use Memcached"],
            }
        },
        note="Without `memories`, the decision's memories are everything the recall returned that is still "
        "active (`skippedMemoryIds`: forgotten or superseded since). A forgotten or superseded memory "
        "named in `memories` is a CONFLICT.",
    ),
    Example(
        LEARNING,
        """mutation ObserveOutcome($input: ObserveOutcomeInput!) {
  observeOutcome(input: $input) {
    outcomeId traceId quality signal observedAt
    updates { memoryId reason attribution delta previousEffectiveSalience newEffectiveSalience utility }
  }
}""",
        {
            "input": {
                "traceId": Ref("Decide", "decide.traceId"),
                "quality": 0.9,
                "signal": "USER_ACCEPTED",
                "feedback": "p95 latency halved",
            }
        },
    ),
    *[
        step
        for quality, n in ((0.8, 2), (0.7, 3))
        for step in (
            Example(
                LEARNING,
                f"""mutation Decide{n}($memoryId: ID!) {{
  decide(input: {{decisionType: ACTION, summary: "Cache the product pages in Redis",
                 memories: [{{memoryId: $memoryId, contribution: 1}}]}}) {{ traceId }}
}}""",
                {"memoryId": Ref("Remember", "remember.id")},
                shown=False,
            ),
            Example(
                LEARNING,
                f"""mutation ObserveOutcome{n}($traceId: ID!) {{
  observeOutcome(input: {{traceId: $traceId, quality: {quality}, signal: TASK_COMPLETED}}) {{ outcomeId }}
}}""",
                {"traceId": Ref(f"Decide{n}", "decide.traceId")},
                shown=False,
            ),
        )
    ],
    Example(
        LEARNING,
        """mutation DecideBadly($memoryId: ID!) {
  decide(input: {decisionType: ACTION, summary: "Cache the search results in Redis too",
                 memories: [{memoryId: $memoryId, contribution: 1}]}) { traceId }
}""",
        {"memoryId": Ref("Remember", "remember.id")},
        shown=False,
    ),
    Example(
        LEARNING,
        """mutation ObserveFailure($traceId: ID!) {
  observeOutcome(input: {traceId: $traceId, quality: -0.6, signal: TASK_FAILED}) { outcomeId }
}""",
        {"traceId": Ref("DecideBadly", "decide.traceId")},
        shown=False,
    ),
    Example(
        LEARNING,
        """query TopPerformers {
  topPerformers(limit: 3) { successes averageQuality memory { id content effectiveSalience utility } }
}""",
        note="This user's Redis memory led to three good outcomes above.",
    ),
    Example(
        LEARNING,
        """query Counterfactuals($traceId: ID!) {
  counterfactuals(traceId: $traceId, limit: 3) {
    traceId summary decisionType alternative quality difference overlap onlyHere onlyThere
  }
}""",
        {"traceId": Ref("Decide", "decide.traceId")},
        note="The decision's own alternative first (not chosen: no outcome), then a decision on an "
        "overlapping memory whose outcome failed (quality -0.6).",
    ),
    Example(
        LEARNING,
        """query Decision($id: ID!) {
  decision(id: $id) {
    traceId decisionType summary confidence createdAt
    memories { score memory { id content effectiveSalience } }
    alternatives { id summary }
    outcome { outcomeId quality }
    outcomes {
      outcomeId quality signal status revisionOf revisedAt
      updates { memoryId reason delta newEffectiveSalience }
      causedBy { memoryId confidence }
    }
  }
}""",
        {"id": Ref("Decide", "decide.traceId")},
        note="`outcomes` lists revised outcomes too (status REVISED); `outcome` is the current one.",
    ),
    Example(
        LEARNING,
        """query Decisions($first: Int, $filter: DecisionFilter) {
  decisions(first: $first, filter: $filter) {
    edges { cursor node { traceId summary decisionType createdAt outcome { quality signal } } }
    pageInfo { hasNextPage endCursor }
  }
}""",
        {"first": 2, "filter": {"memoryId": Ref("Remember", "remember.id"), "hasOutcome": True, "minQuality": 0.5}},
        note="The decisions this memory influenced that turned out well, newest first. The filter also "
        "takes `decisionTypes`, `madeAfter`/`madeBefore`, `sessionId` and `maxQuality`.",
    ),
    Example(
        LEARNING,
        """query Events($after: Int, $first: Int) {
  events(after: $after, first: $first, types: ["decision.tracked", "outcome.observed"]) {
    edges { cursor node { seq type at payload } }
    pageInfo { hasNextPage endCursor }
  }
}""",
        {"after": 0, "first": 2},
    ),
    # Associations
    Example(
        ASSOCIATIVE,
        """mutation Learn($input: LearnInput!) {
  learn(input: $input) {
    query feedback seeds edgesAdjusted edgesCreated nodesAffected plasticityDelta graphGeneration
  }
}""",
        {
            "input": {
                "query": QUERY,
                "agentId": "planner",
                "feedback": "CORRECT",
                "nodeIds": [Ref("RememberMany", "rememberMany.1.id")],
            }
        },
    ),
    Example(
        ASSOCIATIVE,
        """query Activate($query: String!) {
  activate(query: $query, maxHops: 2, topK: 3) {
    seeds activatedCount
    nodes { id kind activation hops seed reachedThrough { fromId relation weight } memory { content } entityName }
  }
}""",
        {"query": QUERY},
    ),
    Example(
        ASSOCIATIVE,
        """query Why($source: ID!, $target: ID!) {
  why(source: $source, target: $target, maxHops: 4, limit: 3) {
    totalPathsFound truncated
    source { id label } target { id label }
    paths { hops relations cumulativeStrength nodes { id kind label } }
  }
}""",
        {"source": Ref("Remember", "remember.id"), "target": Ref("RememberMany", "rememberMany.1.id")},
    ),
    Example(
        ASSOCIATIVE,
        """mutation Snapshot($input: SnapshotInput!) {
  snapshot(input: $input) { id label agentId kind takenAt graphGeneration nodeCount memoryCount entityCount edgeCount }
}""",
        {"input": {"label": "before the cache review", "agentId": "planner"}},
    ),
    Example(
        ASSOCIATIVE,
        """mutation RememberAfterSnapshot {
  remember(input: {content: "Bob joined the platform team to run the Redis upgrade"}) { id }
}""",
        shown=False,
    ),
    Example(
        ASSOCIATIVE,
        """query Drift($since: String!) {
  drift(since: $since, limit: 3) {
    since nodeCountDelta edgeCountDelta newNodeCount removedNodeCount driftedEdgeCount
    baseline { id label }
    newNodes { id kind label }
    topWeightDrifts { edge old new delta fromNode { label } toNode { label } }
  }
}""",
        {"since": Ref("Snapshot", "snapshot.id")},
        note='`since` also takes "last_session" (the agent\'s last session snapshot) or an ISO-8601 time.',
    ),
    # Trails
]
