"""OCR accuracy and speed on real manual pages rendered to images, against their text layer.

Pages with a text layer are rendered at each dpi (clean, and "degraded": rotated 0.7
degrees with Gaussian noise, like a slightly skewed office scan), OCR'd by each engine, and
compared with `page.get_text()`: character error rate (CER, edit distance over characters,
whitespace collapsed) and word error rate (WER, edit distance over words), both divided by
the reference length. Seconds per page (wall, and CPU seconds of this process and the
Tesseract program, which a busy shared machine does not inflate) are timed one page at a
time on one thread (OMP_THREAD_LIMIT=1), so the figures compare engines, not parallelism.

Engines: `tesseract` (the Tesseract program through pytesseract: words, boxes and
confidences, the path Folio uses), `tesserocr` (the C API through tesserocr, when
installed), `pymupdf` (MuPDF's built-in Tesseract, `Page.get_textpage_ocr`).

    python benchmarks/ocr_accuracy.py PDF_DIR [--per-file 2] [--dpi 150,200,300] \
        [--engines tesseract,pymupdf] [--json out.json]
"""
from __future__ import annotations

import argparse
import io
import json
import os
import random
import resource
import statistics
import sys
import time
import unicodedata
from pathlib import Path

os.environ.setdefault("OMP_THREAD_LIMIT", "1")

import numpy as np
import pymupdf
from PIL import Image
from rapidfuzz.distance import Levenshtein

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from core.ingest.pdf.ocr import tessdata_dir  # noqa: E402


def normalise(text: str) -> str:
    """NFKC, ligatures expanded, whitespace collapsed: what both sides are compared on."""
    return " ".join(unicodedata.normalize("NFKC", text).replace("\u00ad", "").split())


def error_rates(ref: str, hyp: str) -> tuple[float, float]:
    """(CER, WER) of hypothesis against reference."""
    ref, hyp = normalise(ref), normalise(hyp)
    cer = Levenshtein.distance(ref, hyp) / max(1, len(ref))
    wer = Levenshtein.distance(ref.split(), hyp.split()) / max(1, len(ref.split()))
    return cer, wer


def degrade(img: Image.Image, seed: int) -> Image.Image:
    """A slightly skewed, noisy scan: 0.7 degree rotation, Gaussian noise sigma 18."""
    rot = img.rotate(0.7, resample=Image.BICUBIC, expand=False, fillcolor=255)
    arr = np.asarray(rot, dtype=np.float32)
    arr += np.random.default_rng(seed).normal(0, 18, arr.shape)
    return Image.fromarray(np.clip(arr, 0, 255).astype(np.uint8))


def ocr_tesseract(img: Image.Image, lang: str) -> str:
    """Tesseract CLI via pytesseract (image_to_data: words with boxes and confidences)."""
    import pytesseract

    data = pytesseract.image_to_data(img, lang=lang, output_type=pytesseract.Output.DICT)
    return _lines_from(data)


def _lines_from(data: dict) -> str:
    """Words of a pytesseract DICT joined in reading order, a newline per line."""
    out: list[str] = []
    key = None
    for i, word in enumerate(data["text"]):
        if not word.strip():
            continue
        k = (data["block_num"][i], data["par_num"][i], data["line_num"][i])
        out.append(("\n" if key is not None and k != key else " ") + word if out else word)
        key = k
    return "".join(out)


_TESSEROCR = None


def ocr_tesserocr(img: Image.Image, lang: str) -> str:
    """Tesseract C API via tesserocr (one API object kept for the run)."""
    global _TESSEROCR
    import tesserocr

    if _TESSEROCR is None:
        _TESSEROCR = tesserocr.PyTessBaseAPI(path=str(tessdata_dir()), lang=lang)
    _TESSEROCR.SetImage(img)
    return _TESSEROCR.GetUTF8Text()


def ocr_pymupdf(img: Image.Image, lang: str, dpi: int) -> str:
    """MuPDF's built-in Tesseract on a one-page PDF holding the image."""
    buf = io.BytesIO()
    img.save(buf, format="PNG")
    doc = pymupdf.open()
    page = doc.new_page(width=img.width * 72 / dpi, height=img.height * 72 / dpi)
    page.insert_image(page.rect, stream=buf.getvalue())
    tp = page.get_textpage_ocr(language=lang, dpi=dpi, full=True, tessdata=str(tessdata_dir()))
    return page.get_text(textpage=tp)


def _cpu() -> float:
    """CPU seconds used so far by this process and its finished children (the Tesseract
    program): unlike wall time, not inflated by other work on a shared machine."""
    me, kids = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    return me.ru_utime + me.ru_stime + kids.ru_utime + kids.ru_stime


def sample_pages(folder: Path, per_file: int, seed: int) -> list[tuple[Path, int]]:
    """`per_file` random pages with at least 400 characters of text from every PDF."""
    rng = random.Random(seed)
    picked: list[tuple[Path, int]] = []
    for pdf in sorted(folder.glob("*.pdf")):
        with pymupdf.open(pdf) as doc:
            full = [i for i, p in enumerate(doc) if len(p.get_text().strip()) >= 400]
        picked += [(pdf, i) for i in sorted(rng.sample(full, min(per_file, len(full))))]
    return picked


def run(folder: Path, per_file: int, dpis: list[int], engines: list[str], lang: str) -> dict:
    """Error rates and seconds per page for every engine x dpi x condition."""
    pages = sample_pages(folder, per_file, seed=7)
    rows: dict[str, list[tuple[float, float, float]]] = {}
    for pdf, index in pages:
        with pymupdf.open(pdf) as doc:
            page = doc[index]
            ref = page.get_text()
            for dpi in dpis:
                pix = page.get_pixmap(dpi=dpi, colorspace=pymupdf.csGRAY)
                clean = Image.frombytes("L", (pix.width, pix.height), pix.samples)
                for cond, img in (("clean", clean), ("degraded", degrade(clean, index))):
                    for engine in engines:
                        start, cpu0 = time.perf_counter(), _cpu()
                        if engine == "pymupdf":
                            hyp = ocr_pymupdf(img, lang, dpi)
                        else:
                            hyp = {"tesseract": ocr_tesseract, "tesserocr": ocr_tesserocr}[engine](img, lang)
                        secs, cpu = time.perf_counter() - start, _cpu() - cpu0
                        cer, wer = error_rates(ref, hyp)
                        rows.setdefault(f"{engine} {dpi}dpi {cond}", []).append((cer, wer, secs, cpu))
    return {"pages": [f"{p.name}:{i + 1}" for p, i in pages],
            "results": {k: {"cer": round(statistics.mean(r[0] for r in v), 4),
                            "wer": round(statistics.mean(r[1] for r in v), 4),
                            "cer_median": round(statistics.median(r[0] for r in v), 4),
                            "s_per_page": round(statistics.mean(r[2] for r in v), 3),
                            "cpu_s_per_page": round(statistics.mean(r[3] for r in v), 3)}
                        for k, v in rows.items()}}


def main() -> None:
    """Parse arguments, run, print a table (and JSON when asked)."""
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("folder", type=Path, help="folder of PDFs with a text layer (e.g. the pdfqa-dev manuals)")
    ap.add_argument("--per-file", type=int, default=2)
    ap.add_argument("--dpi", default="150,200,300")
    ap.add_argument("--engines", default="tesseract,pymupdf")
    ap.add_argument("--lang", default="eng")
    ap.add_argument("--json", type=Path)
    args = ap.parse_args()
    report = run(args.folder, args.per_file, [int(d) for d in args.dpi.split(",")],
                 args.engines.split(","), args.lang)
    print(f"{len(report['pages'])} pages: {', '.join(report['pages'])}")
    print(f"{'engine dpi condition':32} {'CER':>7} {'WER':>7} {'CER p50':>8} {'s/page':>7} {'cpu s':>6}")
    for key, r in report["results"].items():
        print(f"{key:32} {r['cer']:7.4f} {r['wer']:7.4f} {r['cer_median']:8.4f} {r['s_per_page']:7.3f}"
              f" {r['cpu_s_per_page']:6.3f}")
    if args.json:
        args.json.write_text(json.dumps(report, indent=1))


if __name__ == "__main__":
    main()
