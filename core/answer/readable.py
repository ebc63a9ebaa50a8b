"""Does a rewrite read as a question a person would write? Only then is it shown as "understood as".

- `reads_as_question`: a question (or a request: "Show me the syntax of the charset
  command.") of at most 40 words, starting as one, without brackets, a word written twice in a
  row, two of "what"/"which", a wh-word before an article or an "I" that is no subject.

Example:
    >>> reads_as_question("Show me the syntax of the charset command.", "Show me its syntax.")
    True
"""
from __future__ import annotations

import re

_QUESTION_START = re.compile(r"^(?:what|which|who|whom|whose|when|where|why|how|is|are|was|were|do|does|did|can|"
                             r"could|should|would|will|has|have|may|must|in|on|at|for|with|from|by|to|of)\b", re.I)
REQUEST = re.compile(r"^(?:show|explain|list|describe|give|tell)\b.*\.$", re.I)  # "Show me the syntax of …."
_MISREAD = re.compile(r"^(?:what|which|how)\s+(?:the|a|an)\b|\b(?:of|in|the|a|an|with|to)\s+I\b", re.I)


def reads_as_question(text: str, asked: str) -> bool:
    """A rewrite a person could have written (module docstring), differing from what was asked."""
    words = text.split()
    low = [w.lower().strip("?,") for w in words]
    return (bool(text) and (text.endswith("?") and bool(_QUESTION_START.match(text)) or bool(REQUEST.match(text)))
            and "(" not in text and len(words) <= 40 and text.strip() != asked.strip()
            and not any(a.lower() == b.lower() for a, b in zip(words, words[1:]))
            and sum(w in ("what", "which") for w in low) <= 1  # "Which pin … over what range?"
            and not _MISREAD.search(text))

