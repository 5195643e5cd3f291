"""Work spread over processes, its results in the order it was given: what ``--jobs`` runs.

Both the mazes of a book and the pages of a preflight are independent pieces of work
whose results go back in order, so one function serves both. Workers are forked: they
start with the parent's memory, so the work may use what the parent has read (an open
PDF, its parsed pages) without sending it, and only batches and results travel.
"""

from __future__ import annotations

import gc
import multiprocessing
import signal
from concurrent.futures import ProcessPoolExecutor
from typing import Callable, Iterator, Sequence, TypeVar

Item = TypeVar("Item")
Result = TypeVar("Result")

_work: Callable | None = None  # the running pool's work, which its forked workers inherit
# In a worker: whether it is doing a batch's work, and whether Ctrl-C has come.
_busy = _interrupted = False


def _run(batch: list):
    global _busy
    if _interrupted:  # a batch queued before Ctrl-C came: not worth starting
        raise KeyboardInterrupt
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


def in_processes(work: Callable[[list[Item]], Result], items: Sequence[Item],
                 workers: int, batches_per_worker: int = 4) -> Iterator[tuple[list[Item], Result]]:
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
    batches = [items[start:start + size] for start in range(0, len(items), size)]
    _work = work
    # A garbage collection in a worker writes to every object it visits, copying the
    # parent's memory page by page: frozen objects it leaves alone.
    gc.freeze()
    pool = ProcessPoolExecutor(max_workers=workers, mp_context=multiprocessing.get_context("fork"),
                               initializer=_interrupt_only_work)
    try:
        yield from zip(batches, pool.map(_run, batches))
    finally:
        pool.shutdown(cancel_futures=True)  # a caller that stops early waits for no more batches
        gc.unfreeze()
        _work = None
