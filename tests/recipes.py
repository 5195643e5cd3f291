"""Reading a printed recipe back as a user would retype it: the `bookmaker maze` flags."""

from __future__ import annotations

import shlex

from bookmaker.maze.shapes import SHAPE_NAMES

# A recipe's KEY=VALUE words that are flags of their own; any other is an algorithm option.
FLAGS = {
    "image": "--mask-image",
    "text": "--mask-text",
    "file": "--mask-file",
    "outline": "--outline",
    "islands": "--islands",
    "threshold": "--threshold",
    "font": "--mask-font",
    "braid": "--braid",
}


def maze_flags(recipe: str) -> list[str]:
    """`bookmaker maze` flags for a recipe: 'wilson hex 9x8 seed 7 outline=heart braid=0.3
    opposite', 'kruskal polar 6 rings seed 9 start 5,3 end 0,0', 'prim 9x7 seed 2 policy=x'."""
    words = shlex.split(recipe)
    args = ["--algorithm", words.pop(0)]
    if words[0] in SHAPE_NAMES:
        args += ["--shape", words.pop(0)]
    if words[1] == "rings":
        args += ["--rings", words[0]]
        del words[:2]
    else:
        args += ["--size", words.pop(0)]
    assert words.pop(0) == "seed"
    args += ["--seed", words.pop(0)]
    while words:
        word = words.pop(0)
        key, sep, value = word.partition("=")
        if word in ("start", "end"):
            args += [f"--{word}", words.pop(0)]
        elif not sep:
            args += ["--endpoints", word]
        else:
            args += [FLAGS[key], value] if key in FLAGS else ["--option", word]
    return args
