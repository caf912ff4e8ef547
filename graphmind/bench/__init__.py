"""Benchmarks (`graphmind bench …`): retrieval quality, latency and throughput."""
