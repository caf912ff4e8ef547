// name: counterfactuals
// Past decisions of the caller that used overlapping memories but ended differently: the outcome difference and the memories only one side used.
// mode: read
// params: userId, traceId, minDifference, limit
MATCH (d:Decision {id: $traceId}) WHERE d.userId = $userId AND d.chosen
OPTIONAL MATCH (d)-[:RESULTED_IN]->(mine:Outcome {status: 'active'})
WITH d, mine, [(m:Memory)-[:INFLUENCED]->(d) | m.id] AS used
// only a decision that shares a memory with this one can overlap it: found through the
// shared memories, not among every outcome of the user
MATCH (d)<-[:INFLUENCED]-(:Memory)-[:INFLUENCED]->(other:Decision)
WHERE other.userId = $userId AND other.chosen AND other <> d
WITH DISTINCT d, mine, used, other
MATCH (other)-[:RESULTED_IN]->(theirs:Outcome {status: 'active'})
WHERE theirs.userId = $userId
WITH d, mine, used, other, theirs, [(m:Memory)-[:INFLUENCED]->(other) | m.id] AS otherUsed
WITH mine, used, other, theirs, otherUsed, size([x IN used WHERE x IN otherUsed]) AS shared
WHERE shared > 0
WITH mine, used, other, theirs, otherUsed,
     toFloat(shared) / size(used + [x IN otherUsed WHERE NOT x IN used]) AS overlap,
     theirs.quality - coalesce(mine.quality, 0.0) AS difference
WHERE mine IS NULL OR abs(difference) >= $minDifference OR sign(theirs.quality) <> sign(mine.quality)
RETURN other {.id, .summary, .decisionType, .confidence, .createdAt} AS decision,
       theirs.quality AS quality, difference, overlap,
       [x IN used WHERE NOT x IN otherUsed] AS onlyHere,
       [x IN otherUsed WHERE NOT x IN used] AS onlyThere
ORDER BY overlap DESC, abs(difference) DESC, other.id
LIMIT $limit
