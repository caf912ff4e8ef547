// name: 039_job_name_unique
// One Job node per gardener job: its lease (no overlapping runs) and its last run.
// mode: schema
CREATE CONSTRAINT job_name_unique IF NOT EXISTS
FOR (n:Job) REQUIRE n.name IS UNIQUE
