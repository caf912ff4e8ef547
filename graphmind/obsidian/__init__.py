"""The Obsidian vault: export the caller's graph as linked markdown notes, import edits back (docs/obsidian.md)."""
