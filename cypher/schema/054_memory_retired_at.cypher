// name: 054_memory_retired_at
// Belief time for memories retired before it was recorded: a superseded or archived memory without retiredAt takes when it was archived, else when it was superseded (its SUPERSEDES edge), else its last update. Idempotent: only memories without retiredAt change.
// mode: write
MATCH (m:Memory)
WHERE m.status IN ['superseded', 'archived'] AND m.retiredAt IS NULL
SET m.retiredAt = coalesce(m.archivedAt, COLLECT { MATCH (m)<-[s:SUPERSEDES]-() RETURN s.at ORDER BY s.at LIMIT 1 }[0],
                           m.updatedAt, m.createdAt)
