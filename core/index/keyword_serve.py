"""The keyword worker process: `python -m core.index.keyword_serve SETTINGS_JSON FOLDER`.

The caller's side, and the protocol (request files named on stdin, answer file names on
stdout), are in core/index/keyword_worker.py; this module answers the requests with
`KeywordExtractor.text_keywords` until stdin closes (the caller closed it, or died), then
deletes the request folder.
"""
from __future__ import annotations

import json
import shutil
import sys
from pathlib import Path

from core.config import GraphSettings


def serve(settings: GraphSettings, folder: Path) -> None:
    """The worker's loop: answer each request file named on stdin until stdin closes, then
    delete the request folder."""
    try:
        _answer_requests(settings)
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def _answer_requests(settings: GraphSettings) -> None:
    from core.index.keyword_worker import answer_path
    from core.index.keywords import KeywordExtractor

    answers, sys.stdout = sys.stdout, sys.stderr  # only answers go to the real stdout
    extractor = KeywordExtractor(settings)
    extractor.extract_query("warm up")  # load spaCy before the first request arrives
    for line in sys.stdin:
        request = Path(line.strip())
        data = json.loads(request.read_text("utf-8"))
        answer = answer_path(request)
        found = extractor.text_keywords(data["texts"], data["exclude"])
        partial = answer.with_suffix(".part")  # renamed when complete: its existence means done
        partial.write_text(json.dumps(found), "utf-8")
        partial.replace(answer)
        answers.write(f"{answer}\n")
        answers.flush()


if __name__ == "__main__":
    # spaCy's entity recogniser never needs torch, but thinc imports it when installed:
    # blocking it makes the worker start in a third of the time and memory.
    sys.modules.setdefault("torch", None)
    serve(GraphSettings(**json.loads(sys.argv[1])), Path(sys.argv[2]))
