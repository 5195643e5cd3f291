"""From a validated book spec to everything that will be printed, decided before drawing.

- ``mazes``: seeds (a stable hash of the book seed, section id and index),
  maze jobs, making them (in worker processes if asked), difficulty;
- ``pagination``: which page holds what, and the printer's page-count padding;
- ``book``: ``BookPlan``, which ties them to the layout and composes the
  page views the renderer draws.
"""

from .book import TITLE_ART, BookPlan
from .mazes import (
    MadeMaze,
    MazeJob,
    StarScale,
    difficulty_score,
    make_maze,
    make_mazes,
    maze_seed,
    order_by_difficulty,
    stars,
    variant_code,
)
from .pagination import Document, Group, PlannedPage, Printed

__all__ = [
    "TITLE_ART",
    "BookPlan",
    "Document",
    "Group",
    "MadeMaze",
    "MazeJob",
    "PlannedPage",
    "Printed",
    "StarScale",
    "difficulty_score",
    "make_maze",
    "make_mazes",
    "maze_seed",
    "order_by_difficulty",
    "stars",
    "variant_code",
]
