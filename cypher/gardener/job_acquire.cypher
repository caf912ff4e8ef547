// name: job_acquire
// Takes a gardener job's lease so that no two runs of it overlap (across processes); returns nothing when a run holds an unexpired lease.
// mode: write
// params: job, runId, leaseUntil, now
MERGE (j:Job {name: $job})
SET j.touchedBy = $runId
WITH j
WHERE j.runningUntil IS NULL OR j.runningUntil < $now
SET j.runningUntil = $leaseUntil, j.runId = $runId, j.startedAt = $now
RETURN j.name AS name
