"""A free TCP port, for a server this process starts itself (a throwaway Neo4j, a bench server)."""

import socket


def free_port(host: str = "127.0.0.1") -> int:
    """A port nothing listens on right now at `host` (the OS's choice)."""
    with socket.socket() as probe:
        probe.bind((host, 0))
        return probe.getsockname()[1]
