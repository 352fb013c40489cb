"""Deciding many case files: in-process, or in worker processes with a per-case timeout.

A case that fails to load, times out or breaks is reported in its own result and never stops
the others. Results come back in the order the files were given.
"""

from __future__ import annotations

import time
from collections import deque
from dataclasses import dataclass
from pathlib import Path
from typing import Callable, Iterable, Iterator

from .casetest import CASE_SUFFIXES


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
    from .determine import determine_case
    from .errors import InputError
    from .loader import load_case
    from .solver import EncodingError

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


def _worker(args):
    path, options = args
    return decide_file(path, options)


def decide_files(paths: list[str], options: Options, jobs: int = 1, timeout: float | None = None,
                 progress: Callable[[int], None] | None = None) -> Iterator[Outcome]:
    """Yield one Outcome per path, in the given order."""
    if jobs <= 1 and timeout is None:
        for path in paths:
            outcome = decide_file(path, options)
            if progress:
                progress(1)
            yield outcome
        return
    yield from _pooled(paths, options, max(1, jobs), timeout, progress)


def _pooled(paths, options, jobs, timeout, progress):
    import multiprocessing  # (only here: it takes longer to load than a typical case takes to decide)

    ctx = multiprocessing.get_context("fork")
    todo = deque(enumerate(paths))
    done: dict[int, Outcome] = {}
    next_out = 0
    while todo:
        pool = ctx.Pool(jobs)
        inflight: dict[int, tuple] = {}
        try:
            while todo or inflight:
                while todo and len(inflight) < jobs:
                    index, path = todo.popleft()
                    inflight[index] = (path, pool.apply_async(_worker, ((path, options),)), time.monotonic())
                stuck = None
                for index in sorted(inflight):
                    path, handle, started = inflight[index]
                    if handle.ready():
                        done[index] = handle.get()
                        del inflight[index]
                    elif timeout is not None and time.monotonic() - started > timeout:
                        done[index] = Outcome(path, error=f"{path}: timed out after {timeout:g} s", kind="timeout")
                        del inflight[index]
                        stuck = index
                        break
                    else:
                        continue
                    if progress:
                        progress(1)
                while next_out in done:
                    yield done.pop(next_out)
                    next_out += 1
                if stuck is not None:
                    # a stuck worker cannot be stopped alone: restart the pool and resubmit the rest
                    for other in sorted(inflight, reverse=True):
                        todo.appendleft((other, inflight[other][0]))
                    break
                if inflight:
                    time.sleep(0.002)
        finally:
            pool.terminate()
            pool.join()
    while next_out in done:
        yield done.pop(next_out)
        next_out += 1
