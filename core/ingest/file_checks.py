"""Bad input in files other than PDFs: one clear line for each, before any reader runs.

Checked: empty and over-size files; a zip-based format (DOCX, PPTX, XLSX, ODF, EPUB) that is
really something else (an old binary .doc, a PDF, HTML) or lacks its main part; corrupt or
truncated zips; password-protected Office files (OOXML encryption wraps the file in an OLE
container holding an `EncryptionInfo` stream; ODF lists `encryption-data` in its manifest);
zips that expand beyond reason; binary bytes in a text format.

Macros never run: a macro-enabled file (.docm, .pptm, .xlsm, or ODF with Basic/Scripts) is
read and rendered from a copy whose macro parts are removed (`without_macros`); the readers
only parse XML, and LibreOffice only ever sees that copy.

Example:
    >>> # check_file(Path("report.docx"), "docx", max_mb=200)   # raises IngestError on bad input
"""
from __future__ import annotations

import re
import zipfile
from pathlib import Path

from core.errors import IngestError
from core.ingest.files import checked_size

OLE_MAGIC = b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1"
ZIP_FORMATS = {"docx", "pptx", "xlsx", "odt", "odp", "ods", "epub"}
MAIN_PART = {"docx": "word/document.xml", "pptx": "ppt/presentation.xml", "xlsx": "xl/workbook.xml",
             "odt": "content.xml", "odp": "content.xml", "ods": "content.xml", "epub": "META-INF/container.xml"}
NAMES = {"docx": "Word document", "pptx": "PowerPoint presentation", "xlsx": "Excel workbook",
         "odt": "OpenDocument text", "odp": "OpenDocument presentation", "ods": "OpenDocument spreadsheet",
         "epub": "EPUB book"}
EXPANSION = 40  # a zip may expand to at most this many times the size limit (zip bombs)
_MACRO_PART = re.compile(r"(^|/)(vbaProject\.bin|vbaData\.xml|vbaProjectSignature\.bin)$|^(Basic|Scripts)/", re.I)


def check_file(path: Path, fmt: str, max_mb: int) -> None:
    """Raise IngestError with one short reason when `path` cannot be read as `fmt`."""
    checked_size(path, max_mb)
    with path.open("rb") as fh:
        head = fh.read(8192)
    if fmt in ZIP_FORMATS:
        _check_zip(path, fmt, head, max_mb)
    elif b"\x00" in head:
        raise IngestError(str(path), f"not a {fmt.upper()} file: it holds binary data ({_kind_of(head)})")
    elif fmt == "rtf" and not head.lstrip().startswith(b"{\\rtf"):
        raise IngestError(str(path), "not an RTF file (no {\\rtf header)")


def _kind_of(head: bytes) -> str:
    """What a file's first bytes say it is, for messages."""
    if head.startswith(OLE_MAGIC):
        return "an old binary Office file"
    if head.startswith(b"%PDF"):
        return "it is a PDF"
    if head.startswith(b"PK"):
        return "a zip archive"
    if head.lstrip()[:1] == b"<":
        return "it is HTML or XML text"
    return "unknown content"


def _check_zip(path: Path, fmt: str, head: bytes, max_mb: int) -> None:
    """The zip-based formats: container, main part, encryption, expansion."""
    name = NAMES[fmt]
    if head.startswith(OLE_MAGIC):
        if "EncryptionInfo".encode("utf-16-le") in path.read_bytes()[:1 << 20]:
            raise IngestError(str(path), f"password-protected {name}; save it without a password and add it again")
        raise IngestError(str(path), f"not a {name}: it is an old binary Office file (.doc/.xls/.ppt); "
                                     "save it in the current format and add it again")
    if not head.startswith(b"PK"):
        raise IngestError(str(path), f"not a {name}: {_kind_of(head)}")
    try:
        with zipfile.ZipFile(path) as zf:
            infos = zf.infolist()
            names = {i.filename for i in infos}
            if MAIN_PART[fmt] not in names:
                raise IngestError(str(path), f"not a {name}: the zip holds no {MAIN_PART[fmt]}")
            if fmt in {"odt", "odp", "ods"} and b"encryption-data" in zf.read("META-INF/manifest.xml")[:1 << 20]:
                raise IngestError(str(path), f"password-protected {name}; save it without a password and add it again")
            if sum(i.file_size for i in infos) > EXPANSION * max_mb * 1024 * 1024:
                raise IngestError(str(path), f"the {name} expands to more than {EXPANSION * max_mb} MB; "
                                             "raise FOLIO_MAX_FILE_MB")
            zf.read(MAIN_PART[fmt])  # CRC-checked: a truncated file fails here
    except (zipfile.BadZipFile, EOFError, KeyError, OSError, zipfile.LargeZipFile) as exc:
        raise IngestError(str(path), f"corrupt or truncated {name} ({type(exc).__name__}: {str(exc)[:80]})") from exc


def has_macros(path: Path) -> bool:
    """True when the zip holds macro parts (VBA project, ODF Basic or Scripts)."""
    try:
        with zipfile.ZipFile(path) as zf:
            return any(_MACRO_PART.search(n) for n in zf.namelist())
    except zipfile.BadZipFile:
        return False


def without_macros(path: Path, out_dir: Path) -> Path:
    """A copy of the Office file with its macro parts removed and a macro-free content type
    (.docm -> .docx ...); readers and LibreOffice then open that copy, so macros never run."""
    suffix = {".docm": ".docx", ".pptm": ".pptx", ".xlsm": ".xlsx"}.get(path.suffix.lower(), path.suffix.lower())
    target = out_dir / f"macro-free{suffix}"
    with zipfile.ZipFile(path) as src, zipfile.ZipFile(target, "w", zipfile.ZIP_DEFLATED) as dst:
        for info in src.infolist():
            if _MACRO_PART.search(info.filename):
                continue
            data = src.read(info)
            if info.filename == "[Content_Types].xml":
                data = _plain_content_types(data)
            elif info.filename.endswith(".rels"):
                data = re.sub(rb"<Relationship [^>]*vbaProject[^>]*/>", b"", data)
            dst.writestr(info, data)
    return target


def _plain_content_types(data: bytes) -> bytes:
    """Content types of the macro-enabled main parts made plain, VBA parts dropped."""
    data = re.sub(rb"<(Override|Default) [^>]*vbaProject[^>]*/>", b"", data)
    data = data.replace(b"application/vnd.ms-word.document.macroEnabled.main+xml",
                        b"application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml")
    data = data.replace(b"application/vnd.ms-excel.sheet.macroEnabled.main+xml",
                        b"application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml")
    return data.replace(b"application/vnd.ms-powerpoint.presentation.macroEnabled.main+xml",
                        b"application/vnd.openxmlformats-officedocument.presentationml.presentation.main+xml")
