"""Trails are tested on the associative tests' hand-built graph."""

from tests.associative.conftest import graph  # noqa: F401  (the fixture)
