"""HTML pages that only redirect (GNU Texinfo's stubs for old node names: a refresh to another
page and one line) are skipped by the folder walk and by watched folders, listed with where they
point, and refused with a one-line error when added by name (an upload too); a page with text of its own, or one
that refreshes itself later, is read as any page."""
from __future__ import annotations

import pytest

from core.errors import IngestError
from core.ingest.files import find_documents
from core.ingest.html_redirect import redirect_target

STUB = ('<html><head><title>Aliasing (zsh)</title>\n'
        '<meta http-equiv="Refresh" content="0; url=Shell-Grammar.html#Aliasing"></head>\n'
        '<body><p>The node you are looking for is at <a href="Shell-Grammar.html#Aliasing">Aliasing</a>.</p>'
        '</body></html>')
CONTENT = ("<html><head><title>Shell Grammar</title></head><body><h1>Shell Grammar</h1>"
           "<p>Aliasing: every word of a simple command is checked for an alias of that name.</p></body></html>")
RELOADING = ('<html><head><meta http-equiv="refresh" content="30"></head><body><p>Build status: '
             + "all twelve jobs passed on the nightly run. " * 3 + "</p></body></html>")


def _folder(tmp_path):
    tmp_path.mkdir(parents=True, exist_ok=True)
    (tmp_path / "Aliasing.html").write_text(STUB)
    (tmp_path / "Shell-Grammar.html").write_text(CONTENT)
    (tmp_path / "status.htm").write_text(RELOADING)
    return tmp_path


def test_the_walk_skips_a_redirect_and_says_where_it_points(tmp_path):
    found = find_documents([_folder(tmp_path)])
    assert [p.name for p in found.files] == ["Shell-Grammar.html", "status.htm"]
    assert [p.name for p in found.skipped] == ["Aliasing.html"]
    assert found.skipped_lines() == [
        f"skipped (an HTML page that only redirects to Shell-Grammar.html#Aliasing): {tmp_path / 'Aliasing.html'}"]


def test_a_page_with_text_of_its_own_is_no_redirect(tmp_path):
    long_stub = STUB.replace("</p>", "</p><p>" + "More words about aliases and their expansion. " * 8 + "</p>")
    (tmp_path / "a.html").write_text(long_stub)
    assert redirect_target(tmp_path / "a.html") is None
    (tmp_path / "a.html").write_text(STUB)  # the same file changed into a stub: read again, not cached
    assert redirect_target(tmp_path / "a.html") == "Shell-Grammar.html#Aliasing"


def test_adding_a_redirect_page_is_refused_in_one_line(make_library, tmp_path):
    lib = make_library()
    page = _folder(tmp_path) / "Aliasing.html"
    (outcome,) = lib.add([page])
    assert outcome.status == "error"
    assert outcome.message.endswith("an HTML page that only redirects to Shell-Grammar.html#Aliasing; "
                                    "add that page instead")
    assert "\n" not in outcome.message and lib.documents() == []
    with pytest.raises(IngestError):
        from core.config import FormatSettings
        from core.ingest.html import read
        read(page, tmp_path / "assets", FormatSettings())


def test_a_watched_folder_leaves_redirects_out(tmp_path):
    from core.config import WalkSettings
    from core.library.folders.scan import scan
    seen = scan(_folder(tmp_path / "docs"), WalkSettings(), tmp_path / "lib")
    assert sorted(p.rsplit("/", 1)[1] for p in seen) == ["Shell-Grammar.html", "status.htm"]
