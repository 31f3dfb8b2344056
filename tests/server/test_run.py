"""``crafthall serve --fd``: connections on an inherited socket are sent without delay."""

from __future__ import annotations

import asyncio
import os
import socket

from crafthall.server.run import inherited_socket
from tests.patience import PATIENCE


def test_connections_on_an_inherited_socket_have_nodelay() -> None:
    listening = socket.create_server(("127.0.0.1", 0))
    found: list[int] = []

    async def main() -> None:
        accepted = asyncio.Event()

        def connected(_reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
            sock = writer.get_extra_info("socket")
            found.append(sock.getsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY))
            writer.close()
            accepted.set()

        inherited = inherited_socket(os.dup(listening.fileno()))
        assert inherited.family == socket.AF_INET
        server = await asyncio.start_server(connected, sock=inherited)
        async with server:
            _reader, writer = await asyncio.open_connection(*listening.getsockname())
            await asyncio.wait_for(accepted.wait(), PATIENCE)
            writer.close()

    try:
        asyncio.run(main())
    finally:
        listening.close()
    assert found and found[0] != 0  # Nagle's algorithm is off: no 40 ms stalls
