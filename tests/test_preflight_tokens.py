"""The content tokenizer's table of coordinates (one a document): a run's points read as
floats are the very floats ``float`` gives, the first time a word is seen and every time
after, and a full table reads new ones afresh without keeping them."""

from __future__ import annotations

import math

from bookmaker.preflight.content import PATH_RUN, STROKE_RUN, Floats, parse

# Words that are the same number but not the same word, and numbers float() reads
# with care: each must come back as float(word) itself, sign of zero and all.
WORDS = [b"0", b"-0", b"0.0", b"-0.0", b".5", b"0.50", b"+.5", b"007", b"7.", b"-3.25", b"123456789012345678"]


def points(data: bytes, floats: Floats | None) -> list[float]:
    """The coordinates of the one run of paths ``data`` parses to, x and y in turn."""
    [(run, op)] = parse(data, path_runs=True, floats=floats)
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
    table = Floats()
    for words in (WORDS, WORDS[::-1]):
        expected = [word for pair in pairs(words) for word in pair]
        strokes = [word for x, y in pairs(words) for word in (x, y, y, x)]
        for floats in (None, table, table):  # none kept; some seen before, some not; all kept
            assert same(points(path_run(words), floats), expected)
            assert same(points(stroke_run(words), floats), strokes)
    assert set(table.values) == set(WORDS)


def test_a_full_table_reads_new_coordinates_afresh_keeps_them_not_and_shuts_when_it_misses(monkeypatch):
    monkeypatch.setattr(Floats, "KEPT", 50)
    table = Floats()
    words = [b"%d.%d" % (i, i % 7) for i in range(400)]
    expected = [word for pair in pairs(words) for word in pair]
    assert same(points(path_run(words), table), expected)
    assert len(table.values) == 400  # kept while there was room
    assert same(points(path_run(words), table), expected)  # found whole
    runs = 0
    while table.open and runs < 2 * Floats.SLACK:  # random coordinates: new in every run
        fresh = [b"%d.%d5" % (runs, i) for i in range(10)]
        assert same(points(path_run(fresh), table), [word for pair in pairs(fresh) for word in pair])
        runs += 1
    assert not table.open and runs > Floats.SLACK // 2 and len(table.values) == 400
    assert same(points(path_run(words), table), expected)  # read afresh now, the same
