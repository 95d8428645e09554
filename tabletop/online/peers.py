"""Peers that misbehave as the real internet's do, for the benchmarks and the tests: a connection whose
network died (``raw_client`` on a small receive buffer: it sends ``frame``s and never reads; ``open_dead``,
``never_read``), one that opens and never sends (``idle_connection``), and a client that holds back its
pongs (``Laggard``)."""

from __future__ import annotations

import asyncio
import os
import socket

import websockets

from . import protocol as P
from .client import Client, local_ms


def raw_client(port: int, source: str = "127.0.0.1", rcvbuf: int = 4096) -> socket.socket:
    """A WebSocket connection on a plain blocking socket with a small receive buffer, after the
    handshake: it sends frames (``frame``) and, by never reading, plays a peer whose network died."""
    import base64

    s = socket.socket()
    s.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, rcvbuf)
    s.bind((source, 0))
    s.settimeout(5)
    s.connect(("127.0.0.1", port))
    key = base64.b64encode(os.urandom(16)).decode()
    s.sendall(
        f"GET / HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
        f"Sec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n\r\n".encode()
    )
    got = b""
    while b"\r\n\r\n" not in got:
        chunk = s.recv(1024)
        if not chunk:
            raise OSError("the server closed during the handshake")
        got += chunk
    if b" 101 " not in got.split(b"\r\n", 1)[0]:
        raise OSError("the server refused the WebSocket handshake")
    return s


def frame(text: str) -> bytes:
    """One masked text frame, as a client sends it."""
    data = text.encode()
    n = len(data)
    if n < 126:
        head = bytes([0x81, 0x80 | n])
    elif n < 65536:
        head = bytes([0x81, 0x80 | 126]) + n.to_bytes(2, "big")
    else:
        head = bytes([0x81, 0x80 | 127]) + n.to_bytes(8, "big")
    mask = os.urandom(4)
    return head + mask + bytes(b ^ mask[i % 4] for i, b in enumerate(data))


async def open_dead(port: int, games: list[str], other: str, net: str = "127.0.2") -> list[socket.socket]:
    """Connections that will play a peer whose network died (``never_read``): one a game of ``games``,
    each makes a room of it (its other seat of kind ``other``), each from an address of its own in
    ``net`` (the server takes at most 8 open rooms from one address)."""
    socks = []
    for i, game in enumerate(games):
        try:
            s = await asyncio.to_thread(raw_client, port, f"{net}.{10 + i}")
        except OSError:  # not taken in time (a loaded machine): one dead connection fewer
            continue
        create = {"type": "create", "game": game, "options": {}, "seats": [{"kind": "here"}, {"kind": other}]}
        await asyncio.to_thread(s.sendall, frame(P.dumps(create)))
        socks.append(s)
    return socks


async def never_read(socks: list[socket.socket], end: float) -> None:
    """Each connection asks for its view 20 times a second and reads nothing, until ``end`` (local ms)
    or the server closes it; then they are closed. (Written without blocking: no thread a request, so the
    dead connections take little of their process.)"""
    view = frame(P.dumps({"type": "view", "seat": 0}))
    loop = asyncio.get_running_loop()

    async def ask(s: socket.socket) -> None:
        s.setblocking(False)
        while local_ms() < end:
            try:
                async with asyncio.timeout(5):
                    await loop.sock_sendall(s, view)
            except (OSError, TimeoutError):
                return  # the server closed it
            await asyncio.sleep(0.05)

    await asyncio.gather(*(ask(s) for s in socks))
    for s in socks:
        s.close()


class Laggard(Client):
    """A client that holds back every pong 145 ms, so it seems that much further away than it is."""

    def on_ping(self, msg: P.Ping, t3: float) -> None:
        asyncio.get_running_loop().call_later(0.145, self._late_pong, msg.s)

    def _late_pong(self, s: int) -> None:
        async def pong() -> None:
            try:
                await self.send({"type": "pong", "s": s})
            except websockets.ConnectionClosed:
                pass

        asyncio.get_running_loop().create_task(pong())


async def idle_connection(port: int, source: str) -> asyncio.StreamWriter:
    """A WebSocket connection that, once open, never sends a thing (its writer, to close it later)."""
    import base64

    reader, writer = await asyncio.open_connection("127.0.0.1", port, local_addr=(source, 0))
    key = base64.b64encode(os.urandom(16)).decode()
    writer.write(
        f"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
        f"Sec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n\r\n".encode()
    )
    await asyncio.wait_for(reader.readuntil(b"\r\n\r\n"), 10)
    return writer
