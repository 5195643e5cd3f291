"""``--jobs``: the mazes, the preflight's pages and the pages' compression spread over
processes and threads, and every byte and every reported problem stays as one process
makes them; and the one rule, kept in bookmaker/processes.py, on when more processes pay."""

from __future__ import annotations

import os
import sys

import pytest
from reportlab.lib.colors import red

from bookmaker.build import build
from bookmaker.preflight.interior import check_pdf
from bookmaker.processes import IdleWatch, Machine, SpreadRule, choose_workers, in_processes, usable_cores
from tests.always_spread import ALWAYS_SPREAD
from tests.command_line import in_process
from tests.test_preflight import clean_page, make_book

BOOK = """\
title: Two Ways
seed: 5
sections:
  - title: Square
    size: 8x10
    count: 9
    per_page: 2
  - title: Hexagons
    shape: hex
    algorithm: wilson
    size: 7x8
    count: 5
answer_key:
  per_page: 4
"""
WORKSHEETS = """\
title: Sheets
seed: 9
layout: worksheet
front_matter: {title_page: false, how_to: false, contents: false}
sections:
  - title: Warm-up
    size: 6x8
    count: 2
worksheet:
  copies: 3
  key: separate
"""


@pytest.fixture
def always_spread(monkeypatch):
    """Builds take the processes --jobs asks for, however small the book or busy the machine:
    the books here are too small for the rule to spread them."""
    import bookmaker.processes

    monkeypatch.setattr(bookmaker.processes, "WORTH_SPREADING", ALWAYS_SPREAD)


@pytest.mark.parametrize("text", [BOOK, WORKSHEETS], ids=["book", "worksheets-with-key"])
def test_the_same_bytes_for_one_and_two_jobs(tmp_path, text, always_spread):
    config = tmp_path / "book.yaml"
    config.write_text(text, encoding="utf-8")
    one = build(config, tmp_path / "one" / "book.pdf", jobs=1)
    two = build(config, tmp_path / "two" / "book.pdf", jobs=2)
    assert two.timings[0].startswith("jobs: 2 processes ("), two.timings[0]
    written = [(one.pdf, two.pdf), (one.manifest, two.manifest)]
    if text is WORKSHEETS:
        written.append((one.key_pdf, two.key_pdf))
    for first, second in written:
        assert first.read_bytes() == second.read_bytes(), first.name


def test_the_preflight_reports_the_same_problems_in_the_same_order_with_two_workers(tmp_path):
    def draw(c, n, trim):
        clean_page(c, n, trim)
        if n % 3 == 0:  # a hairline on every third page
            c.setLineWidth(0.1 + n / 100)
            c.line(trim[0] + 80, trim[1] + 80, trim[0] + 120, trim[1] + 120)
        if n % 5 == 0:  # a colour stroke, and a mark past the margin, on every fifth
            c.setStrokeColor(red)
            c.line(trim[0] + 2, trim[1] + 200, trim[0] + 60, trim[1] + 200)

    pdf = make_book(tmp_path / "book.pdf", draw, pages=40)
    alone = check_pdf(pdf, "kdp", interior="black-and-white")
    spread = check_pdf(pdf, "kdp", interior="black-and-white", workers=2)
    pages_with_problems = {problem.page for problem in alone.problems}
    assert {3, 5, 39, 40} <= pages_with_problems, alone.format()
    assert spread.problems == alone.problems
    assert spread.format() == alone.format()


def _batch_sum(batch: list[int]) -> tuple[int, int]:
    return os.getpid(), sum(batch)


def test_work_spread_over_processes_comes_back_in_order_and_whole():
    items = list(range(1, 101))
    offset = 1000  # a closure's value, which forked workers inherit without being sent

    batches = list(in_processes(lambda batch: [item + offset for item in batch], items, 2))
    assert [item for batch, _ in batches for item in batch] == items
    assert [value for _, result in batches for value in result] == [i + offset for i in items]
    assert len(batches) == 2 * 4  # a few batches per worker, so none waits long for the last
    assert len(list(in_processes(_batch_sum, items, 2, batches_per_worker=1))) == 2
    workers = {pid for _, (pid, _) in in_processes(_batch_sum, items, 2)}
    assert os.getpid() not in workers and len(workers) >= 1


def test_one_worker_does_the_work_here_in_one_batch():
    calls = []

    def work(batch):
        calls.append(os.getpid())
        return len(batch)

    assert list(in_processes(work, range(10), 1)) == [(list(range(10)), 10)]
    assert calls == [os.getpid()]
    assert list(in_processes(work, [], 4)) == []


@pytest.mark.skipif(not hasattr(os, "fork"), reason="workers are forked")
def test_ctrl_c_to_the_parent_alone_reaches_the_workers_and_is_raised_once_they_stop(tmp_path):
    """``kill -INT`` of the command alone, not its process group: the pool passes it on to
    its workers, which end the batch under way, and raises it in the parent only once the
    pool is shut down, with no worker left."""
    import signal
    import time

    def work(batch):
        try:
            if batch[0] == 0:
                return "first"
            (tmp_path / f"started-{os.getpid()}").write_text("", encoding="utf-8")
            for _ in range(300):  # half a minute, unless interrupted
                time.sleep(0.1)
            return "finished"
        except KeyboardInterrupt:
            (tmp_path / f"interrupted-{os.getpid()}").write_text("", encoding="utf-8")
            raise

    previous = signal.signal(signal.SIGINT, signal.default_int_handler)
    try:
        results = in_processes(work, range(4), 2, batches_per_worker=2)
        assert next(results) == ([0], "first")
        # Ctrl-C before a worker starts a batch skips the batch and writes nothing: on a busy
        # machine that can be every batch, so wait until one is under way.
        for _ in range(300):
            if list(tmp_path.glob("started-*")):
                break
            time.sleep(0.1)
        with pytest.raises(KeyboardInterrupt):
            os.kill(os.getpid(), signal.SIGINT)
            next(results)
        results.close()
    finally:
        signal.signal(signal.SIGINT, previous)
    assert list(tmp_path.glob("interrupted-*"))  # a worker's batch ended at the interruption
    assert signal.getsignal(signal.SIGINT) is previous


def test_check_takes_jobs_and_prints_the_same_report(tmp_path, always_spread):
    def draw(c, n, trim):
        clean_page(c, n, trim)
        if n % 4 == 0:
            c.setLineWidth(0.2)
            c.line(trim[0] + 80, trim[1] + 80, trim[0] + 120, trim[1] + 120)

    pdf = make_book(tmp_path / "book.pdf", draw, pages=24)
    # In this process, with the workers --jobs asks for (always_spread): a file this small
    # would otherwise be checked in one process whatever --jobs says.
    runs = [
        in_process("check", pdf, "--profile", "kdp", *jobs, cwd=tmp_path)
        for jobs in ([], ["--jobs", "2"], ["-j", "0"])
    ]
    assert [run.returncode for run in runs] == [1, 1, 1]
    assert "pages 4, 8, 12, 16, 20, 24" in runs[0].stdout, runs[0].stdout
    assert runs[1].stdout == runs[2].stdout == runs[0].stdout


def test_compressing_threads_end_with_the_drawing_even_when_it_fails():
    # The preflight forks next: no thread may outlive the drawing, nor the faster switching
    # the compression asks of the interpreter.
    import io
    import threading

    from reportlab.pdfgen.canvas import Canvas

    from bookmaker.render.canvas import PageCompressor

    interval, threads = sys.getswitchinterval(), threading.active_count()
    canvas = Canvas(io.BytesIO(), pageCompression=1)
    with pytest.raises(RuntimeError), PageCompressor(canvas, 2) as compressor:
        canvas.line(0, 0, 100, 100)
        canvas.showPage()
        compressor.page_done()
        assert sys.getswitchinterval() < interval
        raise RuntimeError("a page that cannot be drawn")
    assert sys.getswitchinterval() == interval
    assert threading.active_count() == threads


def test_no_more_worker_processes_than_mazes(monkeypatch):
    # `--jobs 10000` forked ten thousand interpreters for a dozen mazes.
    import bookmaker.plan as plan

    started = []

    class Pool:  # records the size asked for, and works in this process
        def __init__(self, max_workers, mp_context=None, initializer=None):
            started.append(max_workers)

        def submit(self, function, item):
            from concurrent.futures import Future

            done = Future()
            done.set_result(function(item))
            return done

        def shutdown(self, wait=True, cancel_futures=False):
            pass

    # Patch the pool where the work spread over processes looks it up.
    import bookmaker.processes as processes

    monkeypatch.setattr(processes, "ProcessPoolExecutor", Pool)
    jobs = [
        plan.MazeJob(
            section=0,
            index=i,
            seed_key="s",
            book_seed=1,
            algorithm="recursive-backtracker",
            options=(),
            width=4,
            height=4,
            endpoints="border",
            min_solution_share=None,
        )
        for i in range(3)
    ]
    plan.make_mazes(jobs, workers=10000)
    assert started == [3]


def test_more_processes_only_where_they_pay():
    """A small book, and a machine with no idle core for a second process, take one process;
    a big book with a core to spare the processes asked for; each with the reason --timings
    prints."""
    size = "300 mazes, 406 pages"

    def idle(cores, spare):
        return lambda: Machine(cores=cores, idle=spare)

    assert choose_workers(1, 9.0, "book", size, idle(2, 1)).line() == "jobs: 1 process (as --jobs asks)"
    small = choose_workers(2, 0.3, "book", "40 mazes, 59 pages", idle(2, 1))
    assert small.line() == "jobs: 1 process (book too small: 40 mazes, 59 pages, about 0.3 s of work)"
    spread = choose_workers(4, 3.0, "book", size, idle(2, 0.9))
    assert spread.line() == (
        "jobs: 2 processes (300 mazes, 406 pages, about 3.0 s of work; 0.9 of 2 cores idle, up to 1.90x)"
    )
    busy = choose_workers(2, 3.0, "book", size, idle(2, 0.1))
    assert busy.line() == "jobs: 1 process (0.1 of 2 cores idle: 2 processes would be at most 1.10x faster)"
    quota = choose_workers(2, 3.0, "book", size, idle(1.1, 0.1))
    assert (
        quota.line() == "jobs: 1 process (0.1 of 1.1 cores idle: 2 processes would be at most 1.10x faster)"
    )
    one = choose_workers(4, 3.0, "book", size, idle(1, 0))
    assert one.line() == "jobs: 1 process (0.0 of 1 core idle: 2 processes would be at most 1.00x faster)"
    # The thresholds are the rule's data: a rule that asks for less spreads the small book.
    eager = SpreadRule(min_seconds=0.1, min_speed_up=1.05)
    assert choose_workers(2, 0.3, "book", size, idle(2, 0.1), eager).workers == 2


def test_a_small_book_never_watches_the_machine():
    def machine():
        raise AssertionError("watched for a book too small to spread")

    assert choose_workers(2, 0.3, "book", "a few mazes", machine).workers == 1


def test_idle_cores_are_counted_beside_this_process_at_work(monkeypatch, tmp_path):
    """/proc/stat's idle time over the watch, less the core this process left idle while it
    waited: two cores idle while it slept are one a second worker would find."""
    import bookmaker.processes as processes

    clock = {"wall": 100.0, "cpu": 5.0}
    stat = tmp_path / "stat"
    ticks_per_second = os.sysconf("SC_CLK_TCK")

    def idle_for(seconds: float) -> None:  # "cpu user nice system idle iowait ..."
        stat.write_text(f"cpu 1 2 3 {round(seconds * ticks_per_second)} 0 0 0\ncpu0 ...\n", encoding="ascii")

    class Clock:
        monotonic = staticmethod(lambda: clock["wall"])
        process_time = staticmethod(lambda: clock["cpu"])

        @staticmethod
        def sleep(seconds):
            clock["wall"] += seconds

    monkeypatch.setattr(processes, "time", Clock)
    monkeypatch.setattr(processes, "usable_cores", lambda: 2)
    monkeypatch.setattr(IdleWatch, "_STAT", stat)
    idle_for(0)
    watch = IdleWatch()
    clock["wall"] += 0.5  # planning: this process busy, half a core idle beside it
    clock["cpu"] += 0.5
    idle_for(0.25)
    assert watch.machine() == Machine(cores=2, idle=pytest.approx(0.5))
    idle_for(0)
    watch = IdleWatch()  # asked at once: it waits out the rule's watch, asleep
    idle_for(2 * SpreadRule().watch_seconds)  # both cores idle, its own among them
    assert watch.machine().idle == pytest.approx(1.0)
    assert clock["wall"] == pytest.approx(100.5 + SpreadRule().watch_seconds)


def test_the_cores_usable_are_the_affinity_capped_by_a_cgroup_quota(monkeypatch, tmp_path):
    import bookmaker.processes as processes

    quota = tmp_path / "cpu.max"
    monkeypatch.setattr(processes, "_QUOTA_V2", quota)
    affinity = len(os.sched_getaffinity(0))
    quota.write_text("150000 100000\n", encoding="ascii")  # one and a half cores' time
    assert usable_cores() == min(1.5, affinity)
    quota.write_text("max 100000\n", encoding="ascii")
    assert usable_cores() == affinity


def test_build_timings_say_a_small_book_took_one_process(tmp_path):
    config = tmp_path / "book.yaml"
    config.write_text(
        "title: Tiny\nseed: 3\nfront_matter: {title_page: false, how_to: false, contents: false}\n"
        "sections:\n  - title: Only\n    size: 5x5\n    count: 2\n",
        encoding="utf-8",
    )
    run = in_process(
        "build", config, "-o", tmp_path / "book.pdf", "--jobs", "2", "--timings", "-q", cwd=tmp_path
    )
    assert run.returncode == 0, run.stderr
    timings = run.stderr[run.stderr.index("jobs:") :].splitlines()
    assert timings[0].startswith("jobs: 1 process (book too small: 2 mazes, "), run.stderr
    stages = [line.split()[0] for line in timings[1:]]
    assert stages == ["plan", "mazes", "pages", "preflight", "cover", "write", "total"]
    quiet = in_process("build", config, "-o", tmp_path / "again.pdf", "--jobs", "2", "-q", cwd=tmp_path)
    assert "jobs:" not in quiet.stderr


def test_check_asks_the_same_rule_with_the_file_size(monkeypatch, tmp_path):
    from bookmaker.commands import jobs_option

    asked = []

    class Watch:  # the command's watch since it began: asked only where the file is big enough
        looked = 0

        def machine(self):
            self.looked += 1
            return Machine(cores=2, idle=1.0)

    def choose(workers, seconds, what, size, machine):
        asked.append((workers, what, size))
        return choose_workers(workers, seconds, what, size, machine)

    monkeypatch.setattr(jobs_option, "choose_workers", choose)
    monkeypatch.setattr(jobs_option, "usable_cores", lambda: 2)
    small, big = tmp_path / "small.pdf", tmp_path / "big.pdf"
    small.write_bytes(b"%PDF-1.4\n" * 1000)
    with big.open("wb") as handle:
        handle.truncate(10_000_000)  # sparse: ten megabytes of work to the rule, none on the disk
    watch = Watch()
    assert jobs_option.check_workers(2, small, watch) == 1
    assert jobs_option.check_workers(2, big, watch) == 2
    assert jobs_option.check_workers(2, tmp_path / "missing.pdf", watch) == 1
    assert asked == [(2, "file", "0.0 MB"), (2, "file", "10.0 MB"), (2, "file", "0.0 MB")]
    assert watch.looked == 1
