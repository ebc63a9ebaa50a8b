"""A short follow-up that names nothing gets the earlier question's named thing: "is version 6
supported?" after "How do I start the Erlang SFTP daemon?" → "… supported in the Erlang SFTP
daemon?"; a bare role noun takes its place ("the client" → "the Erlang TFTP client"). Split
from `rewrite`.
"""
from __future__ import annotations

import re

from core.answer.decline import question_names
from core.answer.ellipsis import swap_head
from core.answer.leaning import is_name, parse
from core.answer.referent import acted_on, named_thing

_ROLES = frozenset("client server daemon user host application program tool package library module".split())
_CLOSING_PLACE = re.compile(r"\bin\s+([\w.+-]+)\s*\?*\s*$")


def named_in(text: str, earlier: str) -> str:
    """`text` with the earlier question's named thing: in place of a bare role noun ("the
    client" → "the Erlang TFTP client"), else added, when the text names none of it."""
    thing = named_thing(earlier)
    doc = parse(thing) if thing else None
    names = [t.text.lower() for t in doc if is_name(t) or t.i == 0 and t.text[:1].isupper()] if doc is not None else []
    place = _CLOSING_PLACE.search(earlier) if not names else None  # "… a branch in git?": a lower-case program
    if place and place.group(1).islower() and question_names(place.group(1)) == [place.group(1)]:
        thing, names = place.group(1), [place.group(1).lower()]
    acted = acted_on(earlier, thing)
    if not names or any(n in text.lower() for n in names) or (acted and re.search(rf"\b{re.escape(acted)}\b", text)):
        return text  # "Does pandoc also work on Windows?" needs no "in Linux"
    role = re.search(r"\bthe (\w+)\b", text)
    if role and role.group(1).lower() in _ROLES and thing.split()[-1].lower() in _ROLES:
        return text.replace(role.group(0), swap_head(thing, role.group(1)), 1)
    return text.rstrip(" ?") + f" in {thing}?"
