"""Work a request asks for (a decide, an import) done in a child process, so that the desk answers other
requests meanwhile and no request can take it down: each job has a time limit, a memory limit (the
child's address space) and is killed when its client leaves; at most ``Limits.jobs`` run at once.

Children are forked from a fork server that has loaded the engine once (a fork of the server itself would
copy its threads' locks), so a job starts in milliseconds. What a child returns, or the ``InputError`` it
raised, comes back through a pipe; every other end of it is one German line."""

from __future__ import annotations

import asyncio
import multiprocessing
import resource
import threading
import traceback
from contextlib import contextmanager
from dataclasses import dataclass
from multiprocessing import spawn
from typing import Any

from nachruecken.errors import InputError

# loaded once in the fork server: what every job needs, warm
PRELOAD = ["nachruecken.interfaces.web.warm"]


@dataclass(frozen=True)
class Limits:
    """The bounds of one job."""

    seconds: float = 60.0  # wall-clock time, waiting for a free slot included
    memory: int = 2 * 2**30  # bytes of address space of the child
    jobs: int = 2  # jobs at once; the rest wait for a slot


class JobError(InputError):
    """A job that ended at a limit, or whose child died: the request gets the message, no result."""


class ClientGone(Exception):
    """The client closed the connection: its job was killed, and nobody is left to answer."""


class Jobs:
    """The running jobs of one application (their pids, for the tests and for shutdown)."""

    def __init__(self, limits: Limits | None = None):
        self.limits = limits or Limits()
        self.running: set[int] = set()
        self._slots: asyncio.Semaphore | None = None

    def slots(self) -> asyncio.Semaphore:
        if self._slots is None:  # made in the event loop that uses it
            self._slots = asyncio.Semaphore(self.limits.jobs)
        return self._slots

    async def run(self, request, fn, *args) -> Any:
        """``fn(*args)`` in a child within the limits; ``ClientGone`` if the client leaves before it ends."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + self.limits.seconds
        try:
            async with asyncio.timeout(self.limits.seconds):
                async with self.slots():
                    return await self._in_child(request, deadline, fn, args)
        except TimeoutError:
            raise JobError(
                f"Abgebrochen nach {self.limits.seconds:g} s (Zeitgrenze des Schreibtischs); ein so großer Fall "
                "ist mit `nachruecken solve --timeout …` auf der Kommandozeile zu entscheiden",
                "",
                "request",
            ) from None

    async def _in_child(self, request, deadline: float, fn, args) -> Any:
        ctx = _context()
        ours, theirs = ctx.Pipe(duplex=False)
        child = ctx.Process(target=_child, args=(theirs, self.limits.memory, fn, args), daemon=True)
        with _without_main():
            child.start()
        theirs.close()
        self.running.add(child.pid)
        try:
            return await _answer(request, ours, child)
        finally:
            if child.is_alive():
                child.kill()
            child.join()
            ours.close()
            self.running.discard(child.pid)


async def _answer(request, conn, child) -> Any:
    """The child's answer, waited for without blocking the loop, or ``ClientGone`` as soon as the client
    leaves (the request's next message, once its body is read, is its disconnect)."""
    loop = asyncio.get_running_loop()
    ready = asyncio.Event()
    loop.add_reader(conn.fileno(), ready.set)
    answered = asyncio.ensure_future(ready.wait())
    gone = asyncio.ensure_future(_disconnect(request))
    try:
        await asyncio.wait({answered, gone}, return_when=asyncio.FIRST_COMPLETED)
    finally:
        loop.remove_reader(conn.fileno())
        for task in (answered, gone):
            task.cancel()
    if not ready.is_set():
        raise ClientGone()
    try:
        kind, value = conn.recv()
    except EOFError:  # the child died without a word: killed at its memory limit, as a rule
        child.join(1)
        raise JobError(_DIED.format(code=child.exitcode), "", "request") from None
    if kind == "ok":
        return value
    if kind == "input":
        raise InputError(*value)
    raise JobError(_ENDS[kind], "", "request")


async def _disconnect(request) -> None:
    """Returns when the client has disconnected."""
    while (await request.receive())["type"] != "http.disconnect":
        pass


_DIED = "Die Berechnung endete ohne Ergebnis (Speichergrenze des Schreibtischs überschritten?; Code {code})"
_ENDS = {
    "memory": "Abgebrochen: der Fall braucht mehr Speicher, als der Schreibtisch einer Anfrage gibt",
    "internal": "Interner Fehler bei der Berechnung; bitte mit `nachruecken solve` auf der Kommandozeile versuchen",
}


def _child(conn, memory: int, fn, args) -> None:
    """In the child: the limits set, the job run, its result or its error sent."""
    resource.setrlimit(resource.RLIMIT_AS, (memory, memory))
    try:
        answer: tuple = ("ok", fn(*args))
    except InputError as exc:
        answer = ("input", (exc.message, exc.path, exc.file))
    except MemoryError:
        answer = ("memory", None)
    except Exception:  # a fault of ours: the traceback to the server's log, one line to the client
        traceback.print_exc()
        answer = ("internal", None)
    try:
        conn.send(answer)
    except MemoryError:
        conn.send(("memory", None))
    conn.close()


_CTX: Any = None
_STARTING = threading.Lock()
_MAIN_KEYS = ("init_main_from_path", "init_main_from_name")


@contextmanager
def _without_main():
    """A child started without the parent's main module: a forkserver child runs it again to find what
    was defined there (pytest, a bench script, the console script), but every job lives in the package."""
    with _STARTING:
        real = spawn.get_preparation_data
        spawn.get_preparation_data = lambda name: {k: v for k, v in real(name).items() if k not in _MAIN_KEYS}
        try:
            yield
        finally:
            spawn.get_preparation_data = real


def start_fork_server() -> None:
    """Starts the fork server now (it loads and warms in the background), so the first job need not wait."""
    from multiprocessing import forkserver

    _context()
    forkserver.ensure_running()


def _context():
    global _CTX
    if _CTX is None:
        _CTX = multiprocessing.get_context("forkserver")
        _CTX.set_forkserver_preload(PRELOAD)
    return _CTX
