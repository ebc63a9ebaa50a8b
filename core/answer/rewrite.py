"""The offline follow-up rewrite: "and how do I quit it?" after "How do I start R?" → "How do I quit R?".

Read with spaCy's tags (the packaged small English model) and the words of the earlier
*question*, never of an earlier answer:

- a **fragment** ("and the data connect time-out?", "what about the client?", "without
  Code?") asks the earlier question again about another thing: it takes the place of its
  counterpart there (`ellipsis`); a bare attribute ("default?") asks for it of the thing
  the earlier question asked about;
- a **pronoun** with nothing to point at in the question ("how do I change it?") stands for
  what the earlier question asked about ("the default PNG resolution of LilyPond"), or, when
  the follow-up asks its own "which X", for the named thing ("which RFCs does it implement?"
  → "… does the Erlang TFTP application implement?"); "that" alone for the whole earlier
  question ("how do I change that?" → "How do I change when Erlang SSH starts rekeying?")
  (`referent`); "its X" becomes "the X of …";
- a short question that names nothing ("is version 6 supported?") gets the earlier
  question's named thing ("… in the Erlang SFTP daemon?").

Example:
    >>> rewrite("and how do I quit it?", "How do I start R?")
    'How do I quit R?'
    >>> rewrite("what about the client?", "Which port does the TFTP daemon listen on?")
    'Which port does the TFTP client listen on?'
"""
from __future__ import annotations

import re

from core.answer.beyond import count_of, described_one, done_again, one_stands_for
from core.answer.decline import question_names
from core.answer.ellipsis import glued_end, is_name_word, swap, swap_head
from core.answer.named_in import named_in
from core.answer.ellipsis_clause import fallback
from core.answer.fillers import agreeing, no_noun, other_name, says_again
from core.answer.leaning import (ABOUT, ATTRIBUTES, CONNECTORS, POSSESSIVE, dangling, leans_on_context,
                                 parse, refers_back)
from core.answer.phrases import (attach_of, expletive_its, gerund_frame, means_to, owns_attribute, phrase_end,
                                 verb_frame, which_one)
from core.answer.readable import REQUEST, reads_as_question
from core.answer.referent import (VERBS, acted_on, action, asked_thing, declarative, embedded, instrument,
                                  misread_yes_no, name_before_verb, named_by_noun, named_thing, takes_action)
from core.answer.terms import STOP, stem, tokens
from core.answer.wording import (PREPOSITIONS, another_kind, instance_of_kind, its_attribute, means_phrase, named_place,
                                 other_attribute, owner, owner_of_attribute, same_preposition, shares_head, sibling_name,
                                 told_by_owner)

__all__ = ["ATTRIBUTES", "CONNECTORS", "leans_on_context", "reads_as_question", "rewrite", "subject_of"]

_WH = frozenset("WDT WP WP$ WRB".split())
_ATTRIBUTE = re.compile(rf"\bthe (?:\w+ )?(?:{'|'.join(sorted(ATTRIBUTES))})\b(?:\s+[\w.-]*\d[\w.-]*\b)?(?! of\b)", re.I)
_WH_START = frozenset("what which who whom whose when where why how is are was were do does did can could should would "
                      "will has have may must".split())
_SAID_OF_THINGS = frozenset("mean means contain contains include includes cover covers affect affects apply applies".split())
_SUBJECT_AUX = frozenset("does do did can could will would should".split())
# "enable swap", "enable log scaling": verbs whose object the tagger reads as their complement (subject_of)
_ENABLING = frozenset("enable disable activate deactivate allow enables disables activates allows".split())
_OWN_WH = re.compile(r"^\s*(?:and\s+)?(?:which|what)\s+(?!(?:is|are|was|were|does|do|did|can)\b)(\w+)", re.I)



def _phrase(doc, tok) -> str:
    """The token's whole phrase (its subtree), without closing punctuation, nor a participle that
    ends the question hung on it ("Where is the crontab of a user stored?": the crontab of a user)."""
    end = tok.right_edge.i
    last = max((t.i for t in doc if not t.is_punct), default=end)
    if end > tok.i and end == last and doc[end].tag_ == "VBN" and doc[end].dep_ in ("acl", "amod"):
        end -= 1
    return doc[tok.left_edge.i: end + 1].text.strip(" ?.!")


def _has_wh(tok) -> bool:
    return any(t.tag_ in _WH for t in tok.subtree)


def subject_of(question: str, agent_first: bool = False) -> str:
    """What an earlier question is about: the main verb's object, else its subject (a
    wh-subject with its clause), else another noun phrase; `agent_first` looks for the
    subject before the object ("what about the server?" swaps the one that acts)."""
    doc = parse(question)
    if doc is None:
        return ""
    if (split := misread_yes_no(doc)) is not None:  # "Does the tex filter skip TeX comments?"
        return split[0] if agent_first or not split[1] else split[1]
    nouns = [t for t in doc if t.pos_ in ("NOUN", "PROPN") or (t.pos_ == "NUM" and t.dep_ in ("dobj", "pobj"))
             or (t.pos_ in ("PRON", "X") and not t.is_stop)  # "bzcat" misread as a pronoun, "pari" as a foreign word
             or (t.pos_ == "ADJ" and t.dep_ == "dobj")  # "install texlive": no adjective is an object
             or (t.dep_ == "xcomp" and (t.head.lower_ in _ENABLING and t.i == t.head.i + 1
                                        or t.tag_ == "VBG" and any(c.dep_ == "compound" for c in t.children)))]
    misread = [t for t in doc[1:-1] if t.pos_ in ("ADJ", "ADV") and t.dep_ == "advmod" and not t.is_stop
               and not t.lower_.endswith("ly") and doc[t.i - 1].dep_ == "ROOT" and doc[t.i - 1].pos_ == "VERB"
               and doc[t.i + 1].pos_ in ("ADP", "PUNCT") and not any(x.dep_ == "dobj" for x in doc)]
    main = [t for t in nouns + misread if t.head.dep_ == "ROOT" or t.dep_ == "ROOT"]
    # "How do I exit gp?": the tagger reads the lower-case name as a pronoun modifying the verb;
    # "How do I run flex from …?": as a manner word
    objects = ("dobj", "npadvmod") if any(t.dep_ == "npadvmod" and t.pos_ == "PRON" for t in main) else ("dobj",)
    objects = objects + ("advmod",) if misread else objects
    objects = objects + ("xcomp",) if any(t.dep_ == "xcomp" for t in nouns) else objects
    order = (("nsubj", "nsubjpass"), objects) if agent_first else (objects, ("nsubj", "nsubjpass"))
    for pool, deps in ((main, order[0]), (main, order[1])):
        for tok in pool:
            if tok.dep_ in deps and not _has_wh(tok):
                if tok.head.lower_ in _SUBJECT_AUX and tok.lower_ in VERBS and tok.i > tok.left_edge.i:
                    return doc[tok.left_edge.i: tok.i].text  # "does Blender use": the verb read as a noun
                return _phrase(doc, tok)
    for tok in main:  # "Which FTP option makes X reuse Y?": the FTP option that makes X reuse Y
        if tok.dep_ in ("nsubj", "nsubjpass"):
            left = tok.left_edge.i + (doc[tok.left_edge.i].tag_ in _WH)
            left += doc[left].lower_ in ("many", "much") and left > tok.left_edge.i  # "How many consoles": the consoles
            own = re.sub(r"^(?:the|a|an)\s+", "", doc[left: tok.right_edge.i + 1].text, flags=re.I)  # not "the the"
            rest = doc[tok.right_edge.i + 1:].text.strip(" ?.!")
            there = re.match(r"(?:are|is|were|was) there\b\s*", rest)  # "… are there in Debian": the … in Debian
            return f"the {own} {rest[there.end():]}".strip() if there else \
                f"the {own} that {declarative(rest)}" if rest else f"the {own}"  # "… that pytest keeps"
    for deps in (("dobj", "nsubj", "nsubjpass"), ("attr", "pobj", "conj", "appos")):
        for tok in nouns:
            if tok.dep_ in deps and not _has_wh(tok):
                return _phrase(doc, tok)
    return name_before_verb(question)  # "What does incr expand to?": the name read as a verb


def _fragment(earlier: str, other: str) -> str:
    """A fragment ("the client", "default", "on Windows") read against the earlier question."""
    bare = re.sub(r"^(?:the|a|an|its|their)\s+", "", other.strip(), flags=re.I)
    opened = bare.split()[0].lower() in PREPOSITIONS if bare.split() else False  # "by port": a place, no attribute
    headed = swap(earlier, other) if shares_head(earlier, bare) else ""  # "the output encoding" for "the input …"
    if headed:
        return headed
    if not opened and (bare.lower() in ATTRIBUTES or (bare.split() and bare.split()[-1].lower() in ATTRIBUTES
                                                      and len(bare.split()) <= 2)):
        thing, prep = _owner(earlier, agent_first=True)
        if bare.lower() == "default" and thing.startswith("the ") and " of " in thing:
            return f"What is the default {thing[4:]}?"  # "the port of the daemon": its default port
        named = re.match(r"the (\w+) (?=\w)", thing)  # "the default cache size of SQLite": "maximum?" asks its maximum
        if named and named.group(1).lower() in ATTRIBUTES and bare.lower() in ATTRIBUTES and " " not in bare:
            return f"What is the {bare} {thing[named.end():]}?"
        return other_attribute(earlier, bare) or (f"What is the {bare} {prep} {thing}?" if thing else "")
    swapped = (gerund_frame(earlier, other, subject_of(earlier)) or verb_frame(earlier, other, _named_or_word(earlier))
               or instance_of_kind(earlier, other) or sibling_name(earlier, other)  # "nosort" for "the noinit option"
               or same_preposition(earlier, other)  # "on error" for "on success"
               or swap(earlier, other))
    if swapped:
        return swapped
    subject = subject_of(earlier, agent_first=True)
    if re.match(rf"^\s*(?:which|what)\s+{re.escape(subject)}\b", earlier, re.I) if subject else False:
        subject = subject_of(earlier)  # "Which psql command lists databases?": the asked one takes no fragment's place
    if subject and is_name_word(subject) and not is_name_word(bare.split()[-1] if bare.split() else ""):
        subject = subject_of(earlier) or subject  # "and ownership?" after "Does tar keep file permissions …?"
    if not subject or subject not in earlier or no_noun(other):
        return ""  # "and upward?": a manner word takes no noun's place
    return earlier.replace(subject, swap_head(subject, other) + named_place(subject, other), 1)


def _owner(earlier: str, agent_first: bool = False) -> tuple[str, str]:
    """(thing, preposition) an attribute is asked of: what the earlier question asked about,
    else its named program ("How do I compress data in a bzip2 file?": "in bzip2"), else its subject."""
    asked = asked_thing(earlier)
    thing, prep = (asked, "of") if asked else owner(earlier)
    return (thing, prep) if thing else (subject_of(earlier, agent_first=agent_first), "of")


def _named_or_word(earlier: str) -> str:
    """The earlier question's named thing, else its unknown lower-case words ("hmmsearch")."""
    doc = parse(earlier)
    verbs = {t.lower_ for t in doc if t.pos_ in ("VERB", "AUX")} if doc is not None else set()
    return named_thing(earlier) or " ".join([n for n in question_names(earlier) if n.lower() not in verbs][:2])


def _referent(question: str, earlier: str, pronoun) -> str:
    """What a dangling pronoun of `question` stands for in `earlier` (see the module docstring)."""
    if pronoun.lower_ in ("that", "this") and pronoun.dep_ != "det":
        clause = embedded(earlier) or (action(earlier) if takes_action(pronoun) else "")
        if clause:
            return clause
    plural = subject_of(earlier) if pronoun.lower_ in ("them", "they") else ""
    if plural and parse(plural)[-1].tag_ in ("NNS", "NNPS"):  # "check them" after "… skip TeX comments?"
        return plural
    if pronoun.dep_ == "dobj" and pronoun.head.pos_ == "VERB":
        by_noun = named_by_noun(earlier, pronoun.head.text)  # "support it" after "… with MPI support?"
        if by_noun:
            return by_noun
    own = _OWN_WH.match(question)
    attribute = bool(own) and own.group(1).lower().rstrip("s") in ATTRIBUTES | {"valu"}
    acts = (pronoun.i > 0 and pronoun.doc[pronoun.i - 1].lower_ in _SUBJECT_AUX  # "how does it pick …": the one acting
            and pronoun.dep_ != "nsubjpass")  # "can it be set …?": what is set, not the one setting
    if (own and not attribute) or (acts and not attribute):
        asked = asked_thing(earlier)  # "What does measure_cv do in expEYES?": measure_cv acts, not expEYES
        if asked and pronoun.head.lower_ in _SAID_OF_THINGS:  # "what does it mean …?": the thing asked about
            return asked
        if asked and " of " not in asked and len(asked.split()) <= 3 and question_names(asked):
            return asked
        if asked.startswith("the ") and " that " in asked and (not own or pronoun.dep_ == "dobj"):  # that file
            return asked
        if asked and acts and misread_yes_no(parse(earlier)):  # "Does the tex filter skip …?": the filter acts
            return asked
        named = named_thing(earlier)  # "How do I install pandoc on Linux?": "does it work …" is pandoc, not Linux
        tool = instrument(earlier) if named.lower().startswith(("a ", "an ")) else ""  # "a PDF with pdflatex"
        # "How often does it run?" after "How do I rotate logs with logrotate?": the tool acts, not the logs
        return tool or (acted_on(earlier, named) if named else "") or named or instrument(earlier) or subject_of(earlier)
    return asked_thing(earlier) or subject_of(earlier)


def _substitute(question: str, earlier: str) -> str:
    """Each dangling pronoun replaced by what it stands for; "its X" by "the X of …";
    "that option" by the thing itself; the opening connector dropped."""
    doc = parse(question)
    loose = {t.i for t in dangling(doc, question) if t.idx not in expletive_its(question)}
    plain = {i for i in loose if doc[i].dep_ != "det" or doc[i].lower_ in POSSESSIVE}
    loose = plain or loose  # "stop it from adding that answer": "that answer" is the answer it adds
    if not loose:
        return ""
    out: list[str] = []
    tail: dict[int, str] = {}  # token index -> text to add after it ("of <referent>")
    skip_to = -1
    for i, tok in enumerate(doc):
        if i <= skip_to or (i == 0 and tok.lower_ in CONNECTORS):
            continue
        if i not in loose:
            out.append(tok.text + tok.whitespace_)
        else:
            means = told_by_owner(means_to(earlier, tok.head.text), earlier) if tok.dep_ == "det" and tok.head.i == i + 1 \
                else ""
            thing = "" if means and tok.lower_ not in POSSESSIVE else told_by_owner(_referent(question, earlier, tok), earlier)
            if thing and says_again(thing, question):  # "does --fast make it faster?": it is bzip2, not --fast
                thing = other_name(earlier, question)
            if not thing and not means:
                return ""
            if not thing:  # "that option" after "How do I make X …?"
                out.append(means + tok.head.whitespace_)
                skip_to = tok.head.i
            elif tok.dep_ == "det" and tok.head.i > i and stem(tok.head.lower_) in thing.lower() \
                    and tok.lower_ not in POSSESSIVE:  # "those databases" after "… a new database?": that database
                out.append(thing + tok.head.whitespace_)  # "that option" is the thing itself
                skip_to = tok.head.i
            elif (tok.lower_ in POSSESSIVE and tok.tag_ == "PRP$") or tok.dep_ == "det":
                out.append("the" + tok.whitespace_)
                tail[phrase_end(tok.head).i] = f" of {owner_of_attribute(thing, doc[i + 1].text)}"
            else:
                out.append(thing + tok.whitespace_)
        if i in tail:
            out[-1] = out[-1].rstrip() + tail[i] + (tok.whitespace_ or "")
    return "".join(out).strip().lstrip(", ")


def rewrite(question: str, earlier: str) -> str:
    """`question` made standalone with the subject of the `earlier` question ("" when no
    rewrite reads as a question a person would write)."""
    asked = question  # what the rewrite must differ from and carry something over to
    again = done_again(question, earlier)  # "Can gdb do it too?": the earlier action in the place of "do it"
    if again:
        return _finished(re.sub(r"^\s*(?:and|so|also|but|then)\s+", "", again, flags=re.I), asked, earlier, False)
    question = (which_one(question, earlier) or one_stands_for(question, earlier) or described_one(question, earlier)
                or question)
    about = ABOUT.match(question)
    doc = parse(question)
    if doc is None:
        return ""
    words = [t for t in doc if not t.is_punct and t.lower_ not in CONNECTORS]
    elliptic = bool(words) and words[0].lower_ not in _WH_START and not any(t.pos_ == "AUX" for t in words) \
        and len(words) <= 6
    frame = False  # the earlier question's frame asked of another thing: it carries the frame itself
    parallel = bool(words) and words[0].lower_ in POSSESSIVE and re.search(rf"\b{words[0].lower_}\b", earlier, re.I)
    if about and not any(w in POSSESSIVE for w in about.group(1).lower().split()):
        text = _fragment(earlier, about.group(1))
        frame = True
    elif elliptic and (parallel or not any(refers_back(t) and t.lower_ in POSSESSIVE for t in words)):
        text = _fragment(earlier, doc[words[0].i: glued_end(doc, words[-1].i)].text)  # "its header files": as "its …"
        frame = True
    else:
        text = another_kind(question, earlier) or its_attribute(question, earlier) or _substitute(question, earlier)
        if not text:
            plain = question.strip()
            plain = re.sub(r"^\s*(?:and|so|also|but|then)\s+", "", plain, flags=re.I)
            thing, prep = _owner(earlier)
            text = (means_phrase(plain, earlier) or count_of(plain, earlier)
                    or (attach_of(plain, thing, prep) if thing else ""))
            if thing and text == plain and not owns_attribute(plain):
                text = _ATTRIBUTE.sub(lambda m: f"{m.group(0)} of {thing}", plain, count=1)
            if text == plain:
                text = named_in(plain, earlier)
        text = named_in(text, earlier) if text else ""
    verbless = not any(t.pos_ in ("VERB", "AUX") for t in words)
    return _finished(text, asked, earlier, verbless, frame) or _finished(
        fallback(question, earlier, doc, words), asked, earlier, verbless)


def _finished(text: str, question: str, earlier: str, verbless: bool, frame: bool = False) -> str:
    """`text` as a question ("" when it does not read as one or carries nothing over; a
    `frame` rewrite carries the earlier question's frame, "What does bzip2recover do?")."""
    text = re.sub(r"\s*\?\s+(?=\S)", " ", text.strip())  # a '?' inside: a tail added after the last word
    if text.lower().startswith(("the ", "its ")) and verbless:
        text = f"What is {text}"  # "and its range?" → "What is the range of …?"
    text = agreeing(text[:1].upper() + text[1:])  # "Does expEYES captures have …" → "Do expEYES captures have …"
    if text and not text.endswith("?") and not REQUEST.match(text):
        text = text.rstrip(".!") + "?"
    words = lambda t: {w.lower() for w in tokens(t)} - STOP  # noqa: E731
    borrowed = (words(text) - words(question)) & words(earlier)
    before = [w.lower() for w in tokens(earlier)]  # the frame is most of the earlier question's words
    kept = sum(w in {x.lower() for x in tokens(text)} for w in before)
    framed = frame and text.strip(" ?").lower() != earlier.strip(" ?").lower() and 2 * kept >= len(before)
    return text if (borrowed or framed) and reads_as_question(text, question) else ""  # it must carry something over
