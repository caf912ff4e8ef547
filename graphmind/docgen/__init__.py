"""Generators of the reference docs: the GraphQL cookbook (docs/graphql.md) and the CLI reference (docs/cli.md)."""
