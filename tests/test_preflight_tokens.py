"""The content tokenizer's remembered coordinates: a run's points read as floats are the
very floats ``float`` gives, the first time a word is seen and every time after, and the
memory of them starts afresh when it is full, without forgetting the other words."""

from __future__ import annotations

import math

from bookmaker.preflight import content as pdf_content
from bookmaker.preflight.content import PATH_RUN, STROKE_RUN, parse

# Words that are the same number but not the same word, and numbers float() reads
# with care: each must come back as float(word) itself, sign of zero and all.
WORDS = [b"0", b"-0", b"0.0", b"-0.0", b".5", b"0.50", b"+.5", b"007", b"7.", b"-3.25", b"123456789012345678"]


def points(data: bytes) -> list[float]:
    """The coordinates of the one run of paths ``data`` parses to, x and y in turn."""
    [(run, op)] = parse(data, path_runs=True)
    assert op in (PATH_RUN, STROKE_RUN)
    return [value for pair in zip(run.xs, run.ys, strict=True) for value in pair]


def same(values: list[float], words: list[bytes]) -> bool:
    """Bit for bit: floats, equal, and of the same sign where zero."""
    expected = [float(word) for word in words]
    return len(values) == len(expected) and all(
        type(a) is float and a == b and math.copysign(1, a) == math.copysign(1, b)
        for a, b in zip(values, expected, strict=True)
    )


def path_run(words: list[bytes]) -> bytes:
    return b" ".join(b"%s %s %s" % (x, y, b"m" if i == 0 else b"l") for i, (x, y) in enumerate(pairs(words)))


def stroke_run(words: list[bytes]) -> bytes:
    return b" ".join(b"%s %s m %s %s l S" % (x, y, y, x) for x, y in pairs(words))


def pairs(words: list[bytes]) -> list[tuple[bytes, bytes]]:
    return list(zip(words, words[1:] + words[:1], strict=True))


def test_coordinates_read_as_float_reads_them_first_and_later():
    for words in (WORDS, WORDS[::-1]):
        data = path_run(words)
        expected = [word for pair in pairs(words) for word in pair]
        assert same(points(data), expected)  # some seen before, some not
        assert same(points(data), expected)  # all remembered now
        strokes = [word for x, y in pairs(words) for word in (x, y, y, x)]
        assert same(points(stroke_run(words)), strokes)


def test_remembered_coordinates_start_afresh_when_full(monkeypatch):
    monkeypatch.setattr(pdf_content._Vocabulary, "LIMIT", 50)
    monkeypatch.setattr(pdf_content, "_vocabulary", pdf_content._Vocabulary())
    words = [b"%d.%d" % (i, i % 7) for i in range(400)]
    expected = [word for pair in pairs(words) for word in pair]
    assert same(points(path_run(words)), expected)
    assert len(pdf_content._vocabulary.floats) == 400  # over the limit: emptied at the next new word
    assert same(points(b"1.5 1 m 2 2.5 l"), [b"1.5", b"1", b"2", b"2.5"])
    assert len(pdf_content._vocabulary.floats) == 4
    assert same(points(path_run(words)), expected)  # read afresh, the same


def test_runs_of_ever_new_coordinates_read_the_same_and_a_drawing_after_them_is_remembered(monkeypatch):
    monkeypatch.setattr(pdf_content, "UNPAID", 100)
    monkeypatch.setattr(pdf_content, "_vocabulary", pdf_content._Vocabulary())
    vocabulary = pdf_content._vocabulary
    for run in range(40):  # random coordinates: remembered for the first runs, then seldom
        xs, ys = ([b"%d.%02d%d" % (run, i, axis) for i in range(60)] for axis in (1, 2))
        data = b" ".join(
            b"%s %s %s" % (x, y, b"l" if i else b"m") for i, (x, y) in enumerate(zip(xs, ys, strict=True))
        )
        assert same(points(data), [word for pair in zip(xs, ys, strict=True) for word in pair])
    assert 100 <= len(vocabulary.floats) <= 10 * 60  # the first two runs, and two in 16 of the others
    drawing = [b"%d" % (i % 5) for i in range(60)]
    expected = [word for pair in pairs(drawing) for word in pair]
    for _ in range(32):  # the 1 run in 16 looked up learns the drawing; then it is known whole
        assert same(points(path_run(drawing)), expected)
    assert vocabulary.unpaid == 0
