"""The GraphQL API: the Starlette app, its lifespan, the schema and its resolvers."""
