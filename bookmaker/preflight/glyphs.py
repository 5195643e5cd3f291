"""Where a font's glyphs put ink: each glyph's bounding box, read from the font
program the PDF embeds.

    glyphs = font_glyphs(font)     # a PDF font dictionary; None if its glyphs cannot be read
    glyphs.box(code)               # (x0, y0, x1, y1) per point of size, or None: no ink

TrueType (FontFile2), OpenType or CFF (FontFile3) and Type 1 (FontFile)
programs are read with fontTools, Type 3 fonts from the bounding box each glyph
procedure declares (``d1``). A code reaches its glyph as the PDF says (ISO 32000-1, 9.6.6 and
9.7.4): a simple font's encoding and the program's cmap or charset, a Type 0
font's Identity-H CMap and its CIDToGIDMap or CID charset. Other CMaps
(vertical writing too) and fonts that are not embedded give None: the caller
falls back to the em box.
"""

from __future__ import annotations

import io
import math
import struct

from pypdf.generic import StreamObject

from .objects import as_dict, as_list, as_number, resolve

Box = tuple[float, float, float, float]
MAX_PROGRAM = 32_000_000  # bytes of a font program read, at most


class Glyphs:
    """The boxes of one font's glyphs, by character code, found as they are asked for."""

    def __init__(self, name_of, bounds_of, scale: float):
        self._name_of = name_of  # code -> glyph name (or id), or None
        self._bounds_of = bounds_of  # glyph -> (x0, y0, x1, y1) in glyph units, or None
        self._scale = scale  # glyph units per point of size
        self._boxes: dict[int, Box | None] = {}

    def box(self, code: int) -> Box | None:
        """The ink of the glyph ``code`` shows, per point of size; None: it paints none."""
        boxes = self._boxes
        if code in boxes:
            return boxes[code]
        try:
            glyph = self._name_of(code)
            bounds = None if glyph is None else self._bounds_of(glyph)
        except Exception:  # a broken glyph: the caller's fallback judges it
            raise UnreadableGlyph from None
        scale = self._scale
        boxes[code] = (
            None  # no outline, or a flat one: a space
            if bounds is None or bounds[0] >= bounds[2] or bounds[1] >= bounds[3]
            else (bounds[0] * scale, bounds[1] * scale, bounds[2] * scale, bounds[3] * scale)
        )
        return boxes[code]


class UnreadableGlyph(Exception):
    """A glyph the font program cannot give."""


def font_glyphs(font: dict) -> Glyphs | None:
    """The glyphs of PDF font dictionary ``font``, or None where they cannot be read."""
    try:
        subtype = resolve(font.get("/Subtype"))
        if subtype == "/Type3":
            return _type3(font)
        if subtype == "/Type0":
            return _composite(font)
        return _simple(font)
    except Exception:  # fontTools and pypdf raise many types for broken fonts
        return None


# --- Type 0: two-byte codes through the Identity CMap --------------------------------------


def _composite(font: dict) -> Glyphs | None:
    if resolve(font.get("/Encoding")) != "/Identity-H":
        return None  # another CMap, or vertical writing: the em box stands for the glyphs
    descendant = as_dict((as_list(font.get("/DescendantFonts")) or [None])[0])
    program, kind = _program(as_dict(descendant.get("/FontDescriptor")))
    if program is None:
        return None
    if kind == "cff":
        top = _cff_top(program)
        charset = top.charset
        if hasattr(top, "ROS"):  # CID-keyed: glyphs are named by CID

            def cid_name(cid: int):
                return f"cid{cid:05d}"

            return Glyphs(cid_name, _cff_bounds(top), _cff_scale(top))
        return Glyphs(
            lambda cid: charset[cid] if cid < len(charset) else None, _cff_bounds(top), _cff_scale(top)
        )
    tt = _truetype(program)
    order = tt.getGlyphOrder()
    mapping = resolve(descendant.get("/CIDToGIDMap"))
    table = mapping.get_data() if isinstance(mapping, StreamObject) else None

    def gid_name(cid: int):
        gid = cid
        if table is not None:
            gid = int.from_bytes(table[2 * cid : 2 * cid + 2], "big") if 2 * cid + 2 <= len(table) else 0
        return order[gid] if gid < len(order) else order[0]  # what maps to no glyph shows .notdef

    return Glyphs(gid_name, _tt_bounds(tt), 1 / tt["head"].unitsPerEm)


# --- simple fonts: one-byte codes through an encoding ---------------------------------------


def _simple(font: dict) -> Glyphs | None:
    program, kind = _program(as_dict(font.get("/FontDescriptor")))
    if program is None:
        return None
    differences = _differences(font.get("/Encoding"))
    base = _base_encoding(font.get("/Encoding"))
    if kind in ("cff", "type1"):
        if kind == "cff":
            top = _cff_top(program)
            builtin, bounds, scale = getattr(top, "Encoding", None), _cff_bounds(top), _cff_scale(top)
        else:
            builtin, bounds, scale = _type1(program)
        builtin = builtin if isinstance(builtin, list) else None

        def name(code: int):
            if code in differences:
                return differences[code]
            if builtin is not None and base is None:  # the program's own encoding
                return builtin[code] if code < len(builtin) else None
            return _standard_name(code, base)

        return Glyphs(name, bounds, scale)
    tt = _truetype(program)
    cmap = tt["cmap"]
    symbol, mac, unicode = cmap.getcmap(3, 0), cmap.getcmap(1, 0), cmap.getcmap(3, 1)

    notdef = tt.getGlyphOrder()[0]  # what maps to no glyph shows .notdef

    def tt_name(code: int):
        if code in differences or (unicode is not None and symbol is None and mac is None):
            from fontTools.agl import toUnicode

            name = differences.get(code) or _standard_name(code, base)
            text = toUnicode(name) if name else ""
            found = unicode.cmap.get(ord(text)) if unicode is not None and len(text) == 1 else None
        elif symbol is not None:
            found = symbol.cmap.get(0xF000 + code) or symbol.cmap.get(code)
        else:
            found = mac.cmap.get(code) if mac is not None else None
        return found or notdef

    return Glyphs(tt_name, _tt_bounds(tt), 1 / tt["head"].unitsPerEm)


_ENCODINGS = {"/WinAnsiEncoding": "cp1252", "/MacRomanEncoding": "mac_roman", "/StandardEncoding": "latin-1"}


def _base_encoding(encoding) -> str | None:
    encoding = resolve(encoding)
    if isinstance(encoding, dict):
        encoding = resolve(encoding.get("/BaseEncoding"))
    return _ENCODINGS.get(encoding) if isinstance(encoding, str) else None


def _standard_name(code: int, codec: str | None) -> str | None:
    """The glyph name a standard encoding (``codec``, or WinAnsi) gives ``code``."""
    from fontTools.agl import UV2AGL

    try:
        character = bytes([code]).decode(codec or "cp1252")
    except (UnicodeDecodeError, ValueError):
        return None
    return UV2AGL.get(ord(character))


def _differences(encoding) -> dict[int, str]:
    """An encoding dictionary's /Differences: code -> glyph name (without its slash)."""
    names: dict[int, str] = {}
    code = 0
    for item in as_list(as_dict(encoding).get("/Differences"))[:4096]:
        item = resolve(item)
        if isinstance(item, (int, float)) and not isinstance(item, bool):
            code = int(item)
        elif isinstance(item, str) and item.startswith("/"):
            names[code] = item[1:]
            code += 1
    return names


# --- Type 3: each glyph procedure's declared box --------------------------------------------


def _type3(font: dict) -> Glyphs | None:
    matrix = [as_number(v, math.nan) for v in as_list(font.get("/FontMatrix"))]
    if len(matrix) != 6 or matrix[1] or matrix[2] or not all(map(math.isfinite, matrix)):
        return None  # skewed or rotated glyph space: not a box per glyph
    procedures = as_dict(font.get("/CharProcs"))
    differences = _differences(font.get("/Encoding"))
    sx, sy = matrix[0], matrix[3]

    def bounds(name: str):
        procedure = resolve(procedures.get("/" + name))
        if not isinstance(procedure, StreamObject):
            return None
        words = procedure.get_data()[:200].split()
        if b"d1" not in words[:8]:
            raise UnreadableGlyph("no d1")  # d0: the glyph's colour and extent are its content's
        at = words.index(b"d1")
        x0, y0, x1, y1 = (float(w) for w in words[at - 4 : at])
        # the box in text space, for a matrix that may flip an axis
        return (min(x0 * sx, x1 * sx), min(y0 * sy, y1 * sy), max(x0 * sx, x1 * sx), max(y0 * sy, y1 * sy))

    return Glyphs(differences.get, bounds, 1.0)


# --- font programs ---------------------------------------------------------------------------


def _program(descriptor: dict) -> tuple[bytes | None, str]:
    """The embedded program and how to read it: "truetype", "cff" or "type1"."""
    for key, kind in (("/FontFile2", "truetype"), ("/FontFile3", "cff"), ("/FontFile", "type1")):
        stream = resolve(descriptor.get(key))
        if isinstance(stream, StreamObject):
            data = stream.get_data()
            if len(data) > MAX_PROGRAM:
                return None, kind
            if kind == "cff" and resolve(stream.get("/Subtype")) == "/OpenType":
                return data, "truetype"
            return data, kind
    return None, ""


def _truetype(data: bytes):
    from fontTools.ttLib import TTFont

    return TTFont(io.BytesIO(data), lazy=True)


def _tt_bounds(tt):
    """A TrueType glyph's bounds, as its header in the glyf table gives them (composite
    glyphs' too): read there, without decompiling any outline."""
    if "glyf" not in tt:  # an OpenType font of CFF outlines
        top = tt["CFF "].cff.topDictIndex[0]
        return _cff_bounds(top)
    table = tt.reader["glyf"]
    offsets = tt["loca"]
    ids = tt.getReverseGlyphMap()

    def bounds(name: str):
        glyph = ids[name]
        start, end = offsets[glyph], offsets[glyph + 1]
        if end - start < 10:
            return None  # no outline
        contours, x0, y0, x1, y1 = struct.unpack(">hhhhh", table[start : start + 10])
        return None if contours == 0 else (x0, y0, x1, y1)

    return bounds


def _type1(data: bytes):
    """A Type 1 program's encoding (a list of names, or None), its glyphs' bounds and scale."""
    from fontTools.pens.boundsPen import BoundsPen
    from fontTools.t1Lib import T1Font

    font = T1Font.__new__(T1Font)  # read from bytes, not a file; PDF keeps the eexec part binary
    font.data, font.encoding = data, "ascii"
    glyphs = font.getGlyphSet()
    encoding = font["Encoding"]
    matrix = font.font.get("FontMatrix") or [0.001]

    def bounds(name: str):
        pen = BoundsPen(glyphs)
        glyphs[name].draw(pen)
        return pen.bounds

    return (encoding if isinstance(encoding, list) else None), bounds, float(matrix[0])


def _cff_top(data: bytes):
    from fontTools.cffLib import CFFFontSet

    fonts = CFFFontSet()
    fonts.decompile(io.BytesIO(data), None)
    return fonts[fonts.fontNames[0]]


def _cff_bounds(top):
    strings = top.CharStrings

    def bounds(name: str):
        return strings[name].calcBounds(strings)

    return bounds


def _cff_scale(top) -> float:
    matrix = getattr(top, "FontMatrix", None) or [0.001]
    return float(matrix[0])
