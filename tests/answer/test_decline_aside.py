"""Names a question mentions in passing ("like in Dorico", "coming from SWIG") are not what it
asks about: the decline rule's names tests leave them out, while the thing asked about still
declines when no evidence names it."""
from __future__ import annotations

from core.answer.decline import missing_names, names_absent
from core.answer.decline_aside import aside_terms
from core.answer.reader import ExtractiveReader

BARS = [(1, "The new \\section command inserts a double bar line that interacts gracefully with repeat bar "
            "lines. A passage can be named with the new \\sectionLabel command.", "LilyPond Changes",
         "Rhythm improvements")]
ASKED = "In LilyPond, how do I insert a double bar line that plays well with repeat bars, like a section break in Dorico?"


def test_a_tool_named_in_passing_is_no_missing_name():
    assert "dorico" in aside_terms(ASKED)
    assert missing_names(ASKED, [" ".join(BARS[0][1:])]) == []
    result = ExtractiveReader(None).read(ASKED, BARS)
    assert result.supported and "\\section" in result.render().splitlines()[0]


def test_the_tool_asked_about_still_declines_when_the_aside_names_the_library():
    other = "How do I insert a double bar line in Dorico, like the section command of LilyPond?"
    assert missing_names(other, [" ".join(BARS[0][1:])]) == ["Dorico"]
    assert not ExtractiveReader(None).read(other, BARS).supported
    assert names_absent("Which Sibelius command centres bar numbers, like LilyPond can?", "LilyPond centres them.") \
        == ["Sibelius"]


def test_each_opening_of_an_aside_and_what_is_not_one():
    assert "swig" in aside_terms("Coming from SWIG, how many elements does camlidl give a double[10]?")
    assert "filezilla" in aside_terms("Unlike FileZilla, which port does the Erlang ftp client use?")
    assert "nginx" in aside_terms("Which session_tickets value (vs. nginx's tickets) does Erlang ssl use?")
    assert "acrobat" in aside_terms("Does Ghostscript manage colour per object, similar to Acrobat?")
    assert aside_terms("I would like to center bar numbers in LilyPond.") == frozenset()
    assert aside_terms("What does the output look like?") == frozenset()
    # a word the rest of the question asks about stays asked about
    assert "ssl" not in aside_terms("In Erlang ssl (vs. nginx's ssl settings), which value is used?")
    # a long clause after "like" is no aside
    assert aside_terms("Does it behave like the program that converts files between many formats quickly?") == frozenset()


def test_an_aside_stops_at_its_own_verb():
    # "like film scores do in LilyPond": the film scores are in passing, LilyPond is asked about
    assert aside_terms("How do I center bar numbers like film scores do in LilyPond?") == {"film", "score"}
    assert missing_names("How do I center bar numbers like film scores do in Sibelius?",
                         ["LilyPond centres bar numbers with centerBarNumbers."]) == ["Sibelius"]


def test_names_in_passing_no_longer_outvote_the_missing_one():
    # before: "nginx" was 1 of 3 names (with "Erlang" and "SSH" of the aside), too few to decline
    asked = "Which nginx directive sets how long to wait for the first request, similar to the Erlang SSH hello timeout?"
    evidence = ["The Erlang SSH daemon waits hello_timeout milliseconds for the first message."]
    assert missing_names(asked, evidence) == ["nginx"]
    assert not ExtractiveReader(None).read(asked, [(1, evidence[0], "SSH", "Options")]).supported
