"""CLI verbs, one module each; ``COMMANDS`` lists their ``register`` functions in help order."""

from . import algorithms_cmd

COMMANDS = [
    algorithms_cmd.register,
]
