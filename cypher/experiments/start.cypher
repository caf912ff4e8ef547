// name: start
// Records an experiment as it starts (a system-level record, no userId), numbered after the experiments recorded so far; returns its number.
// mode: write
// params: id, key, slug, hypothesis, metric, higherIsBetter, control, treatment, bench, benchConfig, seed, sampleSize, startedAt
OPTIONAL MATCH (earlier:Experiment)
WITH count(earlier) AS recorded
CREATE (e:Experiment {id: $id, number: recorded + 1, key: $key, slug: $slug, hypothesis: $hypothesis,
                      metric: $metric, higherIsBetter: $higherIsBetter, control: $control,
                      treatment: $treatment, bench: $bench, benchConfig: $benchConfig, seed: $seed,
                      sampleSize: $sampleSize, startedAt: $startedAt, status: 'running'})
RETURN e.number AS number
