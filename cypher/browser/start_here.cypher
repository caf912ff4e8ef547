// name: start_here
// The ids the other favorites ask for: the user's latest memories, decisions, trails, sessions and snapshots.
// mode: read
// params: userId
// In Browser: :param userId => "alice" first; copy an id into :param traceId => "…" (or memoryId, trailId, sessionId, …).
CALL () {
  MATCH (m:Memory) WHERE m.userId = $userId
  RETURN 'memory' AS kind, m.id AS id, m.status AS status, left(m.content, 80) AS text, m.createdAt AS at
  ORDER BY at DESC LIMIT 10
UNION ALL
  MATCH (d:Decision {chosen: true}) WHERE d.userId = $userId
  RETURN 'decision' AS kind, d.id AS id, CASE WHEN d.outcomeObserved THEN 'quality ' + toString(d.outcomeQuality) ELSE 'no outcome yet' END AS status,
         left(d.summary, 80) AS text, d.createdAt AS at
  ORDER BY at DESC LIMIT 10
UNION ALL
  MATCH (t:Trail) WHERE t.userId = $userId
  RETURN 'trail' AS kind, t.id AS id, t.status AS status, left(t.label, 80) AS text, t.createdAt AS at
  ORDER BY at DESC LIMIT 10
UNION ALL
  MATCH (s:Session) WHERE s.userId = $userId
  RETURN 'session' AS kind, s.id AS id, s.status AS status, left(s.goal, 80) AS text, s.startedAt AS at
  ORDER BY at DESC LIMIT 10
UNION ALL
  MATCH (s:Snapshot) WHERE s.userId = $userId
  RETURN 'snapshot' AS kind, s.id AS id, s.kind AS status, left(s.label, 80) AS text, s.takenAt AS at
  ORDER BY at DESC LIMIT 10
}
RETURN kind, id, status, text, at
ORDER BY kind, at DESC
