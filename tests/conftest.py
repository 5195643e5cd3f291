"""Settings every test module shares: Hypothesis's profile and where it keeps its files."""

from __future__ import annotations

import tempfile
from pathlib import Path

from hypothesis import settings
from hypothesis.configuration import set_hypothesis_home_dir
from hypothesis.database import DirectoryBasedExampleDatabase

# Hypothesis keeps failing examples and its Unicode tables in .hypothesis/ under the
# working folder unless told otherwise; the system's temp folder keeps the checkout clean.
HYPOTHESIS_HOME = Path(tempfile.gettempdir()) / "bookmaker-hypothesis"
set_hypothesis_home_dir(HYPOTHESIS_HOME)

# Random, not derandomized: each run tries new examples, which is what finds the rare case.
# A failure prints its @reproduce_failure blob (print_blob), which replays it exactly on
# any machine, and the database replays it first on this machine's next run.
settings.register_profile(
    "bookmaker",
    print_blob=True,
    database=DirectoryBasedExampleDatabase(HYPOTHESIS_HOME / "examples"),
)
settings.load_profile("bookmaker")
