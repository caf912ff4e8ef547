// name: job_list
// The recorded state of every gardener job (last run, duration, counts, whether one runs now).
// mode: read
// params: now
MATCH (j:Job)
RETURN j.name AS name, j.lastRunAt AS lastRunAt, j.lastDurationMs AS lastDurationMs,
       j.lastDryRun AS lastDryRun, j.lastCounts AS lastCounts, j.lastStatus AS lastStatus,
       j.lastError AS lastError, coalesce(j.runs, 0) AS runs,
       j.runningUntil IS NOT NULL AND j.runningUntil >= $now AS running
