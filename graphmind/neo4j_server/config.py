"""The neo4j.conf and JVM flags of the managed server, and the link that opens its Browser.

Browser sends no crash reports or usage statistics and shows no usage-data banner
(`client.allow_telemetry=false`, which Browser reads through `dbms.clientConfig()`), and
loads remote content (`:play URL`) only from this machine
(`browser.remote_content_hostname_whitelist`); `dbms.usage_report.enabled=false` keeps
the server's own usage report off. Neo4j 2026.09 has no `browser.allow_outgoing_connections`
any more (it refuses to start with it: strict config validation), and Browser 5.24 allows
outgoing connections on Community whatever it says. Browser's page itself still loads
its fonts from fonts.googleapis.com, and its Sentry client (set up before any setting is
read) sends a page-load timing sample for one load in five: no setting turns those off
(docs/neo4j-browser.md).
"""

from urllib.parse import quote

from graphmind.settings import Settings

# The flags Neo4j's own launcher passes (server.jvm.additional in 2026.09's
# default neo4j.conf); without the --add-opens, vector index population stalls.
LAUNCHER_JVM_FLAGS = [
    "-XX:+UseG1GC",
    "-XX:-OmitStackTraceInFastThrow",
    "-XX:+AlwaysPreTouch",
    "-XX:+UnlockExperimentalVMOptions",
    "-XX:+TrustFinalNonStaticFields",
    "-XX:+DisableExplicitGC",
    "-Djdk.nio.maxCachedBufferSize=1024",
    "-Dio.netty.tryReflectionSetAccessible=true",
    "-Djdk.tls.ephemeralDHKeySize=2048",
    "-Djdk.tls.rejectClientInitiatedRenegotiation=true",
    "-XX:FlightRecorderOptions=stackdepth=256",
    "-XX:+UnlockDiagnosticVMOptions",
    "-XX:+DebugNonSafepoints",
    "--add-opens=java.base/java.nio=ALL-UNNAMED",
    "--add-opens=java.base/java.io=ALL-UNNAMED",
    "--add-opens=java.base/sun.nio.ch=ALL-UNNAMED",
    "--enable-native-access=ALL-UNNAMED",
    "-Dlog4j2.disable.jmx=true",
    "-Dlog4j.layout.jsonTemplate.maxStringLength=32768",
    "-Dfile.encoding=UTF-8",
]
ENTRY_POINT = "org.neo4j.server.Neo4jCommunity"


def jvm_flags(settings: Settings) -> list[str]:
    """The initial heap is the whole heap, as Neo4j advises: with AlwaysPreTouch every page
    of it is touched once at start. A heap that grows while serving touches fresh memory
    inside garbage collections (pauses of 0.2-1 s seen here under `bench latency`)."""
    return [f"-Xms{settings.neo4j_heap}", f"-Xmx{settings.neo4j_heap}", *LAUNCHER_JVM_FLAGS]


VECTOR_MERGE_FACTOR = 10
REPLAN_INTERVAL = "10m"
BOLT_SHUTDOWN_WAIT = "1s"
KEEP_ALIVE = "5s"
KEEP_ALIVE_PROBES = 2  # the driver gives up on a connection silent for 10 s
KEEP_ALIVE_SCHEDULING = "1s"  # how often the server looks for connections due a NOOP


def render_conf(settings: Settings) -> str:
    home = settings.neo4j_home.resolve()
    host = settings.neo4j_host
    bolt = f"{host}:{settings.neo4j_bolt_port}"
    http = f"{host}:{settings.neo4j_http_port}"
    lines = [
        "# Written by `graphmind neo4j start` from GRAPHMIND_ settings; edits are overwritten.",
        f"server.directories.data={home / 'data'}",
        f"server.directories.logs={home / 'logs'}",
        f"server.directories.run={home / 'run'}",
        f"server.directories.import={home / 'import'}",
        f"server.directories.plugins={home / 'plugins'}",
        f"server.default_listen_address={host}",
        "server.bolt.enabled=true",
        f"server.bolt.listen_address={bolt}",
        f"server.bolt.advertised_address={bolt}",
        "server.http.enabled=true",
        f"server.http.listen_address={http}",
        f"server.http.advertised_address={http}",
        "server.https.enabled=false",
        "server.http_enabled_modules=TRANSACTIONAL_ENDPOINTS,UNMANAGED_EXTENSIONS,BROWSER",
        f"dbms.security.auth_enabled={'true' if settings.neo4j_auth_enabled else 'false'}",
        f"server.memory.pagecache.size={settings.neo4j_pagecache}",
        f"initial.dbms.default_database={settings.neo4j_database}",
        "dbms.usage_report.enabled=false",
        "client.allow_telemetry=false",
        f"browser.remote_content_hostname_whitelist={','.join(sorted({'localhost', '127.0.0.1', host}))}",
        # transaction logs only for recovery, not a day of history: a 10k-memory bench wrote
        # gigabytes of them, and Community has no incremental backup that would read them
        "db.tx_log.rotation.retention_policy=1G size",
        # the vector index merges its segments at Lucene's own default of 10 per level, not
        # Neo4j's write-optimised 50: each rememberMany commit leaves a segment, and every
        # recall searches each segment's HNSW graph (docs/architecture.md, "Vector index segments")
        f"internal.dbms.index.vector.standard_merge_factor={VECTOR_MERGE_FACTOR}",
        # a cached plan is checked against the statistics at most every 10 minutes, not every
        # 10 s: every query is anchored on the caller's userId, and each user that comes or goes
        # moved an index's selectivity enough to replan dozens of queries at once (hundreds of
        # ms each, on the requests that met them; docs/architecture.md, "Query plans")
        f"dbms.cypher.min_replan_interval={REPLAN_INTERVAL}",
        # a plan is cached per parameter types, not per size of each list or string parameter
        "internal.cypher.use_parameter_size=false",
        # a stop waits 1 s, not 5 s, for Bolt connections and then Bolt's threads to finish: by
        # then every transaction has ended and the store is checkpointed, so the two waits only
        # lengthen an outage (a stop took 10.9 s, 2.9 s with these; docs/architecture.md)
        f"internal.server.bolt.connection_shutdown_wait_time={BOLT_SHUTDOWN_WAIT}",
        f"internal.server.bolt.thread_pool_shutdown_wait_time={BOLT_SHUTDOWN_WAIT}",
        # Bolt's keep-alive: the server sends a NOOP at least every KEEP_ALIVE on a connection
        # whose request is still running, and tells the driver (the connection.recv_timeout_seconds
        # hint: KEEP_ALIVE times the probes) that a connection silent for longer is dead. With
        # Neo4j's 1 minute and 2 probes, a hung Neo4j (stopped, not gone) held each request 2
        # minutes before UNAVAILABLE (docs/architecture.md, "A hung Neo4j")
        f"server.bolt.connection_keep_alive={KEEP_ALIVE}",
        f"server.bolt.connection_keep_alive_probes={KEEP_ALIVE_PROBES}",
        f"server.bolt.connection_keep_alive_streaming_scheduling_interval={KEEP_ALIVE_SCHEDULING}",
    ]
    return "\n".join(lines) + "\n"


def browser_url(settings: Settings) -> str:
    """Browser, its connection form filled for this server (`?dbms=bolt://user@host:port&db=…`)."""
    bolt = f"bolt://{settings.neo4j_user}@{settings.neo4j_host}:{settings.neo4j_bolt_port}"
    return (
        f"http://{settings.neo4j_host}:{settings.neo4j_http_port}/browser/"
        f"?dbms={quote(bolt, safe=':/@')}&db={quote(settings.neo4j_database, safe='')}"
    )
