"""`nachruecken serve`: what the web API costs over deciding in-process (issue 32).

    python bench/web.py

Starts the application with uvicorn on a free local port, then measures, for a typical council (10 lists
of 30) and a large city (20 lists of 100), the median time of `POST /api/decide` against
`nachruecken.decide` of the same case in this process, and the time to
first page as an office meets it: from starting `nachruecken serve` (a new process) on a folder with the
typical council until the start page answers, and then until that case's page (decided, cold) answers.
Prints the figures; not part of the tests.
"""

from __future__ import annotations

import json
import os
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import httpx
import uvicorn
from run import council

import nachruecken
from nachruecken.interfaces.web.app import create_app

RUNS = 15


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _median_ms(fn) -> float:
    fn()  # warm
    times = []
    for _ in range(RUNS):
        start = time.perf_counter()
        fn()
        times.append((time.perf_counter() - start) * 1000)
    return statistics.median(times)


def first_page(lists: int, per: int) -> None:
    """From `nachruecken serve` in a new process to the start page and to the case page."""
    import yaml

    folder = Path(tempfile.mkdtemp())
    data = json.loads(json.dumps(council("he-kwg-34", lists, per), default=str))
    (folder / "rat.yaml").write_text(yaml.safe_dump(data, allow_unicode=True), encoding="utf-8")
    port = _free_port()
    command = [str(Path(sys.executable).parent / "nachruecken"), "serve", str(folder), "--port", str(port)]
    started = time.perf_counter()
    server = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=os.environ.copy())
    try:
        while True:
            try:
                answer = httpx.get(f"http://127.0.0.1:{port}/", timeout=30)
                break
            except httpx.TransportError:
                time.sleep(0.02)
        start_ms = (time.perf_counter() - started) * 1000
        case = httpx.get(f"http://127.0.0.1:{port}/cases/rat", timeout=60)
        case_ms = (time.perf_counter() - started) * 1000
        print(
            f"time to first page ({lists}x{per}): start page {answer.status_code} after {start_ms:.0f} ms, "
            f"case page {case.status_code} after {case_ms:.0f} ms (from starting the process)"
        )
    finally:
        server.terminate()
        server.wait(timeout=10)


def main() -> None:
    first_page(10, 30)
    folder = Path(tempfile.mkdtemp())
    port = _free_port()
    started = time.perf_counter()
    server = uvicorn.Server(uvicorn.Config(create_app(folder), host="127.0.0.1", port=port, log_level="warning"))
    threading.Thread(target=server.run, daemon=True).start()
    while not server.started:
        time.sleep(0.01)
    client = httpx.Client(base_url=f"http://127.0.0.1:{port}", timeout=120)
    first = client.get("/")
    ready_ms = (time.perf_counter() - started) * 1000
    print(f"start page: {first.status_code}, first answer {ready_ms:.0f} ms after start")
    # issue 32's target was a ratio of 1.5; since issue 52 each decide runs in a child process of its own
    # (a time and memory limit, killed when its client leaves), whose start and cold caches cost tens of
    # milliseconds: the target is now that overhead, at most 60 ms over deciding in-process
    print(f"{'case':28} {'in-process ms':>14} {'POST /api/decide ms':>20} {'ratio':>7}  target <= +60 ms")
    for label, lists, per in (("typical council 10x30", 10, 30), ("large city 20x100", 20, 100)):
        data = json.loads(json.dumps(council("he-kwg-34", lists, per), default=str))
        local = _median_ms(lambda: nachruecken.decide(data))
        remote = _median_ms(lambda: client.post("/api/decide?lang=en", json=data).raise_for_status())
        ratio = remote / local
        met = remote - local <= 60
        print(f"{label:28} {local:14.1f} {remote:20.1f} {ratio:7.2f}  {'met' if met else 'NOT met'}")
    server.should_exit = True


if __name__ == "__main__":
    main()
