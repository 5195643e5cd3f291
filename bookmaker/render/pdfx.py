"""Writing a canvas as PDF/X: CMYK and grey colour only, the PDF/X keys, and the output intent.

``output: pdf-x1a`` writes PDF/X-1a:2001 (ISO 15930-1; a PDF 1.3 file), ``pdf-x4`` PDF/X-4
(ISO 15930-7; PDF 1.6, with the XMP metadata X-4 requires). Both name the printing condition
they were made for in an output intent, with its ICC profile embedded: CGATS TR 003, the
SWOP characterisation of web offset on grade 3 coated paper, North America's common
condition for commercial print (IngramSpark prints in the United States).

Everything goes through reportlab's own hooks: the canvas's ``enforceColorSpace`` sees every
colour set by ``setFillColor``/``setStrokeColor`` and their RGB forms (a grey set by
``setFillGray`` is DeviceGray already, which PDF/X allows), and the document's catalog and
Info are reportlab classes whose dictionaries gain the keys PDF/X adds. Nothing here sets
an alpha, so no ExtGState (and no transparency) is ever written.
"""

from __future__ import annotations

import hashlib
import uuid
from dataclasses import dataclass
from importlib import resources

from reportlab.lib.colors import CMYKColor, Color, toColor
from reportlab.pdfbase.pdfdoc import (
    PDFArray,
    PDFCatalog,
    PDFDate,
    PDFDictionary,
    PDFInfo,
    PDFName,
    PDFObject,
    PDFStream,
    PDFString,
    PDFZCompress,
)
from reportlab.pdfgen.canvas import Canvas

from ..colours import CMYK, Inks, capped_ink


@dataclass(frozen=True)
class Standard:
    """One PDF/X standard: how its files identify themselves and the PDF version they are."""

    version: str  # GTS_PDFXVersion
    conformance: str | None  # GTS_PDFXConformance (PDF/X-1a only)
    pdf_version: tuple[int, int]
    xmp: bool  # the standard requires XMP metadata carrying the version


# ISO 15930-1:2001 names the version and the conformance level apart: a PDF/X-1a:2001 file is
# "PDF/X-1:2001" at conformance "PDF/X-1a:2001". ISO 15930-7 names PDF/X-4 by its version alone.
STANDARDS = {
    "pdf-x1a": Standard("PDF/X-1:2001", "PDF/X-1a:2001", (1, 3), xmp=False),
    "pdf-x4": Standard("PDF/X-4", None, (1, 6), xmp=True),
}

# The printing condition, as the ICC's registry of characterisations names it
# (RegistryName), and the profile made from that characterisation's published data
# (bookmaker/data/CGATS-TR003.icc; its README says how, and why it may ship).
CONDITION = "CGATS TR 003"
CONDITION_INFO = "SWOP (web offset) printing on grade 3 coated paper, ANSI CGATS/SWOP TR 003-2007"
REGISTRY = "http://www.color.org"
PROFILE_FILE = "CGATS-TR003.icc"


def canvas_options(inks: Inks) -> dict:
    """The ``Canvas`` arguments of a file written as ``inks.output``: none for rgb, so an RGB
    file is made exactly as it always was."""
    if not inks.cmyk:
        return {}
    return {
        "pdfVersion": STANDARDS[inks.output].pdf_version,
        "enforceColorSpace": lambda colour: _cmyk(colour, inks),
    }


def _cmyk(colour, inks: Inks) -> CMYK:
    """Any colour reportlab is handed, as the CMYK ``inks`` writes it. A 4-tuple is what
    reportlab writes as a plain ``k``/``K`` operator without touching the alpha (a colour
    object's alpha of 1 would still add an ExtGState)."""
    found = toColor(colour)
    if isinstance(found, CMYKColor):
        d = found.density
        given = (d * found.cyan, d * found.magenta, d * found.yellow, d * found.black)
        return given if inks.max_total is None else capped_ink(given, inks.max_total)
    assert isinstance(found, Color)
    return inks.of(found.red, found.green, found.blue)


class _PDFXInfo(PDFInfo):
    """The Info dictionary with the PDF/X keys: the standard's version (and, for X-1a, its
    conformance level) besides the title, dates and ``Trapped /False`` reportlab writes."""

    def __init__(self, standard: Standard, base: PDFInfo):
        super().__init__()
        self.__dict__.update(base.__dict__)
        self.standard = standard

    def format(self, document):
        entries = {
            "Title": PDFString(self.title),
            "Author": PDFString(self.author),
            "CreationDate": PDFDate(ts=document._timeStamp, dateFormatter=self._dateFormatter),
            "ModDate": PDFDate(ts=document._timeStamp, dateFormatter=self._dateFormatter),
            "Producer": PDFString(self.producer),
            "Creator": PDFString(self.creator),
            "Subject": PDFString(self.subject),
            "Keywords": PDFString(self.keywords),
            "Trapped": PDFName(self.trapped),
            "GTS_PDFXVersion": PDFString(self.standard.version),
        }
        if self.standard.conformance:
            entries["GTS_PDFXConformance"] = PDFString(self.standard.conformance)
        return PDFDictionary(entries).format(document)


class _PDFXCatalog(PDFCatalog):
    """The document catalog, with the ``OutputIntents`` reportlab's leaves out."""

    __NoDefault__ = [*PDFCatalog.__NoDefault__, "OutputIntents"]


def declare(canvas: Canvas, inks: Inks) -> None:
    """Make ``canvas`` (just made with ``canvas_options(inks)``) a PDF/X file of
    ``inks.output``: its Info keys, the output intent with the embedded profile, and the
    XMP metadata where the standard asks for it. An RGB file is left as it is."""
    if not inks.cmyk:
        return
    standard = STANDARDS[inks.output]
    document = canvas._doc
    catalog = _PDFXCatalog()
    catalog.__dict__.update(document.Catalog.__dict__)
    document.Catalog = document._catalog = catalog
    document.info = _PDFXInfo(standard, document.info)
    profile = resources.files("bookmaker.data").joinpath(PROFILE_FILE).read_bytes()
    catalog.OutputIntents = PDFArray(
        [
            PDFDictionary(
                {
                    "Type": PDFName("OutputIntent"),
                    "S": PDFName("GTS_PDFX"),
                    "OutputConditionIdentifier": PDFString(CONDITION),
                    "OutputCondition": PDFString(CONDITION_INFO),
                    "Info": PDFString(CONDITION_INFO),
                    "RegistryName": PDFString(REGISTRY),
                    "DestOutputProfile": document.Reference(
                        PDFStream(PDFDictionary({"N": 4}), profile, filters=[PDFZCompress])
                    ),
                }
            )
        ]
    )
    if standard.xmp:
        catalog.Metadata = _XMP(standard)


class _XMP(PDFObject):
    """PDF/X-4's XMP metadata: the version, and the Info dictionary's title, dates and trapping
    again, as the standard wants them to agree. Written when the file is, from the
    document's own Info and time stamp; unfiltered, as readers expect of XMP."""

    __RefOnly__ = 1  # a stream: only ever referred to

    def __init__(self, standard: Standard):
        self.standard = standard

    def format(self, document):
        info, stamp = document.info, document._timeStamp
        year, month, day, hour, minute, second = stamp.YMDhms
        date = (
            f"{year:04d}-{month:02d}-{day:02d}T{hour:02d}:{minute:02d}:{second:02d}"
            f"{stamp.dhh:+03d}:{stamp.dmm:02d}"
        )
        # The same book gets the same document id, as it gets the same bytes.
        seed = hashlib.sha256(f"{info.title}\0{info.author}\0{info.subject}".encode()).digest()
        content = _XMP_TEMPLATE.format(
            title=_xml(info.title),
            author=_xml(info.author),
            creator=_xml(info.creator),
            producer=_xml(info.producer),
            date=date,
            version=self.standard.version,
            document_id=uuid.UUID(bytes=seed[:16], version=4),
        ).encode("utf-8")
        entries = PDFDictionary(
            {"Type": PDFName("Metadata"), "Subtype": PDFName("XML"), "Length": len(content)}
        )
        return entries.format(document) + b"\nstream\n" + content + b"\nendstream\n"


def _xml(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


_XMP_TEMPLATE = """<?xpacket begin="\ufeff" id="W5M0MpCehiHzreSzNTczkc9d"?>
<x:xmpmeta xmlns:x="adobe:ns:meta/">
 <rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
  <rdf:Description rdf:about=""
    xmlns:dc="http://purl.org/dc/elements/1.1/"
    xmlns:xmp="http://ns.adobe.com/xap/1.0/"
    xmlns:xmpMM="http://ns.adobe.com/xap/1.0/mm/"
    xmlns:pdf="http://ns.adobe.com/pdf/1.3/"
    xmlns:pdfxid="http://www.npes.org/pdfx/ns/id/">
   <dc:format>application/pdf</dc:format>
   <dc:title><rdf:Alt><rdf:li xml:lang="x-default">{title}</rdf:li></rdf:Alt></dc:title>
   <dc:creator><rdf:Seq><rdf:li>{author}</rdf:li></rdf:Seq></dc:creator>
   <xmp:CreatorTool>{creator}</xmp:CreatorTool>
   <xmp:CreateDate>{date}</xmp:CreateDate>
   <xmp:ModifyDate>{date}</xmp:ModifyDate>
   <xmp:MetadataDate>{date}</xmp:MetadataDate>
   <pdf:Producer>{producer}</pdf:Producer>
   <pdf:Trapped>False</pdf:Trapped>
   <xmpMM:DocumentID>uuid:{document_id}</xmpMM:DocumentID>
   <xmpMM:InstanceID>uuid:{document_id}</xmpMM:InstanceID>
   <xmpMM:VersionID>1</xmpMM:VersionID>
   <xmpMM:RenditionClass>default</xmpMM:RenditionClass>
   <pdfxid:GTS_PDFXVersion>{version}</pdfxid:GTS_PDFXVersion>
  </rdf:Description>
 </rdf:RDF>
</x:xmpmeta>
<?xpacket end="w"?>"""
