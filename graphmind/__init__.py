"""GraphMind: graph-native memory and decision intelligence for AI agents.

Importing the package does no I/O: the Neo4j driver, the embedding model and
the scheduler are created by the application's lifespan (graphmind.app).
"""

__version__ = "0.1.0"
