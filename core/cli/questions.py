"""Commands that ask the library: retrieve, ask, eval, train, show."""
from __future__ import annotations

import json
from pathlib import Path
from typing import List, Optional

import typer

from core.cli import render
from core.cli.app import app, asked_library, fail, library, state
from core.cli.scope import DOC_OPTION, FOLDER_OPTION, to_scope


@app.command()
def retrieve(question: str, retriever: str = typer.Option("hybrid", "--retriever", "-r"),
             k: int = typer.Option(10, "--k"),
             as_json: bool = typer.Option(False, "--json"),
             doc: Optional[List[str]] = DOC_OPTION, folder: Optional[List[str]] = FOLDER_OPTION) -> None:
    """Rank chunks for a question and show how each route scored them."""
    result = asked_library().retrieve(question, retriever, k, scope=to_scope(doc, folder))
    if as_json:
        typer.echo(json.dumps(render.result_dict(result), indent=1, ensure_ascii=False))
    else:
        typer.echo(render.result_text(result))


@app.command()
def ask(question: str, retriever: Optional[str] = typer.Option(None, "--retriever", "-r"),
        k: int = typer.Option(5, "--k"), long: bool = typer.Option(False, "--long"),
        as_json: bool = typer.Option(False, "--json"),
        doc: Optional[List[str]] = DOC_OPTION, folder: Optional[List[str]] = FOLDER_OPTION,
        after: Optional[List[str]] = typer.Option(
            None, "--after", help="an earlier question of the conversation (repeatable, oldest first): the "
                                  "question is read as its follow-up, as Chat does")) -> None:
    """Answer a question with numbered citations (LLM if configured, else extractive)."""
    lib = asked_library()
    from core.retrieve.scope import searched
    from core.types import Turn

    scope = to_scope(doc, folder)
    lib.resolve_scope(scope)  # an unknown name fails here, before any answer is streamed
    streaming = not as_json and lib.settings.llm.configured
    answer = lib.ask(question, retriever, k, mode="long" if long else "short", scope=scope,
                     stream_to=(lambda s: typer.echo(s, nl=False)) if streaming else None,
                     history=[Turn(q) for q in after or ()])
    if searched(answer.retrieval) and not as_json:
        typer.echo(f"(searched {searched(answer.retrieval)})")
    if answer.understood_as and not as_json:
        typer.echo(f"(understood as: {answer.understood_as})")
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
        fail(f"--k {k!r} must be comma-separated integers, e.g. 2,5,10")
    lib = asked_library()
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
          retriever: str = typer.Option(..., "--retriever", help="gnn, rgnn, iier (linear), hop (cross-encoder) or head (gnn_rerank's head)"),
          seed: int = typer.Option(0, "--seed", help="hop: seed for pairs, initialisation and order"),
          layers: int = typer.Option(3, "--layers", help="hop: MiniLM layers kept (1-6)"),
          epochs: int = typer.Option(2, "--epochs", help="hop: passes over the pairs"),
          folds: int = typer.Option(0, "--folds", help="hop, head: first report K-fold held-out figures (0: none)")) -> None:
    """Fit GNN-Ret's per-layer alpha, RGNN-Ret's beta, IIER's linear scorer, or the next-hop cross-encoder (`hop`,
    used by iier and kgp) from labelled questions."""
    from core.retrieve.train import load_questions, train as fit

    name = retriever.strip().lower()
    if name not in ("gnn", "rgnn", "iier", "hop", "head"):
        fail(f"--retriever {retriever!r} cannot be trained; choose gnn, rgnn, iier, hop or head")
    if not questions.is_file():
        fail(f"{questions}: no such questions file")
    lib = library()
    if name == "head":  # the next-hop feature head alone (core/learn/head_cli.py)
        from core.learn.head_cli import train_head_cli
        return train_head_cli(lib, questions, seed, folds)
    ctx = lib.context()
    if name == "hop":
        from core.learn.hop_cli import train_hop_command
        return train_hop_command(ctx, load_questions(questions, ctx), lib.settings.data_dir, seed, layers, epochs,
                                 folds=folds, lib=lib, questions_path=questions)
    out_dir = lib.settings.data_dir / "models"
    if name in ("gnn", "rgnn"):  # per-layer alpha / beta on the paper's hinge objective
        from core.retrieve.gnn_train import train_gnn, train_rgnn
        fit = lambda c, q, o, targets: (train_gnn if name == "gnn" else train_rgnn)(c, q, o)  # noqa: E731
    written = fit(ctx, load_questions(questions, ctx), out_dir, targets=(name,))
    if written["questions"] == 0:
        fail(f"{questions}: no question has supporting_ids found in this library")
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

    settings = Settings.load(state["data_dir"])  # the catalog alone: no models or indexes to load
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
