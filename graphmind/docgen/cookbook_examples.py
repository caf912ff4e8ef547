"""The GraphQL cookbook's examples, in the order they run: one named operation each
(`cookbook_example.py` says what an example is). Steps with `shown=False` set the scene
or clean up and are not written to docs/graphql.md. graphmind/docgen/cookbook.py runs them.
"""

from graphmind.docgen.cookbook_example import (
    ASSOCIATIVE,
    GARDENER,
    HEALTH,
    LEARNING,
    MEMORY,
    PRIVACY,
    SESSIONS,
    SHARING,
    STREAMS,
    TRAILS,
    USER,
    Example,
    Ref,
)

QUERY = "which cache should we use?"

EXAMPLES: list[Example] = [
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
  restore(input: $input) { id status }
}""",
        {"input": {"id": Ref("RememberMany", "rememberMany.0.id")}},
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
    Example(
        TRAILS,
        """mutation SaveTrail($input: SaveTrailInput!) {
  saveTrail(input: $input) {
    trailId label agentId nodesSaved hypothesesSaved conclusionsSaved openQuestionsSaved createdAt
    trail { status summary hypotheses { id statement confidence status } }
  }
}""",
        {
            "input": {
                "agentId": "planner",
                "label": "cache choice",
                "tags": ["infra"],
                "summary": "Comparing Redis and Memcached for the session cache",
                "hypotheses": [
                    {
                        "statement": "Redis is fast enough for sessions",
                        "confidence": 0.8,
                        "supportingNodes": [Ref("Remember", "remember.id")],
                    }
                ],
                "conclusions": [{"statement": "Use Redis", "confidence": 0.7}],
                "openQuestions": ["Does Memcached's lack of persistence matter for sessions?"],
                "visitedNodes": [
                    {"nodeId": Ref("Remember", "remember.id"), "annotation": "the benchmark", "relevance": 0.9}
                ],
                "activationBoosts": [{"nodeId": Ref("Remember", "remember.id"), "boost": 0.7}],
            }
        },
    ),
    Example(
        TRAILS,
        """mutation SaveOtherTrail($input: SaveTrailInput!) {
  saveTrail(input: $input) { trailId }
}""",
        {
            "input": {
                "agentId": "reviewer",
                "label": "cache risks",
                "tags": ["infra"],
                "hypotheses": [{"statement": "Redis is not fast enough for sessions", "confidence": 0.3}],
                "visitedNodes": [{"nodeId": Ref("RememberMany", "rememberMany.0.id")}],
            }
        },
        shown=False,
    ),
    Example(
        TRAILS,
        """query Trail($id: ID!) {
  trail(id: $id) {
    id label agentId status summary tags openQuestions nodeCount graphGeneration lastModified
    conclusions { statement confidence }
    visitedNodes { nodeId annotation relevance boost }
  }
}""",
        {"id": Ref("SaveTrail", "saveTrail.trailId")},
    ),
    Example(
        TRAILS,
        """query Trails($first: Int!) {
  trails(filterTags: ["infra"], first: $first) {
    totalCount
    edges { cursor node { id label agentId status } }
    pageInfo { hasNextPage endCursor }
  }
}""",
        {"first": 2},
    ),
    Example(
        TRAILS,
        """mutation ResumeTrail($input: ResumeTrailInput!) {
  resumeTrail(input: $input) {
    trailId label stale generationsBehind missingNodes nodesReactivated
    hypothesesDowngraded { statement previousConfidence newConfidence }
    trail { status }
  }
}""",
        {"input": {"trailId": Ref("SaveTrail", "saveTrail.trailId"), "agentId": "planner"}},
    ),
    Example(
        TRAILS,
        """mutation MergeTrails($input: MergeTrailsInput!) {
  mergeTrails(input: $input) {
    mergedTrailId label sourceTrails nodesMerged hypothesesMerged
    conflicts { hypothesisA hypothesisB resolution winner scoreDelta }
    connectionsDiscovered { type detail fromNode toNode }
    trail { status mergedFrom }
  }
}""",
        {
            "input": {
                "trailIds": [Ref("SaveTrail", "saveTrail.trailId"), Ref("SaveOtherTrail", "saveTrail.trailId")],
                "label": "cache decision",
            }
        },
    ),
    # Sessions
    Example(
        SESSIONS,
        """mutation StartSession($input: StartSessionInput!) {
  startSession(input: $input) { id agentId goal status startedAt }
}""",
        {"input": {"agentId": "coder-1", "goal": "Move the session cache to Redis"}},
    ),
    Example(
        SESSIONS,
        """mutation LogSession($input: LogSessionInput!) {
  logSession(input: $input) {
    entry { id kind text position at }
    signal message
    recalled { score memory { id content } }
    loopWarning { attempt message suggestHelper }
  }
}""",
        {
            "input": {
                "sessionId": Ref("StartSession", "startSession.id"),
                "kind": "BLOCKER",
                "text": "Redis refuses connections from the API pods: the cache cluster is firewalled",
            }
        },
        note="Kinds: EXPERIENCE, BLOCKER, REJECTED, DECISION, LEARNING, ASSUMPTION. A blocker "
        "brings up related memories; a rejected attempt like an earlier one returns `loopWarning`.",
    ),
    Example(
        SESSIONS,
        """mutation LogLearning($sessionId: ID!) {
  logSession(input: {sessionId: $sessionId, kind: LEARNING,
                     text: "The cache cluster only accepts connections from the platform subnet"}) { entry { id } }
}""",
        {"sessionId": Ref("StartSession", "startSession.id")},
        shown=False,
    ),
    Example(
        SESSIONS,
        """mutation ResolveBlocker($input: ResolveBlockerInput!) {
  resolveBlocker(input: $input) { id kind text resolved rootCause solution }
}""",
        {
            "input": {
                "entryId": Ref("LogSession", "logSession.entry.id"),
                "rootCause": "the API pods were not in the platform subnet's allow-list",
                "solution": "add the API pods' subnet to the cache firewall",
            }
        },
    ),
    Example(
        SESSIONS,
        """query Session($id: ID!) {
  session(id: $id) { id agentId goal status startedAt entries { id kind text position resolved } }
}""",
        {"id": Ref("StartSession", "startSession.id")},
    ),
    Example(
        SESSIONS,
        """query SessionRecall($sessionId: ID!) {
  sessionRecall(sessionId: $sessionId, limit: 2) { similarity entryId memory { id content } }
}""",
        {"sessionId": Ref("StartSession", "startSession.id")},
    ),
    Example(
        SESSIONS,
        """query HelperBrief($sessionId: ID!) {
  helperBrief(sessionId: $sessionId) { sessionId goal problem tried assumptions blockers learnings markdown }
}""",
        {"sessionId": Ref("StartSession", "startSession.id")},
    ),
    Example(
        SESSIONS,
        """mutation EndSession($input: EndSessionInput!) {
  endSession(input: $input) {
    session { id status endedAt snapshotId }
    promotions { entryId kind action reason memoryId similarity signals }
    snapshot { id kind label }
  }
}""",
        {"input": {"sessionId": Ref("StartSession", "startSession.id")}},
    ),
    # Gardener and self-improvement
    Example(
        GARDENER,
        """query Jobs {
  jobs { name schedule running runs lastRun { startedAt durationMs status } }
}""",
        admin=True,
    ),
    Example(
        GARDENER,
        """mutation RunJob($input: RunJobInput!) {
  runJob(input: $input) { name dryRun status startedAt durationMs counts error }
}""",
        {"input": {"name": "SCENE_FLUSH", "dryRun": True}},
        admin=True,
        note="A job runs across all users; with `dryRun` it only counts what it would do.",
    ),
    Example(
        GARDENER,
        """query SelfImprovement {
  selfImprovement { enabled dryRun safetyMode killSwitch killSwitchReason consecutiveFailures breakerOpenUntil }
}""",
        admin=True,
    ),
    Example(
        GARDENER,
        """mutation SetSelfImprovementKillSwitch($input: SetSelfImprovementKillSwitchInput!) {
  setSelfImprovementKillSwitch(input: $input) { killSwitch killSwitchReason killSwitchChangedAt enabled }
}""",
        {"input": {"engaged": True, "reason": "audit of last week's merges"}},
        admin=True,
        note='`{"engaged": false}` releases it.',
    ),
    Example(
        GARDENER,
        """mutation ReleaseKillSwitch {
  setSelfImprovementKillSwitch(input: {engaged: false, reason: "audit done"}) { killSwitch }
}""",
        admin=True,
        shown=False,
    ),
    Example(
        GARDENER,
        """mutation SetSelfImprovement($input: SetSelfImprovementInput!) {
  setSelfImprovement(input: $input) { enabled enabledBy users scheduleReason scheduleChangedAt }
}""",
        {"input": {"enabled": True, "users": ["alice"], "reason": "pilot with one team"}},
        admin=True,
        note="On at run time for every server process, only for alice; `{}` hands the decision back to "
        "`GRAPHMIND_SELF_IMPROVEMENT_ENABLED` and everyone.",
    ),
    Example(
        GARDENER,
        """mutation HandBackSelfImprovement {
  setSelfImprovement(input: {}) { enabled enabledBy users }
}""",
        admin=True,
        shown=False,
    ),
    Example(
        GARDENER,
        """query SelfImprovementPreview {
  selfImprovementPreview(userId: "alice") {
    dryRun candidates acceptedDryRun rejected
    decisions { candidateKind type outcome reason proposedContent }
  }
}""",
        admin=True,
        note="What a cycle would do for alice now: a dry run that changes nothing.",
    ),
    Example(
        GARDENER,
        """query ImprovementCycles {
  improvementCycles(last: 2) {
    id startedAt dryRun candidates committed rejected
    decisions { candidateKind type outcome reason proposedContent validatorScores }
  }
}""",
        note="Empty until the worker has run (it is off by default: `GRAPHMIND_SELF_IMPROVEMENT_ENABLED`; "
        "docs/self-improvement.md).",
    ),
    # Pattern sharing
    Example(
        SHARING,
        """query PatternSharing {
  patternSharing { optedIn epsilonSpent epsilonBudget epsilonRemaining updatedAt }
}""",
    ),
    Example(
        SHARING,
        """mutation SetPatternSharing($input: SetPatternSharingInput!) {
  setPatternSharing(input: $input) { optedIn epsilonSpent epsilonBudget epsilonRemaining updatedAt }
}""",
        {"input": {"optIn": True}},
    ),
    Example(
        SHARING,
        """query SharedPatterns($first: Int!) {
  sharedPatterns(first: $first) {
    totalCount
    edges { cursor node { id description keywords instances users meanQuality epsilon publishedAt } }
    pageInfo { hasNextPage endCursor }
  }
}""",
        {"first": 2},
        note="Empty until the share_patterns job has published a pattern: one needs good "
        "outcomes from at least 10 users (docs/sharing.md).",
    ),
    # Subscriptions
    Example(
        STREAMS,
        """query EventsSoFar {
  events(after: 0, first: 500) { edges { node { seq } } }
}""",
        shown=False,
    ),
    Example(
        STREAMS,
        """subscription EventStream($after: Int, $types: [String!]) {
  events(after: $after, types: $types) { seq type at payload }
}""",
        {"after": Ref("EventsSoFar", "events.edges.-1.node.seq"), "types": ["memory.stored"]},
        note="Over graphql-ws (`graphql-transport-ws` subprotocol) on the same URL, with the "
        "`Authorization` header on the handshake. `after` is the last `seq` the client has "
        "seen (omit it to start from now). The response below is the first message, sent "
        "when another client remembered something.",
        trigger=Example(
            STREAMS,
            """mutation RememberWhileSubscribed {
  remember(input: {content: "Redis memory use grew 20% after the session move"}) { id }
}""",
        ),
    ),
    # API keys and your data
    Example(
        PRIVACY,
        """mutation CreateApiKey($input: CreateApiKeyInput!) {
  createApiKey(input: $input) { key apiKey { id userId role label prefix createdAt } }
}""",
        {"input": {"userId": USER, "role": "AGENT", "label": "ci runner"}},
        admin=True,
        note="`key` is the secret, shown only in this response (redacted here).",
    ),
    Example(
        PRIVACY,
        """query ApiKeys($userId: ID) {
  apiKeys(userId: $userId) { id userId role label prefix createdAt revokedAt lastUsedAt }
}""",
        {"userId": USER},
        admin=True,
    ),
    Example(
        PRIVACY,
        """mutation RevokeApiKey($input: RevokeApiKeyInput!) {
  revokeApiKey(input: $input) { id prefix revokedAt }
}""",
        {"input": {"id": Ref("CreateApiKey", "createApiKey.apiKey.id")}},
        admin=True,
    ),
    Example(
        PRIVACY,
        """query ExportUserData {
  exportUserData
}""",
        note="Everything of the caller as JSON (lists cut to their first items here); admins may pass `userId`.",
    ),
    Example(
        PRIVACY,
        """mutation DeleteUserData($input: DeleteUserDataInput!) {
  deleteUserData(input: $input) { userId deletedNodes remainingNodes }
}""",
        {"input": {"confirm": True, "userId": USER}},
        admin=True,
        note="Without `userId`, callers delete their own data; this admin deleted the user of this page.",
    ),
    Example(
        PRIVACY,
        """mutation DeleteOwnData {
  deleteUserData(input: {confirm: true}) { remainingNodes }
}""",
        admin=True,
        shown=False,
    ),
]
