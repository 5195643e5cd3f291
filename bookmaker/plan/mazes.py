"""From a validated book spec to the list of mazes to print: seeds, numbering, difficulty.

A maze's seed comes from the book seed, its section's id and its index in the
section through SHA-256, never Python's ``hash``: adding, removing or
reordering another section leaves it unchanged, under any PYTHONHASHSEED.
"""

from __future__ import annotations

import base64
import hashlib
import math
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from typing import Any, Iterable

from ..errors import BookmakerError
from ..masks import MaskSpec, masked_grid
from ..maze import generate_on
from ..geometry import MazeDrawing, maze_drawing
from ..maze.model import Maze
from ..maze.shapes import make_topology
from ..maze.solve import Stats, measure, solution, with_endpoints
from ..maze.topology import Topology

MAX_ATTEMPTS = 200  # seeds tried per maze for a min_solution_share demand


def maze_seed(book_seed: int, section_id: str, index: int, attempt: int = 0) -> int:
    """A 32-bit seed: short enough to print on the page and type back in."""
    key = f"bookmaker/1|{book_seed}|{section_id}|{index}"
    if attempt:
        key += f"|{attempt}"
    return int.from_bytes(hashlib.sha256(key.encode()).digest()[:4], "big")


@dataclass(frozen=True)
class MazeJob:
    """Everything needed to make one maze, small enough to send to a worker process."""

    section: int  # index into Book.sections
    index: int  # position in its section (or in its worksheet copy)
    seed_key: str  # the id that seeds it: the section id, plus the copy for worksheets
    book_seed: int
    algorithm: str
    options: tuple[tuple[str, Any], ...]
    width: int | None  # the grid's columns and rows; None for polar
    height: int | None
    endpoints: str
    min_solution_share: float | None
    marker_size: float = 1.0  # arrow length in cells on the puzzle page, fixed by the layout
    answer_marker_size: float = 1.0  # the same on the answer page, where cells are smaller
    where: str = ""  # the config key to blame if the demand cannot be met
    shape: str = "square"
    rings: int | None = None  # polar only
    mask: MaskSpec | None = None  # the silhouette a grid is cut to
    braid: float = 0.0  # share of dead ends joined into loops
    seed: int | None = None  # a seed the user chose, used as it is instead of a derived one

    def topology(self) -> Topology:
        """The shape and size of the maze to make."""
        if self.mask is not None:
            return masked_grid(self.shape, (self.width, self.height), self.mask)
        return make_topology(self.shape, (self.width, self.height), self.rings)


@dataclass(frozen=True)
class MadeMaze:
    job: MazeJob
    seed: int
    maze: Maze
    solution: list[int] | None  # cell ids from start to end
    stats: Stats
    drawing: MazeDrawing  # puzzle: walls and markers
    answer: MazeDrawing | None  # the same with the solution line


def difficulty_score(stats: Stats) -> float:
    """One number to order mazes by: longer, twistier solutions with more choices are harder.

    A loop the route passes through counts like a choice: a wrong turn into it ends in no
    dead end that says so, and braiding would otherwise make a maze look easier, since it
    shortens the solution. A perfect maze has none, so its score is what it always was.
    """
    if stats.solution_length is None:
        return float(stats.longest_path) + 4 * stats.loops
    return (stats.solution_length + stats.turns + 4 * stats.decision_points
            + 4 * stats.loops_on_route)


def stars(score: float) -> int:
    """1 to 5 stars on a doubling scale, comparable across sections and books."""
    return max(1, min(5, 1 + int(math.floor(math.log2(max(score, 1) / 40)))))


def make_maze(job: MazeJob) -> MadeMaze:
    """Generate, place endpoints, solve and measure; retry seeds if the section demands it."""
    topology = job.topology()
    for attempt in range(MAX_ATTEMPTS if job.min_solution_share else 1):
        seed = (job.seed if job.seed is not None
                else maze_seed(job.book_seed, job.seed_key, job.index, attempt))
        maze = generate_on(topology, job.algorithm, seed, braid=job.braid, **dict(job.options))
        maze = with_endpoints(maze, job.endpoints)
        path = solution(maze)
        share = len(path) / maze.topology.present_count if path else 0.0
        if not job.min_solution_share or share >= job.min_solution_share:
            break
    else:
        raise BookmakerError(
            f"{job.where}: min_solution_share {job.min_solution_share:g} not met for maze "
            f"{job.index + 1} in {MAX_ATTEMPTS} seeds with {job.algorithm} ({topology.kind} "
            f"{topology.describe()}) and endpoints '{job.endpoints}'; lower it, or use endpoints "
            f"'border' or 'diameter', or an algorithm with longer corridors such as "
            f"recursive-backtracker"
        )
    drawing = maze_drawing(maze, None, job.marker_size)
    return MadeMaze(
        job=job,
        seed=seed,
        maze=maze,
        solution=path,
        stats=measure(maze, path),
        drawing=drawing,
        answer=maze_drawing(maze, path, job.answer_marker_size, drawing.walls) if path else None,
    )


def make_mazes(jobs: Iterable[MazeJob], workers: int = 1, progress=None) -> list[MadeMaze]:
    """All mazes in job order; ``workers`` > 1 spreads them over processes, same result."""
    jobs = list(jobs)
    made: list[MadeMaze] = []
    if workers <= 1 or len(jobs) < 2:
        for job in jobs:
            made.append(make_maze(job))
            if progress:
                progress()
        return made
    # A forked pool starts every worker at once: never more than there are mazes.
    workers = min(workers, len(jobs))
    with ProcessPoolExecutor(max_workers=workers) as pool:
        chunk = max(1, len(jobs) // (workers * 8))
        for result in pool.map(make_maze, jobs, chunksize=chunk):
            made.append(result)
            if progress:
                progress()
    return made


def order_by_difficulty(mazes: list[MadeMaze]) -> list[MadeMaze]:
    """Easiest first; ties keep generation order, so the order is reproducible."""
    return sorted(mazes, key=lambda m: difficulty_score(m.stats))


def variant_code(book_seed: int, copy: int) -> str:
    """A short code that tells a worksheet copy apart: its number and four check letters."""
    digest = hashlib.sha256(f"bookmaker/variant|{book_seed}|{copy}".encode()).digest()
    return f"{copy + 1:02d}-{base64.b32encode(digest).decode()[:4]}"
