// name: job_finish
// Releases a job's lease and records its last run: when, how long, dry or not, its counts and status.
// mode: write
// params: job, runId, startedAt, durationMs, dryRun, counts, status, error
MATCH (j:Job {name: $job}) WHERE j.runId = $runId
SET j.runningUntil = null, j.lastRunAt = $startedAt, j.lastDurationMs = $durationMs,
    j.lastDryRun = $dryRun, j.lastCounts = $counts, j.lastStatus = $status, j.lastError = $error,
    j.runs = coalesce(j.runs, 0) + 1
RETURN j.name AS name
