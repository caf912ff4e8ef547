// name: jvm_state
// When Neo4j's JVM started (ms since the epoch) and how much CPU (s) it has used since:
// how much of its code its JIT has had reason to compile (warmup.py warms a Neo4j that
// has used little, once per start).
// mode: read
CALL dbms.queryJmx('java.lang:type=OperatingSystem') YIELD attributes AS os
CALL dbms.queryJmx('java.lang:type=Runtime') YIELD attributes AS runtime
RETURN os.ProcessCpuTime.value / 1e9 AS cpuSeconds, runtime.StartTime.value AS startedAtMs
