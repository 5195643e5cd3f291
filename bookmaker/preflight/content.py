"""A fast tokenizer for PDF content streams.

    operations = parse(b"q 1 0 0 1 72 72 cm /F1 12 Tf [(Hi) -20 (!)] TJ Q")
    # [([], b"q"), ([1, 0, 0, 1, 72, 72], b"cm"), (["/F1", 12], b"Tf"),
    #  ([[b"Hi", -20, b"!"]], b"TJ"), ([], b"Q")]

It returns what pypdf's ``ContentStream.operations`` does, in plain Python
values: numbers are ``int`` or ``float``, names ``str`` with their slash
(``"/F1"``, ``#xx`` escapes decoded), strings ``bytes`` (escapes applied),
arrays ``list`` and dictionaries ``dict``; ``true``/``false``/``null`` inside
them are ``True``/``False``/``None``. An inline image becomes one operation
``({"settings": {...}, "data": b"..."}, b"INLINE IMAGE")``. As with pypdf, a
word that starts with a letter is an operator wherever it stands outside an
array or dictionary. Strings follow the PDF reference where pypdf does not:
an unknown escape drops its backslash, octal escapes over 255 wrap, and an
unescaped CR or CR LF in a string reads as LF.

An inline image's data ends where its settings say (a PDF 2.0 /L, or the
size of unfiltered samples), or at the end-of-data marker of ASCII filters,
if an EI follows there; otherwise at the first EI that has whitespace before
it and what reads as content, not binary data, after it.

With ``path_runs=True``, each run of two or more consecutive ``x y m`` and
``x y l`` operations (a drawing's bulk: a maze is thousands of wall segments)
comes as one ``(PathRun(xs, ys, moves), PATH_RUN)`` instead: the points'
coordinates as floats, and in ``moves`` the indices of those an ``m`` put down.
Two or more paths in a row that are each made of ``m`` and ``l`` alone and
stroked by ``S`` (each line stroked on its own, as many exporters write
them), with any ``n`` between them, come as one ``(StrokeRun(xs, ys, moves,
paths), STROKE_RUN)``: ``paths`` holds the index of each path's first point.
So do two or more such paths in a row that are each stroked in a state of
their own, ``q x w x y m x y l S Q`` (the width is optional), as exporters that
save and restore the state around every object write them: their StrokeRun's
``widths`` then gives each path's width (None where the path keeps the one
in effect), where a run of plain strokes has None. A StrokeRun never starts
while a path is under construction (anywhere after ``m``, ``l``, ``c``, ``v``,
``y``, ``h``, ``re``, ``W`` or ``W*`` and before the operator that paints or
ends the path), so each of its paths is whole.

Most of a drawing's content is numbers and operators separated by spaces, so
the stream is cut at the few bytes that start anything else (strings, hex
strings, arrays, dictionaries, comments, inline images) and the plain runs in
between are split on whitespace in C. A run of words becomes a string of
one-byte codes (what each word is depends only on its shape, its digits all
read as 0, and each distinct shape is classified once), in which C-level
scans find the operators and a regular expression the runs of paths, so that
Python loops once per operation, or once per run; each distinct word's value
is worked out once too, and both are remembered across streams.

Whatever this tokenizer does not understand (a stray ``)``, a malformed
number, an unterminated string...) raises :class:`Unsupported`, and the caller
falls back to pypdf's parser, which then reads or rejects the stream as it
always did.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from itertools import compress
from typing import Any, NamedTuple, TypeGuard

__all__ = ["PATH_RUN", "STROKE_RUN", "PathRun", "StrokeRun", "Unsupported", "parse"]

WHITESPACE = b"\x00\t\n\x0c\r "
_WS = rb"\x00\t\n\x0c\r "
_DELIMITERS = rb"()<>\[\]{}/%"
MAX_DEPTH = 100  # nesting of arrays and dictionaries
MAX_WORD = 100  # bytes in a number, name or operator; longer ones are left to pypdf


class Unsupported(ValueError):
    """The stream holds something this tokenizer does not handle."""


# Where a plain run ends: the start of a string, hex string, dictionary,
# array, comment, or anything else that needs care.
_SPECIAL = re.compile(rb"[()<>\[\]{}%]")
# ... and the same for streams that contain an inline image. "BI" counts only
# as a word of its own; a name /BI stays a name.
_SPECIAL_BI = re.compile(
    rb"[()<>\[\]{}%]|(?<![^" + _WS + rb"()<>\[\]{}%])BI(?![^" + _WS + _DELIMITERS + rb"])"
)
_NUMBER = re.compile(rb"[+-]?(?:[0-9]+\.?[0-9]*|\.[0-9]+)\Z")
# One token inside an array, a dictionary or an inline image's settings,
# after any whitespace and comments.
_TOKEN = re.compile(
    rb"[" + _WS + rb"]*(?:%[^\r\n]*[" + _WS + rb"]*)*"
    rb"(?:(?P<num>[+-]?(?:[0-9]+\.?[0-9]*|\.[0-9]+))(?![^" + _WS + _DELIMITERS + rb"])"
    rb"|(?P<name>/[^" + _WS + _DELIMITERS + rb"]*)"
    rb"|(?P<open><<|[\[(<])"
    rb"|(?P<close>>>|\])"
    rb"|(?P<word>[^" + _WS + _DELIMITERS + rb"]+)"
    rb"|(?P<end>\Z))"
)
_STRING_STOP = re.compile(rb"[()\\\r]")
_HEX = re.compile(rb"[0-9A-Fa-f" + _WS + rb"]*>")
_ESCAPES = {
    ord("n"): b"\n",
    ord("r"): b"\r",
    ord("t"): b"\t",
    ord("b"): b"\b",
    ord("f"): b"\f",
    ord("("): b"(",
    ord(")"): b")",
    ord("\\"): b"\\",
}
_WORDS = {b"true": True, b"false": False, b"null": None}
_OPERATOR = object()  # the classification of a word that is an operator


PATH_RUN = b"m/l"  # no operator can contain a slash
STROKE_RUN = b"m/l/S"


class PathRun(NamedTuple):
    """Consecutive ``x y m`` / ``x y l`` operations, as one."""

    xs: list[float]
    ys: list[float]
    moves: list[int]  # which points begin a subpath


class StrokeRun(NamedTuple):
    """Consecutive paths of ``x y m`` / ``x y l`` operations, each stroked by ``S``;
    with ``widths``, each between ``q`` and ``Q``, at that width if it is not None."""

    xs: list[float]
    ys: list[float]
    moves: list[int]  # which points begin a subpath
    paths: list[int]  # which points begin a stroked path
    widths: list[float | None] | None = None  # each path's own line width, if the paths are saved


class _Glued(list):
    """Several tokens written without space between them, as ``cs/GS0`` or
    ``/A/B``: a list of (operator or None, operand)."""


def parse(data: bytes, path_runs: bool = False, floats: Floats | None = None) -> list[tuple[Any, bytes]]:
    """The operations of the content stream ``data``: (operands, operator)
    pairs; runs of ``m`` and ``l`` collapsed into PathRuns if ``path_runs``, their
    coordinates' floats remembered in ``floats`` (one table for a document's streams)."""
    ops: list[tuple[Any, bytes]] = []
    operands: list[Any] = []
    under_way = False  # whether a path is under construction
    special = _SPECIAL_BI if b"BI" in data else _SPECIAL
    search = special.search
    size = len(data)
    pos = 0
    while pos < size:
        match = search(data, pos)
        end = match.start() if match else size
        if end > pos:
            chunk = data[pos:end]
            if b"\x00" in chunk:  # whitespace to PDF, but not to bytes.split
                chunk = chunk.replace(b"\x00", b" ")
            if b"\x0b" in chunk:  # the other way round
                raise Unsupported("a vertical tab")
            operands, under_way = _plain(chunk, operands, ops, path_runs, under_way, floats)
        if match is None:
            break
        char = data[end]
        if char == 0x25:  # % comment: to the end of the line
            newline = _line_end(data, end)
            pos = newline if newline >= 0 else size
        elif char == 0x42:  # BI, an inline image
            if operands:
                raise Unsupported("operands before BI")
            image, pos = _inline_image(data, end + 2)
            ops.append((image, b"INLINE IMAGE"))
        elif char in b"([<":
            value, pos = _object(data, end, 0)
            operands.append(value)
        else:  # ) ] > { } where no object can start
            raise Unsupported(f"unexpected {chr(char)!r} at byte {end}")
    return ops


# What each word is, as one byte, so that whole runs of words can be
# inspected in C: a number, a name, the operators m and l, S, n, the other
# operators that build a path or clip, those that paint one, q, Q, w, any
# other operator, or several tokens glued together.
NUMBER, NAME, MOVE, LINE, OPERATOR, GLUED, STROKE, END_PATH, BUILD, PAINT, SAVE, RESTORE, WIDTH = range(13)
_CODES = {
    b"m": MOVE,
    b"l": LINE,
    b"S": STROKE,
    b"n": END_PATH,
    b"q": SAVE,
    b"Q": RESTORE,
    b"w": WIDTH,
    **dict.fromkeys([b"c", b"v", b"y", b"h", b"re", b"W", b"W*"], BUILD),
    **dict.fromkeys([b"s", b"f", b"F", b"f*", b"B", b"B*", b"b", b"b*"], PAINT),
}
_IS_OPERATOR = bytes(
    code in (MOVE, LINE, OPERATOR, STROKE, END_PATH, BUILD, PAINT, SAVE, RESTORE, WIDTH)
    for code in range(256)
)
_IS_MOVE = bytes(code == MOVE for code in range(256))
_IS_NUMBER = bytes(code == NUMBER for code in range(256))
# Codes that start or continue a path (1) and that end one (2).
_PATH_STATE = bytes(
    1 if code in (MOVE, LINE, BUILD) else 2 if code in (STROKE, END_PATH, PAINT) else 0 for code in range(256)
)
# Not after an operand (which would make the first m or l take three): two
# or more paths "x y m (x y m|l)* x y l S n?", or two or more such paths
# "q (x w)? ... S Q", or else two or more "x y m" / "x y l" in a row.
_PATH = rb"\x00\x00\x02(?:\x00\x00[\x02\x03])*\x00\x00\x03"
_RUN = re.compile(
    rb"(?<![\x00\x01])(?:"
    rb"(?P<strokes>(?:" + _PATH + rb"\x06\x07?){2,})"
    rb"|(?P<saved>(?:\x0a(?:\x00\x0c)?" + _PATH + rb"\x06\x0b){2,})"
    rb"|(?:\x00\x00[\x02\x03]){2,})"
)


def _still_under_way(codes: bytes, under_way: bool) -> bool:
    """Whether a path is under construction after ``codes``, given whether
    one was before them."""
    state = codes.translate(_PATH_STATE)
    started, ended = state.rfind(1), state.rfind(2)
    return under_way if started == ended else started > ended


# In a StrokeRun's codes with all but m, l and S taken out, an S then an m:
# the m begins a new stroked path. FIRST marks such an m. In the codes of saved
# paths, WIDTH_OPERAND marks the number before each w.
FIRST, WIDTH_OPERAND = 0x50, 0x51
_IS_FIRST = bytes(code == FIRST for code in range(256))
_IS_MOVE_OR_FIRST = bytes(code in (MOVE, FIRST) for code in range(256))
_IS_WIDTH_OPERAND = bytes(code == WIDTH_OPERAND for code in range(256))
_NOT_POINTS = bytes([NUMBER, END_PATH, SAVE, RESTORE, WIDTH, WIDTH_OPERAND])
_NOT_SAVE_OR_WIDTH = bytes(code for code in range(256) if code not in (SAVE, WIDTH))


class _Vocabulary:
    """Every distinct word seen (most streams repeat a few hundred): its
    value; and every distinct shape of word (its digits all read as 0): its
    code. The scans of whole runs need only codes, and a drawing's thousands
    of distinct coordinates have a few dozen shapes, which stay in cache."""

    LIMIT = 1 << 16

    def __init__(self) -> None:
        self.kinds: dict[bytes, Any] = {}  # the value, _OPERATOR, or a _Glued list
        self.codes: dict[bytes, int] = {}

    def codes_of(self, shapes: list[bytes]) -> bytes:
        try:
            return bytes(map(self.codes.__getitem__, shapes))
        except KeyError:
            for shape in shapes:
                if shape not in self.codes:
                    self.codes[shape] = _code(shape, _classify(shape))
            return bytes(map(self.codes.__getitem__, shapes))

    def values_of(self, words: list[bytes]) -> list[Any]:
        try:
            return list(map(self.kinds.__getitem__, words))
        except KeyError:
            for word in words:
                if word not in self.kinds:
                    self.kinds[word] = _classify(word)
            return list(map(self.kinds.__getitem__, words))

    def full(self) -> bool:
        return len(self.kinds) > self.LIMIT or len(self.codes) > self.LIMIT


_vocabulary = _Vocabulary()


class Floats:
    """A document's table of coordinates read as floats: float() of bytes costs five dict
    lookups, and a drawing repeats its coordinates over and over. At most KEPT are kept: a
    drawing's few thousand fit, where random ones (an exporter's 1,500 lines a page) would
    fill any table; once full, runs that miss outnumbering those found whole by SLACK,
    the table is shut and runs read afresh, as looking them up no longer pays."""

    KEPT = 20_000
    SLACK = 8

    def __init__(self) -> None:
        self.values: dict[bytes, float] = {}
        self.balance = 0  # once full: runs found whole less those that missed
        self.open = True

    def of(self, numbers: Iterable[bytes]) -> list[float]:
        """``float(number)`` of each of ``numbers`` (words the codes call numbers)."""
        if not self.open:
            return list(map(float, numbers))
        numbers = list(numbers)
        full = len(self.values) >= self.KEPT
        try:
            found = list(map(self.values.__getitem__, numbers))
        except KeyError:  # a new coordinate: the run read afresh, in C
            values = list(map(float, numbers))
            if not full:
                self.values.update(zip(numbers, values, strict=True))
            else:
                self.balance -= 1
                self.open = self.balance > -self.SLACK
            return values
        self.balance += full
        return found


def _floats(numbers: Iterable[bytes], floats: Floats | None) -> list[float]:
    return list(map(float, numbers)) if floats is None else floats.of(numbers)


# A word's shape: the classification of a word depends on where its digits
# stand, never on which digits they are.
_SHAPE = bytes.maketrans(b"123456789", b"000000000")


def _code(word: bytes, kind: Any) -> int:
    if kind is _OPERATOR:
        return _CODES.get(word, OPERATOR)
    if kind.__class__ is _Glued:
        return GLUED
    return NAME if kind.__class__ is str else NUMBER


def _plain(
    chunk: bytes,
    operands: list[Any],
    ops: list[tuple[Any, bytes]],
    path_runs: bool,
    under_way: bool,
    floats: Floats | None = None,
) -> tuple[list[Any], bool]:
    """Add the operations of a run of plain words to ``ops``, the first taking
    ``operands`` (pending from before the run) too; return the operands left
    pending at its end, and whether a path is under construction there
    (``under_way``: before it)."""
    global _vocabulary
    vocabulary = _vocabulary  # one for the whole run, whatever other threads do
    if vocabulary.full():
        vocabulary = _vocabulary = _Vocabulary()
    words = chunk.split()
    codes = vocabulary.codes_of(chunk.translate(_SHAPE).split())
    if GLUED in codes:  # a glued word may hide a path operator: assume a path is under way
        return _word_by_word(words, vocabulary.values_of(words), operands, ops), True
    done = 0  # the words before this one are in ops
    if path_runs and (MOVE in codes or LINE in codes):  # every run has an m or an l; text has neither
        for run in _RUN.finditer(codes):
            start, end = run.span()
            if start == 0 and operands:
                continue  # the first m or l would take these too
            under_way = _still_under_way(codes[done:start], under_way)
            saved = run.group("saved") is not None
            strokes = saved or run.group("strokes") is not None
            if strokes and under_way:  # the first S strokes the path under way too: leave that path out
                start = codes.index(STROKE, start) + 1
                start += codes.startswith(bytes([RESTORE if saved else END_PATH]), start)
                if codes.count(STROKE, start, end) < 2:
                    continue
            operands = _region(words, codes, done, start, operands, ops, vocabulary)  # leaves none
            if strokes:
                ops.append((_stroke_run(words[start:end], codes[start:end], saved, floats), STROKE_RUN))
            else:
                moves = list(
                    compress(range((end - start) // 3), codes[start + 2 : end : 3].translate(_IS_MOVE))
                )
                xs, ys = (
                    _floats(words[start:end:3], floats),
                    _floats(words[start + 1 : end : 3], floats),
                )
                ops.append((PathRun(xs, ys, moves), PATH_RUN))
            under_way = not strokes
            done = end
    under_way = _still_under_way(codes[done:], under_way)
    return _region(words, codes, done, len(words), operands, ops, vocabulary), under_way


def _stroke_run(words: list[bytes], codes: bytes, saved: bool, floats: Floats | None) -> StrokeRun:
    """The StrokeRun of ``words``, whose ``codes`` the regular expression matched
    (``saved``: as paths each between q and Q)."""
    widths: list[float | None] | None = None
    if saved:  # the operand of each w is a width, not a coordinate
        codes = codes.replace(bytes([NUMBER, WIDTH]), bytes([WIDTH_OPERAND, WIDTH]))
        given: list[float | None] = list(map(float, compress(words, codes.translate(_IS_WIDTH_OPERAND))))
        if len(given) == codes.count(SAVE):
            widths = given
        else:  # some paths keep the width in effect: one code a path, 1 where it sets its own
            own = codes.translate(None, _NOT_SAVE_OR_WIDTH).replace(bytes([SAVE, WIDTH]), b"\x01")
            values = iter(given)
            widths = [None if code == SAVE else next(values) for code in own]
    numbers = _floats(compress(words, codes.translate(_IS_NUMBER)), floats)
    # One code a point, the first of each stroked path marked FIRST.
    points = (
        bytes([FIRST])
        + codes.translate(None, _NOT_POINTS)
        .replace(bytes([STROKE, MOVE]), bytes([FIRST]))
        .translate(None, bytes([STROKE]))[1:]
    )
    moves = list(compress(range(len(points)), points.translate(_IS_MOVE_OR_FIRST)))
    paths = list(compress(range(len(points)), points.translate(_IS_FIRST)))
    return StrokeRun(numbers[0::2], numbers[1::2], moves, paths, widths)


def _region(
    words: list[bytes],
    codes: bytes,
    start: int,
    end: int,
    operands: list[Any],
    ops: list[tuple[Any, bytes]],
    vocabulary: _Vocabulary,
) -> list[Any]:
    """Add the operations of ``words[start:end]`` to ``ops``, as _plain does."""
    if start == end:
        return operands
    values = vocabulary.values_of(words[start:end])
    at = list(compress(range(end - start), codes[start:end].translate(_IS_OPERATOR)))
    if not at:
        return operands + values
    ops.append((operands + values[: at[0]], words[start + at[0]]))
    after = at[0] + 1
    for i in at[1:]:
        ops.append((values[after:i], words[start + i]))
        after = i + 1
    return values[after:]


def _word_by_word(
    words: list[bytes], kinds: list[Any], operands: list[Any], ops: list[tuple[Any, bytes]]
) -> list[Any]:
    """_plain for runs with glued words, as ``cs/GS0``: ``kinds`` are the words' values."""
    for word, kind in zip(words, kinds, strict=True):
        if kind is _OPERATOR:
            ops.append((operands, word))
            operands = []
        elif kind.__class__ is _Glued:
            for operator, value in kind:
                if operator is None:
                    operands.append(value)
                else:
                    ops.append((operands, operator))
                    operands = []
        else:
            operands.append(kind)
    return operands


def _line_end(data: bytes, start: int) -> int:
    newline = data.find(b"\n", start)
    carriage = data.find(b"\r", start, newline if newline >= 0 else len(data))
    return carriage if carriage >= 0 else newline


def _classify(word: bytes) -> Any:
    """A whitespace-separated word of a plain run: a number, a name, the
    operator marker, or several of these glued together."""
    if len(word) > MAX_WORD:
        raise Unsupported(f"a {len(word)}-byte word")
    first = word[0]
    if first in b"0123456789+-.":
        if _NUMBER.match(word):
            return float(word) if b"." in word else int(word)
        raise Unsupported(f"not a number: {word!r}")
    if first == 0x2F:  # /
        if b"/" not in word[1:]:
            return _name(word)
        return _Glued((None, _name(b"/" + part)) for part in word[1:].split(b"/"))
    if word[:1].isalpha() or first in b"'\"":
        if b"/" not in word:
            return _OPERATOR
        operator, *names = word.split(b"/")
        return _Glued([(operator, None)] + [(None, _name(b"/" + name)) for name in names])
    raise Unsupported(f"unexpected {word!r}")


def _name(raw: bytes) -> str:
    """A name as pypdf spells it: #xx escapes decoded, then UTF-8 (or GBK, or Latin-1)."""
    if b"#" in raw:
        out = bytearray()
        i = 0
        while i < len(raw):
            if raw[i] == 0x23:
                try:
                    out.append(int(raw[i + 1 : i + 3], 16))
                    i += 3
                    continue
                except ValueError:
                    pass
            out.append(raw[i])
            i += 1
        raw = bytes(out)
    for charset in ("utf-8", "gbk"):
        try:
            return raw.decode(charset)
        except UnicodeDecodeError:
            pass
    return raw.decode("latin-1")


# --- objects inside operands ---------------------------------------------------


def _object(data: bytes, pos: int, depth: int) -> tuple[Any, int]:
    """The object starting with the delimiter at ``pos`` ( ( [ < or << ), and where it ends."""
    char = data[pos]
    if char == 0x28:
        return _string(data, pos + 1)
    if char == 0x5B:
        return _array(data, pos + 1, depth + 1)
    if data.startswith(b"<<", pos):
        return _dictionary(data, pos + 2, depth + 1)
    return _hex(data, pos + 1)


def _string(data: bytes, pos: int) -> tuple[bytes, int]:
    """A literal string whose body starts at ``pos``: nested parentheses,
    backslash escapes (octal ones too) and end-of-line rules as the PDF
    reference gives them."""
    close = data.find(b")", pos)
    if close < 0:
        raise Unsupported("unterminated string")
    body = data[pos:close]
    if b"(" not in body and b"\\" not in body and b"\r" not in body:
        return body, close + 1
    out = bytearray()
    depth = 1
    search = _STRING_STOP.search
    while True:
        match = search(data, pos)
        if match is None:
            raise Unsupported("unterminated string")
        at = match.start()
        out += data[pos:at]
        char = data[at]
        pos = at + 1
        if char == 0x28:
            depth += 1
            out.append(char)
        elif char == 0x29:
            depth -= 1
            if depth == 0:
                return bytes(out), pos
            out.append(char)
        elif char == 0x0D:  # an end of line in a string reads as \n
            out.append(0x0A)
            if data.startswith(b"\n", pos):
                pos += 1
        else:  # backslash
            if pos >= len(data):
                raise Unsupported("unterminated string")
            escaped = data[pos]
            if escaped in _ESCAPES:
                out += _ESCAPES[escaped]
                pos += 1
            elif 0x30 <= escaped <= 0x37:
                digits = pos + 1
                while digits < pos + 3 and digits < len(data) and 0x30 <= data[digits] <= 0x37:
                    digits += 1
                out.append(int(data[pos:digits], 8) & 0xFF)  # high-order overflow is ignored
                pos = digits
            elif escaped == 0x0D:  # an escaped end of line continues the string
                pos += 2 if data.startswith(b"\r\n", pos) else 1
            elif escaped == 0x0A:
                pos += 1
            # any other character: the backslash is ignored


def _hex(data: bytes, pos: int) -> tuple[bytes, int]:
    match = _HEX.match(data, pos)
    if match is None:
        raise Unsupported("bad hex string")
    digits = bytes(data[pos : match.end() - 1]).translate(None, WHITESPACE)
    if len(digits) % 2:
        digits += b"0"
    return bytes.fromhex(digits.decode("ascii")), match.end()


def _token(data: bytes, pos: int) -> re.Match:
    match = _TOKEN.match(data, pos)
    if match is None:  # a number glued to something, or a stray ) > { }
        raise Unsupported(f"unexpected data at byte {pos}")
    return match


def _value(data: bytes, match: re.Match, depth: int) -> tuple[Any, int]:
    """The object that token ``match`` starts (not a closing bracket)."""
    kind = match.lastgroup
    assert kind is not None  # every alternative of _TOKEN is a named group
    if kind == "num":
        word = match.group("num")
        return (float(word) if b"." in word else int(word)), match.end()
    if kind == "name":
        return _name(match.group("name")), match.end()
    if kind == "open":
        if depth >= MAX_DEPTH:
            raise Unsupported("nested too deeply")
        return _object(data, match.start("open"), depth)
    if kind == "word" and match.group("word") in _WORDS:
        return _WORDS[match.group("word")], match.end()
    raise Unsupported(f"unexpected {match.group(kind)!r} in an array or dictionary")


def _array(data: bytes, pos: int, depth: int) -> tuple[list, int]:
    items: list[Any] = []
    while True:
        match = _token(data, pos)
        if match.lastgroup == "close" and match.group("close") == b"]":
            return items, match.end()
        value, pos = _value(data, match, depth)
        items.append(value)


def _dictionary(data: bytes, pos: int, depth: int) -> tuple[dict, int]:
    items: dict[str, Any] = {}
    while True:
        match = _token(data, pos)
        if match.lastgroup == "close" and match.group("close") == b">>":
            return items, match.end()
        if match.lastgroup != "name":
            raise Unsupported("a dictionary key must be a name")
        key = _name(match.group("name"))
        value, pos = _value(data, _token(data, match.end()), depth)
        items.setdefault(key, value)  # as pypdf: the first of repeated keys counts


# --- inline images -------------------------------------------------------------

_COMPONENTS = {
    "/G": 1,
    "/DeviceGray": 1,
    "/CalGray": 1,
    "/I": 1,
    "/Indexed": 1,
    "/RGB": 3,
    "/DeviceRGB": 3,
    "/CalRGB": 3,
    "/Lab": 3,
    "/CMYK": 4,
    "/DeviceCMYK": 4,
}


def _inline_image(data: bytes, pos: int) -> tuple[dict, int]:
    """Read an inline image's settings from just after BI, skip its data, and
    return ({"settings", "data"}, the position just after EI)."""
    settings: dict[str, Any] = {}
    while True:
        match = _token(data, pos)
        if match.lastgroup == "word" and match.group("word") == b"ID":
            break
        if match.lastgroup != "name":
            raise Unsupported("bad inline image settings")
        value, pos = _value(data, _token(data, match.end()), 1)
        settings[_name(match.group("name"))] = value
    start = match.end()
    if start >= len(data) or data[start] not in WHITESPACE:
        raise Unsupported("no whitespace after ID")
    start += 1  # exactly one whitespace byte separates ID from the data
    end = _image_end(data, start, settings)
    after = end
    while after < len(data) and data[after] in WHITESPACE:
        after += 1
    return {"settings": settings, "data": data[start:end]}, after + 2


def _image_end(data: bytes, start: int, settings: dict[str, Any]) -> int:
    """Where the image data that begins at ``start`` ends: just before the
    whitespace and EI that close it."""
    length = settings.get("/L", settings.get("/Length"))
    if not isinstance(length, int) or isinstance(length, bool) or length < 0:
        length = _raw_length(settings)
    if length is not None and _ei_follows(data, start + length):
        return start + length
    filters = settings.get("/F", settings.get("/Filter"))
    first = (filters[0] if filters else None) if isinstance(filters, list) else filters
    if first in ("/AHx", "/ASCIIHexDecode", "/A85", "/ASCII85Decode"):
        # the data is text and ends with its own end-of-data marker
        marker = b">" if first in ("/AHx", "/ASCIIHexDecode") else b"~>"
        at = data.find(marker, start)
        if at >= 0 and _ei_follows(data, at + len(marker)):
            return at + len(marker)
    # Otherwise the first EI with whitespace before it, a delimiter after it,
    # and what follows looking like content rather than more binary data.
    at = data.find(b"EI", start)
    while at >= 0:
        if (
            at > start
            and data[at - 1] in WHITESPACE
            and _ei_follows(data, at)
            and _looks_like_content(data[at + 2 : at + 34])
        ):
            end = at - 1
            while end > start and data[end - 1] in WHITESPACE:
                end -= 1
            return end
        at = data.find(b"EI", at + 1)
    raise Unsupported("no EI after an inline image")


def _raw_length(settings: dict[str, Any]) -> int | None:
    """The byte length of unfiltered image data, when the settings say it."""
    if settings.get("/F", settings.get("/Filter")) not in (None, []):
        return None
    width, height = settings.get("/W", settings.get("/Width")), settings.get("/H", settings.get("/Height"))
    mask = settings.get("/IM", settings.get("/ImageMask")) is True
    bits = 1 if mask else settings.get("/BPC", settings.get("/BitsPerComponent"))
    space = settings.get("/CS", settings.get("/ColorSpace"))
    if isinstance(space, list):
        space = space[0] if space else None
    components = 1 if mask else _COMPONENTS.get(space) if isinstance(space, str) else None
    if not (_counts(width) and _counts(height) and _counts(bits) and _counts(components)):
        return None
    return (width * components * bits + 7) // 8 * height


def _counts(value: object) -> TypeGuard[int]:
    """Whether a setting is a count: a whole number above 0 (true and false are not)."""
    return isinstance(value, int) and not isinstance(value, bool) and value > 0


def _ei_follows(data: bytes, pos: int) -> bool:
    """Whether whitespace (if any), then an EI word, come at ``pos``."""
    while pos < len(data) and data[pos] in WHITESPACE:
        pos += 1
    return data.startswith(b"EI", pos) and (
        pos + 2 == len(data) or data[pos + 2] in WHITESPACE or data[pos + 2] in b"()<>[]{}/%"
    )


def _looks_like_content(tail: bytes) -> bool:
    """Whether the bytes after a candidate EI read as content-stream text."""
    return all(32 <= byte < 127 or byte in WHITESPACE for byte in tail)
