"""Work spread over processes, its results in the order it was given: what ``--jobs`` runs.

Both the mazes of a book and the pages of a preflight are independent pieces of work
whose results go back in order, so one function serves both. Workers are forked: they
start with the parent's memory, so the work may use what the parent has read (an open
PDF, its parsed pages) without sending it, and only batches and results travel.
"""

from __future__ import annotations

import contextlib
import gc
import multiprocessing
import os
import signal
import threading
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor
from types import FrameType
from typing import Any, TypeVar

Item = TypeVar("Item")
Result = TypeVar("Result")

_work: Callable | None = None  # the running pool's work, which its forked workers inherit
# In a worker: whether it is doing a batch's work, and whether Ctrl-C has come.
_busy = _interrupted = False


def _run(batch: list):
    global _busy
    if _interrupted:  # a batch queued before Ctrl-C came: not worth starting
        raise KeyboardInterrupt
    assert _work is not None  # in_processes sets the work before the pool forks its workers
    _busy = True
    try:
        return _work(batch)
    finally:
        _busy = False


def _interrupt_only_work() -> None:
    """In a worker: Ctrl-C, which a terminal sends to every process of the command, ends the
    batch under way and every later one at once (each result goes back as the interruption),
    and is not raised between batches. So the pool stays whole, with no traceback from a
    worker, while the parent, interrupted too, cancels what is left and closes it."""

    def interrupted(signum, frame) -> None:
        global _interrupted
        _interrupted = True
        if _busy:
            raise KeyboardInterrupt

    signal.signal(signal.SIGINT, interrupted)


def in_processes(
    work: Callable[[list[Item]], Result], items: Sequence[Item], workers: int, batches_per_worker: int = 4
) -> Iterator[tuple[list[Item], Result]]:
    """``(batch, work(batch))`` for consecutive batches of ``items``, in order, each batch's
    work done in one of ``workers`` forked processes; all in this process when one would
    do, or where processes cannot be forked.

    ``work`` may be any callable, a closure too; a batch's items and its result are sent
    between processes, so they must pickle. ``batches_per_worker``: more batches even out
    items of uneven cost, so that no worker waits long for the last; fewer cost less
    where each batch starts with work of its own.
    """
    global _work
    items = list(items)
    # A forked pool starts every worker at once: never more than there are items.
    workers = min(workers, len(items))
    if workers <= 1 or "fork" not in multiprocessing.get_all_start_methods():
        if items:
            yield items, work(items)
        return
    size = -(-len(items) // (workers * batches_per_worker))
    batches = [items[start : start + size] for start in range(0, len(items), size)]
    _work = work
    # A garbage collection in a worker writes to every object it visits, copying the
    # parent's memory page by page: frozen objects it leaves alone.
    gc.freeze()
    interruption = _Interruption()
    pool = None
    try:
        with interruption:
            pool = ProcessPoolExecutor(
                max_workers=workers,
                mp_context=multiprocessing.get_context("fork"),
                initializer=_interrupt_only_work,
            )
            interruption.workers = pool
            futures = [pool.submit(_run, batch) for batch in batches]
            for batch, future in zip(batches, futures, strict=True):
                if interruption.came:
                    break
                try:
                    result = future.result()
                except KeyboardInterrupt:  # the batch a worker was doing when Ctrl-C came
                    if interruption.came:
                        break
                    raise
                yield batch, result
    finally:
        if pool is not None:
            pool.shutdown(cancel_futures=True)  # a caller that stops early waits for no more
        gc.unfreeze()
        _work = None
    interruption.raise_if_it_came()


class _Interruption:
    """Ctrl-C while a pool works, held back until the pool is shut down.

    Raised at once, the interruption could land anywhere in the pool's own machinery: in the
    middle of forking a worker or handing out a batch, leaving a worker that no one waits
    for, or one that waits for a batch that never comes, and the command hangs. So while the
    pool runs, Ctrl-C is only noted and passed on to the workers (as a terminal does, and as
    ``kill -INT`` of the command alone does not), which end the batch under way; the loop
    stops at its next step, the pool is shut down, and then the interruption is raised as
    this process would have raised it."""

    def __init__(self) -> None:
        self.came = False
        self.workers: ProcessPoolExecutor | None = None
        self._pid = os.getpid()
        self._installed = False
        # The handler to restore: None when C code installed it.
        self._previous: Callable[[int, FrameType | None], Any] | int | None = None

    def __enter__(self) -> _Interruption:
        # Only the main thread may set a handler; elsewhere Ctrl-C never arrives anyway.
        if threading.current_thread() is threading.main_thread():
            self._previous = signal.signal(signal.SIGINT, self._noted)
            self._installed = True
        return self

    def __exit__(self, *exc) -> None:
        if self._installed:
            signal.signal(signal.SIGINT, signal.SIG_DFL if self._previous is None else self._previous)

    def _noted(self, signum, frame) -> None:
        if os.getpid() != self._pid:  # a worker forked an instant before its own handler
            return
        self.came = True
        processes = getattr(self.workers, "_processes", None) or {}
        for process in list(processes.values()):
            with contextlib.suppress(ProcessLookupError, TypeError):  # ended already, or not started yet
                os.kill(process.pid, signal.SIGINT)

    def raise_if_it_came(self) -> None:
        """Raise the interruption as the handler in place before the pool would have."""
        if not self.came:
            return
        if callable(self._previous):
            self._previous(signal.SIGINT, None)
        elif self._previous != signal.SIG_IGN:
            signal.raise_signal(signal.SIGINT)
