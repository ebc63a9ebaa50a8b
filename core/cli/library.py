"""Commands that change or list the library: ingest, worker, ingest-corpus, documents, stats,
remove, restore, trash."""
from __future__ import annotations

import json
from pathlib import Path
from typing import List

import typer

from core.cli import render
from core.cli.app import app, fail, library


@app.command()
def ingest(paths: List[Path] = typer.Argument(..., help="files or folders: PDF, DOCX, PPTX, XLSX, ODT, ODP, "
                                                          "ODS, RTF, HTML, Markdown, TXT, EPUB")) -> None:
    """Add documents (and every document in the given folders) to the library; files of other
    types are listed as skipped. Exit status 0 when every file was added or skipped (already
    there, or of another type), 1 when any failed, 2 when none was found."""
    from core.cli.jobs import follow
    from core.ingest.files import find_documents

    lib = library()
    found = find_documents(paths, lib.settings.walk)  # bounded (FOLIO_WALK_*); Ctrl-C stops it
    files = found.files
    for line in found.skipped_lines():
        typer.echo(line)
    if not files:
        fail("no PDF or other document files found in " + ", ".join(map(str, paths)))
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
    from core.library.worker import lower_priority

    lib = library()
    lower_priority(lib.settings.worker.nice, lib.settings.worker.threads)
    if watch_while:
        from core.library.folders.serve import serve
        serve(lib, linger=linger, parent=watch_while)
    elif not lib.run_jobs(linger=linger):
        typer.echo("another worker is running for this library", err=True)


@app.command("ingest-corpus")
def ingest_corpus(corpus: Path = typer.Argument(..., help="JSONL passages: id, title, text")) -> None:
    """Load a passage corpus; passages with the same title form one document, in order."""
    lib = library()
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
    docs = library().documents()
    if as_json:
        typer.echo(json.dumps([render.doc_dict(d) for d in docs], indent=1))
    else:
        typer.echo(render.documents_table(docs))


@app.command()
def stats(as_json: bool = typer.Option(False, "--json", help="machine-readable output")) -> None:
    """Counts of documents, chunks, graph nodes and edges, and the graph's density."""
    out = library().stats()
    if as_json:
        typer.echo(json.dumps(out, indent=1))
    else:
        typer.echo(render.stats_text(out))


@app.command()
def remove(doc: str = typer.Argument(..., help="document id (or prefix), file name or title")) -> None:
    """Remove a document from every store."""
    removed = library().remove(doc)
    typer.echo(f"removed {removed.source} ({removed.doc_id}, {removed.chunks} chunks); "
               f"undo with `python -m core restore {removed.doc_id}`")


@app.command()
def restore(doc: str = typer.Argument(..., help="removed document: id (or prefix), file name or title")) -> None:
    """Undo a removal: put a document from the trash back into every store."""
    back = library().restore(doc)
    typer.echo(f"restored {back.source} ({back.doc_id}, {back.chunks} chunks)")


@app.command()
def trash(empty: bool = typer.Option(False, "--empty", help="delete the removed documents for good")) -> None:
    """List removed documents (restorable), or empty the trash."""
    lib = library()
    if empty:
        gone = lib.empty_trash()
        typer.echo(f"deleted {len(gone)} removed document(s) for good")
        return
    docs = lib.trash.documents()
    typer.echo(render.documents_table(docs) if docs else "the trash is empty")
