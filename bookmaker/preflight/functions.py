"""PDF functions (ISO 32000-1, 7.10), evaluated: the colours a shading paints.

    colours = shading_colours(shading)   # [[r, g, b], ...], or None if they cannot be told

A shading gives its colours through a function of one input (axial, radial and
mesh shadings' t) or two (function-based shadings' x and y): sampled (type 0),
exponential (type 2), stitching (type 3) or PostScript calculator (type 4), or
one such function per colour component. The colours are taken at every point
where a piecewise function changes piece (a stitching bound, a sample), which
for linear pieces decides any question a convex set of colours answers (all
grey, say), and on an even grid between them for the curves of exponents and
calculators. A file can make any of this huge or broken: every count is
bounded, and what cannot be read gives None.
"""

from __future__ import annotations

import math
import operator
from collections.abc import Callable

from pypdf.generic import StreamObject

from .objects import as_list, as_number, resolve

GRID = 65  # even points across a domain (per input), besides each function's own breakpoints
MAX_POINTS = 4096  # inputs evaluated per shading, at most
MAX_SAMPLES = 1 << 16  # samples of a sampled function read, at most
MAX_DEPTH = 8  # stitching functions nested
MAX_OPERATIONS = 10_000  # a calculator function's operations per evaluation


class UnreadableFunction(Exception):
    """A function this module cannot evaluate."""


def shading_colours(shading: dict) -> list[list[float]] | None:
    """The colours ``shading`` paints, at enough of its inputs to decide any question a
    convex set of colours answers; None if its function cannot be evaluated. A mesh
    shading without a function lists its colours per vertex in its stream: None."""
    function = resolve(shading.get("/Function"))
    if function is None:
        return None
    kind = as_number(shading.get("/ShadingType"), 0)
    inputs = 2 if kind == 1 else 1
    domain = _numbers(shading.get("/Domain")) or [0.0, 1.0] * inputs
    if len(domain) != 2 * inputs:
        return None
    try:
        parts = (
            [_compile(f, 0) for f in function[:32]] if isinstance(function, list) else [_compile(function, 0)]
        )
        axes = []
        for axis in range(inputs):
            low, high = domain[2 * axis], domain[2 * axis + 1]
            steps = GRID if inputs == 1 else 33  # a 33 x 33 grid for two inputs
            points = {low + (high - low) * k / (steps - 1) for k in range(steps)}
            if inputs == 1:
                for part in parts:
                    points |= {p for p in part.breaks if low <= p <= high}
            axes.append(sorted(points)[:MAX_POINTS])
        grid = [[t] for t in axes[0]] if inputs == 1 else [[x, y] for x in axes[0] for y in axes[1]]
        colours = [[float(v) for part in parts for v in part(point)] for point in grid[:MAX_POINTS]]
    except (UnreadableFunction, ArithmeticError, ValueError, TypeError, IndexError, RecursionError):
        return None
    return colours if all(math.isfinite(v) for colour in colours for v in colour) else None


class _Function:
    """A compiled function: called on its inputs, it gives its outputs; ``breaks``: the
    inputs (of a one-input function) where it changes piece."""

    def __init__(self, evaluate: Callable[[list[float]], list[float]], breaks: set[float]):
        self.evaluate = evaluate
        self.breaks = breaks

    def __call__(self, inputs: list[float]) -> list[float]:
        return self.evaluate(inputs)


def _compile(function, depth: int) -> _Function:
    function = resolve(function)
    if not isinstance(function, dict) or depth > MAX_DEPTH:
        raise UnreadableFunction("not a function")
    kind = as_number(function.get("/FunctionType"), -1)
    domain = _numbers(function.get("/Domain"))
    if len(domain) < 2 or len(domain) % 2:
        raise UnreadableFunction("no domain")
    range_ = _numbers(function.get("/Range"))
    if kind == 0:
        compiled = _sampled(function, domain, range_)
    elif kind == 2:
        compiled = _exponential(function)
    elif kind == 3:
        compiled = _stitching(function, domain, depth)
    elif kind == 4:
        compiled = _calculator(function, range_)
    else:
        raise UnreadableFunction(f"function type {kind}")

    def clipped(inputs: list[float]) -> list[float]:
        inputs = [_clip(x, domain[2 * i], domain[2 * i + 1]) for i, x in enumerate(inputs)]
        outputs = compiled(inputs)
        if range_:
            outputs = [_clip(y, range_[2 * i], range_[2 * i + 1]) for i, y in enumerate(outputs)]
        return outputs

    return _Function(clipped, compiled.breaks | {domain[0], domain[1]})


def _exponential(function: dict) -> _Function:
    c0 = _numbers(function.get("/C0")) or [0.0]
    c1 = _numbers(function.get("/C1")) or [1.0]
    exponent = as_number(function.get("/N"), 1.0)
    if len(c0) != len(c1):
        raise UnreadableFunction("C0 and C1 differ in length")

    def evaluate(inputs: list[float]) -> list[float]:
        if inputs[0] < 0 and exponent != int(exponent):
            raise UnreadableFunction("a fractional power of a negative input")
        power = inputs[0] ** exponent
        return [a + power * (b - a) for a, b in zip(c0, c1, strict=True)]

    return _Function(evaluate, set())


def _stitching(function: dict, domain: list[float], depth: int) -> _Function:
    parts = [_compile(f, depth + 1) for f in as_list(function.get("/Functions"))[:64]]
    bounds = _numbers(function.get("/Bounds"))
    encode = _numbers(function.get("/Encode"))
    if not parts or len(bounds) != len(parts) - 1 or len(encode) != 2 * len(parts):
        raise UnreadableFunction("a stitching function's arrays disagree")
    edges = [domain[0], *bounds, domain[1]]

    def locate(x: float) -> tuple[int, float]:
        k = sum(1 for bound in bounds if x >= bound)
        low, high = edges[k], edges[k + 1]
        e0, e1 = encode[2 * k], encode[2 * k + 1]
        return k, e0 if high == low else e0 + (x - low) * (e1 - e0) / (high - low)

    def evaluate(inputs: list[float]) -> list[float]:
        k, x = locate(inputs[0])
        return parts[k]([x])

    # Each part's own breakpoints, mapped back from its encoded input, and just
    # below each bound, where the part before it ends.
    breaks = set(edges) | {math.nextafter(bound, -math.inf) for bound in bounds}
    for k, part in enumerate(parts):
        low, high, e0, e1 = edges[k], edges[k + 1], encode[2 * k], encode[2 * k + 1]
        if e1 != e0:
            breaks |= {low + (b - e0) * (high - low) / (e1 - e0) for b in part.breaks}
    return _Function(evaluate, {b for b in breaks if edges[0] <= b <= edges[-1]})


def _sampled(function: dict, domain: list[float], range_: list[float]) -> _Function:
    if not isinstance(function, StreamObject):
        raise UnreadableFunction("a sampled function is no stream")
    size = [int(s) for s in _numbers(function.get("/Size"))]
    bits = int(as_number(function.get("/BitsPerSample"), 0))
    inputs, outputs = len(domain) // 2, len(range_) // 2
    if len(size) != inputs or not outputs or bits not in (1, 2, 4, 8, 12, 16, 24, 32) or min(size) < 1:
        raise UnreadableFunction("a sampled function's size, range or bits")
    count = math.prod(size)
    if count * outputs > MAX_SAMPLES:
        raise UnreadableFunction("too many samples")
    encode = _numbers(function.get("/Encode")) or [v for s in size for v in (0, s - 1)]
    decode = _numbers(function.get("/Decode")) or range_
    data = function.get_data()
    top = (1 << bits) - 1
    samples = []
    for k in range(count * outputs):
        start = k * bits
        first, end = start // 8, (start + bits + 7) // 8
        chunk = data[first:end]
        if len(chunk) < end - first:
            raise UnreadableFunction("a sampled function's data ends early")
        value = (int.from_bytes(chunk, "big") >> (8 * len(chunk) - start % 8 - bits)) & top
        j = k % outputs
        samples.append(decode[2 * j] + value * (decode[2 * j + 1] - decode[2 * j]) / top)

    def node(index: list[int]) -> list[float]:
        offset, stride = 0, 1
        for i, s in zip(index, size, strict=True):
            offset += i * stride
            stride *= s
        return samples[offset * outputs : (offset + 1) * outputs]

    def evaluate(values: list[float]) -> list[float]:
        # multilinear interpolation between the nodes around the encoded input
        position = []
        for i, x in enumerate(values):
            low, high = domain[2 * i], domain[2 * i + 1]
            e = encode[2 * i] + (x - low) * (encode[2 * i + 1] - encode[2 * i]) / ((high - low) or 1.0)
            position.append(_clip(e, 0, size[i] - 1))
        result = [0.0] * outputs
        for corner in range(1 << inputs):
            weight, index = 1.0, []
            for i, e in enumerate(position):
                base = min(int(e), size[i] - 1)
                upper = corner >> i & 1
                if upper and base + 1 >= size[i]:
                    weight = 0.0
                    break
                index.append(base + upper)
                weight *= (e - base) if upper else (1 - (e - base))
            if weight:
                result = [r + weight * v for r, v in zip(result, node(index), strict=True)]
        return result

    breaks: set[float] = set()
    if inputs == 1 and encode[1] != encode[0]:
        low, high = domain
        breaks = {low + (n - encode[0]) * (high - low) / (encode[1] - encode[0]) for n in range(size[0])}
    return _Function(evaluate, breaks)


# --- type 4: the PostScript calculator ----------------------------------------------------

_BINARY: dict[str, Callable[[float, float], float]] = {
    "add": operator.add,
    "sub": operator.sub,
    "mul": operator.mul,
    "div": operator.truediv,
    "idiv": lambda a, b: float(int(a / b)),
    "mod": lambda a, b: float(math.fmod(int(a), int(b))),
    "atan": lambda a, b: math.degrees(math.atan2(a, b)) % 360,
    "exp": operator.pow,
    "eq": lambda a, b: a == b,
    "ne": lambda a, b: a != b,
    "gt": operator.gt,
    "ge": operator.ge,
    "lt": operator.lt,
    "le": operator.le,
    "and": lambda a, b: (a and b) if isinstance(a, bool) else float(int(a) & int(b)),
    "or": lambda a, b: (a or b) if isinstance(a, bool) else float(int(a) | int(b)),
    "xor": lambda a, b: (a != b) if isinstance(a, bool) else float(int(a) ^ int(b)),
    "bitshift": lambda a, b: float(int(a) << int(b) if b >= 0 else int(a) >> -int(b)),
}
_UNARY: dict[str, Callable[[float], float]] = {
    "abs": abs,
    "neg": operator.neg,
    "ceiling": lambda a: float(math.ceil(a)),
    "floor": lambda a: float(math.floor(a)),
    "round": lambda a: float(math.floor(a + 0.5)),
    "truncate": lambda a: float(math.trunc(a)),
    "sqrt": math.sqrt,
    "sin": lambda a: math.sin(math.radians(a)),
    "cos": lambda a: math.cos(math.radians(a)),
    "ln": math.log,
    "log": math.log10,
    "cvi": lambda a: float(math.trunc(a)),
    "cvr": float,
    "not": lambda a: (not a) if isinstance(a, bool) else float(~int(a)),
}


def _calculator(function: dict, range_: list[float]) -> _Function:
    if not isinstance(function, StreamObject) or not range_:
        raise UnreadableFunction("a calculator function is no stream, or has no range")
    program = _parse_program(function.get_data().decode("latin-1"))
    outputs = len(range_) // 2

    def evaluate(inputs: list[float]) -> list[float]:
        stack: list = list(inputs)
        _run(program, stack, [0])
        if len(stack) < outputs:
            raise UnreadableFunction("a calculator function leaves too few results")
        return [float(v) for v in stack[-outputs:]]

    return _Function(evaluate, set())


def _parse_program(text: str) -> list:
    tokens = text.replace("{", " { ").replace("}", " } ").split()
    if not tokens or tokens[0] != "{":
        raise UnreadableFunction("a calculator function's program is not braced")
    program, end = _block(tokens, 1)
    if end != len(tokens):
        raise UnreadableFunction("text after a calculator function's program")
    return program


def _block(tokens: list[str], at: int, depth: int = 0) -> tuple[list, int]:
    if depth > MAX_DEPTH * 4:
        raise UnreadableFunction("a calculator function's braces nest too deep")
    block: list = []
    while at < len(tokens):
        token = tokens[at]
        if token == "}":
            return block, at + 1
        if token == "{":
            inner, at = _block(tokens, at + 1, depth + 1)
            block.append(inner)
            continue
        if token in ("true", "false"):
            block.append(token == "true")
        elif token[0].isdigit() or token[0] in "+-.":
            block.append(float(token))
        else:
            block.append(token)
        at += 1
    raise UnreadableFunction("a calculator function's braces do not close")


def _run(program: list, stack: list, spent: list[int]) -> None:
    for item in program:
        spent[0] += 1
        if spent[0] > MAX_OPERATIONS:
            raise UnreadableFunction("a calculator function runs too long")
        if not isinstance(item, str):
            stack.append(item)
        elif item in _BINARY:
            b, a = stack.pop(), stack.pop()
            stack.append(_BINARY[item](a, b))
        elif item in _UNARY:
            stack.append(_UNARY[item](stack.pop()))
        elif item == "dup":
            stack.append(stack[-1])
        elif item == "pop":
            stack.pop()
        elif item == "exch":
            stack[-1], stack[-2] = stack[-2], stack[-1]
        elif item == "copy":
            n = int(stack.pop())
            stack.extend(stack[len(stack) - n :] if n else [])
        elif item == "index":
            stack.append(stack[-1 - int(stack.pop())])
        elif item == "roll":
            j, n = int(stack.pop()), int(stack.pop())
            if n:
                top = stack[len(stack) - n :]
                j %= n
                stack[len(stack) - n :] = top[n - j :] + top[: n - j]
        elif item == "if":
            block, condition = stack.pop(), stack.pop()
            if condition is True:
                _run(block, stack, spent)
        elif item == "ifelse":
            otherwise, block, condition = stack.pop(), stack.pop(), stack.pop()
            _run(block if condition is True else otherwise, stack, spent)
        else:
            raise UnreadableFunction(f"calculator operator {item}")


def _numbers(obj) -> list[float]:
    values = [as_number(v, math.nan) for v in as_list(obj)]
    return values if all(map(math.isfinite, values)) else []


def _clip(value: float, low: float, high: float) -> float:
    return min(max(value, low), high)
