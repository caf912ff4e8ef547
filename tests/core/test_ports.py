"""A free port is one this process can listen on."""

import socket

from graphmind.core.ports import free_port


def test_a_free_port_can_be_listened_on():
    port = free_port()
    assert 0 < port < 65536
    with socket.socket() as server:
        server.bind(("127.0.0.1", port))
        server.listen()
