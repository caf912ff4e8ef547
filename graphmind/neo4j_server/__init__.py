"""The Neo4j 2026.09 Community server GraphMind provisions and runs without Docker."""

from graphmind.neo4j_server.process import Neo4jServer

__all__ = ["Neo4jServer"]
