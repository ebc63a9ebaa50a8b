"""The decline rule's focus test and its document-wide names test, on fixed cases: a rare word the
question asks for that no evidence word matches in form or meaning declines ("What typeface …"
over a manual without fonts); a program's name written elsewhere in its own manual's evidence,
or in its letter-spaced title, is not absent from the answering passage."""
from __future__ import annotations

from core.answer.decline import _forms, missing_names, names_absent, rare_english, unheard_terms
from core.answer.decline_focus import unsupported_focus
from core.answer.decline_heard import Heard
from core.answer.question import analyse_question
from core.answer.reader import ExtractiveReader

BZIP2 = [
    (1, "bzip2 prints its messages on the standard error stream. Use -q to suppress non-essential warning "
        "messages. Messages pertaining to I/O errors and other critical events will not be suppressed.",
     "bzip2 and libbzip2", "2.3 Options"),
    (2, "I/O error messages are not as helpful as they could be. bzip2 tries hard to detect I/O errors and "
        "exit cleanly, but the details of what the problem is sometimes seem rather misleading.",
     "bzip2 and libbzip2", "2.7 Limitations"),
]
FONTS = [(1, "The default font is 14-point Times-Roman, in black.", "Drawing graphs with dot", "Labels")]
TYPEFACE = "What typeface does bzip2 print its messages in?"


def _texts(passages) -> list[str]:
    return [" ".join(p[1:]) for p in passages]


def test_a_rare_word_asked_for_with_no_match_in_the_evidence_declines():
    assert rare_english("typeface") and not rare_english("folder") and not rare_english("vsftpd")
    assert unsupported_focus("typeface", Heard(_texts(BZIP2)), _texts(BZIP2), rare_english) == "typeface"
    assert unheard_terms(analyse_question(TYPEFACE), _texts(BZIP2)) == ["typeface"]
    result = ExtractiveReader(None).read(TYPEFACE, BZIP2)
    assert not result.supported
    assert result.render().splitlines()[0].startswith("The documents do not say")


def test_a_piece_of_the_rare_word_is_no_support():
    # the Velvet manual writes "type" and "types"; the model puts them near "typeface" by word pieces
    velvet = ["Velvet reads the file type from its name; the read types are short and long. "
              "Remember the log file: it records what Velvet prints."]
    assert unsupported_focus("typeface", Heard(velvet), velvet, rare_english) == "typeface"


def test_a_word_of_the_same_meaning_answers():
    # "font" is close to "typeface": the dot guide answers in its own word
    assert unsupported_focus("typeface", Heard(_texts(FONTS)), _texts(FONTS), rare_english) == ""
    result = ExtractiveReader(None).read("What typeface does dot use for text by default?", FONTS)
    assert result.supported and "Times-Roman" in result.render().splitlines()[0]


def test_an_everyday_kind_word_is_not_the_focus_test():
    # "folder" is in the model's vocabulary: manuals answer it as "directory", without the word
    evidence = ["ecasound looks for LADSPA plugins in the directory named by LADSPA_PATH."]
    assert unsupported_focus("folder", Heard(evidence), evidence, rare_english) == ""


VSEARCH = [
    (1, "vsearch is a versatile open-source tool for metagenomics; vsearch --help lists its commands.",
     "NAME", "DESCRIPTION"),
    (3, "All vsearch operations discard sequences shorter than 1 nucleotide.", "NAME", "OPTIONS > Limits"),
    (2, "Suppress all messages to the standard output and error except warnings and fatal errors: "
        "use --quiet.", "NAME", "OPTIONS > General options"),
]


def test_the_programs_name_elsewhere_in_its_own_manual_is_not_absent():
    question = "How do I suppress all vsearch messages except warnings and fatal errors?"
    assert names_absent(question, " ".join(VSEARCH[2][1:])) == ["vsearch"]  # the answering passage alone
    result = ExtractiveReader(None).read(question, VSEARCH)
    assert result.supported and "--quiet" in result.render().splitlines()[0]


def test_a_name_the_document_mentions_once_in_passing_is_still_absent():
    question = "Which axodraw command draws a gluon loop?"
    feynmf = [(1, "Here is how to draw the circular gluons: \\fmfi{gluon}{fullcircle scaled .5w}.", "feynMF", "Loops"),
              (2, "As stated above in the case of axodraw, portability of the output matters.", "feynMF", "Intro"),
              (3, "Gluon lines are drawn curly.", "feynMF", "Lines")]
    assert not ExtractiveReader(None).read(question, feynmf).supported


def test_a_passage_of_another_manual_still_declines():
    cups = "Which port does the CUPS printing daemon listen on?"
    ssh = [(1, "The daemon listens on port 22 unless the port option is set.", "SSH User's Guide", "daemon/3"),
           (2, "The ssh daemon reads its configuration at start.", "SSH User's Guide", "Overview"),
           (3, "CUPS is the printing system of most Unix systems.", "Printing", "Overview")]
    assert not ExtractiveReader(None).read(cups, ssh).supported


def test_a_letter_spaced_title_spells_the_name():
    assert "phyml" in _forms(["P h y M L – M a n u a l Version 3.0"])
    assert names_absent("What is the default of PhyML?", "P h y M L – M a n u a l The default is 0.") == []


def test_an_english_verb_behind_a_prefix_is_no_name():
    # "recompile": the embedding vocabulary lacks "compile", the spaCy lemma index holds it
    evidence = ["Velvet hashes k-mers of 31bp at most."]
    assert missing_names("What is the longest k-mer Velvet accepts unless I recompile it?", evidence) == []
    assert missing_names("What is the longest k-mer Velvet accepts unless I rebuild gnuplot?", evidence) == ["gnuplot"]
