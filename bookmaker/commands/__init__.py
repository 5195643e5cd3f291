"""CLI verbs, one module each; ``COMMANDS`` lists their ``register`` functions in help order."""

from . import (
    algorithms_cmd,
    build_cmd,
    check_cmd,
    cover_cmd,
    init_cmd,
    maze_cmd,
    preview_cmd,
    schema_cmd,
    studio_cmd,
    validate_cmd,
)

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
    studio_cmd.register,
]
