"""The cookbook's later examples, in the order they run: trails, sessions, the gardener and
self-improvement, pattern sharing, subscriptions, API keys and a user's data."""

from graphmind.docgen.cookbook_example import (
    GARDENER,
    PRIVACY,
    SESSIONS,
    SHARING,
    STREAMS,
    TRAILS,
    USER,
    Example,
    Ref,
)

FEATURE_EXAMPLES: list[Example] = [
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
        {"input": {"name": "SCENE_FLUSH"}},
        admin=True,
        note="A job runs across all users. It is a dry run, counting what it would do, unless `dryRun: false` "
        "is given; every run reports the same counts, zeros included.",
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
        """mutation RunSelfImprovement {
  runSelfImprovement(input: {userId: "alice"}) {
    dryRun candidates committed acceptedDryRun rejected
    decisions { candidateKind type outcome reason proposedContent }
  }
}""",
        admin=True,
        note="One cycle for alice now, whatever the on/off switch says: a dry run unless `dryRun: false` "
        "(then improved memories are committed). The kill switch and the circuit breaker still stop it.",
    ),
    Example(
        GARDENER,
        """query ImprovementCycles {
  improvementCycles(last: 2) {
    id startedAt dryRun candidates committed rejected
    decisions { candidateKind type outcome reason proposedContent validatorScores }
  }
}""",
        note="The cycles that decided about the caller's memories, counted over those decisions only. Empty "
        "until the worker has run (it is off by default: `GRAPHMIND_SELF_IMPROVEMENT_ENABLED`; "
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
