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
from core.lean_imports import skip_unused_imports

skip_unused_imports()  # before any import of pymupdf (core/lean_imports.py)
from core.cli.main import main  # noqa: E402

if __name__ == "__main__":
    main()
