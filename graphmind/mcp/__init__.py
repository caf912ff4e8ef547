"""GraphMind as an MCP server (docs/agents.md): the learning loop as MCP tools and resources,
over stdio (`graphmind mcp`, for desktop agents) and streamable HTTP at /mcp of the running
service. `server.py` builds the server, `tools/` holds the tools per capability, `gateway.py`
runs each as a GraphQL operation of `operations.graphql` for the caller, `http.py` mounts it
behind the API-key check of /graphql, `stdio.py` serves it on stdin/stdout.

Imported as `graphmind.mcp`; the SDK it builds on is the top-level `mcp` package.
"""
