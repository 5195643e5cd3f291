"""The fast content-stream tokenizer: every kind of token, inline images, the
cases it leaves to pypdf, and agreement with pypdf's own parser."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from pypdf.generic import BooleanObject, ContentStream, NullObject, TextStringObject

from bookmaker.preflight import content as pdf_content
from bookmaker.preflight.content import PATH_RUN, STROKE_RUN, PathRun, StrokeRun, Unsupported, parse


def ops(data: bytes) -> list[tuple[list, bytes]]:
    return [(list(operands), op) for operands, op in parse(data)]


def operands_of(data: bytes) -> list:
    """The operands of a stream with one operation."""
    [(operands, _)] = parse(data)
    return operands


def pypdf_ops(data: bytes) -> list:
    stream = ContentStream(None, None)
    stream.set_data(data)
    return [
        (plain(operands), op) if op != b"INLINE IMAGE" else (plain(operands["settings"]), op)
        for operands, op in stream.operations
    ]


def plain(value):
    """A pypdf object as the Python value our tokenizer gives."""
    if isinstance(value, TextStringObject):
        return value.original_bytes
    if isinstance(value, bytes):
        return bytes(value)
    if isinstance(value, BooleanObject):
        return value.value
    if isinstance(value, bool) or value is None or isinstance(value, NullObject):
        return None if value is None or isinstance(value, NullObject) else value
    if isinstance(value, str):  # a NameObject, or one of our names
        return str(value)
    if isinstance(value, dict):
        return {str(k): plain(v) for k, v in value.items()}
    if isinstance(value, list):
        return [plain(v) for v in value]
    return float(value) if isinstance(value, float) else int(value)


# --- tokens ----------------------------------------------------------------------


def test_operators_and_numbers():
    assert ops(b"q 1 0 0 1 72.5 -3 cm\n.5 w Q") == [
        ([], b"q"),
        ([1, 0, 0, 1, 72.5, -3], b"cm"),
        ([0.5], b"w"),
        ([], b"Q"),
    ]


@pytest.mark.parametrize(
    "word, value",
    [
        (b".5", 0.5),
        (b"-3.", -3.0),
        (b"+1", 1),
        (b"-.25", -0.25),
        (b"007", 7),
        (b"0.000", 0.0),
        (b"+.5", 0.5),
        (b"123456789012", 123456789012),
        (b"-0", 0),
    ],
)
def test_numbers(word, value):
    [number] = operands_of(word + b" w")
    assert number == value and type(number) is type(value)


def test_names_with_escapes():
    assert operands_of(b"/F1 /A#20B /#41 / /Caf#C3#A9 /x#zz BDC") == [
        "/F1",
        "/A B",
        "/A",
        "/",
        "/Café",
        "/x#zz",
    ]


@pytest.mark.parametrize(
    "source, value",
    [
        (rb"(plain)", b"plain"),
        (rb"(a (nested (pair)) here)", b"a (nested (pair)) here"),
        (rb"(\(unbalanced\) \\ back)", b"(unbalanced) \\ back"),
        (rb"(\n\r\t\b\f)", b"\n\r\t\b\f"),
        (rb"(\053\53\0053)", b"++\x053"),  # three digits at most
        (rb"(\777)", b"\xff"),  # high-order overflow is ignored
        (b"(one \\\ntwo \\\r\nthree \\\rfour)", b"one two three four"),  # escaped ends of line vanish
        (b"(a\r\nb\rc\nd)", b"a\nb\nc\nd"),  # unescaped ones read as LF
        (rb"(\q)", b"q"),  # an unknown escape drops the backslash
        (rb"()", b""),
        (b"(\x00\x12\xff)", b"\x00\x12\xff"),
    ],
)
def test_literal_strings(source, value):
    assert operands_of(source + b" Tj") == [value]


@pytest.mark.parametrize(
    "source, value",
    [
        (b"<48656C6C6F>", b"Hello"),
        (b"<48 65 6c\n6C 6f>", b"Hello"),
        (b"<901FA>", b"\x90\x1f\xa0"),  # an odd digit count ends in 0
        (b"<>", b""),
    ],
)
def test_hex_strings(source, value):
    assert operands_of(source + b"Tj") == [value]


def test_arrays_nested_with_keywords():
    assert operands_of(b"[1 [2 [/A (b)]] true false null <41>] d") == [
        [1, [2, ["/A", b"b"]], True, False, None, b"A"]
    ]


def test_dictionary_operands():
    source = b"/Span <</MCID 3 /Alt (x\\)y) /K [1 2] /N <</Deep true>>>> BDC"
    assert operands_of(source) == ["/Span", {"/MCID": 3, "/Alt": b"x)y", "/K": [1, 2], "/N": {"/Deep": True}}]


def test_comments():
    assert ops(b"q % a comment ( [ << with delimiters\nQ %another\r1 w %at the end") == [
        ([], b"q"),
        ([], b"Q"),
        ([1], b"w"),
    ]
    assert ops(b"[1 % inside an array ]\n 2] TJ <</A % in a dictionary >>\n 1>> BDC") == [
        ([[1, 2]], b"TJ"),
        ([{"/A": 1}], b"BDC"),
    ]
    assert ops(b"(a % is no comment in a string) Tj") == [([b"a % is no comment in a string"], b"Tj")]


def test_operators_glued_to_delimiters():
    assert ops(b"[(A)-120(V)]TJ(x)Tj<41>Tj q[]0 d/F1 12 Tf/GS0 gs cs/CS0 cs") == [
        ([[b"A", -120, b"V"]], b"TJ"),
        ([b"x"], b"Tj"),
        ([b"A"], b"Tj"),
        ([], b"q"),
        ([[], 0], b"d"),
        (["/F1", 12], b"Tf"),
        (["/GS0"], b"gs"),
        ([], b"cs"),
        (["/CS0"], b"cs"),
    ]
    assert ops(b"/A/B/C BDC") == [(["/A", "/B", "/C"], b"BDC")]


def test_whitespace_of_every_kind():
    assert ops(b"1\x002\t3\x0c4\r\n5 m") == [([1, 2, 3, 4, 5], b"m")]


def test_keywords_outside_arrays_are_operators_as_in_pypdf():
    assert ops(b"true false null") == [([], b"true"), ([], b"false"), ([], b"null")]
    assert pypdf_ops(b"true false null") == [([], b"true"), ([], b"false"), ([], b"null")]


def test_operators_with_quotes():
    assert ops(b"(a) ' 1 2 (b) \" T*") == [([b"a"], b"'"), ([1, 2, b"b"], b'"'), ([], b"T*")]


# --- inline images ---------------------------------------------------------------


def image(data: bytes) -> tuple[dict, list[bytes]]:
    result = parse(data)
    [(operands, op)] = [(o, op) for o, op in result if op == b"INLINE IMAGE"]
    return operands, [op for _, op in result if op != b"INLINE IMAGE"]


def test_inline_image_of_raw_samples_may_contain_ei():
    # 3 x 2 gray samples, 8 bits: exactly 6 bytes, one of them spelling " EI "
    data = b"q BI /W 3 /H 2 /CS /G /BPC 8 ID \x00 EI \xff\nEI Q"
    info, rest = image(data)
    assert info == {"settings": {"/W": 3, "/H": 2, "/CS": "/G", "/BPC": 8}, "data": b"\x00 EI \xff"}
    assert rest == [b"q", b"Q"]


def test_inline_image_sizes_from_their_settings():
    # 10 one-bit samples a row pad to 2 bytes; 3 rows
    info, _ = image(b"BI /W 10 /H 3 /IM true ID \x01 EI\x02\x03\x04\x05 EI")
    assert info["data"] == b"\x01 EI\x02\x03\x04\x05"
    # RGB: 3 components
    info, _ = image(b"BI /Width 1 /Height 2 /ColorSpace /DeviceRGB /BitsPerComponent 8 ID EI EI EI")
    assert info["data"] == b"EI EI "
    # a PDF 2.0 length
    info, _ = image(b"BI /W 99 /H 99 /F /Fl /L 4 ID \x00EI\x00 EI Q")
    assert info["data"] == b"\x00EI\x00"


def test_inline_image_with_ascii_filters():
    info, rest = image(b"BI /W 2 /H 1 /CS /RGB /BPC 8 /F /AHx ID 0A1B 2C3D4E5F> EI Q")
    assert info["data"] == b"0A1B 2C3D4E5F>" and rest == [b"Q"]
    info, rest = image(b"BI /W 2 /H 1 /F [/A85 /Fl] ID 9jqo^ EI BOu!rD~> EI Q")
    assert info["data"] == b"9jqo^ EI BOu!rD~>" and rest == [b"Q"]


def test_inline_image_found_by_its_ei():
    # a DCT image: no length to go by; binary data that happens to hold " EI "
    data = b"BI /W 8 /H 8 /F /DCT /CS /RGB ID \xff\xd8 EI \x80\x91\x07\xff\xd9\nEI\nQ 1 0 0 1 5 5 cm"
    info, rest = image(data)
    assert info["data"] == b"\xff\xd8 EI \x80\x91\x07\xff\xd9"
    assert rest == [b"Q", b"cm"]


def test_inline_image_agrees_with_pypdf():
    data = b"q 20 0 0 20 5 5 cm BI /W 3 /H 2 /CS /G /BPC 8 ID \x00 EI \xff\nEI Q (BI) Tj /BI gs"
    mine = [(o["settings"] if op == b"INLINE IMAGE" else list(o), op) for o, op in parse(data)]
    assert mine == pypdf_ops(data)
    assert [op for _, op in mine] == [b"q", b"cm", b"INLINE IMAGE", b"Q", b"Tj", b"gs"]


def test_bi_only_as_a_word():
    assert ops(b"/BI gs (BI) Tj BIx") == [(["/BI"], b"gs"), ([b"BI"], b"Tj"), ([], b"BIx")]


# --- what is left to pypdf -------------------------------------------------------


@pytest.mark.parametrize(
    "data",
    [
        b"1 2 ) m",
        b"] TJ",
        b"{ 1 } x",
        b"(unterminated",
        b"[1 2",
        b"<</A 1",
        b"<4G> Tj",
        b"1.2.3 w",
        b"1e5 w",
        b"10l",
        b"<<1 2>> BDC",
        b"[1 R]",
        b"BI /W 1 ID \x00",
        b"BI /W 1 ID\xff EI",
        b"1 BI /W 1 /H 1 /BPC 8 /CS /G ID \x00 EI",
        b"q\x0bQ",
        b"1" * 400 + b" w",
        b"[" * 200 + b"]" * 200,
    ],
)
def test_unsupported(data):
    with pytest.raises(Unsupported):
        parse(data)


# --- path runs -------------------------------------------------------------------


def expand(operations) -> list:
    """The operations that PathRuns and StrokeRuns stand for."""
    out = []
    for operands, op in operations:
        if op not in (PATH_RUN, STROKE_RUN):
            out.append((list(operands), op))
            continue
        moves, paths = set(operands.moves), getattr(operands, "paths", [0])
        widths = getattr(operands, "widths", None)
        for k, (start, end) in enumerate(zip(paths, paths[1:] + [len(operands.xs)], strict=True)):
            if widths is not None:  # each path between q and Q, at its own width if it has one
                out += [([], b"q")] + ([([widths[k]], b"w")] if widths[k] is not None else [])
            for i in range(start, end):
                out.append(([operands.xs[i], operands.ys[i]], b"m" if i in moves else b"l"))
            if op == STROKE_RUN:
                out.append(([], b"S"))
            if widths is not None:
                out.append(([], b"Q"))
    return out


def idle_n_dropped(operations) -> list:
    """``operations`` without each n just after an S or n: no path is under
    way there, so it does nothing, and a StrokeRun leaves it out."""
    return [
        (operands, op)
        for i, (operands, op) in enumerate(operations)
        if not (op == b"n" and i and operations[i - 1][1] in (b"S", b"n"))
    ]


def test_path_runs():
    data = b"2 J n 0 0 m 24 0 l 3 1 m 5 1 l 8 1 l S 1 2 3 l 4 5 m 6 7 l h 9 9 m"
    runs = parse(data, path_runs=True)
    assert runs[2] == (PathRun([0, 24, 3, 5, 8], [0, 0, 1, 1, 1], [0, 2]), PATH_RUN)
    assert ([1, 2, 3], b"l") in runs  # three operands: left to the interpreter
    assert expand(runs) == ops(data)


def test_stroke_runs():
    data = b"2 J n 0 0 m 24 0 l S n 3 1 m 5 1 l 8 1 m 9 9 l S 1 1 m 2 2 l"
    runs = parse(data, path_runs=True)
    assert runs[2] == (StrokeRun([0, 24, 3, 5, 8, 9], [0, 0, 1, 1, 1, 9], [0, 2, 4], [0, 2]), STROKE_RUN)
    assert runs[3] == (PathRun([1, 2], [1, 2], [0]), PATH_RUN)
    assert idle_n_dropped(expand(runs)) == idle_n_dropped(ops(data))


def test_saved_stroke_runs():
    # each line stroked in a state of its own, at its own width or the one in effect
    data = b"0.5 w q 1 w 0 0 m 24 0 l S Q q 3 1 m 5 1 l 8 1 m 9 9 l S Q q 2.5 w 1 1 m 2 2 l S Q 7 7 m"
    runs = parse(data, path_runs=True)
    assert runs[1] == (
        StrokeRun(
            [0, 24, 3, 5, 8, 9, 1, 2], [0, 0, 1, 1, 1, 9, 1, 2], [0, 2, 4, 6], [0, 2, 6], [1, None, 2.5]
        ),
        STROKE_RUN,
    )
    assert expand(runs) == ops(data)
    # every path at its own width: the widths as they come
    data = b"q 1 w 0 0 m 1 1 l S Q q 2 w 2 2 m 3 3 l S Q"
    assert parse(data, path_runs=True)[0][0].widths == [1, 2]


@pytest.mark.parametrize(
    "data",
    [
        b"q 1 w 0 0 m 1 1 l S Q",  # one path alone: nothing to gain
        b"q 1 w 0 0 m 1 1 l S 2 2 m 3 3 l S Q q 1 w 0 0 m 1 1 l S Q",  # two stroked paths in one state
        b"q 1 2 w 0 0 m 1 1 l S Q q 1 w 0 0 m 1 1 l S Q",  # w with two operands
        b"q 1 J 0 0 m 1 1 l S Q q 1 w 0 0 m 1 1 l S Q",  # another operator in the state
        b"q 1 w 0 0 m 1 1 l f Q q 1 w 0 0 m 1 1 l S Q",  # a fill
        b"q 1 w 0 0 m 1 1 l S n Q q 1 w 0 0 m 1 1 l S Q",  # n after S
    ],
)
def test_saved_stroke_runs_are_only_saved_strokes(data):
    runs = parse(data, path_runs=True)
    assert all(operands.widths is None for operands, op in runs if op == STROKE_RUN)
    assert idle_n_dropped(expand(runs)) == idle_n_dropped(ops(data))


def test_saved_stroke_runs_never_start_while_a_path_is_under_way():
    # the first q's S strokes the path under way too: that state is left out of the run
    data = b"5 5 m 6 6 l q 1 w 0 0 m 1 1 l S Q q 2 w 2 2 m 3 3 l S Q q 3 w 4 4 m 5 5 l S Q"
    runs = parse(data, path_runs=True)
    assert [op for _, op in runs][:7] == [PATH_RUN, b"q", b"w", b"m", b"l", b"S", b"Q"]
    assert runs[-1][0].widths == [2, 3]
    assert expand(runs) == ops(data)
    # with one state left after it, no run at all
    data = b"5 5 m q 1 w 0 0 m 1 1 l S Q q 2 w 2 2 m 3 3 l S Q"
    assert STROKE_RUN not in [op for _, op in parse(data, path_runs=True)]


@pytest.mark.parametrize(
    "data",
    [
        b"5 5 10 10 re 1 1 m 2 2 l S 3 3 m 4 4 l S",  # the first S strokes the rectangle too
        b"0 0 m % a comment ends the run of words here\n1 1 m 2 2 l S 3 3 m 4 4 l S",
        b"0 0 m (a string too) Tj 1 1 m 2 2 l S 3 3 m 4 4 l S",
        b"0 0 m 0 1 l q 0 0 1 RG 1 1 m 2 2 l S 3 3 m 4 4 l S",  # other operators inside a path
        b"1 1 m 2 2 l S 3 3 m 4 4 l 5 S",  # an operand for S: not a plain stroke
    ],
)
def test_stroke_runs_never_start_while_a_path_is_under_way(data):
    runs = parse(data, path_runs=True)
    assert STROKE_RUN not in [op for _, op in runs]
    assert idle_n_dropped(expand(runs)) == idle_n_dropped(ops(data))
    # once the path under way is painted, runs start again
    more = data + b" 5 5 m 6 6 l S 7 7 m 8 8 l S"
    runs = parse(more, path_runs=True)
    assert runs[-1][1] == STROKE_RUN and runs[-1][0].xs[-4:] == [5, 6, 7, 8]
    assert idle_n_dropped(expand(runs)) == idle_n_dropped(ops(more))


def test_distinct_coordinates_do_not_grow_the_vocabulary():
    parse(b"0 0 m 1 1 l S 2 2 m 3 3 l S")
    shapes = len(pdf_content._vocabulary.codes)
    data = b"".join(b"%d.%02d %d m %d %d.5 l S " % (i, i % 100, i + 7, i * 3, i) for i in range(5000))
    assert len(parse(data, path_runs=True)) == 1
    assert len(pdf_content._vocabulary.codes) - shapes < 40  # a few dozen shapes of word, not 20,000 words


def test_path_runs_leave_odd_coordinates_alone():
    data = b"n 0 0 m /x 1 l 2 2 l S"
    assert expand(parse(data, path_runs=True)) == ops(data)
    assert all(op != PATH_RUN for _, op in parse(data, path_runs=True)[:3])


# --- agreement with pypdf, on random streams --------------------------------------


def ascii_words(alphabet: bytes, min_size: int, max_size: int) -> st.SearchStrategy[bytes]:
    """Words of these ASCII letters. Drawn letter by letter from bytes, not from a regex:
    st.from_regex makes each word and then filters it through the pattern, which took most
    of these tests' time, and a str alphabet would build Hypothesis's table of every
    character UTF-8 can write (1.7 s in each worker)."""
    letters = st.sampled_from([bytes([letter]) for letter in alphabet])
    return st.lists(letters, min_size=min_size, max_size=max_size).map(b"".join)


def digit_words(min_size: int, max_size: int) -> st.SearchStrategy[bytes]:
    """Words of ``min_size`` to ``max_size`` decimal digits, leading zeros and all: a length
    and the last that many digits of one number written ``max_size`` wide. Two draws a word,
    where ascii_words draws each letter; the numbers fill most of the path tests' streams."""
    return st.tuples(st.integers(min_size, max_size), st.integers(0, 10**max_size - 1)).map(
        lambda drawn: (b"%0*d" % (max_size, drawn[1]))[max_size - drawn[0] :]
    )


# The words the regexes [+-]?([0-9]{1,6}(\.[0-9]{0,4})?|\.[0-9]{1,4}) and
# /[A-Za-z0-9_.+-]{0,8} match, every one of them.
numbers = st.tuples(
    st.sampled_from([b"", b"+", b"-"]),
    st.one_of(
        st.tuples(digit_words(1, 6), st.one_of(st.just(b""), digit_words(0, 4).map(b".".__add__))),
        st.tuples(st.just(b""), digit_words(1, 4).map(b".".__add__)),
    ),
).map(lambda parts: parts[0] + parts[1][0] + parts[1][1])
names = ascii_words(b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_.+-", 0, 8).map(
    b"/".__add__
)


def literal(raw: bytes) -> bytes:
    escaped = raw.replace(b"\\", b"\\\\").replace(b"(", b"\\(").replace(b")", b"\\)").replace(b"\r", b"\\r")
    return b"(" + escaped + b")"


strings = st.one_of(
    st.binary(max_size=12).map(literal),
    st.binary(max_size=8).map(lambda raw: b"<" + raw.hex().encode() + b">"),
    st.just(b"(with (balanced) parens)"),
)
objects = st.recursive(
    st.one_of(numbers, names, strings),
    lambda inner: st.one_of(
        st.lists(st.one_of(inner, st.sampled_from([b"true", b"false", b"null"])), max_size=4).map(
            lambda items: b"[" + b" ".join(items) + b"]"
        ),
        st.lists(st.tuples(names.filter(lambda n: len(n) > 1), inner), max_size=3).map(
            lambda pairs: b"<<" + b" ".join(k + b" " + v for k, v in pairs) + b">>"
        ),
    ),
    max_leaves=8,
)
operators = st.sampled_from(
    [
        b"q",
        b"Q",
        b"cm",
        b"m",
        b"l",
        b"re",
        b"S",
        b"f*",
        b"Tj",
        b"TJ",
        b"'",
        b'"',
        b"BDC",
        b"EMC",
        b"Do",
        b"gs",
        b"T*",
        b"d0",
    ]
)
spaces = st.sampled_from([b" ", b"\n", b"\r\n", b"\t", b"\x0c", b"  ", b" % note ( [ <<\n"])


@st.composite
def streams(draw) -> bytes:
    """Random operations, spaced every which way, or not at all after a
    closing delimiter: ``[1 2]TJ``."""
    parts = []

    def space() -> bytes:
        glue = parts[-1][-1:] in (b")", b">", b"]") and draw(st.booleans())
        return b"" if glue else draw(spaces)

    for _ in range(draw(st.integers(0, 12))):
        for operand in draw(st.lists(objects, max_size=5)):
            parts += [operand]
            parts += [space()]
        parts += [draw(operators)]
        parts += [space()]
    return b"".join(parts)


@pytest.mark.slow
@settings(max_examples=100, deadline=None)
@given(streams())
def test_agrees_with_pypdf(data):
    assert [(plain(operands), op) for operands, op in parse(data)] == pypdf_ops(data)
    assert idle_n_dropped(expand(parse(data, path_runs=True))) == idle_n_dropped(ops(data))


path_operations = st.lists(
    st.one_of(
        st.tuples(numbers, numbers).map(lambda xy: xy[0] + b" " + xy[1] + b" m"),
        st.tuples(numbers, numbers).map(lambda xy: xy[0] + b" " + xy[1] + b" l"),
        st.lists(numbers, min_size=4, max_size=4).map(lambda n: b"%s %s m %s %s l S" % tuple(n)),  # a line
        st.lists(numbers, min_size=5, max_size=5).map(lambda n: b"q %s w %s %s m %s %s l S Q" % tuple(n)),
        st.lists(numbers, min_size=6, max_size=6).map(lambda n: b"q %s %s m %s %s l %s %s l S Q" % tuple(n)),
        st.sampled_from(
            [b"S", b"n", b"h", b"0 0 5 5 re", b"W", b"f", b"q", b"Q", b"1 w", b"% x\n", b"(s) Tj"]
        ),
    ),
    max_size=40,
)


@settings(max_examples=300, deadline=None)
@given(path_operations)
def test_runs_of_paths_stand_for_their_operations(parts):
    data = b" ".join(parts)
    runs = parse(data, path_runs=True)
    assert idle_n_dropped(expand(runs)) == idle_n_dropped(ops(data))
    for i, (_, op) in enumerate(runs):
        if op == STROKE_RUN and i:
            assert runs[i - 1][1] not in (b"m", b"l", b"c", b"v", b"y", b"h", b"re", b"W", b"W*", PATH_RUN)


@settings(max_examples=150, deadline=None)
@given(
    st.one_of(
        st.binary(max_size=200),
        streams().flatmap(
            lambda data: st.tuples(st.integers(0, len(data)), st.binary(max_size=3)).map(
                lambda cut: data[: cut[0]] + cut[1] + data[cut[0] + 1 :]
            )
        ),
    )
)
def test_any_bytes_parse_or_are_left_to_pypdf(data):
    # Whatever the bytes, the tokenizer reads them into plain values or raises Unsupported,
    # which hands them to pypdf: never another exception, and never one mode refusing what
    # the other reads. Where it reads them, the path runs are the same operations.
    try:
        operations = parse(data)
    except Unsupported:
        with pytest.raises(Unsupported):
            parse(data, path_runs=True)
        return
    for operands, op in operations:
        assert isinstance(op, bytes) and op
        assert is_plain(operands["settings"] if op == b"INLINE IMAGE" else operands), op
    assert expand(parse(data, path_runs=True)) == [(list(o), op) for o, op in operations]


def is_plain(value) -> bool:
    """Python values only, as parse promises: no pypdf objects."""
    if isinstance(value, list):
        return all(is_plain(item) for item in value)
    if isinstance(value, dict):
        return all(type(key) is str and is_plain(item) for key, item in value.items())
    return value is None or type(value) in (bool, int, float, str, bytes)
