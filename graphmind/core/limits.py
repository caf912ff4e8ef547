"""Bounds every layer agrees on: how long a memory's content may be (rule R3)."""

CONTENT_MIN, CONTENT_MAX = 10, 2000
