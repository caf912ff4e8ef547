"""Settings, read from environment variables with the GRAPHMIND_ prefix."""

import ipaddress
from pathlib import Path
from typing import Literal

from pydantic import Field, field_validator
from pydantic_settings import BaseSettings, SettingsConfigDict

PROJECT_ROOT = Path(__file__).resolve().parent.parent


class Settings(BaseSettings):
    """Every setting of GraphMind; see README.md "Settings" for the table."""

    model_config = SettingsConfigDict(env_prefix="GRAPHMIND_", extra="ignore")

    # Neo4j connection
    neo4j_uri: str | None = Field(None, description="Bolt URI; defaults to bolt://NEO4J_HOST:NEO4J_BOLT_PORT")
    neo4j_user: str = Field("neo4j", description="Neo4j user name")
    neo4j_password: str = Field("graphmind-dev", description="Neo4j password (8+ chars)")
    neo4j_database: str = Field("neo4j", description="Neo4j database name")
    neo4j_connect_timeout: float = Field(3.0, description="seconds to connect to Neo4j or get a pooled connection")
    neo4j_retry_seconds: float = Field(
        3.0,
        description="transient errors (and a Neo4j outage) are retried this long (first after 0.25 s, then "
        "1.5 times longer each time; the last wait may end up to about 2.3 s later), then UNAVAILABLE",
    )

    # The Neo4j server GraphMind provisions itself (`graphmind neo4j start`)
    neo4j_host: str = Field("127.0.0.1", description="address the managed Neo4j binds")
    neo4j_bolt_port: int = Field(7687, ge=1, le=65535, description="Bolt port of the managed Neo4j")
    neo4j_http_port: int = Field(7474, ge=1, le=65535, description="HTTP (Browser) port of the managed Neo4j")
    neo4j_home: Path = Field(
        PROJECT_ROOT / ".cache/neo4j/dev",
        description="conf, data and logs folder of the managed Neo4j",
    )
    neo4j_lib: Path = Field(
        PROJECT_ROOT / ".cache/neo4j/lib",
        description="folder of the Neo4j jars resolved from Maven Central",
    )
    neo4j_heap: str = Field("1g", description="JVM heap of the managed Neo4j, allocated whole at start")
    neo4j_pagecache: str = Field("512m", description="page cache of the managed Neo4j")
    neo4j_auth_enabled: bool = Field(True, description="require a password for Neo4j")
    neo4j_start_timeout: float = Field(120.0, description="seconds to wait for Bolt")

    # The GraphQL server
    host: str = Field("127.0.0.1", description="address the GraphQL server binds")
    port: int = Field(8000, ge=1, le=65535, description="port of the GraphQL server")
    workers: int | None = Field(
        None, ge=1, description="server processes `graphmind serve` starts (unset: one per core)"
    )
    default_user_id: str = Field("local", description="caller while API keys are off")
    migrate_on_start: bool = Field(True, description="apply cypher/schema at startup")
    index_wait_seconds: float = Field(
        300.0,
        gt=0,
        description="how long startup waits for Neo4j's indexes to come ONLINE (a rebuilt vector index "
        "on a large store takes minutes)",
    )
    warmup_seconds: float = Field(
        30.0, ge=0, description="`graphmind serve` warms a Neo4j that has just started for this long (0: never)"
    )
    max_query_depth: int = Field(12, description="deepest GraphQL selection allowed")
    max_query_tokens: int = Field(4000, description="largest GraphQL document, in tokens")
    max_query_aliases: int = Field(30, description="most aliases in one GraphQL document")
    graphiql: bool = Field(True, description="serve GraphiQL on GET /graphql")
    introspection: bool = Field(True, description="answer GraphQL introspection (turn off in production)")
    api_keys: Literal["auto", "required", "optional"] = Field(
        "auto",
        description="auto: keys required once one was issued, even when none is left; required; optional (tests, local dev)",
    )
    insecure: bool = Field(False, description="let `serve` bind a non-loopback address without API keys")
    rate_limit_per_minute: float = Field(1200.0, description="requests a key may make per minute (0: no limit)")
    rate_limit_burst: int = Field(100, ge=1, description="requests a key may make at once before the rate applies")
    rate_limit_lease: int = Field(
        8,
        ge=1,
        description="tokens a server process takes from a key's shared bucket at a time "
        "(at most a quarter of what is left; 1: every request writes to Neo4j)",
    )
    auth_failures_per_minute: float = Field(
        30.0,
        ge=0,
        description="wrong, unknown or revoked keys one client address may send per minute, counted across all "
        "server processes and hosts; past them the address is refused RATE_LIMITED for a while (0: no limit)",
    )
    auth_failure_burst: int = Field(
        20, ge=1, description="wrong keys one client address may send at once before the rate applies"
    )
    max_body_bytes: int = Field(
        1_000_000, ge=1024, description="largest GraphQL request body, and largest message on the /graphql websocket"
    )
    max_subscriptions_per_connection: int = Field(
        10,
        ge=1,
        description="operations (subscriptions) one /graphql websocket may run at once (BAD_USER_INPUT beyond)",
    )
    cors_origins: list[str] = Field(default_factory=list, description="origins allowed by CORS (JSON list; none: off)")
    allowed_hosts: list[str] = Field(
        default_factory=list,
        description="host names a request's Host header may name besides the loopback ones (JSON list, any port): "
        "on a loopback address only these and 127.0.0.1, localhost and [::1] are answered (DNS rebinding); "
        "listing any turns the check on for other addresses too",
    )
    metrics_allow: list[str] = Field(
        default_factory=list,
        description="addresses or networks that may scrape /metrics without an admin key (JSON list)",
    )

    @field_validator("metrics_allow")
    @classmethod
    def _networks(cls, networks: list[str]) -> list[str]:
        """Refused when read, not on every scrape (QA: 'localhost' made each /metrics a 500)."""
        for network in networks:
            try:
                ipaddress.ip_network(network, strict=False)
            except ValueError:
                raise ValueError(f"{network!r} is not an IP address or network (such as 10.0.0.0/8)") from None
        return networks

    metrics_count_seconds: float = Field(
        30.0,
        ge=0,
        description="a server process counts the memories by status for /metrics at most once in this many "
        "seconds (the count reads every memory); a scrape in between shows its last count (0: every scrape)",
    )

    # Embeddings
    embedding_backend: Literal["onnx", "torch"] = Field(
        "onnx", description="ONNX Runtime (exported from the packaged model) or sentence-transformers on torch"
    )
    embedding_onnx_path: Path | None = Field(
        None, description="where the ONNX export lives (default .cache/onnx/all-MiniLM-L6-v2.onnx)"
    )
    embedding_precision: Literal["auto", "float32", "int8"] = Field(
        "auto",
        description="ONNX: float32, the export itself (the reference's vectors), or int8, its quantisation "
        "(about twice as fast; cosine 0.99 to float32); auto: the store's, int8 for a new store. A store keeps "
        'the precision its first memories were embedded at (docs/architecture.md, "Embedding precision")',
    )
    embedding_batch_size: int = Field(64, description="texts per embedding batch (ONNX: at most 32, length-sorted)")
    embedding_threads: int = Field(
        0,
        description="threads per embedding call (0: the cores divided among the server processes, "
        "at least 1; outside `serve`, ONNX one per core, torch its default)",
    )

    # Memory: remember
    redact_pii: bool = Field(True, description="redact PII and secrets before storing")
    dedup_threshold: float = Field(0.95, description="cosine above which a memory is a duplicate")
    dedup_candidates: int = Field(5, description="vector-index neighbours checked for duplicates")
    subject_candidates: int = Field(
        5,
        description="memories sharing the most subject terms (BM25 over the caller's keyword postings) "
        "checked for contradictions",
    )

    # Memory: recall
    recall_fusion: Literal["scores", "rrf"] = Field(
        "scores",
        description="how recall fuses its channels: 'scores' sums each channel's min-max normalised score, "
        "'rrf' is the seed's Reciprocal Rank Fusion (docs/memory.md)",
    )
    recall_period_boost: float = Field(
        2.0,
        ge=0,
        description="a memory dated in the period a recall query names ('in May 2023', 'on October 13, 2023') "
        "has its fused score multiplied by 1 + this (0: off)",
    )
    recall_aggregate_spread: float = Field(
        0.7,
        ge=0,
        le=1,
        description="a question that counts or totals ('how many', 'how much', 'total') has each result's "
        "relevance multiplied by this to the power of the results above it from the same episode, so its "
        "results cover several conversations (memory/spread.py; 1: off)",
    )
    recall_head_episodes: int = Field(
        2,
        ge=0,
        description="the first this many results of a recall (other than a counting one) are picked across "
        "episodes: a memory whose episode already has a result among them has its relevance multiplied by "
        "recall_head_spread (memory/spread.py; 0 or 1: off)",
    )
    recall_head_spread: float = Field(
        0.3,
        ge=0,
        le=1,
        description="while the first recall_head_episodes results are picked, the relevance multiplier of a "
        "memory from an episode already among them (1: off)",
    )
    rrf_k: int = Field(
        10, description="Reciprocal Rank Fusion constant k when recall_fusion is rrf (seed: 60; 10 measured better)"
    )
    rrf_weight_vector: float = Field(1.0, description="fusion weight of the vector channel")
    rrf_weight_keyword: float = Field(1.0, description="fusion weight of the keyword channel")
    rrf_weight_graph: float = Field(1.0, description="fusion weight of the entity-graph channel")
    max_entity_share: float = Field(
        0.05, description="entities in more of a user's memories than this share are ignored"
    )
    recall_vector_k: int = Field(100, description="vector candidates per recall")
    recall_keyword_k: int = Field(
        50, description="keyword candidates per recall (BM25 over the caller's own term statistics)"
    )
    recall_keyword_postings: int = Field(
        2000,
        description="postings a keyword search (recall, remember's subject candidates) reads in full, rarest terms first; commoner terms score only its best candidates",
    )
    recall_graph_k: int = Field(50, description="entity-graph candidates per recall")
    recall_default_limit: int = Field(10, description="results of a recall when not asked")
    recall_max_limit: int = Field(100, description="most results one recall may ask for")
    min_salience: float = Field(0.05, description="memories below this effective salience hide")
    neighbour_window_minutes: float = Field(
        10.0, description="temporal-neighbour window around a hit (seed 003 policy 7)"
    )
    neighbour_share: float = Field(0.5, description="a neighbour's share of its parent's score")
    neighbour_parents: int = Field(5, description="top results whose neighbours are added")
    neighbours_per_parent: int = Field(
        4,
        ge=0,
        description="the memories nearest in time to a top result (or an activated memory) that are added as its neighbours",
    )
    neighbour_floor: float = Field(
        0.5, ge=0, le=1, description="relevance (of the best result's) a result needs for its neighbours to be added"
    )

    # Learning (outcome-weighted salience): R15-R17, and the H1/H3/H4 experiments (docs/experiments.md)
    learning_rate: float = Field(0.1, ge=0, description="R15 learning rate of outcome-weighted salience")
    learning_rate_min: float = Field(
        0.1, ge=0, description="rate a memory's learning rate decays to with its outcomes (= learning_rate: no decay)"
    )
    learning_rate_half_life: float = Field(
        10.0, gt=0, description="outcomes after which a memory's learning rate is halfway to the minimum"
    )
    negative_outcome_weight: float = Field(
        1.0, ge=0, description="loss aversion: a negative outcome's delta is multiplied by this (before the ±0.1 cap)"
    )
    temporal_dampening: tuple[float, float, float, float] = Field(
        (1.0, 0.5, 0.25, 0.1), description="R17 dampening of the delta per temporal level 1-4 (a JSON list)"
    )

    # Associative graph: association edges, activate, why, trails
    association_seed_count: int = Field(5, description="top memories of a query that seed learn/activate")
    coretrieval_rate: float = Field(
        0.05, description="Hebbian rate among a recall's top results (0 turns co-retrieval off)"
    )
    coretrieval_top: int = Field(3, description="top results of a recall associated with each other")
    retrieval_wait_seconds: float = Field(
        1.0,
        description="a decision on a retrieval not yet written (recorded behind a recall by another "
        "server process) waits this long for it, then NOT_FOUND; UNAVAILABLE (retry) instead when the record "
        "may still be queued: the retrieval id was issued less than 60 s ago, or a query of the deciding "
        "process found Neo4j unreachable in the last 60 s",
    )
    couse_rate: float = Field(0.1, description="Hebbian rate × quality among a well-judged decision's memories")
    couse_max_memories: int = Field(10, description="most influencing memories associated per outcome")
    activation_threshold: float = Field(0.01, description="activation below which a node is dropped")
    activation_top_k: int = Field(20, description="nodes an activate returns when not asked")
    max_graph_hops: int = Field(8, description="largest maxHops of activate and why")
    why_beam: int = Field(200, description="partial paths why keeps per hop and side")
    trail_stale_share: float = Field(0.5, description="share of missing nodes above which a trail is stale")
    merge_conflict_margin: float = Field(
        0.1, description="score gap under which a merge conflict is left for human review"
    )

    # Lifecycle: decay, ranking mix, scene, truth, budgets (docs/lifecycle.md)
    retrievability_scale: float = Field(1.0, description="C in R = C·e^(−t/S)")
    stability_factor: float = Field(1.0, description="spacing factor: a retrieval sets S to S·(1 + factor·(1 − R))")
    rank_weight_similarity: float = Field(0.7, description="ranking mix: weight of relevance")
    rank_weight_retrievability: float = Field(0.15, description="ranking mix: weight of R (DSR)")
    rank_weight_utility: float = Field(0.15, description="ranking mix: weight of learned utility")
    exploration: float = Field(
        0.0,
        ge=0,
        le=0.5,
        description="exploration bound c: a recall adds c·√(utility variance)·u (u uniform) to each score, "
        "so near-tied, little-tried memories get seen; 0 = off",
    )
    exploration_seed: int = Field(0, description="seed of exploration's draws")
    utility_retrieval_noise: float = Field(
        0.0,
        ge=0,
        description="Kalman measurement noise of a retrieval as evidence of a memory's usefulness "
        "(outcomes: 0.5 / attribution; larger is weaker; 0: retrievals do not count, "
        "the default: even 200 cost 3 points of LoCoMo recall@10)",
    )
    max_token_budget: int = Field(32_000, description="largest tokenBudget a recall may ask for")
    budget_pool: int = Field(50, description="candidates a budgeted recall packs from")
    budget_mmr_lambda: float = Field(0.7, description="budget packing: relevance vs non-redundancy (MMR λ)")
    scene_capacity: int = Field(10, description="memories a scene (working memory) holds")
    scene_topic_threshold: float = Field(
        0.35,
        description="cosine to the scene centroid and to each member under which the topic shifted "
        "(graphmind bench scenes)",
    )
    scene_idle_minutes: float = Field(30.0, description="idle scenes the gardener flushes")
    conflict_similarity: float = Field(
        0.8, description="cosine from which vector neighbours are checked for a contradiction"
    )
    prune_salience: float = Field(0.05, description="effective salience under which memories are archived (R21)")
    restore_salience: float = Field(
        0.1,
        ge=0.0,
        le=1.0,
        description="effective salience a restored memory is lifted to when it is lower (never under "
        "min_salience or prune_salience): recall finds it again, and decay takes days to pull it back under",
    )
    archive_retention_days: float = Field(30.0, description="days in the archive before deletion (R21)")
    consolidation_min_events: int = Field(
        20, description="consolidate when a user has more unconsolidated events than this"
    )
    consolidation_max_age_hours: float = Field(
        24.0, description="…or when the oldest unconsolidated event is older than this"
    )
    consolidation_similarity: float = Field(0.5, description="cosine that joins an event to a cluster")
    summary_sentences: int = Field(3, description="sentences an extractive summary keeps")
    summariser_url: str | None = Field(
        None, description="OpenAI-compatible base URL of an LLM summariser (off when unset)"
    )
    summariser_model: str = Field("gpt-4o-mini", description="model name sent to the LLM summariser")
    summariser_api_key: str | None = Field(None, description="bearer token of the LLM summariser")
    pattern_min_outcomes: int = Field(3, description="good outcomes a memory needs to join a pattern")
    pattern_quality: float = Field(0.5, description="outcome quality above which an outcome is good")
    pattern_similarity: float = Field(0.6, description="cosine that joins a memory to a pattern")

    # Shared patterns (differential privacy): the share_patterns job (docs/sharing.md)
    sharing_epsilon: float = Field(0.1, gt=0, description="ε of one release of a shared pattern (Laplace noise)")
    sharing_privacy_budget: float = Field(
        1.0, gt=0, description="total ε a user's data may ever be released under (then they stop contributing)"
    )
    sharing_min_instances: int = Field(100, ge=1, description="good outcomes a shared pattern must come from")
    sharing_min_users: int = Field(
        10, ge=1, description="distinct users a shared pattern, and each of its words, must come from"
    )
    sharing_similarity: float = Field(0.7, description="cosine that joins users' patterns into one shared pattern")
    sharing_user_cap: int = Field(
        10, ge=1, description="most instances one user adds to a shared pattern (the count's sensitivity)"
    )
    sharing_noise_seed: int | None = Field(
        None, description="seed of the Laplace noise, for tests only (unset: OS randomness)"
    )

    # The gardener (APScheduler): cron schedules or @hourly/@daily/@weekly/@monthly
    gardener_enabled: bool = Field(True, description="run the gardener's schedules in `serve`")
    job_decay_schedule: str = Field("@daily", description="when the decay job runs")
    job_prune_schedule: str = Field("@weekly", description="when the prune job runs")
    job_consolidate_schedule: str = Field("@hourly", description="when the consolidate job runs")
    job_patterns_schedule: str = Field("@weekly", description="when the patterns job runs")
    job_scene_flush_schedule: str = Field("*/10 * * * *", description="when the scene-flush job runs")
    job_share_patterns_schedule: str = Field("@weekly", description="when the share-patterns job runs")
    job_batch_size: int = Field(500, description="items a job handles per transaction")
    job_time_limit_seconds: float = Field(300.0, description="a job stops starting batches after this")

    # Sessions (seed 002; docs/sessions.md)
    session_recall_similarity: float = Field(
        0.7, description="cosine a memory needs to surface for a session entry or sessionRecall"
    )
    session_recall_max: int = Field(2, ge=1, description="memories a session signal surfaces at most")
    loop_similarity: float = Field(0.85, description="cosine from which a rejected attempt repeats an earlier one")
    loop_helper_attempts: int = Field(3, ge=2, description="similar attempt from which a fresh helper is suggested")
    promotion_novelty: float = Field(
        0.5, description="session end: below this cosine to every memory a learning is new, above it linked"
    )

    # Self-improvement worker (seed 001 config block; docs/self-improvement.md)
    self_improvement_enabled: bool = Field(False, description="run the self-improvement worker (kill switch)")
    self_improvement_dry_run: bool = Field(True, description="generate and validate proposals but store nothing")
    self_improvement_safety_mode: Literal["strict", "balanced"] = Field(
        "strict", description="strict: a proposal may add no content word, number or name"
    )
    self_improvement_interval_seconds: int = Field(300, ge=1, description="seconds between two worker cycles")
    self_improvement_batch_size: int = Field(8, ge=1, description="candidates a cycle handles at most")
    self_improvement_max_cycle_seconds: float = Field(20.0, description="a cycle stops starting proposals after this")
    self_improvement_max_candidates_per_topic: int = Field(
        2, ge=1, description="candidates per topical cluster per cycle"
    )
    self_improvement_cooldown_minutes: float = Field(120.0, description="minutes before a memory is a candidate again")
    self_improvement_min_improvement_score: float = Field(
        0.15, description="structure gate: least improvement of the readability/compactness score"
    )
    self_improvement_min_semantic_similarity: float = Field(
        0.82, description="drift gate: least cosine of a proposal to its origin (not for reconcile)"
    )
    self_improvement_backpressure_requests: int = Field(
        4, description="skip a cycle while more GraphQL requests than this are in flight"
    )
    self_improvement_breaker_failures: int = Field(
        5, ge=1, description="consecutive rejected or failed proposals that open the circuit breaker"
    )
    self_improvement_breaker_cooldown_minutes: float = Field(
        60.0, description="minutes an open circuit breaker keeps the worker stopped"
    )
    self_improvement_allow_llm_rewrite: bool = Field(
        False, description="phase B LLM rewrites (not built; must stay false)"
    )

    cypher_dir: Path = Field(
        Path(__file__).resolve().parent / "cypher",
        description="the Cypher library (graphmind/cypher links to cypher/; a wheel carries the files)",
    )

    @property
    def bolt_uri(self) -> str:
        """The Bolt URI the driver connects to."""
        return self.neo4j_uri or f"bolt://{self.neo4j_host}:{self.neo4j_bolt_port}"
