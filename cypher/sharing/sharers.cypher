// name: sharers
// A page of the users who opted in to pattern sharing, after a cursor id, with the ε they have spent.
// mode: read
// params: afterId, batchSize
MATCH (u:User)
WHERE u.sharingOptIn = true AND u.id > $afterId
RETURN u.id AS id, coalesce(u.epsilonSpent, 0.0) AS spent
ORDER BY u.id
LIMIT $batchSize
