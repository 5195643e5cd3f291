"""Where a build's time goes, for the benchmarks: wraps the build's stages where it calls them."""

from __future__ import annotations

import time

import bookmaker.build as build_module
import bookmaker.prepare as prepare_module

MAZES = "mazes (generate, solve, measure, geometry)"
DRAWING = "drawing the pages"
# label: (module the build looks the stage up in, its name there)
STAGES = {
    MAZES: (prepare_module, "make_mazes"),
    DRAWING: (build_module, "render_document"),
    "preflight of the built PDF": (build_module, "_preflight"),
}


def instrument() -> dict[str, list[float]]:
    """Wrap every stage once; returns the lists each call appends its wall time to."""
    times: dict[str, list[float]] = {label: [] for label in STAGES}
    for label, (module, name) in STAGES.items():
        inner = getattr(module, name)

        def timed(*args, _inner=inner, _times=times[label], **kwargs):
            start = time.perf_counter()
            try:
                return _inner(*args, **kwargs)
            finally:
                _times.append(time.perf_counter() - start)

        setattr(module, name, timed)
    return times


def timed_build(calls: dict[str, list[float]], run_build) -> tuple[float, dict[str, float]]:
    """Call ``run_build()``; its wall time, and the time of each stage within it (the
    preflight stage runs for the interior and again for a cover)."""
    for times in calls.values():
        times.clear()
    start = time.perf_counter()
    run_build()
    total = time.perf_counter() - start
    return total, {label: sum(times) for label, times in calls.items()}
