"""The `graphmind` command line: serve, mcp, migrate, export-schema, neo4j …, embeddings …,
keys …, replay, gardener run, bench …, experiment …, obsidian …, import, export, plot …,
browser …; one module per capability, each adding its commands to the group of `root.py`.
docs/cli.md is generated from it (`python -m graphmind.docgen.cli_reference`)."""

# importing a module registers its commands on `cli`
from graphmind.cli import bench, browser, data, experiment, installs, keys, maintenance, plot, serve  # noqa: F401
from graphmind.cli.root import cli, main

__all__ = ["cli", "main"]
