"""tabletop serve: the server alone, on loopback (issue 20)."""

import asyncio
import socket
import subprocess
import sys
import time

from tabletop.online.client import Client
from tests.online_helpers import free_port, start_serve


def test_serve_runs_rooms_for_clients_and_stops_cleanly():
    port = free_port()
    proc = start_serve(port, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    try:

        async def main():
            codes = []
            for game in ("punch", "jab"):
                a = Client(f"ws://127.0.0.1:{port}")
                await a.connect()
                await a.create(game, [{"kind": "here", "name": "A"}, {"kind": "remote", "name": "B"}])
                codes.append(a.room)
                b = Client(f"ws://127.0.0.1:{port}")
                await b.connect()
                await b.join(a.room)
                assert b.you == [1] and a.you == [0]
                await a.close()
                await b.close()
            return codes

        codes = asyncio.run(main())
        assert len(set(codes)) == 2
    finally:
        proc.terminate()
        out, _ = proc.communicate(timeout=10)
    assert "Traceback" not in out and "room" in out


def test_serve_says_so_when_the_port_is_bad_or_taken():
    r = subprocess.run([sys.executable, "-m", "tabletop", "serve", "--port", "70000"], capture_output=True, text=True)
    assert r.returncode == 2 and "port" in r.stdout + r.stderr and "Traceback" not in r.stderr
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        s.listen()
        port = s.getsockname()[1]
        r = subprocess.run(
            [sys.executable, "-m", "tabletop", "serve", "--host", "127.0.0.1", "--port", str(port)],
            capture_output=True,
            text=True,
            timeout=30,
        )
    assert r.returncode == 2 and "cannot listen" in r.stdout + r.stderr and "Traceback" not in r.stderr


def test_serve_on_port_0_logs_the_port_it_really_listens_on(tmp_path):
    import re

    proc = subprocess.Popen(
        [sys.executable, "-m", "tabletop", "serve", "--host", "127.0.0.1", "--port", "0", "--data", str(tmp_path)],
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    try:
        line = ""
        end = time.monotonic() + 30
        while "tabletop server on" not in line and time.monotonic() < end:
            line = proc.stdout.readline()
        port = int(re.search(r"127\.0\.0\.1:(\d+)", line).group(1))
        assert port != 0 and str(tmp_path) in line
        socket.create_connection(("127.0.0.1", port), 2).close()
    finally:
        proc.terminate()
        proc.communicate(timeout=10)
