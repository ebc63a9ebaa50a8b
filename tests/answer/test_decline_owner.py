"""A platform named in front of the thing asked about ("Erlang's ftp", "the Erlang TFTP server")
says whose it is: the names test does not decline for it when the evidence holds the thing and
the evidence's manuals write the platform somewhere; it still declines when the evidence holds
neither, or when no manual of the evidence mentions that owner ("the Cisco TFTP server")."""
from __future__ import annotations

from core.answer.decline import missing_names
from core.answer.decline_owner import documents_writing, owner_names
from core.answer.reader import ExtractiveReader

CHUNKS = [(1, "send_chunk_end(Pid) -> ok | {error, Reason}. Stops transfer of chunks to the remote server. "
              "For some errors, for example, file system full, it is necessary to call send_chunk_end to get "
              "the proper reason.", "FTP User's Guide", "ftp > Exports")]
ASKED = ("curl just reports an error when the disk fills. When the file system fills during a chunked transfer "
         "with Erlang's ftp, which function must I call to get the proper reason?")
GUIDE = {"ftp": "The FTP client is an Erlang application. send_chunk_end(Pid) stops the transfer of chunks."}
WRITTEN = documents_writing(GUIDE.get, ["ftp"])


def test_the_owner_of_a_held_name_is_no_missing_name():
    # before: "Erlang" was 1 of 2 names ("Erlang", "ftp"), enough to decline
    assert missing_names(ASKED, [" ".join(CHUNKS[0][1:])], WRITTEN) == []
    result = ExtractiveReader(None).read(ASKED, CHUNKS, WRITTEN)
    assert result.supported and "send_chunk_end" in result.render().splitlines()[0]


def test_an_owner_no_manual_of_the_evidence_writes_still_declines():
    asked = "When the file system fills during a chunked transfer with Cisco's ftp, which function must I call?"
    assert missing_names(asked, [" ".join(CHUNKS[0][1:])], WRITTEN) == ["Cisco"]
    # and a reader called without the documents knows no owners: the rule as before
    assert missing_names(ASKED, [" ".join(CHUNKS[0][1:])]) == ["Erlang"]


def test_an_owner_before_a_name_or_a_possessive():
    def anywhere(name: str) -> bool:
        return True
    assert owner_names("What does the Erlang TFTP server do?", ["Erlang", "TFTP"], ["Erlang"], anywhere) == {"Erlang"}
    assert owner_names("Which Erlang tftp_logger function logs a warning?", ["Erlang", "tftp_logger"],
                       ["Erlang"], anywhere) == {"Erlang"}
    # a comma between them: no owner
    assert owner_names("In Erlang, which ftp function appends?", ["Erlang", "ftp"], ["Erlang"], anywhere) == frozenset()


def test_a_name_before_another_missing_name_still_declines():
    evidence = ["The Erlang ssh daemon supports the idle_time option."]
    def anywhere(name: str) -> bool:
        return True
    assert missing_names("What does the Erlang mnesia function create_schema do?", evidence, anywhere) == \
        ["mnesia", "create_schema"]
    assert missing_names("What is the default session cache size in Apache's mod_ssl?", evidence, anywhere) == \
        ["Apache", "mod_ssl"]
    # an owner is not asked about: it neither declines nor outvotes the missing name asked about
    assert missing_names("Which HAProxy directive enables Erlang's ssh daemon?",
                         ["The ssh daemon supports the idle_time option."], anywhere) == ["HAProxy"]


def test_documents_are_read_once_and_only_when_an_owner_is_asked():
    reads = []

    def text(doc_id: str) -> str:
        reads.append(doc_id)
        return "Erlang/OTP"
    written = documents_writing(text, ["b", "a", "a"])
    assert reads == []
    assert written("Erlang") and written("OTP") and not written("Erl")
    assert reads == ["a", "b"]


def test_answer_question_reads_the_owner_in_the_evidences_documents():
    from core.answer.qa import answer_question
    from core.types import Chunk, RetrievalResult, ScoredChunk

    chunk = Chunk.create(doc_id="ftp", doc_title="FTP User's Guide", text=CHUNKS[0][1], position=3,
                         heading_path=("Exports",), page_start=12, page_end=12)
    result = RetrievalResult(ASKED, "hybrid", (ScoredChunk(chunk, score=1.0),))
    assert answer_question(ASKED, result, None, None, document_text=GUIDE.get).mode == "extractive"
    assert answer_question(ASKED, result, None, None).mode == "unsupported"  # no documents: no owners
    other = {"ftp": "The FTP client. send_chunk_end(Pid) stops the transfer of chunks."}
    assert answer_question(ASKED, result, None, None, document_text=other.get).mode == "unsupported"


def test_the_library_asks_with_owners_by_default(tmp_path, embedder):
    """Library.ask reads the evidence's documents: the corpus holds "Erlang" in another passage
    of the same document, never in the one passage retrieved; off, the question is declined."""
    import json

    from core.config import Settings
    from core.library import Library

    corpus = tmp_path / "ftp.jsonl"
    corpus.write_text("".join(json.dumps(r) + "\n" for r in [
        {"id": "intro", "title": "FTP User's Guide", "text": "The FTP client is an Erlang application."},
        {"id": "chunks", "title": "FTP User's Guide", "text": CHUNKS[0][1]}]))
    lib = Library(Settings.load(tmp_path / "data", env={}), embedder=embedder)
    lib.add_corpus(corpus)
    top = lib.retrieve(ASKED, "bm25", 1).chunks[0].chunk
    assert "Erlang" not in top.text and "Erlang" in lib.document_text(top.doc_id)
    assert lib.ask(ASKED, "bm25", 1).mode == "extractive"
    assert lib.ask(ASKED, "bm25", 1, owners=False).mode == "unsupported"
