"""The studio's Build button: ``bookmaker build`` itself, one at a time, in a thread, with
its progress and a way to stop it.

The build is ``build.build`` on the saved file, so it writes exactly what the command
writes. It is stopped through its own progress callback, which the build calls after each
maze and each page: a stopped build raises before ``write_atomically``, so it leaves
nothing written, as an interrupted ``bookmaker build`` does.
"""

from __future__ import annotations

import threading
from dataclasses import dataclass, field
from pathlib import Path

from ..build import build
from ..errors import BookmakerError


class Stopped(Exception):
    """Raised inside a build's progress callback once the build is cancelled."""


@dataclass
class BuildState:
    state: str = "idle"  # idle, running, done, failed, cancelled
    step: str = ""  # "mazes" or "pages"
    done: int = 0
    total: int = 0
    files: list[str] = field(default_factory=list)  # names in the output folder
    preflight: list[str] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    error: list[str] = field(default_factory=list)

    def as_json(self) -> dict:
        return dict(self.__dict__)


class Builds:
    """Builds of ``config`` into ``output`` (the PDF's path), never two at once."""

    def __init__(self, config: Path, output: Path):
        self.config, self.output = config, output
        self.status = BuildState()
        self._lock = threading.Lock()
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None

    def start(self) -> bool:
        """Start a build; False if one is running."""
        with self._lock:
            if self.status.state == "running":
                return False
            self._stop.clear()
            self.status = BuildState(state="running")
            self._thread = threading.Thread(target=self._run, name="bookmaker-studio-build", daemon=True)
            self._thread.start()
            return True

    def cancel(self) -> bool:
        """Stop the running build; False if none runs."""
        if self.status.state != "running":
            return False
        self._stop.set()
        return True

    def wait(self, timeout: float | None = None) -> None:
        thread = self._thread
        if thread is not None:
            thread.join(timeout)

    def _progress(self, label: str, total: int):
        status = self.status
        if self._stop.is_set():
            raise Stopped
        status.step, status.done, status.total = label, 0, total

        def tick() -> None:
            if self._stop.is_set():
                raise Stopped
            status.done += 1

        return tick

    def _run(self) -> None:
        status = self.status
        try:
            result = build(self.config, self.output, progress=self._progress)
        except Stopped:
            status.state = "cancelled"
            return
        except BookmakerError as error:
            status.error, status.state = error.lines(), "failed"
            return
        except Exception as error:  # the page must say the build ended, whatever ended it
            status.error, status.state = [f"bookmaker: build failed: {error!r}"], "failed"
            return
        written = (result.pdf, result.key_pdf, result.cover, result.manifest)
        status.files = [path.name for path in written if path is not None]
        status.preflight, status.notes = list(result.preflight), list(result.notes)
        status.state = "done"
