"""One function over a list of tasks on forked processes, the results in the tasks' order.

Every analysis that runs on ``jobs`` processes gives the same answer on one: each task is a question
on a Control of its own, so neither the number of processes nor their timing enters a result.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from typing import Any


def ordered_map(fn: Callable[[Any], Any], tasks: Iterable[Any], jobs: int) -> Iterator[Any]:
    """``fn`` over ``tasks`` in order, on ``jobs`` forked processes (one, or a single task: here)."""
    tasks = list(tasks)
    if jobs <= 1 or len(tasks) <= 1:
        yield from map(fn, tasks)
        return
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor

    workers = min(jobs, len(tasks))
    with ProcessPoolExecutor(max_workers=workers, mp_context=multiprocessing.get_context("fork")) as pool:
        yield from pool.map(fn, tasks)
