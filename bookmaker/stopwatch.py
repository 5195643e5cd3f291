"""Wall time per stage: `bookmaker maze --timings`, `bookmaker build --timings` and the benchmarks.

A command times its own stages (``STAGES`` for a maze file, ``BUILD_STAGES`` for a book)
as it runs them, so a benchmark reads the real code path's figures rather than a copy's. Timing costs a few
``perf_counter`` calls a maze. Asked to (``memory``) while ``tracemalloc`` is
tracing, each stage also notes the most memory it held, for profiling; that
resets tracemalloc's peak at every stage, so it is never done unasked.
"""

from __future__ import annotations

import time
import tracemalloc

# In the order a maze goes through them. ``geometry`` makes the drawing; a square grid's walls
# and solution points are only found while ``write`` writes them (see geometry.square).
STAGES = ("carve", "endpoints", "solve", "geometry", "write")
# A book's, in the order a build goes through them: ``plan`` loads and checks the config,
# ``mazes`` makes and places them, ``pages`` draws the interior and a separate key,
# ``preflight`` checks the interior, ``cover`` draws and checks the cover, ``write`` the
# manifest and the files.
BUILD_STAGES = ("plan", "mazes", "pages", "preflight", "cover", "write")


class Stopwatch:
    """Seconds spent in each named stage, summed over every time it ran.

    The code marks the end of each stage (``lap``); a stage lasts from the end of the
    one before it, so nothing between them goes uncounted.
    """

    def __init__(self, memory: bool = False, stages: tuple[str, ...] = STAGES) -> None:
        self.seconds: dict[str, float] = dict.fromkeys(stages, 0.0)
        self.peaks: dict[str, int] = {}  # bytes traced at most in each stage
        self.memory = memory and tracemalloc.is_tracing()
        self.restart()

    def restart(self) -> None:
        """Start the next stage now: what came before is no stage's."""
        self._since = time.perf_counter()
        if self.memory:
            tracemalloc.reset_peak()

    def lap(self, stage: str) -> None:
        """``stage`` ends now."""
        now = time.perf_counter()
        self.seconds[stage] = self.seconds.get(stage, 0.0) + now - self._since
        if self.memory:
            peak = tracemalloc.get_traced_memory()[1]
            self.peaks[stage] = max(self.peaks.get(stage, 0), peak)
            tracemalloc.reset_peak()
        self._since = time.perf_counter()

    def report(self) -> str:
        """One line a stage, then the total: 'carve 0.412 s'."""
        lines = [f"{stage} {seconds:.3f} s" for stage, seconds in self.seconds.items()]
        lines.append(f"total {sum(self.seconds.values()):.3f} s")
        lines += [f"{stage} peak {peak / 1e6:.1f} MB traced" for stage, peak in self.peaks.items()]
        return "\n".join(lines)
