// name: finish
// Records an experiment's end: the Welch analysis and conclusion when done, or the error when it failed.
// mode: write
// params: id, endedAt, status, controlMean, treatmentMean, improvement, tStatistic, df, pValue, significant, conclusion, error
MATCH (e:Experiment {id: $id})
SET e.endedAt = $endedAt, e.status = $status, e.controlMean = $controlMean,
    e.treatmentMean = $treatmentMean, e.improvement = $improvement, e.tStatistic = $tStatistic,
    e.df = $df, e.pValue = $pValue, e.significant = $significant, e.conclusion = $conclusion,
    e.error = $error
RETURN e.id AS id
