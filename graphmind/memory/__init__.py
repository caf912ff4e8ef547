"""Memories: storing (remember), retrieving (recall) and managing them."""
