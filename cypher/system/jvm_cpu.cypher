// name: jvm_cpu
// The CPU time (ms) Neo4j's JVM has used since it started: how much of its code its JIT
// has had reason to compile (warmup.py warms a Neo4j that has used little).
// mode: read
CALL dbms.queryJmx('java.lang:type=OperatingSystem') YIELD attributes
RETURN attributes.ProcessCpuTime.value / 1000000 AS cpuMs
