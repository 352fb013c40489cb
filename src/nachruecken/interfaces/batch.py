"""Deciding many case files: in-process, or in worker processes with a per-case timeout.

A case that fails to load, times out or breaks is reported in its own result and never stops
the others. Results come back in the order the files were given.
"""

from __future__ import annotations

import time
from collections import deque
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import cast

from nachruecken.engine.expectations import CASE_SUFFIXES


@dataclass(frozen=True)
class Options:
    statute: str | None = None
    readings: tuple[tuple[str, str], ...] = ()
    lang: str = "en"
    all_candidates: bool = False
    keep_case: bool = False  # hand the loaded case back with the result (for formats that show it)


@dataclass
class Outcome:
    path: str
    result: dict | None = None
    error: str | None = None
    kind: str = "ok"  # ok | input | timeout | internal
    case: object = None  # the loaded case (model.Case), for the formats that show it beside the result


def expand(paths: Iterable[Path]) -> list[Path]:
    """Files as given; folders become the case files below them (sorted)."""
    out: list[Path] = []
    for path in paths:
        if path.is_dir():
            out += sorted(p for p in path.rglob("*") if p.is_file() and p.suffix.lower() in CASE_SUFFIXES)
        else:
            out.append(path)
    return out


def decide_file(path: str, options: Options) -> Outcome:
    from nachruecken.case.loader import load_case
    from nachruecken.engine.determine import determine_case
    from nachruecken.engine.solver import EncodingError
    from nachruecken.errors import InputError

    try:
        case = load_case(path)
        result = determine_case(case, options.statute, dict(options.readings), options.lang, options.all_candidates)
        return Outcome(path, result, case=case if options.keep_case else None)
    except InputError as exc:
        return Outcome(path, error=str(exc.with_file(path)), kind="input")
    except EncodingError as exc:
        return Outcome(path, error=f"encoding error: {exc}", kind="internal")
    except Exception as exc:  # a bug: reported on this case's line, the others go on
        return Outcome(path, error=f"internal error ({type(exc).__name__}): {exc}", kind="internal")


def decide_files(
    paths: list[str],
    options: Options,
    jobs: int = 1,
    timeout: float | None = None,
    progress: Callable[[int], None] | None = None,
) -> Iterator[Outcome]:
    """Yield one Outcome per path, in the given order."""
    if jobs <= 1 and timeout is None:
        for path in paths:
            outcome = decide_file(path, options)
            if progress:
                progress(1)
            yield outcome
        return
    yield from _pooled(paths, options, max(1, jobs), timeout, progress)


def _serve(conn, options: Options) -> None:
    """A worker: decide each chunk of (index, path) it is sent, answering case by case."""
    while True:
        chunk = conn.recv()
        if chunk is None:
            return
        for index, path in chunk:
            conn.send((index, decide_file(path, options)))


class _Worker:
    def __init__(self, ctx, options: Options):
        self.conn, child = ctx.Pipe()
        self.proc = ctx.Process(target=_serve, args=(child, options), daemon=True)
        self.proc.start()
        child.close()
        self.chunk: deque = deque()  # (index, path) sent and not answered, the first one in progress
        self.since = 0.0  # when the case in progress began (as far as this process can tell)

    def send(self, chunk: list) -> None:
        self.chunk.extend(chunk)
        self.since = time.monotonic()
        self.conn.send(chunk)

    def stop(self, kill: bool = False) -> None:
        if kill:
            self.proc.kill()
        else:
            try:
                self.conn.send(None)
            except OSError:
                pass
        self.proc.join(5)
        if self.proc.is_alive():
            self.proc.kill()
            self.proc.join()
        self.conn.close()


class _Pool:
    """A pooled run's state: the cases still to send, the workers, and the answers not yet handed on."""

    def __init__(
        self,
        ctx,
        paths: list[str],
        options: Options,
        jobs: int,
        timeout: float | None,
        progress: Callable[[int], None] | None,
    ):
        self.ctx, self.options, self.timeout, self.progress = ctx, options, timeout, progress
        self.todo = deque(enumerate(paths))
        self.single: set[int] = set()  # cases to send alone (after a worker died in their chunk)
        self.size = max(1, min(16, len(paths) // (4 * jobs)))
        self.done: dict[int, Outcome] = {}
        self.next_out = 0
        self.workers = [_Worker(ctx, options) for _ in range(min(jobs, len(paths)))]

    def unfinished(self) -> bool:
        return bool(self.todo) or any(w.chunk for w in self.workers)

    def finish(self, index: int, outcome: Outcome) -> None:
        """The case's outcome, once (a late answer after the watchdog gave up on it is dropped)."""
        if index not in self.done:
            self.done[index] = outcome
            if self.progress:
                self.progress(1)

    def feed(self) -> None:
        """Each idle worker gets the next chunk; a case to send alone makes a chunk of its own."""
        for w in self.workers:
            if not w.chunk and self.todo:
                chunk = [self.todo.popleft()]
                while (
                    self.todo
                    and len(chunk) < self.size
                    and chunk[0][0] not in self.single
                    and self.todo[0][0] not in self.single
                ):
                    chunk.append(self.todo.popleft())
                w.send(chunk)

    def collect(self) -> None:
        """The answers that come within half a second, or before the first case in progress runs out of time."""
        from multiprocessing.connection import Connection, wait

        busy = [w for w in self.workers if w.chunk]
        now = time.monotonic()
        wait_for = 0.5 if self.timeout is None else max(0.0, min(w.since + self.timeout - now for w in busy))
        # wait() returns the objects it is given: the workers' pipe ends
        for conn in cast("list[Connection]", wait([w.conn for w in busy], min(wait_for, 0.5))):
            w = next(x for x in busy if x.conn is conn)
            try:
                index, outcome = conn.recv()
            except (EOFError, OSError):
                continue  # the worker died: the watchdog sees it
            self.finish(index, outcome)
            if w.chunk and w.chunk[0][0] == index:
                w.chunk.popleft()
            w.since = time.monotonic()

    def watch(self) -> None:
        """The watchdog: a case over its time, or whose worker died, fails; its worker is replaced."""
        now = time.monotonic()
        for i, w in enumerate(self.workers):
            if not w.chunk:
                continue
            index, path = w.chunk[0]
            if index in self.done:  # answered just before the watchdog looked
                w.chunk.popleft()
                continue
            if self.timeout is not None and now - w.since > self.timeout:
                outcome = Outcome(path, error=f"{path}: timed out after {self.timeout:g} s", kind="timeout")
            elif not w.proc.is_alive():
                outcome = Outcome(
                    path,
                    error=f"{path}: internal error (the worker process ended with exit code {w.proc.exitcode})",
                    kind="internal",
                )
                self.single.update(x for x, _ in list(w.chunk)[1:])
            else:
                continue
            self.finish(index, outcome)
            self._replace(i)

    def _replace(self, i: int) -> None:
        """Worker ``i`` gave up its case in progress: the rest of its chunk goes back, a new worker takes its place."""
        w = self.workers[i]
        w.chunk.popleft()
        self.todo.extendleft(reversed(w.chunk))  # the rest of its chunk goes to the front, in order
        w.chunk.clear()
        w.stop(kill=True)
        self.workers[i] = _Worker(self.ctx, self.options)

    def ready(self) -> Iterator[Outcome]:
        """The outcomes that are next in the order given."""
        while self.next_out in self.done:
            yield self.done.pop(self.next_out)
            self.next_out += 1

    def stop(self) -> None:
        for w in self.workers:
            w.stop()


def _pooled(paths, options, jobs, timeout, progress):
    """Chunks of cases to ``jobs`` worker processes, each case timed on its own (a watchdog kills a
    worker whose case runs over ``timeout`` and hands the rest of its chunk on); a worker that dies
    fails only its case in progress, and the rest of its chunk is decided one case at a time."""
    import multiprocessing  # (only here: it takes longer to load than a typical case takes to decide)

    from nachruecken.case import loader  # noqa: F401

    # loaded once here, inherited by every worker
    from nachruecken.engine import determine  # noqa: F401

    pool = _Pool(multiprocessing.get_context("fork"), paths, options, jobs, timeout, progress)
    try:
        while pool.unfinished():
            pool.feed()
            pool.collect()
            pool.watch()
            yield from pool.ready()
    finally:
        pool.stop()
    yield from pool.ready()
