"""A WebSocket client written by hand, for clients that misbehave: one
that stops in the middle of a frame, or never reads what it is sent.
Non-blocking socket calls on the test's event loop, which also runs the
server; nothing reads the socket unless the test asks."""

import asyncio
import base64
import json
import os
import socket
import struct

from progress import STALL

HANDSHAKE = ("GET /ws/{table} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n"
             "Upgrade: websocket\r\nConnection: Upgrade\r\n"
             "Sec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n\r\n")


def frame(payload, opcode=0x1):
    """A masked client frame (RFC 6455 section 5.2)."""
    mask = os.urandom(4)
    n = len(payload)
    if n < 126:
        header = struct.pack("!BB", 0x80 | opcode, 0x80 | n)
    elif n < 65536:
        header = struct.pack("!BBH", 0x80 | opcode, 0x80 | 126, n)
    else:
        header = struct.pack("!BBQ", 0x80 | opcode, 0x80 | 127, n)
    return header + mask + bytes(b ^ mask[i % 4] for i, b in enumerate(payload))


def text(message):
    return frame(json.dumps(message).encode())


class RawClient:
    def __init__(self, port, receive_buffer=None, source=None):
        self.port = port
        self.sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        if source:
            # Another loopback address (127.0.0.2 ...): another client for
            # the server's limits per address.
            self.sock.bind((source, 0))
        if receive_buffer:
            # Small before connecting, so the window the server may fill is small.
            self.sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, receive_buffer)
        self.sock.setblocking(False)
        self.loop = asyncio.get_running_loop()

    async def connect(self):
        await self.loop.sock_connect(self.sock, ("127.0.0.1", self.port))

    async def send(self, data):
        await self.loop.sock_sendall(self.sock, data)

    async def handshake(self, table):
        key = base64.b64encode(os.urandom(16)).decode()
        await self.send(HANDSHAKE.format(table=table, port=self.port, key=key).encode())
        seen = b""
        while b"\r\n\r\n" not in seen:
            chunk = await asyncio.wait_for(self.loop.sock_recv(self.sock, 1), STALL)
            if not chunk:
                raise ConnectionError("closed during the handshake")
            seen += chunk
        if not seen.startswith(b"HTTP/1.1 101"):
            raise ConnectionError("refused: %r" % seen[:80])

    async def read_until_closed(self, timeout):
        """Reads everything until the server closes; the bytes read."""
        got = b""
        while True:
            try:
                chunk = await asyncio.wait_for(self.loop.sock_recv(self.sock, 65536), timeout)
            except ConnectionResetError:
                return got
            if not chunk:
                return got
            got += chunk

    @property
    def local_port(self):
        return self.sock.getsockname()[1]

    def vanish(self, reset=False):
        """Closes the socket at once; with reset, as a lost device does (RST)."""
        if reset:
            self.sock.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
        self.sock.close()


def process_holds_connection(server_port, client_port):
    """Whether this process still has a file descriptor on the server's
    end of the connection from client_port (Linux: /proc/net/tcp gives
    the socket's inode, /proc/self/fd the descriptors). A connection the
    server cut may linger in the kernel, but no longer in the server."""
    inodes = set()
    for table in ("/proc/net/tcp", "/proc/net/tcp6"):
        try:
            with open(table) as f:
                next(f)
                for line in f:
                    fields = line.split()
                    local, remote = fields[1], fields[2]
                    if (int(local.rsplit(":", 1)[1], 16) == server_port
                            and int(remote.rsplit(":", 1)[1], 16) == client_port):
                        inodes.add(fields[9])
        except OSError:
            pass
    for fd in os.listdir("/proc/self/fd"):
        try:
            target = os.readlink("/proc/self/fd/" + fd)
        except OSError:
            continue
        if target.startswith("socket:[") and target[8:-1] in inodes:
            return True
    return False
