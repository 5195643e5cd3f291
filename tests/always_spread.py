"""``python -m tests.always_spread ARGS``: ``bookmaker ARGS`` taking every process ``--jobs``
asks for, however small the book or busy the machine, for tests of the workers themselves
(their bytes, their Ctrl-C), which a small book on a busy machine would otherwise not
start (bookmaker/processes.py's WORTH_SPREADING)."""

from __future__ import annotations

from bookmaker import processes
from bookmaker.processes import SpreadRule

# Spreads any work at all, on busy cores too: only the cores this process may use cap the processes.
ALWAYS_SPREAD = SpreadRule(min_speed_up=0.0, min_seconds=0.0)

if __name__ == "__main__":
    from bookmaker.cli import main

    processes.WORTH_SPREADING = ALWAYS_SPREAD
    main()
