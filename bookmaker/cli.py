"""The command line: a thin shell over the library, one small module per verb.

Each verb lives in ``bookmaker/commands/<verb>.py`` and exposes ``register(app)``.
Errors meant for the user (BookmakerError) become lines on stderr (``lines()``)
and exit code 2, never a traceback. A verb imports the library it drives when it
runs, not when the CLI loads: `bookmaker maze` at poster size starts 0.3 s sooner
and 24 MB lighter without the config models, the builder and the preflight.
"""

from __future__ import annotations

import os
import signal
import sys
from functools import cache
from importlib.metadata import version as installed_version
from typing import Any, Protocol, TypeGuard

import typer
from typer.core import TyperCommand, TyperGroup
from typer.main import get_command

from .commands import COMMANDS
from .errors import BookmakerError
from .files import written_so_far
from .wording import plural


def _plain_flags(command: TyperCommand | TyperGroup, ctx) -> None:
    """Help that shows no type after a plain flag: typer's rich help prints ``<bool>`` after
    ``--solution`` or ``--help`` as if they took a value, which they do not."""
    for param in command.get_params(ctx):
        if getattr(param, "is_flag", False) and param.metavar is None:
            param.metavar = ""  # what the help prints in the type column; parsing ignores it


class _Group(TyperGroup):
    """The root command: ``bookmaker --help``, with no type after a plain flag."""

    def format_help(self, ctx, formatter) -> None:
        _plain_flags(self, ctx)
        super().format_help(ctx, formatter)


app = typer.Typer(
    name="bookmaker",
    cls=_Group,
    help="Build printable maze puzzle books from one YAML file.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)


def _show_version(value: bool) -> None:
    # The installed distribution's version, which pyproject.toml sets and CHANGELOG.md's
    # newest release names (tests/test_docs.py holds the two together).
    if value:
        typer.echo(f"bookmaker {installed_version('bookmaker')}")
        raise typer.Exit()


@app.callback()
def _root(
    version: bool = typer.Option(
        False, "--version", callback=_show_version, is_eager=True, help="Print the version and exit."
    ),
) -> None:
    """Build printable maze puzzle books from one YAML file."""


class _Command(TyperCommand):
    """A command whose usage line names a required argument plainly (CONFIG), as the
    errors and the README do, not in the braces typer puts around it, and whose help puts
    no type after a plain flag."""

    def format_help(self, ctx, formatter) -> None:
        _plain_flags(self, ctx)
        super().format_help(ctx, formatter)

    def collect_usage_pieces(self, ctx) -> list[str]:
        return [piece.removeprefix("{").removesuffix("}") for piece in super().collect_usage_pieces(ctx)]


for register in COMMANDS:
    register(app)
for command in app.registered_commands:
    if command.cls in (None, TyperCommand):  # typer's default: no verb asks for its own
        command.cls = _Command


@cache
def click_group() -> TyperGroup:
    """The click command typer makes of ``app``. Calling ``app`` makes it, and each option's
    converter, anew (8 ms); built once, a process that runs many commands pays once: the
    tests run about two thousand in process."""
    group = get_command(app)
    assert isinstance(group, _Group)  # the app has a callback and names its group's class
    return group


class _Interrupted(BaseException):
    """Ctrl-C. A BaseException, as KeyboardInterrupt is, so that no ``except Exception`` on
    its way out swallows it; but not KeyboardInterrupt, which typer turns into a silent exit."""


def _stop_on_interrupt() -> None:
    """Make Ctrl-C raise ``_Interrupted`` in this process, which reports it once."""
    main_pid = os.getpid()

    def interrupted(signum, frame) -> None:
        if os.getpid() != main_pid:  # a worker forked an instant before its pool's own handler
            return
        raise _Interrupted

    signal.signal(signal.SIGINT, interrupted)


def _interrupted_line() -> str:
    """What an interruption left: writes are atomic, so nothing, or whole files."""
    written = written_so_far()
    if not written:
        return "bookmaker: interrupted; nothing written"
    return f"bookmaker: interrupted after writing {plural(len(written), 'file')}, the last {written[-1]}"


def main() -> None:
    _stop_on_interrupt()
    try:
        code = click_group()(standalone_mode=False)
    except BookmakerError as error:
        for line in error.lines():
            typer.echo(line, err=True)
        sys.exit(2)
    except _Interrupted:
        typer.echo(_interrupted_line(), err=True)
        sys.exit(130)
    except Exception as error:
        if not _is_usage_error(error):
            raise
        if not error.format_message():  # no arguments at all: what there is to do
            typer.echo(error.ctx.get_help(), err=True)
        else:
            typer.echo(f"bookmaker: error: {_usage_message(error)}", err=True)
        sys.exit(2)
    sys.exit(code or 0)


class _UsageError(Protocol):
    """click's UsageError, by the parts of it that main reads."""

    ctx: Any  # click's Context, under typer's private name

    def format_message(self) -> str: ...


def _is_usage_error(error: Exception) -> TypeGuard[_UsageError]:
    # click's UsageError, found by its interface: typer ships click inside itself now,
    # under a private name that may move again.
    return getattr(error, "exit_code", None) == 2 and hasattr(error, "format_message")


def _usage_message(error: _UsageError) -> str:
    """click's usage error as one line, naming the command and where to read about it."""
    message = " ".join(error.format_message().split()).rstrip(".")
    context = getattr(error, "ctx", None)
    command = getattr(context, "command_path", "bookmaker") or "bookmaker"
    verb = command.removeprefix("bookmaker").strip()
    return f"{verb + ': ' if verb else ''}{message[:1].lower()}{message[1:]} (see {command} --help)"
