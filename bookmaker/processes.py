"""Work spread over processes, its results in the order it was given: what ``--jobs`` runs.

Both the mazes of a book and the pages of a preflight are independent pieces of work
whose results go back in order, so one function serves both. Workers are forked: they
start with the parent's memory, so the work may use what the parent has read (an open
PDF, its parsed pages) without sending it, and only batches and results travel.

Whether ``--jobs N`` is worth its processes at all is one rule, ``WORTH_SPREADING``, which
``build`` and ``check`` both ask (``choose_workers``): the answer changes only the speed,
never a byte of the output.
"""

from __future__ import annotations

import contextlib
import gc
import math
import multiprocessing
import os
import signal
import threading
import time
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from types import FrameType
from typing import Any, TypeVar

Item = TypeVar("Item")
Result = TypeVar("Result")


@dataclass(frozen=True)
class SpreadRule:
    """When ``--jobs N`` spreads work over N processes, and when one process does it alone.

    More processes cost time before they save any: forking a pool of workers, and sending
    every batch's results back pickled. On a small book that never pays back: a 40-maze book
    built 0.80x as fast with two processes as with one on a busy machine, and the 128-page
    sample book 0.85x as fast on an idle one. And a second process gains only the time no
    one else wants: Linux shares the cores between sessions (autogroups), not between
    processes, so where other sessions keep the cores busy, two processes of one command
    get the time one would have. At load 11 to 13 on two cores, perfectly parallel work ran
    1.00x faster in two processes, and ``--jobs 2`` built 150 and 300 mazes 0.88x as fast as
    ``--jobs 1``. Figures measured on a shared 2-core VM (benchmarks/jobs.py;
    docs/benchmarks.md).
    """

    # Below this speed-up, the most N processes can give on this machine now (``ceiling``), the
    # start-up costs more than it saves.
    min_speed_up: float = 1.2
    # Below this much work (CPU seconds on the 2-core VM), a second process cannot pay back its
    # start-up: forking a pool costs 0.05 s idle and 0.1 to 0.4 s under load, and pickling results
    # about 0.5 ms a maze, while at most three quarters of a build (mazes, preflight, page
    # compression) spreads at all. The 128-page sample book is about 0.7 s of work.
    min_seconds: float = 1.0
    # How long the idle cores are watched before they are counted: /proc/stat counts in
    # hundredths of a second, so a shorter look sees too few of them to tell.
    watch_seconds: float = 0.1
    # The work, in CPU seconds on the same VM (time.process_time, benchmarks/jobs.py's books):
    # making a maze costs about this much per cell (carving, endpoints, solving, drawing)...
    seconds_per_cell: float = 2.5e-6
    # ...drawing and preflighting a page about this much (1.5 ms drawing, 3 ms preflight)...
    seconds_per_page: float = 4.5e-3
    # ...and ``bookmaker check`` about this much per byte of the PDF (our books: 0.5 to 0.6 s
    # a megabyte); a foreign file heavy with small strokes costs more, which only errs on the
    # side of spreading.
    seconds_per_pdf_byte: float = 0.55e-6

    def book_seconds(self, cells: int, pages: int) -> float:
        """The work of building a book of ``cells`` maze cells on ``pages`` pages."""
        return cells * self.seconds_per_cell + pages * self.seconds_per_page

    def check_seconds(self, pdf_bytes: int) -> float:
        """The work of checking a PDF of ``pdf_bytes``."""
        return pdf_bytes * self.seconds_per_pdf_byte


WORTH_SPREADING = SpreadRule()


@dataclass(frozen=True)
class Machine:
    """What this process may use now: ``cores`` (``usable_cores``), and ``idle``, the cores
    no other process used while it worked (``IdleWatch``)."""

    cores: float
    idle: float

    def ceiling(self, workers: int) -> float:
        """The most ``workers`` processes can be faster than one: the first keeps the time it
        has, and the others gain the idle cores, no more than the cores allow."""
        return min(workers, self.cores, 1 + self.idle)


@dataclass(frozen=True)
class Choice:
    """How many processes a command works in, and why: ``line()`` is what ``--timings`` prints."""

    workers: int
    reason: str

    def line(self) -> str:
        return f"jobs: {self.workers} process{'es' if self.workers > 1 else ''} ({self.reason})"


def choose_workers(
    asked: int,
    seconds: float,
    what: str,
    size: str,
    machine: Callable[[], Machine] | None = None,
    rule: SpreadRule | None = None,
) -> Choice:
    """The processes to spread ``seconds`` of work over when ``--jobs`` asks for ``asked``:
    one where ``rule`` (by default ``WORTH_SPREADING``) says more cannot pay back. ``what``
    and ``size`` say what the work is ("book", "120 mazes, 166 pages") in the reason;
    ``machine()`` tells the machine now, asked only where the work is big enough (by default
    it watches the cores for the rule's ``watch_seconds``)."""
    rule = rule or WORTH_SPREADING
    if asked <= 1:
        return Choice(1, "as --jobs asks")
    if seconds < rule.min_seconds:
        return Choice(1, f"{what} too small: {size}, about {seconds:.1f} s of work")
    now = (machine or IdleWatch(rule).machine)()
    workers = min(asked, math.ceil(now.cores))
    where = f"{now.idle:.1f} of {now.cores:g} core{'' if now.cores == 1 else 's'} idle"
    most = now.ceiling(workers)
    if workers <= 1 or most < rule.min_speed_up:
        return Choice(1, f"{where}: {max(workers, 2)} processes would be at most {most:.2f}x faster")
    return Choice(workers, f"{size}, about {seconds:.1f} s of work; {where}, up to {most:.2f}x")


# A cgroup's CPU quota: version 2's one file ("QUOTA PERIOD", or "max"), version 1's two.
_QUOTA_V2 = Path("/sys/fs/cgroup/cpu.max")
_QUOTA_V1 = (Path("/sys/fs/cgroup/cpu/cpu.cfs_quota_us"), Path("/sys/fs/cgroup/cpu/cpu.cfs_period_us"))


def usable_cores() -> float:
    """The CPUs this process may run on (its affinity), fewer where its cgroup's quota
    allows less time than that (1.5 for 150 ms a 100 ms period)."""
    try:
        cores: float = len(os.sched_getaffinity(0))
    except AttributeError:  # not on Linux
        cores = os.cpu_count() or 1
    quota = _cgroup_quota()
    return min(cores, quota) if quota else cores


def _cgroup_quota() -> float | None:
    try:
        if _QUOTA_V2.exists():
            quota, period = _QUOTA_V2.read_text(encoding="ascii").split()[:2]
        else:
            quota, period = (path.read_text(encoding="ascii").strip() for path in _QUOTA_V1)
        return int(quota) / int(period) if quota not in ("max", "-1") and int(period) > 0 else None
    except (OSError, ValueError):
        return None


class IdleWatch:
    """Watches the cores from its making until ``machine()`` is asked: the cores no other
    process used, beside this one at work, are what a second worker would find free. A
    command makes it when it starts and asks once its work is known to be big enough, so
    reading and planning are the watch; a shorter one is waited out to the rule's
    ``watch_seconds``. It counts idle time in /proc/stat, so the command's own earlier runs,
    which a load average still holds, count for nothing."""

    _STAT = Path("/proc/stat")

    def __init__(self, rule: SpreadRule | None = None) -> None:
        self._seconds = (rule or WORTH_SPREADING).watch_seconds
        self._since = time.monotonic(), time.process_time()
        self._ticks = self._idle_ticks()

    def machine(self) -> Machine:
        cores = usable_cores()
        if self._ticks is None:  # no /proc/stat: the load average, which counts this process
            try:
                return Machine(cores, max(0.0, cores - os.getloadavg()[0]))
            except (AttributeError, OSError):
                return Machine(cores, cores - 1)
        waited = time.monotonic() - self._since[0]
        if waited < self._seconds:
            time.sleep(self._seconds - waited)
        ticks = self._idle_ticks()
        assert ticks is not None
        seconds = time.monotonic() - self._since[0]
        idle = (ticks - self._ticks) / os.sysconf("SC_CLK_TCK") / seconds
        # Time this process spent waiting (for the disk, or asleep above) left its own core
        # idle: a core it takes back as soon as it works, not one free for a second worker.
        own = min(1.0, (time.process_time() - self._since[1]) / seconds)
        return Machine(cores, min(cores - 1, max(0.0, idle - (1 - own))))

    @classmethod
    def _idle_ticks(cls) -> int | None:
        """The whole machine's idle and I/O-wait time so far, in clock ticks."""
        try:
            fields = cls._STAT.read_text(encoding="ascii").split("\n", 1)[0].split()
        except OSError:
            return None
        return int(fields[4]) + int(fields[5])  # "cpu user nice system idle iowait ..."


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
