"""Page markers found on a rendition's word stream (`core.ingest.paginate`)."""
from __future__ import annotations

from core.ingest.paginate import Words, paginate


def test_blocks_are_marked_with_the_page_their_words_are_on():
    stream = Words(("intro", "text", "here", "next", "part", "goes"), (1, 1, 1, 2, 2, 2))
    assert paginate("# Intro text here\n\nNext part goes\n", stream) == \
        "<!-- page 1 -->\n\n# Intro text here\n\n<!-- page 2 -->\n\nNext part goes\n"


def test_a_block_whose_first_words_the_rendition_merged_keeps_the_page_it_is_found_on():
    """The first trigram is not on the rendition ("Codename Version" printed as one word), so
    the block is found by a later one; counting back over its first words must not carry it
    onto the page before."""
    stream = Words(("mirror", "country", "deb", "org", "40", "codenameversion", "released", "buster", "10"),
                   (1, 1, 1, 1, 1, 2, 2, 2, 2))
    out = paginate("| Mirror | Country |\n|---|---|\n| deb | org 40 |\n\n"
                   "| Codename | Version | Released |\n|---|---|---|\n| buster | 10 |\n", stream)
    assert out.index("<!-- page 2 -->") < out.index("| Codename")
    assert out.index("<!-- page 1 -->") < out.index("| Mirror") < out.index("<!-- page 2 -->")
