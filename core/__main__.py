"""Folio's command line (the contract in ARCHITECTURE.md; scripts and benchmarks rely on it).

    python -m core [--data-dir DIR] ingest PATH...        (exit 1 when a file failed)
    python -m core [--data-dir DIR] worker [--linger S]   (runs queued jobs; the app starts it)
    python -m core [--data-dir DIR] ingest-corpus corpus.jsonl
    python -m core [--data-dir DIR] documents [--json]
    python -m core [--data-dir DIR] remove DOC          (undo: restore DOC; trash [--empty])
    python -m core [--data-dir DIR] stats [--json]
    python -m core [--data-dir DIR] retrieve "question" --retriever NAME [--k 10] [--json]
    python -m core [--data-dir DIR] ask "question" [--retriever NAME] [--json]
    python -m core [--data-dir DIR] eval --questions q.jsonl --retrievers a,b [--k 2,5,10] [--answers] [--json]
        (retrieve, ask and eval take a scope: --doc NAME (repeatable) and --folder PATH)
    python -m core [--data-dir DIR] train --questions q.jsonl --retriever gnn|iier
    python -m core [--data-dir DIR] show CHUNK_ID [--page N] [--span TEXT] [--out FILE.png] [--zoom 1.5]
    python -m core [--data-dir DIR] folders add|list|remove|include PATH   (watched folders)
    python -m core [--data-dir DIR] sync [PATH]         (one pass; exit 0 / 1 / 2 as ingest)
    python -m core [--data-dir DIR] watch               (follow the watched folders until Ctrl-C)
"""
from __future__ import annotations

import json
import os
import sys
from pathlib import Path
from typing import List, Optional

import typer

from core.lean_imports import skip_unused_imports

skip_unused_imports()  # before any import of pymupdf (core/lean_imports.py)
from core import cli_render as render
from core.cli_scope import DOC_OPTION, FOLDER_OPTION, to_scope
from core.errors import FolioError

os.environ.setdefault("HF_HUB_OFFLINE", "1")
os.environ.setdefault("TOKENIZERS_PARALLELISM", "false")

app = typer.Typer(add_completion=False, no_args_is_help=True, pretty_exceptions_enable=False,
                  help="Folio: chat with a folder of PDFs and see the evidence.")
_state: dict[str, Optional[str]] = {"data_dir": None}


@app.callback()
def _main(data_dir: Optional[str] = typer.Option(
        None, "--data-dir", help="Library folder (default: $FOLIO_DATA_DIR or ~/.folio)")) -> None:
    _state["data_dir"] = data_dir


def _library():
    from core.library import Library
    return Library.open(_state["data_dir"])


@app.command()
def ingest(paths: List[Path] = typer.Argument(..., help="files or folders: PDF, DOCX, PPTX, XLSX, ODT, ODP, "
                                                          "ODS, RTF, HTML, Markdown, TXT, EPUB")) -> None:
    """Add documents (and every document in the given folders) to the library; files of other
    types are listed as skipped. Exit status 0 when every file was added or skipped (already
    there, or of another type), 1 when any failed, 2 when none was found."""
    from core.cli_jobs import follow
    from core.ingest.files import find_documents

    lib = _library()
    found = find_documents(paths, lib.settings.walk)  # bounded (FOLIO_WALK_*); Ctrl-C stops it
    files = found.files
    for line in found.skipped_lines():
        typer.echo(line)
    if not files:
        _fail("no PDF or other document files found in " + ", ".join(map(str, paths)))
    job_id = lib.enqueue(files, start=False)  # the job table: the app's Library page shows it too
    with render.IngestProgress(files=len(files)) as bar:
        outcomes = follow(lib, job_id, bar)
    errors = [o for o in outcomes if o.status == "error"]
    typer.echo(f"{len(outcomes) - len(errors)} of {len(outcomes)} files ok; "
               f"library: {len(lib.documents())} documents")
    if errors:
        raise typer.Exit(1)


@app.command()
def worker(linger: float = typer.Option(10.0, "--linger", help="seconds to wait for more jobs before exiting"),
           watch_while: int = typer.Option(0, "--watch-while", help="watch the library's folders while process PID lives")
           ) -> None:
    """Run the queued jobs of this library (the app starts this); one worker per library."""
    from core.worker import lower_priority

    lib = _library()
    lower_priority(lib.settings.worker.nice, lib.settings.worker.threads)
    if watch_while:
        from core.folders.serve import serve
        serve(lib, linger=linger, parent=watch_while)
    elif not lib.run_jobs(linger=linger):
        typer.echo("another worker is running for this library", err=True)


@app.command("ingest-corpus")
def ingest_corpus(corpus: Path = typer.Argument(..., help="JSONL passages: id, title, text")) -> None:
    """Load a passage corpus; passages with the same title form one document, in order."""
    lib = _library()
    with render.IngestProgress() as bar:
        outcomes = lib.add_corpus(corpus, progress=bar.update)
    added = sum(1 for o in outcomes if o.status == "added")
    passages = sum(o.doc.chunks for o in outcomes if o.doc)
    typer.echo(f"{added} documents ({passages} passages) added from {corpus}; "
               f"library: {len(lib.documents())} documents")
    for o in outcomes:
        if o.status != "added":
            typer.echo(render.outcome_line(o))


@app.command()
def documents(as_json: bool = typer.Option(False, "--json", help="machine-readable output")) -> None:
    """List the documents in the library."""
    docs = _library().documents()
    if as_json:
        typer.echo(json.dumps([render.doc_dict(d) for d in docs], indent=1))
    else:
        typer.echo(render.documents_table(docs))


@app.command()
def stats(as_json: bool = typer.Option(False, "--json", help="machine-readable output")) -> None:
    """Counts of documents, chunks, graph nodes and edges, and the graph's density."""
    out = _library().stats()
    if as_json:
        typer.echo(json.dumps(out, indent=1))
    else:
        typer.echo(render.stats_text(out))


@app.command()
def remove(doc: str = typer.Argument(..., help="document id (or prefix), file name or title")) -> None:
    """Remove a document from every store."""
    removed = _library().remove(doc)
    typer.echo(f"removed {removed.source} ({removed.doc_id}, {removed.chunks} chunks); "
               f"undo with `python -m core restore {removed.doc_id}`")


@app.command()
def restore(doc: str = typer.Argument(..., help="removed document: id (or prefix), file name or title")) -> None:
    """Undo a removal: put a document from the trash back into every store."""
    back = _library().restore(doc)
    typer.echo(f"restored {back.source} ({back.doc_id}, {back.chunks} chunks)")


@app.command()
def trash(empty: bool = typer.Option(False, "--empty", help="delete the removed documents for good")) -> None:
    """List removed documents (restorable), or empty the trash."""
    lib = _library()
    if empty:
        gone = lib.empty_trash()
        typer.echo(f"deleted {len(gone)} removed document(s) for good")
        return
    docs = lib.trash.documents()
    typer.echo(render.documents_table(docs) if docs else "the trash is empty")


@app.command()
def retrieve(question: str, retriever: str = typer.Option("hybrid", "--retriever", "-r"),
             k: int = typer.Option(10, "--k"),
             as_json: bool = typer.Option(False, "--json"),
             doc: Optional[List[str]] = DOC_OPTION, folder: Optional[List[str]] = FOLDER_OPTION) -> None:
    """Rank chunks for a question and show how each route scored them."""
    result = _library().retrieve(question, retriever, k, scope=to_scope(doc, folder))
    if as_json:
        typer.echo(json.dumps(render.result_dict(result), indent=1, ensure_ascii=False))
    else:
        typer.echo(render.result_text(result))


@app.command()
def ask(question: str, retriever: Optional[str] = typer.Option(None, "--retriever", "-r"),
        k: int = typer.Option(5, "--k"), long: bool = typer.Option(False, "--long"),
        as_json: bool = typer.Option(False, "--json"),
        doc: Optional[List[str]] = DOC_OPTION, folder: Optional[List[str]] = FOLDER_OPTION) -> None:
    """Answer a question with numbered citations (LLM if configured, else extractive)."""
    lib = _library()
    from core.retrieve.scope import searched

    scope = to_scope(doc, folder)
    lib.resolve_scope(scope)  # an unknown name fails here, before any answer is streamed
    streaming = not as_json and lib.settings.llm.configured
    answer = lib.ask(question, retriever, k, mode="long" if long else "short", scope=scope,
                     stream_to=(lambda s: typer.echo(s, nl=False)) if streaming else None)
    if searched(answer.retrieval) and not as_json:
        typer.echo(f"(searched {searched(answer.retrieval)})")
    if as_json:
        typer.echo(json.dumps(render.answer_dict(answer), indent=1, ensure_ascii=False))
    else:
        typer.echo(render.answer_text(answer, already_streamed=streaming, cite_label=lib.evidence.citation_label))


@app.command("eval")
def evaluate(questions: Path = typer.Option(..., "--questions"),
             retrievers: str = typer.Option("dense,bm25,hybrid", "--retrievers"),
             k: str = typer.Option("2,5,10", "--k"), as_json: bool = typer.Option(False, "--json"),
             limit: int = typer.Option(0, "--limit", help="only the first N questions"),
             answers: bool = typer.Option(False, "--answers", help="also ask each question and grade the answer"),
             answer_k: int = typer.Option(5, "--answer-k", help="evidence chunks per answer (as `ask --k`)"),
             details: Optional[Path] = typer.Option(None, "--details", help="write per-question rows (JSON Lines)"),
             doc: Optional[List[str]] = DOC_OPTION, folder: Optional[List[str]] = FOLDER_OPTION) -> None:
    """Score retrievers on a labelled question set (metrics of shared/bench/README.md)."""
    from core.eval.questions import read_questions
    from core.eval.report import write_details
    from core.eval.run import evaluate as run_eval

    try:
        ks = tuple(int(x) for x in k.split(",") if x.strip())
    except ValueError:
        _fail(f"--k {k!r} must be comma-separated integers, e.g. 2,5,10")
    lib = _library()
    qs = read_questions(questions)[: limit or None]
    names = [n.strip() for n in retrievers.split(",") if n.strip()]
    scope = to_scope(doc, folder)
    built = {n: lib.retriever(n, scope) for n in names}
    with render.EvalProgress(len(qs) * len(built)) as bar:
        report = run_eval(built, qs, ks=ks, catalog=lib.catalog, progress=bar.update,
                          answerer=(lambda name, q: lib.ask(q, name, answer_k, scope=scope)) if answers else None)
    for warning in report.warnings:
        typer.echo(f"warning: {warning}", err=True)
    if details is not None:
        write_details(report, details)
    out = report.to_json()
    typer.echo(json.dumps(out, indent=1) if as_json else render.eval_table(out))


@app.command()
def train(questions: Path = typer.Option(..., "--questions"),
          retriever: str = typer.Option(..., "--retriever", help="gnn or iier")) -> None:
    """Fit GNN-Ret's alpha or IIER's next-hop scorer from labelled questions."""
    from core.retrieve.train import load_questions, train as fit

    name = retriever.strip().lower()
    if name not in ("gnn", "iier"):
        _fail(f"--retriever {retriever!r} cannot be trained; choose gnn or iier")
    if not questions.is_file():
        _fail(f"{questions}: no such questions file")
    lib = _library()
    ctx = lib.context()
    out_dir = lib.settings.data_dir / "models"
    written = fit(ctx, load_questions(questions, ctx), out_dir, targets=(name,))
    if written["questions"] == 0:
        _fail(f"{questions}: no question has supporting_ids found in this library")
    typer.echo(json.dumps(written, indent=1))
    typer.echo(f"saved {out_dir / (name + '.json')}; `{name}` uses it from now on "
               f"(delete the file to go back to the untrained defaults)")


@app.command()
def show(chunk_id: str = typer.Argument(..., help="chunk id (from retrieve --json)"),
         page: Optional[int] = typer.Option(None, "--page", help="physical page (default: the chunk's first)"),
         out: Optional[Path] = typer.Option(None, "--out", help="PNG to write (default: in the page cache)"),
         zoom: float = typer.Option(1.5, "--zoom", help="scale: 1 = 72 dpi"),
         span: str = typer.Option("", "--span", help="text of the chunk to mark strongly (a supporting sentence)")) -> None:
    """Write the chunk's page as a PNG with the chunk highlighted (and `--span` marked), and print its path."""
    import shutil

    from core.config import Settings
    from core.evidence.viewer import EvidenceViewer
    from core.index.catalog import Catalog

    settings = Settings.load(_state["data_dir"])  # the catalog alone: no models or indexes to load
    viewer = EvidenceViewer(settings.data_dir, Catalog(settings.data_dir / "catalog.sqlite"))
    image = viewer.render(chunk_id, page, zoom, span=span)
    target = image.path
    if out is not None:
        out.parent.mkdir(parents=True, exist_ok=True)
        target = Path(shutil.copyfile(image.path, out))
    others = [p for p in image.place.pages if p != image.page]
    if others:
        typer.echo(f"note: the chunk also covers PDF page(s) {', '.join(map(str, others))} (--page N)", err=True)
    span_pages = sorted({b.page for b in image.span} - {image.page})
    if span_pages:
        typer.echo(f"note: the span goes on to PDF page(s) {', '.join(map(str, span_pages))} (--page N)", err=True)
    typer.echo(str(target))


from core.folders.cli import register as _register_folders  # noqa: E402  (folders, sync, watch)

_register_folders(app, _library)


def _fail(message: str) -> None:
    typer.echo(f"error: {message}", err=True)
    raise typer.Exit(2)


def main() -> None:
    """Entry point: run the CLI, turning Folio errors into one-line messages."""
    try:
        code = app(standalone_mode=False)  # returns the code of a typer.Exit raised inside
        sys.exit(code if isinstance(code, int) else 0)
    except FolioError as exc:
        typer.echo(f"error: {exc}", err=True)
        sys.exit(2)
    except typer.Exit as exc:
        sys.exit(exc.exit_code)
    except (typer.Abort, KeyboardInterrupt):
        typer.echo("interrupted", err=True)
        sys.exit(130)
    except Exception as exc:  # click usage errors and the like
        import click
        if isinstance(exc, click.ClickException):
            exc.show()
            sys.exit(exc.exit_code)
        raise


if __name__ == "__main__":
    main()
