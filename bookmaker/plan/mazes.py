"""From a validated book spec to the list of mazes to print: seeds, numbering, difficulty.

A maze's seed comes from the book seed, its section's id and its index in the
section through SHA-256, never Python's ``hash``: adding, removing or
reordering another section leaves it unchanged, under any PYTHONHASHSEED.
"""

from __future__ import annotations

import base64
import hashlib
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from ..errors import BookmakerError
from ..geometry import MazeDrawing, maze_drawing
from ..masks import MaskSpec, masked_grid
from ..maze import generate_on, woven_grid
from ..maze.model import Maze
from ..maze.shapes import make_topology
from ..maze.solve import Stats, measure, solution, with_endpoints
from ..maze.topology import Topology
from ..processes import in_processes

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
    weave: float = 0.0  # share of possible crossings placed (square grids, kruskal)
    seed: int | None = None  # a seed the user chose, used as it is instead of a derived one

    def topology(self) -> Topology:
        """The shape and size of the maze to make."""
        size = None if self.width is None or self.height is None else (self.width, self.height)
        if self.mask is not None:
            return masked_grid(self.shape, size, self.mask)
        topology = make_topology(self.shape, size, self.rings)
        # A woven maze's grid has tunnels: made once for all the jobs alike in ``grid``.
        return woven_grid(topology, self.algorithm, self.braid, self.weave) if self.weave else topology

    @property
    def grid(self) -> tuple:
        """What decides ``topology()``: jobs alike in it can share one."""
        return self.shape, self.width, self.height, self.rings, self.mask, bool(self.weave)


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
    # measure() gives a route's figures together: all of them, or none without a route
    assert stats.turns is not None and stats.decision_points is not None and stats.loops_on_route is not None
    return stats.solution_length + stats.turns + 4 * stats.decision_points + 4 * stats.loops_on_route


MIN_STAR_SPAN = 4  # a book's star scale spans at least a quadrupling of the score


@dataclass(frozen=True)
class StarScale:
    """Stars fitted to one book: five bands of equal ratio between its easiest maze's score
    (``low``) and its hardest's (``high``), so the easiest maze gets 1 star and the hardest 5.

    A book whose hardest maze scores under MIN_STAR_SPAN times its easiest has the range
    widened about its geometric middle to that ratio: mazes that barely differ are not
    spread from 1 to 5 stars by chance, and a book of one maze gets 3. The squares of the
    ends are kept, so that a widened range stays rational and every comparison is exact:
    no rounding of a logarithm moves a maze across a band on another machine.
    """

    low_squared: Fraction
    high_squared: Fraction

    @classmethod
    def fitted(cls, scores: Iterable[float]) -> StarScale:
        exact = [Fraction(max(score, 1)) for score in scores] or [Fraction(1)]
        low, high = min(exact), max(exact)
        if high < MIN_STAR_SPAN * low:
            # The geometric middle is sqrt(low * high); the ends sit sqrt(SPAN) either side.
            middle_squared = low * high
            return cls(middle_squared / MIN_STAR_SPAN, middle_squared * MIN_STAR_SPAN)
        return cls(low * low, high * high)


def stars(score: float, scale: StarScale) -> int:
    """1 to 5 stars on the book's ``scale``: 1 + the band boundaries ``score`` reaches. The
    k-th boundary (k = 1 to 4) lies k fifths of the way from low to high on a log scale:
    score^5 >= low^(5-k) high^k, compared squared."""
    tenth_power = Fraction(max(score, 1)) ** 10
    low, high = scale.low_squared, scale.high_squared
    return 1 + sum(tenth_power >= low ** (5 - k) * high**k for k in range(1, 5))


def make_maze(job: MazeJob, topology: Topology | None = None) -> MadeMaze:
    """Generate, place endpoints, solve and measure; retry seeds if the section demands it.
    ``topology`` is ``job.topology()``, for a caller that has it already."""
    topology = topology or job.topology()
    for attempt in range(MAX_ATTEMPTS if job.min_solution_share else 1):
        seed = (
            job.seed if job.seed is not None else maze_seed(job.book_seed, job.seed_key, job.index, attempt)
        )
        maze = generate_on(
            topology, job.algorithm, seed, braid=job.braid, weave=job.weave, **dict(job.options)
        )
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


def make_mazes(
    jobs: Iterable[MazeJob],
    workers: int = 1,
    progress=None,
    prepare_drawing: Callable[[MazeDrawing], None] | None = None,
) -> list[MadeMaze]:
    """All mazes in job order; ``workers`` > 1 spreads them over processes, same result.
    Each batch's mazes come back in one message, sharing their topology.
    ``prepare_drawing(drawing)`` runs on each maze's drawings where the maze is made: work
    for the page that a worker process can do while the pages wait."""
    jobs = list(jobs)

    def prepared(maze: MadeMaze) -> MadeMaze:
        if prepare_drawing:
            for drawing in (maze.drawing, maze.answer):
                if drawing is not None:
                    prepare_drawing(drawing)
        return maze

    def make_batch(batch: list[MazeJob]) -> list[MadeMaze]:
        return [prepared(maze) for maze in _made(batch)]

    if workers <= 1:  # one at a time, so that progress moves with every maze
        batches: Iterator[tuple[list[MazeJob], list[MadeMaze]]] = (
            ([maze.job], [prepared(maze)]) for maze in _made(jobs)
        )
    else:
        batches = in_processes(make_batch, jobs, workers)
    made: list[MadeMaze] = []
    for _, batch in batches:
        made += batch
        if progress:
            for _ in batch:
                progress()
    return made


def _made(jobs: list[MazeJob]) -> Iterator[MadeMaze]:
    """``make_maze`` for each job, in order; jobs alike in ``grid`` share one topology,
    built once (a topology never changes)."""
    topologies: dict[tuple, Topology] = {}
    for job in jobs:
        if job.grid not in topologies:
            topologies[job.grid] = job.topology()
        yield make_maze(job, topologies[job.grid])


def order_by_difficulty(mazes: list[MadeMaze]) -> list[MadeMaze]:
    """Easiest first; ties keep generation order, so the order is reproducible."""
    return sorted(mazes, key=lambda m: difficulty_score(m.stats))


def variant_code(book_seed: int, copy: int) -> str:
    """A short code that tells a worksheet copy apart: its number and four check letters."""
    digest = hashlib.sha256(f"bookmaker/variant|{book_seed}|{copy}".encode()).digest()
    return f"{copy + 1:02d}-{base64.b32encode(digest).decode()[:4]}"
