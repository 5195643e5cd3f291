"""Regeneration codes: a maze's recipe as sixteen letters and digits a reader can type.

    code = recipe_code(maze)                # '82J8-9A17-BZGZ-WGRP' (None if it has no code)
    parts = read_code("82j8 9a17 bzgz wgrp")  # CodeParts(algorithm='recursive-backtracker', ...)

The recipe printed under a maze ('wilson 20x10 seed 2237009691 border') is long for
a child's page; the code carries the same facts: algorithm, shape, size, seed,
endpoints and braid, packed into bits and written in Crockford's base 32 (no I, L,
O or U; any case; I and L read as 1 and O as 0; dashes and spaces ignored), with two
check characters at the end that catch any one mistyped character and any two
neighbours swapped. A maze with options other than its algorithm's defaults, or cut
by a mask, has no code: a mask names a picture or text no code can carry, so its
page prints the recipe.

The tables below, and each shape's ``Shape.code_id``, are part of the format: codes
printed in books already sold must keep reading as the same mazes, so entries are only
ever appended.

Three versions are written. Version 1 gives the shape two bits (ids 0 to 3: square, hex,
triangle, polar); version 2 is the same but for four shape bits (ids 0 to 15). A maze
whose shape id fits two bits gets a version 1 code, so every shape of the first four
keeps its code exactly; only a later shape's mazes get version 2 codes. Version 3 is
version 2 with the weave (``weave``, in hundredths, 1 to 100) after the braid: only a
woven maze gets one, so every other maze keeps its code.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..errors import BookmakerError
from . import changed_options
from .algorithms import ALGORITHMS
from .model import Maze
from .shapes import SHAPES, Shape

VERSION = 1  # the first codes: two bits of shape
WIDE_SHAPES_VERSION = 2  # four bits of shape, for a shape id over 3
WEAVE_VERSION = 3  # version 2 and a weave, for a woven maze
_ALGORITHM_BY_ID = {algorithm.code_id: algorithm.name for algorithm in ALGORITHMS.values()}
_SHAPE_BY_ID = {shape.code_id: shape for shape in SHAPES}
ENDPOINT_IDS = ("none", "corners", "border", "diameter", "centre", "opposite")
ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"  # Crockford's base 32
_READ = {**{c: i for i, c in enumerate(ALPHABET)}, "O": 0, "I": 1, "L": 1}
# The check is a weighted sum of the digits modulo a prime above every digit and every
# weight: then no wrong digit nor swap of two different digits leaves it unchanged.
CHECK_PRIME = 1021
CHECK_DIGITS = 2  # 1021 < 32 ** 2
GROUP = 4  # characters between dashes
# Field widths, in bits. A length prefix says how many bits a number takes.
_VERSION_BITS, _ALGORITHM_BITS, _ENDPOINT_BITS = 2, 4, 3
_SHAPE_BITS = {VERSION: 2, WIDE_SHAPES_VERSION: 4, WEAVE_VERSION: 4}
MAX_SHAPE_ID = (1 << _SHAPE_BITS[WIDE_SHAPES_VERSION]) - 1
_SIZE_LENGTH_BITS, _SEED_LENGTH_BITS, _BRAID_BITS = 4, 6, 7


@dataclass(frozen=True)
class CodeParts:
    """What a code says: enough to remake the maze with `bookmaker maze`."""

    algorithm: str
    shape: str
    width: int  # rings for a polar maze
    height: int  # 0 for a polar maze
    seed: int
    endpoints: str
    braid: float
    weave: float = 0.0


def recipe_code(maze: Maze, endpoints: str | None = None) -> str | None:
    """The code of ``maze`` with ``endpoints`` (a mode name; unset, the maze's own), or None
    where a code cannot say it all: options off their defaults, a mask, cells named by hand,
    or a name the tables lack."""
    endpoints = endpoints or maze.endpoints or "none"
    topology = maze.topology
    shape = next((shape for shape in SHAPES if shape.name == topology.kind), None)
    if (
        changed_options(maze)
        or topology.mask is not None
        or maze.algorithm not in ALGORITHMS
        or shape is None
        or endpoints not in ENDPOINT_IDS
        or maze.seed is None
        or round(maze.braid * 100) != maze.braid * 100
        or round(maze.weave * 100) != maze.weave * 100
    ):
        return None
    size = topology.dimensions
    if (
        max(size).bit_length() > (1 << _SIZE_LENGTH_BITS) - 1
        or maze.seed.bit_length() > (1 << _SEED_LENGTH_BITS) - 1
    ):
        return None
    version = VERSION if shape.code_id < 1 << _SHAPE_BITS[VERSION] else WIDE_SHAPES_VERSION
    if maze.weave:
        version = WEAVE_VERSION
    bits = _Bits()
    bits.put(version, _VERSION_BITS)
    bits.put(ALGORITHMS[maze.algorithm].code_id, _ALGORITHM_BITS)
    bits.put(shape.code_id, _SHAPE_BITS[version])
    bits.put(ENDPOINT_IDS.index(endpoints), _ENDPOINT_BITS)
    bits.put(1 if maze.braid else 0, 1)
    if maze.braid:
        bits.put(round(maze.braid * 100), _BRAID_BITS)
    if version == WEAVE_VERSION:
        bits.put(round(maze.weave * 100), _BRAID_BITS)
    for number in size:
        bits.put_number(number, _SIZE_LENGTH_BITS)
    bits.put_number(maze.seed, _SEED_LENGTH_BITS)
    digits = bits.digits()
    digits += _check(digits)
    text = "".join(ALPHABET[d] for d in digits)
    return "-".join(text[i : i + GROUP] for i in range(0, len(text), GROUP))


def read_code(code: str) -> CodeParts:
    """The recipe ``code`` carries; a code with a typo is an error saying so."""
    cleaned = "".join(code.upper().replace("-", " ").split())
    wrong = sorted({c for c in cleaned if c not in _READ})
    if wrong:
        raise BookmakerError(
            f"--code: '{code}' has characters no code uses: {' '.join(wrong)} "
            "(codes use the digits and the letters but I, L, O and U)"
        )
    if len(cleaned) < 4:
        raise BookmakerError(f"--code: '{code}' is too short to be a code")
    digits = [_READ[c] for c in cleaned]
    if _check(digits[:-CHECK_DIGITS]) != digits[-CHECK_DIGITS:]:
        raise BookmakerError(
            f"--code: '{code}' does not add up: a character is mistyped or two "
            "are swapped; copy it again from the page"
        )
    bits = _Bits.of(digits[:-CHECK_DIGITS])
    try:
        version = bits.take(_VERSION_BITS)
        if version not in _SHAPE_BITS:
            raise BookmakerError(
                f"--code: '{code}' is a version {version} code; this bookmaker reads versions "
                f"{' and '.join(map(str, _SHAPE_BITS))}"
            )
        algorithm = _ALGORITHM_BY_ID[bits.take(_ALGORITHM_BITS)]
        shape = _shape(code, bits.take(_SHAPE_BITS[version]))
        endpoints = ENDPOINT_IDS[bits.take(_ENDPOINT_BITS)]
        braid = bits.take(_BRAID_BITS) / 100 if bits.take(1) else 0.0
        weave = bits.take(_BRAID_BITS) / 100 if version == WEAVE_VERSION else 0.0
        width = bits.take_number(_SIZE_LENGTH_BITS)
        height = 0 if shape.takes_rings else bits.take_number(_SIZE_LENGTH_BITS)
        seed = bits.take_number(_SEED_LENGTH_BITS)
    except (IndexError, KeyError, ValueError):
        raise BookmakerError(f"--code: '{code}' is not a code bookmaker wrote") from None
    if bits.rest():
        raise BookmakerError(f"--code: '{code}' is not a code bookmaker wrote")
    return CodeParts(algorithm, shape.name, width, height, seed, endpoints, braid, weave)


def _shape(code: str, code_id: int) -> Shape:
    """The shape numbered ``code_id``; a number no shape has is a code from a newer bookmaker."""
    try:
        return _SHAPE_BY_ID[code_id]
    except KeyError:
        raise BookmakerError(
            f"--code: '{code}' is of a shape this bookmaker does not know (number {code_id}); "
            "a newer bookmaker may read it"
        ) from None


def _check(digits: list[int]) -> list[int]:
    total = sum(weight * digit for weight, digit in enumerate(digits, start=1)) % CHECK_PRIME
    return [total >> 5, total & 31]


class _Bits:
    """A bit string written and read most significant bit first."""

    def __init__(self) -> None:
        self.value = 0
        self.length = 0
        self.read = 0

    @classmethod
    def of(cls, digits: list[int]) -> _Bits:
        bits = cls()
        for digit in digits:
            bits.put(digit, 5)
        return bits

    def put(self, number: int, width: int) -> None:
        if not 0 <= number < 1 << width:
            raise ValueError(f"{number} does not fit {width} bits")
        self.value = self.value << width | number
        self.length += width

    def put_number(self, number: int, length_bits: int) -> None:
        """``number``'s bit length, then its bits: small numbers take few."""
        self.put(number.bit_length(), length_bits)
        self.put(number, number.bit_length())

    def digits(self) -> list[int]:
        """Base-32 digits, padded with zero bits at the end."""
        pad = -self.length % 5
        value, count = self.value << pad, (self.length + pad) // 5
        return [value >> 5 * (count - 1 - i) & 31 for i in range(count)]

    def take(self, width: int) -> int:
        if self.read + width > self.length:
            raise IndexError("the code ends too soon")
        self.read += width
        return self.value >> (self.length - self.read) & ((1 << width) - 1)

    def take_number(self, length_bits: int) -> int:
        return self.take(self.take(length_bits))

    def rest(self) -> bool:
        """Bits left that are not the zero padding of the last digit."""
        left = self.length - self.read
        return left >= 5 or self.value & ((1 << left) - 1) != 0
