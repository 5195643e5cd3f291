"""CLI verbs, one module each; ``COMMANDS`` lists their ``register`` functions in help order."""

from . import algorithms_cmd, build_cmd, cover_cmd
from . import init_cmd, schema_cmd, validate_cmd
from . import maze_cmd
from . import check_cmd, preview_cmd

COMMANDS = [
    init_cmd.register,
    validate_cmd.register,
    build_cmd.register,
    cover_cmd.register,
    maze_cmd.register,
    algorithms_cmd.register,
    schema_cmd.register,
    check_cmd.register,
    preview_cmd.register,
]
