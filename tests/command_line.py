"""`bookmaker ARGS` through the CLI's own entry point, ``bookmaker.cli.main``, in the test's
process: the code a process of its own runs, with its exit code, stdout and stderr, but
without a Python start and the imports (0.3 s each). A test of the process itself (its
exit, a signal, a traceback, what it imports) starts one."""

from __future__ import annotations

import contextlib
import subprocess
import sys
from pathlib import Path


def in_process(*args, cwd: Path, text: bool = True) -> subprocess.CompletedProcess:
    """As ``subprocess.run([python, "-m", "bookmaker", *args], cwd=cwd, capture_output=True)``
    would give it: stdout and stderr in str (UTF-8), or in bytes unless ``text``."""
    from typer.testing import CliRunner

    from bookmaker.cli import main

    command = ["bookmaker", *map(str, args)]
    argv, sys.argv = sys.argv, command
    with CliRunner().isolation() as (stdout, stderr, _), contextlib.chdir(cwd):
        try:
            main()
            code = 0
        except SystemExit as exit:
            code = exit.code
        finally:
            sys.argv = argv
        out, err = stdout.getvalue(), stderr.getvalue()
    if text:
        return subprocess.CompletedProcess(command, code, out.decode(), err.decode())
    return subprocess.CompletedProcess(command, code, out, err)
